import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/*
 * The engine's results between runs, under the site's cache folder
 * (node_modules/.cache/sdkdocs/engine/): a JSON document, engine.json, holding each persisted
 * query's key, result and the fingerprints of what it read. A new process checks those
 * fingerprints against the files as they are now before it trusts a result, so a stored result is
 * never stale, only unused.
 *
 * Large results (a compiled doc) are kept beside the document, in packs of a few dozen, each with
 * what it read: the document only lists which pack holds which result. A pack is read when one of
 * its results is first asked for, and gives every result it holds at once, so a build reads the
 * packs of the results it asks for, each once, and a build that asks for a few reads a few. A file
 * per result made a cold build of 10,000 pages create (and the next one delete) 10,000 files, which
 * on this kind of disk costs most after parsing; one document with every result's reads was parsed
 * whole before the first answer.
 */

/** Bumped when the document's shape changes: an older store is then ignored, not misread. */
const storeFormat = 3;

/** One recorded read, as the engine compares it: what was read and the fingerprint it had. */
export type RecordedRead =
  | { kind: 'file'; path: string; fingerprint: string }
  | { kind: 'folder'; path: string; fingerprint: string }
  | { kind: 'input'; name: string; fingerprint: string }
  /** One entry of an input map (a doc's route among every doc's): only that entry is compared. */
  | { kind: 'entry'; input: string; key: string; fingerprint: string }
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

/** A pack beside the document: how many results it holds, and the ids of those the document still lists. */
export interface StoredPack {
  holds: number;
  listed: string[];
}

/** What the last run stored: the results kept in the document, and the packs of the others. */
export interface StoreContents {
  results: StoredResult[];
  packs: Record<string, StoredPack>;
}

interface StoreDocument extends StoreContents {
  format: number;
}

const packName = /^pack-[0-9a-f]+\.json$/;
const nothingStored = (): StoreContents => ({ results: [], packs: {} });

/** What the last run stored, or nothing when the document is missing, cut short or of another format. */
export function readEngineStore(file: string): StoreContents {
  let document: StoreDocument;
  try {
    document = JSON.parse(readFileSync(file, 'utf8')) as StoreDocument;
  } catch {
    return nothingStored();
  }
  if (document?.format !== storeFormat || !Array.isArray(document.results) || typeof document.packs !== 'object' || document.packs === null) return nothingStored();
  return { results: document.results, packs: document.packs };
}

/** A pack's results by id, or undefined when it is missing or cut short. */
export function readStorePack(storeFile: string, pack: string): Record<string, StoredResult> | undefined {
  try {
    const entries = JSON.parse(readFileSync(path.join(path.dirname(storeFile), pack), 'utf8')) as unknown;
    return typeof entries === 'object' && entries !== null && !Array.isArray(entries) ? (entries as Record<string, StoredResult>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes a pack of results beside the store's document, a result at a time: the JSON of a whole
 * pack is a string of half a megabyte, which the garbage collector lets go of only in a full
 * collection, and a cold build writes hundreds of them. False when it could not be written.
 */
export function writeStorePack(storeFile: string, name: string, entries: readonly (readonly [string, StoredResult])[]): boolean {
  return writeAside(path.join(path.dirname(storeFile), name), (write) => {
    for (const [index, [id, entry]] of entries.entries()) write(`${index === 0 ? '{' : ','}${JSON.stringify(id)}:${JSON.stringify(entry)}`);
    write(entries.length === 0 ? '{}' : '}');
  });
}

/**
 * Stores the document, written aside and renamed so that a build stopped halfway, or one running
 * beside it on the same cache folder, never leaves half a document; then deletes the packs it no
 * longer lists. Never throws: a store only saves time, and what it cannot keep is made again next run.
 */
export function writeEngineStore(file: string, contents: StoreContents): void {
  if (!writeAside(file, (write) => write(JSON.stringify({ format: storeFormat, ...contents } satisfies StoreDocument)))) return;
  let names: string[] = [];
  try {
    names = readdirSync(path.dirname(file));
  } catch {
    return;
  }
  for (const name of names) if (packName.test(name) && !(name in contents.packs)) rmSync(path.join(path.dirname(file), name), { force: true });
}

function writeAside(file: string, contents: (write: (text: string) => void) => void): boolean {
  const partial = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.partial`;
  let descriptor: number | undefined;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const opened = openSync(partial, 'w');
    descriptor = opened;
    contents((text) => writeSync(opened, text));
    closeSync(opened);
    descriptor = undefined;
    renameSync(partial, file);
    return true;
  } catch {
    if (descriptor !== undefined) closeSync(descriptor);
    rmSync(partial, { force: true });
    return false;
  }
}
