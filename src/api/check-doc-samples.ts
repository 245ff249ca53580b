import { checkableSampleLanguages, noCheckMeta, type DocSample, type SampleCompileSettings, type SampleName, type DocSamplesCheck, type DocSamplesResult } from '../core/doc-samples.js';
import type { CompiledDoc } from '../model/compiled-doc.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { Site } from '../core/site.js';
import { fingerprint } from '../core/item-store.js';
import { batchedWork, type BatchedWork } from '../engine/batched-work.js';
import type { Query, QueryEngine } from '../engine/query-engine.js';
import { installedVersion } from './installed-version.js';
import type { ApiComment, ApiInputs, ApiModel, ApiSource } from '../core/api-model.js';
import type { SampleTypeChecker } from '../core/doc-samples.js';

export interface DocSamplesOptions extends SampleCompileSettings {
  /** What the API model was made from; part of every sample's cache key. */
  inputs: ApiInputs;
  /** Compiles the samples whose result is not known yet. */
  typeChecker: SampleTypeChecker;
  /** Knows the results of earlier checks: in memory in a serve --watch session, in its store between runs. */
  engine: QueryEngine;
}

/** What checking one sample found. */
type SampleOutcome = { diagnostics: Diagnostic[]; names: SampleName[] };

/** The samples this build's queries compile, in one go; set per build as the input `docSampleCheck`. */
type SampleCheck = BatchedWork<string, SampleOutcome>;

/**
 * One sample's check, by its key: the fingerprint of the sample (its code and place) and of what
 * it is checked against (the SDK's inputs, its settings, TypeScript's version). The result follows
 * from the key alone, so it is kept in the engine's store and reused by any later build that has
 * the same sample against the same SDK; the samples whose queries run are compiled together, as
 * one program, by the type checker of the build.
 */
export const docSampleQuery: Query<string, SampleOutcome> = {
  name: 'docSample',
  persist: true,
  run(context, key) {
    return context.input<SampleCheck>('docSampleCheck').run(key, key);
  },
};

/** Bumped when the check itself changes, so cached results are dropped. */
const checkVersion = 3;

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
    if (language && checkableSampleLanguages.has(language.toLowerCase()) && !meta.split(/\s+/).includes(noCheckMeta)) {
      const code = lines.slice(index + 1, close).map((line) => line.replace(/^\s*\*\s?/, '').slice(indent.length));
      const fence = { lang: language, ...(meta.trim() && { meta: meta.trim() }) };
      samples.push({ file: declaration.file, line: index + 2, indent: prefix.length + indent.length, code: code.join('\n'), fence });
    }
    index = close;
  }
  return samples;
}

/**
 * Every checkable block of the docs, except those marked `no-check`, as the compile found them
 * (see `findCodeSamples`): a doc is parsed once per build, by the compile, and a doc the compile
 * cache holds not at all.
 */
export function collectDocSamples(docs: readonly { file: string; compiled?: Pick<CompiledDoc, 'samples'> }[]): DocSample[] {
  const samples: DocSample[] = [];
  for (const { file, compiled } of docs) {
    for (const sample of compiled?.samples ?? []) {
      if (sample.meta?.split(/\s+/).includes(noCheckMeta)) continue;
      samples.push({ file, line: sample.line + 1, indent: sample.column - 1, code: sample.code });
    }
  }
  return samples;
}

/** The docs of the site (not of its past versions) with what compiling each gave its page. */
export function compiledDocsOf(site: Site): { file: string; compiled?: CompiledDoc }[] {
  const pageByRoute = new Map(site.pages.map((page) => [page.route, page]));
  return site.docs.map((doc) => {
    const page = pageByRoute.get(doc.route);
    return { file: doc.source.file, compiled: page?.sourceFile === doc.source.file ? page.content : undefined };
  });
}

/**
 * Type-checks every sample against the SDK (with `options.typeChecker`, see `typeCheckSamples`).
 * A sample that no longer compiles is an error at its `file:line:col`. Only samples that are new
 * or changed, or whose SDK changed, since the last check are compiled again (see {@link docSampleQuery}).
 *
 * Resolves at once, with `finished` for the result: a caller may render while a worker compiles.
 */
export async function checkDocSamples(samples: DocSample[], options: DocSamplesOptions): Promise<{ finished: Promise<DocSamplesCheck> }> {
  const settings = JSON.stringify({
    checkVersion,
    typescript: installedVersion('typescript'),
    inputs: options.inputs,
    tsconfig: options.tsconfig,
    entryPoint: options.entryPoint,
    packageName: options.packageName,
  });
  const keyed = samples.map((sample) => ({ sample, key: fingerprint(settings, sample) }));
  const sampleByKey = new Map(keyed.map(({ key, sample }) => [key, sample]));
  let compiled = 0;
  let sourceFiles: DocSamplesCheck['sourceFiles'];
  const check: SampleCheck = batchedWork(sampleByKey.size, async (keys) => {
    compiled = keys.length;
    const checked = await options.typeChecker.check(
      keys.map((key) => sampleByKey.get(key)!),
      { tsconfig: options.tsconfig, entryPoint: options.entryPoint, packageName: options.packageName },
    );
    sourceFiles = checked.sourceFiles;
    return keys.map((_key, index) => ({ diagnostics: checked.diagnostics[index] ?? [], names: checked.names?.[index] ?? [] }));
  });
  // What the check compiles is in each query's key: this input never changes a fingerprint.
  options.engine.setInput('docSampleCheck', check, 'doc-sample-check');
  const answers = [...sampleByKey.keys()].map(async (key) => {
    try {
      return [key, await options.engine.query(docSampleQuery, key)] as const;
    } finally {
      check.answered(key);
    }
  });
  const finish = async (): Promise<DocSamplesCheck> => {
    const known = new Map(await Promise.all(answers));
    const results = keyed.map(({ key }) => ({ key, ...known.get(key)! }));
    const result: DocSamplesResult = {
      samples: results,
      checked: samples.length,
      compiled,
      diagnostics: results.flatMap((entry) => entry.diagnostics),
    };
    return { result, names: keyed.map(({ sample }, index) => ({ sample, names: results[index].names })), sourceFiles };
  };
  const finished = finish();
  // Awaited by the caller after its own work; a failure must not count as unhandled before.
  finished.catch(() => {});
  return { finished };
}
