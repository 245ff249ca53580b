import { workerData } from 'node:worker_threads';
import { answerBatches } from '../core/worker-pool.js';
import { compileWithCache, type CompileSetup, type CompileOutcome } from './compile-docs.js';
import type { ParseTask } from './parse-task.js';

/** Worker thread of parseMarkdown: compiles the batches of docs it is sent, in order. */
const compile = compileWithCache(workerData as CompileSetup);

answerBatches<ParseTask, CompileOutcome>(async (batch) => {
  const outcomes: CompileOutcome[] = [];
  for (const task of batch) outcomes.push(await compile(task));
  return outcomes;
});
