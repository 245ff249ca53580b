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
 * The files a static host would try for a path below the base URL, in order: the file itself,
 * `{path}.html`, then `{path}/index.html` (so `/docs/intro` and `/docs/intro/` both work).
 * Undefined for a path that {@link safeSegments} refuses.
 */
export function requestCandidates(encodedPath: string): string[] | undefined {
  const segments = safeSegments(encodedPath);
  if (!segments) return undefined;
  const relative = segments.join('/');
  return relative === '' || relative.endsWith('/') ? [`${relative}index.html`] : [relative, `${relative}.html`, `${relative}/index.html`];
}
