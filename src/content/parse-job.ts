import type { PoolJob } from '../core/worker-pool.js';
import type { DiagramAnswer, DiagramRequest } from '../core/diagram-figure.js';
import { compileBatch, compileOnThread, type CompileSetup } from './compile-docs.js';
import type { ParseOutcome, ParseTask } from './parse-task.js';

/**
 * parseMarkdown's job on the build's worker pool: compiles the batches of docs it is sent. A
 * diagram's figure is asked of the main thread; two docs of a batch compile side by side, so the
 * others go on while one waits for its figure.
 */
export const poolJob: PoolJob<CompileSetup, ParseTask, ParseOutcome> = {
  async start(setup, ask) {
    const compile = compileOnThread(setup, (request: DiagramRequest) => ask<DiagramAnswer>(request));
    return (batch) => compileBatch(compile, batch);
  },
};
