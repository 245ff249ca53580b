import { workerData } from 'node:worker_threads';
import { answerBatches } from '../core/worker-pool.js';
import { checkPageShare, type PageShare, type PageShareResult } from './check-pages.js';

/** A worker thread of checkBuiltSite: checks each share of the pages it is sent and answers with the results. */
const share = workerData as Omit<PageShare, 'pages'>;

answerBatches<string[], PageShareResult>(async (batch) => {
  const results: PageShareResult[] = [];
  for (const pages of batch) results.push(await checkPageShare({ ...share, pages }));
  return results;
});
