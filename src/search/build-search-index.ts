import { createHash } from 'node:crypto';
import Fuse from 'fuse.js';
import { assetsDir } from '../bundle/bundle-client.js';
import type { BuildContext, Site } from '../core/site.js';
import { joinUrlPath } from '../shared/paths.js';
import {
  searchFieldValues,
  searchKeys,
  type SearchDocuments,
  type SearchRecord,
  type SerializedSearchIndex,
} from '../shared/search/search-data.js';
import { collectSearchRecords } from './search-records.js';

/** Where the search files go, under the site root. */
export const searchAssetsDir = `${assetsDir}/search`;

/**
 * Builds the site's search data: one record per page section (docs, category indexes, API symbols
 * and members), and the fuse.js index over them, serialized so the browser does not rebuild it.
 * Both are emitted as content-hashed JSON files; their URLs go into the site data, where the
 * search box finds them on first use.
 */
export async function buildSearchIndex(site: Site, ctx: BuildContext): Promise<void> {
  const records = collectSearchRecords(site);
  const documents: SearchDocuments = { records: records.map(({ text: _text, ...document }) => document) };
  const index = createSearchIndex(records);
  const documentsFile = emitJson(site, 'documents', documents);
  const indexFile = emitJson(site, 'index', index);
  if (site.siteData) site.siteData.searchFiles = { documents: documentsFile, index: indexFile };
  ctx.logger.debug(`search: ${records.length} records from ${new Set(records.map((record) => record.route)).size} pages`);
}

/** The fuse.js index of the records over {@link searchKeys}, as JSON-ready data. */
export function createSearchIndex(records: SearchRecord[]): SerializedSearchIndex {
  const keys = searchKeys.map((key) => ({ ...key, getFn: (record: SearchRecord) => searchFieldValues(record)[key.name] }));
  return Fuse.createIndex(keys, records).toJSON() as unknown as SerializedSearchIndex;
}

/** Adds `assets/search/{name}.{hash}.json` to the outputs and returns its URL. */
function emitJson(site: Site, name: string, value: unknown): string {
  const json = JSON.stringify(value);
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
  const path = `${searchAssetsDir}/${name}.${hash}.json`;
  site.outputs.set(path, { path, contents: json });
  return joinUrlPath(site.config.baseUrl, path);
}
