/**
 * Deep equality of JSON-like data (what pages and their records are made from), treating a key
 * set to undefined as missing, as JSON does. Between watch builds most of it is the very same
 * objects, so the reference check ends most comparisons early; unlike comparing serialized JSON,
 * it allocates nothing.
 */
export function isSameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!isSameData(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  let keysA = 0;
  for (const key in recordA) {
    if (recordA[key] === undefined) continue;
    keysA++;
    if (!isSameData(recordA[key], recordB[key])) return false;
  }
  let keysB = 0;
  for (const key in recordB) if (recordB[key] !== undefined) keysB++;
  return keysA === keysB;
}

/** Whether two versions of an output file hold the same bytes, text or not, without copying them. */
export function isSameContents(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') return false;
  if (typeof a === 'string' || typeof b === 'string') return Buffer.from(a).equals(Buffer.from(b));
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}
