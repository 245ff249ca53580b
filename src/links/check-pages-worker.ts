import { parentPort, workerData } from 'node:worker_threads';
import { checkPageShare, type PageShare } from './check-pages.js';

/** A worker thread of checkBuiltSite: checks its share of the pages and posts the result back. */
parentPort!.postMessage(await checkPageShare(workerData as PageShare));
