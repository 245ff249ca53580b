import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Code, Root as MdastRoot } from 'mdast';
import type ts from 'typescript';
import { visit } from 'unist-util-visit';
import { createMarkdownProcessor, type MarkdownProcessor } from '../content/markdown.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { Doc, DocSource } from '../core/site.js';
import { installedVersion } from './installed-version.js';
import type { ApiComment, ApiInputs, ApiModel, ApiSource } from './model.js';
import { noCheckMeta, type DocSample, type SampleCompileSettings, type SampleTypeChecker } from './sample-type-checker.js';

/** Info-string languages of the blocks that are checked. */
const checkedLanguages = new Set(['ts', 'typescript', 'mts', 'cts']);

export interface DocSamplesOptions extends SampleCompileSettings {
  /** What the API model was made from; part of every sample's cache key. */
  inputs: ApiInputs;
  /** Compiles the samples whose result is not known yet. */
  typeChecker: SampleTypeChecker;
  /** Folder for the results of the last check; none when absent. */
  cacheDir?: string;
  /** The result of the previous build in this process (serve --watch). */
  previous?: DocSamplesResult;
}

export interface DocSamplesResult {
  /** Per sample, by a hash of the sample, its place and the SDK: what the check found. */
  samples: { key: string; diagnostics: Diagnostic[] }[];
  checked: number;
  /** How many of them this check compiled; the others' results were known from an earlier one. */
  compiled: number;
  diagnostics: Diagnostic[];
}

const cacheFileName = 'doc-samples.json';

/** Bumped when the check itself changes, so cached results are dropped. */
const checkVersion = 2;

/**
 * Every ```ts block in the `@example`s of the documented declarations, at its place in the SDK's
 * source: the API pages show them, so they must compile as much as the docs' samples.
 */
export function collectExampleSamples(model: ApiModel, readSource: (file: string) => string | undefined): DocSample[] {
  const commented: { comment?: ApiComment; source?: ApiSource }[] = [];
  for (const symbol of model.symbols) {
    commented.push(symbol, ...symbol.signatures);
    for (const member of symbol.members) commented.push(member, ...member.signatures, ...[member.getter, member.setter].filter((s) => s !== undefined));
  }
  const samples = new Map<string, DocSample>();
  for (const { comment, source } of commented) {
    if (!source || !comment?.blockTags.some((tag) => tag.tag === '@example')) continue;
    const text = readSource(source.file);
    if (!text) continue;
    for (const sample of fencedBlocksInComment(text.split('\n'), source)) samples.set(`${sample.file}:${sample.line}`, sample);
  }
  return [...samples.values()];
}

/** The ```ts blocks of the doc comment right above a declaration, with their comment prefix taken off. */
function fencedBlocksInComment(lines: string[], declaration: ApiSource): DocSample[] {
  let start = declaration.line - 2;
  while (start >= 0 && !/^\s*\/\*\*/.test(lines[start])) {
    if (!/^\s*(\*|@|$)/.test(lines[start])) return [];
    start--;
  }
  const samples: DocSample[] = [];
  for (let index = start + 1; index < declaration.line - 1; index++) {
    const open = /^(\s*\*\s?)(\s*)(```|~~~)[ \t]*(\w+)?([^\n]*)$/.exec(lines[index]);
    if (!open) continue;
    const [, prefix, indent, marker, language, meta] = open;
    const close = lines.findIndex((line, i) => i > index && line.replace(/^\s*\*\s?/, '').trim() === marker);
    if (close === -1) break;
    if (language && checkedLanguages.has(language.toLowerCase()) && !meta.split(/\s+/).includes(noCheckMeta)) {
      const code = lines.slice(index + 1, close).map((line) => line.replace(/^\s*\*\s?/, '').slice(indent.length));
      samples.push({ file: declaration.file, line: index + 2, indent: prefix.length + indent.length, code: code.join('\n') });
    }
    index = close;
  }
  return samples;
}

/**
 * The samples of each doc source seen: serve --watch hands the next build the very same source
 * object while a doc is unchanged, so only edited docs are parsed again.
 */
const samplesOfSource = new WeakMap<DocSource, DocSample[]>();

/** Every ```ts block of the docs, except those marked `no-check`. */
export function collectDocSamples(docs: Doc[]): DocSample[] {
  let processor: MarkdownProcessor | undefined;
  const samples: DocSample[] = [];
  for (const doc of docs) {
    let found = samplesOfSource.get(doc.source);
    if (!found) {
      found = samplesOfDoc(doc, () => (processor ??= createMarkdownProcessor()));
      samplesOfSource.set(doc.source, found);
    }
    samples.push(...found);
  }
  return samples;
}

function samplesOfDoc(doc: Doc, processor: () => MarkdownProcessor): DocSample[] {
  if (!/^[ \t>]*(```|~~~)[ \t]*(ts|typescript|mts|cts)\b/im.test(doc.source.raw)) return [];
  const samples: DocSample[] = [];
  const { mdast } = processor().parse(doc.source.raw, doc.source.file);
  visit(mdast as MdastRoot, 'code', (node: Code) => {
    if (!node.lang || !checkedLanguages.has(node.lang.toLowerCase())) return;
    if (node.meta?.split(/\s+/).includes(noCheckMeta)) return;
    const start = node.position?.start;
    if (!start) return;
    samples.push({ file: doc.source.file, line: start.line + 1, indent: start.column - 1, code: node.value });
  });
  return samples;
}

/**
 * Type-checks every sample against the SDK, each as its own module, in one TypeScript program:
 * `import … from '<packageName>'` resolves to the SDK's entry point through `paths`. A sample that
 * no longer compiles is an error at its `file:line:col`. Only samples that are new or changed, or
 * whose SDK changed, since the last check are compiled again.
 */
export async function checkDocSamples(
  samples: DocSample[],
  options: DocSamplesOptions,
): Promise<{ result: DocSamplesResult; sourceFiles?: ReadonlyMap<string, ts.SourceFile> }> {
  const settings = JSON.stringify({
    checkVersion,
    typescript: installedVersion('typescript'),
    inputs: options.inputs,
    tsconfig: options.tsconfig,
    entryPoint: options.entryPoint,
    packageName: options.packageName,
  });
  const keyed = samples.map((sample) => ({ sample, key: createHash('sha1').update(settings).update(JSON.stringify(sample)).digest('hex') }));
  const cacheFile = options.cacheDir ? path.join(options.cacheDir, cacheFileName) : undefined;
  const known = new Map<string, Diagnostic[]>();
  for (const earlier of [options.previous ?? (cacheFile ? await readCached(cacheFile) : undefined)]) {
    for (const { key, diagnostics } of earlier?.samples ?? []) known.set(key, diagnostics);
  }
  const unchecked = keyed.filter(({ key }) => !known.has(key));
  let sourceFiles: ReadonlyMap<string, ts.SourceFile> | undefined;
  if (unchecked.length > 0) {
    const checked = await options.typeChecker.check(
      unchecked.map(({ sample }) => sample),
      { tsconfig: options.tsconfig, entryPoint: options.entryPoint, packageName: options.packageName },
    );
    unchecked.forEach(({ key }, index) => known.set(key, checked.diagnostics[index]));
    sourceFiles = checked.sourceFiles;
  }
  const results = keyed.map(({ key }) => ({ key, diagnostics: known.get(key) ?? [] }));
  const result: DocSamplesResult = {
    samples: results,
    checked: samples.length,
    compiled: unchecked.length,
    diagnostics: results.flatMap((entry) => entry.diagnostics),
  };
  if (cacheFile && unchecked.length > 0) await writeCached(cacheFile, result);
  return { result, sourceFiles };
}

async function readCached(file: string): Promise<DocSamplesResult | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as DocSamplesResult;
  } catch {
    return undefined;
  }
}

async function writeCached(file: string, result: DocSamplesResult): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(result));
    await rename(temporary, file);
  } catch {
    // Only costs time on the next build.
  }
}
