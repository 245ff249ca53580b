import type { PoolJob } from '../core/worker-pool.js';
import type { SearchRecord } from '../shared/search/search-data.js';
import { serializeRecords, type SerializedRecords } from './serialize-records.js';

/** buildSearchIndex's job on the build's worker pool: serializes each page's records it is sent. */
export const poolJob: PoolJob<undefined, SearchRecord[], SerializedRecords> = {
  start() {
    return Promise.resolve((batch) => batch.map(serializeRecords));
  },
};
