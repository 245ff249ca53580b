import { workerData } from 'node:worker_threads';
import { answerBatches, askMainThread } from '../core/worker-pool.js';
import type { DiagramAnswer, DiagramRequest } from '../core/diagram-figure.js';
import { compileBatch, compileWithCache, type CompileSetup, type CompileOutcome } from './compile-docs.js';
import type { ParseTask } from './parse-task.js';

/**
 * Worker thread of parseMarkdown: compiles the batches of docs it is sent. A diagram's figure is
 * asked of the main thread; two docs of a batch compile side by side, so the others go on while
 * one waits for its figure.
 */
const compile = compileWithCache(workerData as CompileSetup, (request: DiagramRequest) => askMainThread<DiagramAnswer>(request));

answerBatches<ParseTask, CompileOutcome>((batch) => compileBatch(compile, batch));
