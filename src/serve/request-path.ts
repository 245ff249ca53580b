import { realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';

/** A file of the output folder that a request maps to. */
export interface ResolvedFile {
  /** Absolute path. */
  file: string;
  /** Path relative to the site folder, with forward slashes: `docs/intro/index.html`. */
  relativePath: string;
  stats: Stats;
}

/**
 * The decoded path segments of a request path below the base URL, or undefined for a path that
 * tries to leave the folder or hide what it is: `..` or `.` segments (also as `%2e`), an encoded
 * slash or backslash (`%2f`, `%5c`), a backslash, a NUL, or malformed percent-encoding.
 * Nothing is normalised away: a suspicious path is refused, not repaired.
 */
export function safeSegments(encodedPath: string): string[] | undefined {
  if (/%(2f|5c|00)/i.test(encodedPath)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(encodedPath);
  } catch {
    return undefined;
  }
  if (/[\\\0]/.test(decoded)) return undefined;
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return undefined;
  return segments;
}

/**
 * Finds the file a static host would serve for a path below the base URL: the file itself,
 * `{path}.html`, or `{path}/index.html` (so `/docs/intro` and `/docs/intro/` both work).
 * A file whose real path (symlinks followed) is outside `siteRoot` is treated as missing.
 */
export async function resolveRequestFile(siteRoot: string, encodedPath: string): Promise<ResolvedFile | undefined> {
  const segments = safeSegments(encodedPath);
  if (!segments) return undefined;
  const relative = segments.join('/');
  const candidates =
    relative === '' || relative.endsWith('/')
      ? [`${relative}index.html`]
      : [relative, `${relative}.html`, `${relative}/index.html`];
  let realRoot: string;
  try {
    realRoot = await realpath(siteRoot);
  } catch {
    return undefined;
  }
  for (const candidate of candidates) {
    const file = path.join(siteRoot, ...candidate.split('/'));
    const stats = await stat(file).catch(() => undefined);
    if (!stats?.isFile()) continue;
    const real = await realpath(file);
    const inside = path.relative(realRoot, real);
    if (inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside)) return undefined;
    return { file, relativePath: candidate, stats };
  }
  return undefined;
}
