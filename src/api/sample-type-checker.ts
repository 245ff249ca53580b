import type ts from 'typescript';
import type { SampleTypeChecker } from '../core/doc-samples.js';

/**
 * Checks samples in this thread, loading TypeScript only when a sample needs compiling.
 * `sourceFiles`: already parsed SDK, dependency and lib files (from TypeDoc's program, or from
 * the previous check in this process), valid for the SDK as it is now.
 */
export function inProcessSampleTypeChecker(sourceFiles?: ReadonlyMap<string, ts.SourceFile>): SampleTypeChecker {
  return {
    async check(samples, settings) {
      const { typeCheckSamples } = await import('./type-check-samples.js');
      return typeCheckSamples(samples, settings, sourceFiles);
    },
    close() {},
  };
}
