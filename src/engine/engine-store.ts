import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The engine's results between runs: one JSON document under the site's cache folder
 * (node_modules/.cache/sdkdocs/engine/engine.json), holding each persisted query's key, result and
 * the fingerprints of what it read. A new process checks those fingerprints against the files as
 * they are now before it trusts a result, so a stored result is never stale, only unused.
 *
 * Large results (a compiled doc) are kept beside the document, in packs of a few dozen: the
 * document lists what each was made from, and a pack is read only when one of its results is
 * asked for and still current. A file per result made a cold build of 10,000 pages create (and the
 * next one delete) 10,000 files, which on this kind of disk costs most after parsing; one document
 * with every result would be read and parsed whole by a build that needs a few.
 */

/** Bumped when the document's shape changes: an older store is then ignored, not misread. */
const storeFormat = 2;

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
  /** The pack beside the document that holds the result, for a large one; `result` is then absent. */
  pack?: string;
}

/** What the last run stored: its results, and how many results each pack holds (some may no longer be listed). */
export interface StoreContents {
  results: StoredResult[];
  packs: Record<string, number>;
}

interface StoreDocument {
  format: number;
  results: readonly StoredResult[];
  packs?: Record<string, number>;
}

const packName = /^pack-[0-9a-f]+\.json$/;

/** The results stored by the last run, or none when the file is missing, cut short or of another format. */
export function readEngineStore(file: string): StoreContents {
  let document: StoreDocument;
  try {
    document = JSON.parse(readFileSync(file, 'utf8')) as StoreDocument;
  } catch {
    return { results: [], packs: {} };
  }
  if (document?.format !== storeFormat || !Array.isArray(document.results)) return { results: [], packs: {} };
  return { results: [...document.results], packs: typeof document.packs === 'object' && document.packs !== null ? document.packs : {} };
}

/** A pack's results by their memo id, or undefined when it is missing or cut short. */
export function readStorePack(storeFile: string, pack: string): Record<string, unknown> | undefined {
  try {
    const entries = JSON.parse(readFileSync(path.join(path.dirname(storeFile), pack), 'utf8')) as unknown;
    return typeof entries === 'object' && entries !== null && !Array.isArray(entries) ? (entries as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes a pack of results beside the store's document; returns its name, or undefined when it could not be written. */
export function writeStorePack(storeFile: string, name: string, entries: Record<string, unknown>): string | undefined {
  return writeAside(path.join(path.dirname(storeFile), name), JSON.stringify(entries)) ? name : undefined;
}

/**
 * Stores the results, written aside and renamed so that a build stopped halfway, or one running
 * beside it on the same cache folder, never leaves half a document; then deletes the packs the
 * document no longer lists. Never throws: a store only saves time, and what it cannot keep is made
 * again next run.
 */
export function writeEngineStore(file: string, results: readonly StoredResult[], packs: Record<string, number> = {}): void {
  if (!writeAside(file, JSON.stringify({ format: storeFormat, results, packs } satisfies StoreDocument))) return;
  let names: string[] = [];
  try {
    names = readdirSync(path.dirname(file));
  } catch {
    return;
  }
  for (const name of names) if (packName.test(name) && !(name in packs)) rmSync(path.join(path.dirname(file), name), { force: true });
}

function writeAside(file: string, contents: string): boolean {
  const partial = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.partial`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(partial, contents);
    renameSync(partial, file);
    return true;
  } catch {
    rmSync(partial, { force: true });
    return false;
  }
}
