import { assetsDir } from '../core/site.js';
import { isSameData } from '../core/same-data.js';
import type { BuildContext, Site } from '../core/site.js';
import { joinUrlPath } from '../shared/paths.js';
import { createQueryEngine, type Query, type QueryEngine } from '../engine/query-engine.js';
import type { SearchRecord } from '../shared/search/search-data.js';
import { canUseWorkers } from '../core/worker-pool.js';
import { siteWorkerPool } from '../core/site-code.js';
import { isSameSearchedPage, searchedPageOf, searchedPageRecords, type SearchedPage } from './search-records.js';
import { batchedWork, type BatchedWork } from '../engine/batched-work.js';
import { digestOf, searchIndexKeys, serializeRecords, type SerializedRecords } from './serialize-records.js';

/** Where the search files go, under the site root. */
export const searchAssetsDir = `${assetsDir}/search`;

/** One page's part of the two files, serialized. */
interface SerializedPage extends SerializedRecords {
  /** The page's index entries as JSON array items, numbered from `offset` (its first record's position). */
  indexEntries?: { offset: number; json: string };
}

/** The serializer of the pages whose queries run, set per build as the input `searchSerializer`. */
type PageSerializer = BatchedWork<SearchRecord[], SerializedRecords>;

const serializerInput = 'searchSerializer';
const searchedPageInput = (route: string) => `searchedPage:${route}`;

/**
 * A searched page's records, serialized, by its route: made from the page's input (its sections
 * and all else {@link SearchedPage} holds), so serve --watch serializes again exactly the pages one
 * of those changed on. A category index is made again every build: its record comes from the
 * sidebar, and there are few.
 */
export const searchedPageQuery: Query<string, SerializedPage> = {
  name: 'searchedPage',
  // The digests are the hash of what the page adds to the files.
  fingerprint: (page) => `${page.documentsDigest}:${page.indexDigest}`,
  run(context, route) {
    const page = context.input<SearchedPage>(searchedPageInput(route));
    if (page.kind === 'category') context.untracked('a category index is searched again every build');
    // What the serializer does changes only with sdkdocs.
    return context.input<PageSerializer>(serializerInput).run(route, searchedPageRecords(page));
  },
};

/**
 * Builds the site's search data: one record per page section (docs, category indexes, API symbols
 * and members) and the fuse.js index over them, serialized so the browser does not rebuild it.
 * Both are emitted as content-hashed JSON files; their URLs go into the site data, where the
 * search box finds them on first use. The documents leave out the section texts, which the index
 * holds anyway.
 */
export async function buildSearchIndex(site: Site, ctx: BuildContext): Promise<void> {
  const engine = ctx.engine ?? createQueryEngine();
  const searched = site.pages.flatMap((page) => searchedPageOf(site, page) ?? []);
  const serializer: PageSerializer = batchedWork(searched.length, (recordsOfPages) => serializeAll(site, ctx, recordsOfPages));
  engine.setInput(serializerInput, serializer, serializerInput);
  const answers = await Promise.all(
    searched.map(async (page) => {
      engine.setComparedInput(searchedPageInput(page.route), page, isSameSearchedPage);
      try {
        return await engine.answer(searchedPageQuery, page.route);
      } finally {
        serializer.answered(page.route);
      }
    }),
  );
  const pages = answers.map((answer) => answer.result);
  const reused = answers.filter((answer) => answer.reused).length;
  // A build that streams to disk is the process's only one: nothing will ask for the pages again.
  if (ctx.sink.streamsToDisk) {
    for (const page of searched) {
      engine.release(searchedPageQuery, page.route);
      engine.releaseInput(searchedPageInput(page.route));
    }
  }
  const documentParts = pages.map((page) => page.documents).filter(Boolean);
  // The index in parts of consecutive pages: an edit to one page's text joins and writes only its
  // part again, not an index that grows with the site. Joined in order, the parts are the one index.
  let position = 0;
  const indexParts: string[][] = [];
  const partDigests: string[][] = [];
  const perPart = pagesPerIndexPart(pages.length);
  pages.forEach((page, number) => {
    if (number % perPart === 0) {
      indexParts.push([]);
      partDigests.push([String(position)]);
    }
    const json = indexEntriesJson(page, position);
    position += page.indexFields.length;
    if (json) indexParts.at(-1)!.push(json);
    partDigests.at(-1)!.push(page.indexDigest);
  });
  if (indexParts.length === 0) indexParts.push([]);
  // The names hash the pages' digests, in order: the same as hashing the files, without reading
  // them whole. Under serve --watch they stay the same: they are in the site data of every page,
  // which would otherwise change with every edit.
  const rebuild = engine.holds(searchFileQuery, 'documents');
  const kept: string[] = [];
  const emitFile = async (name: string, file: SearchFileInput) => {
    const { url, kept: wasKept } = await emit(site, ctx, engine, name, file);
    if (wasKept) kept.push(name);
    return url;
  };
  const documentsFile = await emitFile('documents', {
    parts: documentParts,
    join: () => `{"records":[${documentParts.join(',')}]}`,
    digest: () => (ctx.watch ? undefined : digestOf(pages.map((page) => page.documentsDigest))),
  });
  const [first, ...rest] = indexParts;
  const indexFile = await emitFile('index', {
    parts: first,
    join: () => `{"keys":${JSON.stringify(searchIndexKeys())},"records":[${first.join(',')}]}`,
    digest: () => (ctx.watch ? undefined : digestOf(partDigests[0] ?? [])),
  });
  const moreIndexFiles: string[] = [];
  for (const [index, part] of rest.entries()) {
    moreIndexFiles.push(await emitFile(`index-${index + 1}`, { parts: part, join: () => `{"records":[${part.join(',')}]}`, digest: () => (ctx.watch ? undefined : digestOf(partDigests[index + 1])) }));
  }
  if (site.siteData) {
    site.siteData.searchFiles = { documents: documentsFile, index: indexFile, ...(moreIndexFiles.length > 0 ? { indexParts: moreIndexFiles } : {}) };
    site.siteData.searchPage = site.pages.find((page) => page.kind === 'search')?.route;
  }
  ctx.logger.debug(`buildSearchIndex: ${position} records from ${pages.length} pages (${reused} pages reused)${rebuild ? `; files kept: ${kept.join(', ') || 'none'}` : ''}`);
}

/** Fewest pages in one part of the index: a site this size or smaller has one index file. */
const minPagesPerIndexPart = 100;
/** Most parts of the index, so that a large site's first search does not fetch hundreds of files. */
const maxIndexParts = 32;

/** How many consecutive pages go into one part of the index: a function of the page count alone, so a rebuild splits as a fresh build does. */
function pagesPerIndexPart(pageCount: number): number {
  return Math.max(minPagesPerIndexPart, Math.ceil(pageCount / maxIndexParts));
}

/** Fewest pages whose records go to the build's workers: below it, handing them over costs more than it saves. */
const parallelThreshold = 150;

/**
 * Serializes the pages' records, on the build's workers for a big site: the fuse.js index entries
 * and the JSON are most of this stage's time, and nothing else runs meanwhile.
 */
function serializeAll(site: Site, ctx: BuildContext, recordsOfPages: SearchRecord[][]): Promise<SerializedRecords[]> | SerializedRecords[] {
  if (recordsOfPages.length < parallelThreshold || !canUseWorkers(import.meta.url)) return recordsOfPages.map(serializeRecords);
  const pool = siteWorkerPool(site);
  ctx.logger.debug(`buildSearchIndex: ${recordsOfPages.length} pages' records serialized on ${pool.size} worker threads`);
  return pool.run<SearchRecord[], SerializedRecords>(new URL('./search-job.js', import.meta.url), undefined, recordsOfPages, { batchSize: 100 });
}

/**
 * A page's index entries (`{"i":…,"$":…}`) numbered from `offset`; kept with the page, so that
 * pages whose position did not move are not serialized again.
 */
function indexEntriesJson(page: SerializedPage, offset: number): string {
  if (page.indexEntries?.offset !== offset) {
    page.indexEntries = { offset, json: page.indexFields.map((fields, index) => `{"i":${offset + index},"$":${fields}}`).join(',') };
  }
  return page.indexEntries.json;
}

/** A search file as the build hands it to {@link searchFileQuery}: the pages' parts it is joined from. */
interface SearchFileInput {
  parts: string[];
  join(): string;
  /** The digest its name holds, or none (serve --watch: every page's site data names the file). */
  digest(): string | undefined;
}

/**
 * A search file (`assets/search/{name}.{hash}.json`, `{name}.json` without a digest), joined from
 * the pages' parts. Its input is compared part by part, so a rebuild that changed no page's
 * records joins, hashes and compares none of the files, which grow with the site.
 */
const searchFileQuery: Query<string, { path: string; contents: string }> = {
  name: 'searchFile',
  run(context, name) {
    const file = context.input<SearchFileInput>(`searchFile:${name}`);
    const hash = file.digest();
    return { path: hash === undefined ? `${searchAssetsDir}/${name}.json` : `${searchAssetsDir}/${name}.${hash.slice(0, 10)}.json`, contents: file.join() };
  },
};

/**
 * Asks the engine for a search file, hands it on and returns its URL and whether the last build's
 * was kept. A build writing to disk sends it to the sink at once and lets go of it and of its
 * parts: at 10,000 pages they are hundreds of megabytes that would stay to the end of the build.
 */
async function emit(site: Site, ctx: BuildContext, engine: QueryEngine, name: string, file: SearchFileInput): Promise<{ url: string; kept: boolean }> {
  const inputName = `searchFile:${name}`;
  engine.setComparedInput(inputName, file, (last, now) => isSameData(last.parts, now.parts));
  const { result, reused } = await engine.answer(searchFileQuery, name);
  if (ctx.sink.streamsToDisk) {
    ctx.sink.write({ path: result.path, contents: result.contents });
    engine.release(searchFileQuery, name);
    engine.releaseInput(inputName);
  } else site.outputs.set(result.path, { path: result.path, contents: result.contents });
  return { url: joinUrlPath(site.config.baseUrl, result.path), kept: reused };
}
