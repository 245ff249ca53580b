import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';

/**
 * The fingerprint of a value the engine compares between builds: a query's result, an input's
 * value. Text and bytes are hashed as they are; anything else as {@link fingerprintJson}. Keys keep
 * their order: equal objects built in another order only cost a needless re-run, never a stale result.
 */
export function fingerprintOf(value: unknown): string {
  const hash = createHash('sha256');
  if (typeof value === 'string') hash.update('s').update(value);
  else if (value instanceof Uint8Array) hash.update('b').update(value);
  else {
    // Long texts inside the value (a search file's or a page's JSON) are hashed as they are, after
    // the JSON of the rest: escaping megabytes of quotes into JSON first cost more than the hashing.
    const longTexts: string[] = [];
    hash.update('j').update(fingerprintJson(value, functionSource, longTexts));
    for (const text of longTexts) hash.update(`\n${text.length}\n`).update(text);
  }
  return hash.digest('hex').slice(0, 32);
}

/** Texts at least this long are left out of {@link fingerprintJson}'s JSON when it is given a list to put them in. */
const longTextLength = 2048;

/**
 * A file's {@link fingerprintOf} its bytes, read a piece at a time (a large file is never whole in
 * memory); undefined when it cannot be read as a file (missing, or a folder).
 */
export function fingerprintOfFile(file: string): string | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const hash = createHash('sha256').update('b');
    const piece = Buffer.allocUnsafe(1 << 20);
    for (let read = readSync(descriptor, piece); read > 0; read = readSync(descriptor, piece)) hash.update(piece.subarray(0, read));
    return hash.digest('hex').slice(0, 32);
  } catch {
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}

/**
 * A value as JSON in which nothing that tells two values apart is lost: maps, sets and byte arrays
 * keep their contents, a regular expression its source and flags, and a function is what
 * `describeFunction` says it stands for (plain `JSON.stringify` writes `{}` for the first and drops
 * functions, so two different values would look alike). By default a function stands for its
 * source text, which tells apart what different code does; two closures of one source over
 * different values look alike, so a value whose functions close over data should come with a
 * fingerprint of its own (as the config's do, see src/config/config-fingerprint.ts). Given
 * `longTexts`, each string of {@link longTextLength} characters or more stands in the JSON as
 * `{"@text": n}`, its place in that list, for the caller to hash as it is.
 */
export function fingerprintJson(value: unknown, describeFunction: (fn: (...args: never[]) => unknown) => unknown = functionSource, longTexts?: string[]): string {
  return (
    JSON.stringify(value, (_key, inner: unknown) => {
      if (longTexts && typeof inner === 'string' && inner.length >= longTextLength) return { '@text': longTexts.push(inner) - 1 };
      if (inner instanceof Map) return { '@map': [...(inner as Map<unknown, unknown>)] };
      if (inner instanceof Set) return { '@set': [...(inner as Set<unknown>)] };
      if (inner instanceof Uint8Array) return { '@bytes': Buffer.from(inner).toString('base64') };
      // Node's Buffer turns itself into { type, data } before the replacer sees it.
      if (isBufferJson(inner)) return { '@bytes': Buffer.from(inner.data).toString('base64') };
      if (inner instanceof RegExp) return { '@regexp': [inner.source, inner.flags] };
      if (typeof inner === 'function') return { '@function': describeFunction(inner as (...args: never[]) => unknown) };
      if (inner === undefined) return null;
      return inner;
    }) ?? 'undefined'
  );
}

function functionSource(fn: (...args: never[]) => unknown): string {
  return Function.prototype.toString.call(fn);
}

function isBufferJson(value: unknown): value is { type: 'Buffer'; data: number[] } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'Buffer' && Array.isArray((value as { data?: unknown }).data);
}
