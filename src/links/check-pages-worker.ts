import { parentPort, workerData } from 'node:worker_threads';
import { scanHtmlFiles } from './scan-html-files.js';

/** A worker thread of checkBuiltSite: scans its share of the pages and posts the scans back. */
const { outDir, files } = workerData as { outDir: string; files: string[] };
parentPort!.postMessage(await scanHtmlFiles(outDir, files));
