import { createHash } from 'node:crypto';
import Fuse from 'fuse.js';
import { searchFieldValues, searchKeys, type SearchRecord, type SerializedSearchIndex } from '../shared/search/search-data.js';

/** One page's records as the two search files hold them, with digests that name those files. */
export interface SerializedRecords {
  /** The page's documents as JSON array items (`{…},{…}`), empty when it has none. */
  documents: string;
  /** The `$` (field values and norms) of each record's index entry, as JSON. */
  indexFields: string[];
  documentsDigest: string;
  indexDigest: string;
}

/**
 * A page's records serialized: the documents without their text (the index holds it) and each
 * record's fuse.js index entry. Runs on the build's workers for big sites (search-job.ts), so it
 * depends on nothing but the records.
 */
export function serializeRecords(records: SearchRecord[]): SerializedRecords {
  const documents = records.map(({ text: _text, ...document }) => JSON.stringify(document)).join(',');
  const indexFields = createSearchIndex(records).records.map((entry) => JSON.stringify(entry.$));
  return { documents, indexFields, documentsDigest: digestOf([documents]), indexDigest: digestOf(indexFields) };
}

/** The fuse.js keys with the functions that read each field of a record. */
function indexKeys() {
  return searchKeys.map((key) => ({ ...key, getFn: (record: SearchRecord) => searchFieldValues(record)[key.name] }));
}

/** The keys as the serialized index lists them. */
export function searchIndexKeys(): SerializedSearchIndex['keys'] {
  return (Fuse.createIndex(indexKeys(), []).toJSON() as unknown as SerializedSearchIndex).keys;
}

/** The fuse.js index of the records over {@link searchKeys}, as JSON-ready data. */
export function createSearchIndex(records: SearchRecord[]): SerializedSearchIndex {
  return Fuse.createIndex(indexKeys(), records).toJSON() as unknown as SerializedSearchIndex;
}

export function digestOf(parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\n');
  return hash.digest('hex');
}
