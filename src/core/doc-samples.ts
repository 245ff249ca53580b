export type * from '../model/doc-samples.js';

/** Info-string languages of the code blocks that the API stage can type-check against the SDK. */
export const checkableSampleLanguages: ReadonlySet<string> = new Set(['ts', 'typescript', 'mts', 'cts']);

/** A word in a block's info string that leaves it unchecked: ```ts no-check. */
export const noCheckMeta = 'no-check';
