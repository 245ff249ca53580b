import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Code, Root as MdastRoot } from 'mdast';
import ts from 'typescript';
import { visit } from 'unist-util-visit';
import { createMarkdownProcessor, type MarkdownProcessor } from '../content/markdown.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { Doc, DocSource } from '../core/site.js';
import type { ApiComment, ApiInputs, ApiModel, ApiSource } from './model.js';

/** Info-string languages of the blocks that are checked. */
const checkedLanguages = new Set(['ts', 'typescript', 'mts', 'cts']);

/** A word in a block's info string that leaves it unchecked: ```ts no-check. */
export const noCheckMeta = 'no-check';

/** One ```ts block of a doc, or of an `@example` in the SDK. */
export interface DocSample {
  /** The doc's (or SDK source file's) absolute path. */
  file: string;
  /** Line of the block's first code line, 1-based. */
  line: number;
  /** Columns the code is indented by in its file (a block inside a list, an admonition or a doc comment). */
  indent: number;
  code: string;
}

export interface DocSamplesOptions {
  /** The SDK's tsconfig: its compiler options apply to the samples. */
  tsconfig: string;
  /** Where `import … from '<packageName>'` goes: the first entry point. */
  entryPoint: string;
  packageName: string;
  /** What the API model was made from; part of every sample's cache key. */
  inputs: ApiInputs;
  /**
   * Already parsed SDK, dependency and lib files (from TypeDoc's program, or from the previous
   * check in this process), valid for `inputs`: parsing lib.dom.d.ts again is most of a cold check.
   */
  sourceFiles?: ReadonlyMap<string, ts.SourceFile>;
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
    typescript: ts.version,
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
  let sourceFiles = options.sourceFiles;
  if (unchecked.length > 0) {
    const checked = typeCheck(
      unchecked.map(({ sample }) => sample),
      options,
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

/** Diagnostics per sample, in order, and the program's parsed files other than the samples. */
function typeCheck(samples: DocSample[], options: DocSamplesOptions): { diagnostics: Diagnostic[][]; sourceFiles: Map<string, ts.SourceFile> } {
  const compilerOptions = sampleCompilerOptions(options);
  const virtualFiles = new Map<string, DocSample>();
  for (const sample of samples) {
    // Next to its doc, so that other imports resolve from the site's node_modules like the doc's reader's would.
    virtualFiles.set(path.resolve(`${sample.file}.sample-${sample.line}.ts`), sample);
  }
  const host = ts.createCompilerHost(compilerOptions, true);
  const reusable = options.sourceFiles ?? new Map<string, ts.SourceFile>();
  const readFromHost = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const absolute = path.resolve(fileName);
    const sample = virtualFiles.get(absolute);
    if (sample) return ts.createSourceFile(fileName, sample.code, languageVersion, true, ts.ScriptKind.TS);
    return reusable.get(absolute) ?? readFromHost(fileName, languageVersion, onError, shouldCreate);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => virtualFiles.has(path.resolve(fileName)) || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => virtualFiles.get(path.resolve(fileName))?.code ?? readFile(fileName);

  const program = ts.createProgram({ rootNames: [...virtualFiles.keys()], options: compilerOptions, host });
  const perSample = new Map<DocSample, Diagnostic[]>();
  for (const [fileName, sample] of virtualFiles) {
    const diagnostics: Diagnostic[] = [];
    perSample.set(sample, diagnostics);
    const sourceFile = program.getSourceFile(fileName);
    if (!sourceFile) continue;
    const problems = [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)];
    for (const problem of problems) {
      if (problem.category !== ts.DiagnosticCategory.Error) continue;
      const { line, character } = sourceFile.getLineAndCharacterOfPosition(problem.start ?? 0);
      const what = /\.mdx?$/i.test(sample.file) ? 'This code sample' : 'This @example';
      diagnostics.push({
        severity: 'error',
        code: 'doc-sample',
        message: `${what} does not compile against the SDK: TS${problem.code}: ${ts.flattenDiagnosticMessageText(problem.messageText, '\n')}`,
        file: sample.file,
        line: sample.line + line,
        column: sample.indent + character + 1,
        hint: `Update the sample to match the SDK, or mark the block \`\`\`ts ${noCheckMeta} if it is not meant to compile.`,
      });
    }
  }
  const sourceFiles = new Map<string, ts.SourceFile>();
  for (const sourceFile of program.getSourceFiles()) {
    const absolute = path.resolve(sourceFile.fileName);
    if (!virtualFiles.has(absolute)) sourceFiles.set(absolute, sourceFile);
  }
  return { diagnostics: samples.map((sample) => perSample.get(sample) ?? []), sourceFiles };
}

/** The SDK's compiler options, loosened where samples differ from library code. */
function sampleCompilerOptions(options: DocSamplesOptions): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(options.tsconfig, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  });
  const base = parsed?.options ?? {};
  const entry = options.entryPoint;
  return {
    ...base,
    noEmit: true,
    // A sample shows one thing; declarations it does not use are not mistakes.
    noUnusedLocals: false,
    noUnusedParameters: false,
    moduleDetection: ts.ModuleDetectionKind.Force,
    paths: { ...base.paths, [options.packageName]: [entry] },
    rootDir: undefined,
    rootDirs: undefined,
    outDir: undefined,
    declaration: false,
    declarationMap: false,
    composite: false,
    incremental: false,
    tsBuildInfoFile: undefined,
  };
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
