import { createHash } from 'node:crypto';

/**
 * The fingerprint of a value the engine compares between builds: a query's result, an input's
 * value. Text and bytes are hashed as they are; anything else as JSON in which maps, sets and
 * byte arrays keep their contents (plain `JSON.stringify` writes `{}` for them, and two different
 * maps would then look alike). Keys keep their order: equal objects built in another order only
 * cost a needless re-run, never a stale result.
 */
export function fingerprintOf(value: unknown): string {
  const hash = createHash('sha256');
  if (typeof value === 'string') hash.update('s').update(value);
  else if (value instanceof Uint8Array) hash.update('b').update(value);
  else hash.update('j').update(valueJson(value));
  return hash.digest('hex').slice(0, 32);
}

function valueJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner instanceof Map) return { '@map': [...inner] };
    if (inner instanceof Set) return { '@set': [...inner] };
    if (inner instanceof Uint8Array) return { '@bytes': Buffer.from(inner).toString('base64') };
    // Node's Buffer turns itself into { type, data } before the replacer sees it.
    if (isBufferJson(inner)) return { '@bytes': Buffer.from(inner.data).toString('base64') };
    if (inner === undefined) return null;
    return inner;
  }) ?? 'undefined';
}

function isBufferJson(value: unknown): value is { type: 'Buffer'; data: number[] } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'Buffer' && Array.isArray((value as { data?: unknown }).data);
}
