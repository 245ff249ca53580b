/** URL path helpers used on both sides; pure string work, no Node or DOM APIs. */

/** Joins URL path segments with single slashes, keeping a leading slash. */
export function joinUrlPath(...parts: string[]): string {
  const joined = parts.filter((part) => part !== '').join('/');
  const collapsed = joined.replace(/\/{2,}/g, '/');
  return collapsed.startsWith('/') ? collapsed : `/${collapsed}`;
}

/** The canonical form of a route: no trailing slash except for the site root itself. */
export function normalizeRoute(route: string, baseUrl: string): string {
  let path = route.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const root = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  if (path === root.slice(0, -1)) return root;
  return path;
}

/** Prefixes an internal path (`/docs/intro`) with the base URL (`/sdk/`) unless it has it already. */
export function withBaseUrl(path: string, baseUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//') || path.startsWith('#')) return path;
  const root = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  if (path === root || path.startsWith(root) || `${path}/` === root) return path;
  return joinUrlPath(root, path);
}

/** True for `http:`, `mailto:` and other absolute or protocol-relative URLs. */
export function isExternalUrl(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/**
 * The origin links resolve against when the config has no `url`: `.invalid` is reserved (RFC
 * 2606), so no link written in the content can be on it by accident.
 */
export const unknownSiteOrigin = 'https://site.invalid';
