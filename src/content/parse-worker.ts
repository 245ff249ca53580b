import { parentPort, workerData } from 'node:worker_threads';
import { compileWithCache, type CompileSetup, type CompileOutcome } from './compile-docs.js';
import type { ParseTask } from './parse-task.js';

/** Worker thread of parseMarkdown: compiles the batches of docs it is sent, in order. */
const compile = compileWithCache(workerData as CompileSetup);

parentPort!.on('message', async (batch: ParseTask[]) => {
  const outcomes: CompileOutcome[] = [];
  for (const task of batch) outcomes.push(await compile(task));
  parentPort!.postMessage(outcomes);
});
