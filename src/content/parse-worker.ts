import { parentPort, workerData } from 'node:worker_threads';
import { createMarkdownProcessor } from './markdown.js';
import { parseDoc, type ParseContext, type ParseOutcome, type ParseTask } from './parse-doc.js';

/** Worker thread of parseMarkdown: parses the batches of docs it is sent, in order. */
const data = workerData as { docsDir: string; baseUrl: string; routeByFile: [string, string][] };
const context: ParseContext = { docsDir: data.docsDir, baseUrl: data.baseUrl, routeByFile: new Map(data.routeByFile) };
const processor = createMarkdownProcessor();

parentPort!.on('message', async (batch: ParseTask[]) => {
  const outcomes: ParseOutcome[] = [];
  for (const task of batch) outcomes.push(await parseDoc(processor, task, context));
  parentPort!.postMessage(outcomes);
});
