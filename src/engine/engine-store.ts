import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The engine's results between runs: one JSON document under the site's cache folder
 * (node_modules/.cache/sdkdocs/engine.json), holding each persisted query's key, result and the
 * fingerprints of what it read. A new process checks those fingerprints against the files as
 * they are now before it trusts a result, so a stored result is never stale, only unused.
 */

/** Bumped when the document's shape changes: an older store is then ignored, not misread. */
const storeFormat = 1;

/** One recorded read, as the engine compares it: what was read and the fingerprint it had. */
export type RecordedRead =
  | { kind: 'file'; path: string; fingerprint: string }
  | { kind: 'folder'; path: string; fingerprint: string }
  | { kind: 'input'; name: string; fingerprint: string }
  | { kind: 'query'; name: string; keyId: string; key: unknown; fingerprint: string }
  /** Something the engine could not record (what a failed compile would have read): never unchanged. */
  | { kind: 'untracked'; reason: string };

/** A query's result with the reads it was made from. */
export interface StoredResult {
  name: string;
  keyId: string;
  key: unknown;
  result: unknown;
  fingerprint: string;
  reads: RecordedRead[];
}

interface StoreDocument {
  format: number;
  results: readonly StoredResult[];
}

/** The results stored by the last run, or none when the file is missing, cut short or of another format. */
export function readEngineStore(file: string): StoredResult[] {
  let document: StoreDocument;
  try {
    document = JSON.parse(readFileSync(file, 'utf8')) as StoreDocument;
  } catch {
    return [];
  }
  return document?.format === storeFormat && Array.isArray(document.results) ? [...document.results] : [];
}

/**
 * Stores the results, written aside and renamed so that a build stopped halfway, or one running
 * beside it on the same cache folder, never leaves half a document. Never throws: a store only
 * saves time, and what it cannot keep is made again next run.
 */
export function writeEngineStore(file: string, results: readonly StoredResult[]): void {
  const partial = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.partial`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(partial, JSON.stringify({ format: storeFormat, results } satisfies StoreDocument));
    renameSync(partial, file);
  } catch {
    rmSync(partial, { force: true });
  }
}
