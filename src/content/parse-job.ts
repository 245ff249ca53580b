import type { PoolJob } from '../core/worker-pool.js';
import type { DiagramAnswer, DiagramRequest } from '../core/diagram-figure.js';
import { compileBatch, compileWithCache, type CompileSetup, type CompileOutcome } from './compile-docs.js';
import type { ParseTask } from './parse-task.js';

/**
 * parseMarkdown's job on the build's worker pool: compiles the batches of docs it is sent. A
 * diagram's figure is asked of the main thread; two docs of a batch compile side by side, so the
 * others go on while one waits for its figure.
 */
export const poolJob: PoolJob<CompileSetup, ParseTask, CompileOutcome> = {
  async start(setup, ask) {
    const compile = compileWithCache(setup, (request: DiagramRequest) => ask<DiagramAnswer>(request));
    return (batch) => compileBatch(compile, batch);
  },
};
