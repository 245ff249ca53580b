/**
 * Loaded on the first use of the search box only: the search bar imports this module lazily, so
 * it and fuse.js are a chunk of their own, and the two search files are fetched from here.
 */
import { createSearchEngine, type SearchEngine } from '../../src/shared/search/search-engine.js';
import type { SearchDocuments, SerializedSearchIndex } from '../../src/shared/search/search-data.js';
import type { SiteData } from '../../src/shared/types.js';

/** One load per page session. */
let pending: Promise<SearchEngine> | undefined;

/**
 * The site's search engine: fetches the documents and the serialized index (a large site's in
 * several parts) in parallel on the first call and creates the engine; later calls share it. A
 * failed load is retried on the next call.
 */
export function loadSearchEngine(files: SiteData['searchFiles']): Promise<SearchEngine> {
  if (!pending) {
    pending = createEngine(files);
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}

async function createEngine(files: SiteData['searchFiles']): Promise<SearchEngine> {
  if (!files) throw new Error('This site was built without search data (siteData.searchFiles is missing).');
  const [documents, index, parts] = await Promise.all([
    fetchJson<SearchDocuments>(files.documents),
    fetchJson<SerializedSearchIndex>(files.index),
    Promise.all((files.indexParts ?? []).map((url) => fetchJson<Pick<SerializedSearchIndex, 'records'>>(url))),
  ]);
  // A large site's index comes in parts of consecutive records: joined in order, they are the one index.
  if (parts.length > 0) index.records = index.records.concat(...parts.map((part) => part.records));
  return createSearchEngine(documents, index);
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}
