import type ts from 'typescript';
import type { Diagnostic } from '../core/diagnostic.js';
import type { DocSample, SampleCompileSettings, SampleName } from '../core/doc-samples.js';

/** What a type check found: diagnostics per sample, in order, and the files its program parsed (when in this thread). */
export interface SampleTypeCheck {
  diagnostics: Diagnostic[][];
  /** Per sample, in order: the names that resolve to a declaration in a source file of the program. */
  names: SampleName[][];
  sourceFiles?: ReadonlyMap<string, ts.SourceFile>;
}

/**
 * Type-checks samples against the SDK, in this thread or on the worker thread that ran TypeDoc,
 * reusing the files it has parsed: parsing lib.dom.d.ts again is most of a cold check.
 */
export interface SampleTypeChecker {
  check(samples: DocSample[], settings: SampleCompileSettings): Promise<SampleTypeCheck>;
  /** Lets go of what it holds (the worker thread); the check is not used after. */
  close(): void;
}

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
