/**
 * The doc-sample check as the model keeps it: each ```ts sample of the docs, what type-checking it
 * against the SDK found, and the names in it that resolve to the SDK's declarations.
 */

import type ts from 'typescript';
import type { Diagnostic } from './diagnostic.js';

/** One ```ts block of a doc, or of an `@example` in the SDK. */
export interface DocSample {
  /** The doc's (or SDK source file's) absolute path. */
  file: string;
  /** Line of the block's first code line, 1-based. */
  line: number;
  /** Columns the code is indented by in its file (a block inside a list, an admonition or a doc comment). */
  indent: number;
  code: string;
  /** An `@example` block's info string, as written: its language and the rest (a doc's are on its compiled doc). */
  fence?: { lang: string; meta?: string };
}

/**
 * A name in a sample that TypeScript resolves to a declaration: where it is in the sample and
 * where the declaration's name is written, which the API model knows by the same place.
 */
export interface SampleName {
  /** 0-based line in the sample's code and 0-based column in that line. */
  line: number;
  character: number;
  length: number;
  /** The declaration's name in the SDK's source: absolute file, 1-based line and column. */
  declaration: { file: string; line: number; column: number };
}

/** The results of a doc-sample check, by sample; cached on disk and kept for the next watch build. */
export interface DocSamplesResult {
  /** Per sample, by a hash of the sample, its place and the SDK: what the check found, and the names it resolved. */
  samples: { key: string; diagnostics: Diagnostic[]; names?: SampleName[] }[];
  checked: number;
  /** How many of them this check compiled; the others' results were known from an earlier one. */
  compiled: number;
  diagnostics: Diagnostic[];
}

/** What `checkDocSamples` found, and the files its type check parsed (when in this thread). */
export interface DocSamplesCheck {
  result: DocSamplesResult;
  /** Each sample with the names in it that resolve to a declaration of the SDK (for links into the API). */
  names: { sample: DocSample; names: SampleName[] }[];
  sourceFiles?: ReadonlyMap<string, ts.SourceFile>;
}

/** How samples are compiled against the SDK. */
export interface SampleCompileSettings {
  /** The SDK's tsconfig: its compiler options apply to the samples. */
  tsconfig: string;
  /** Where `import … from '<packageName>'` goes: the first entry point. */
  entryPoint: string;
  packageName: string;
}

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
