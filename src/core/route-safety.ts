/**
 * Checks that keep every route, and so every output file, inside the site: routes become file
 * paths in the output folder, so a `..` segment or a name the build itself writes would make a
 * page land outside it or overwrite a generated file. Pure string work, no Node or DOM APIs.
 */

/** Characters no route may hold: control characters, and `\`, which some systems take as a path separator. */
const forbiddenCharacters = /[\u0000-\u001f\u007f\\]/;

/** Why a route cannot be a path in the output folder because of a character it holds, if it cannot. */
export function routeCharacterProblem(route: string): string | undefined {
  if (forbiddenCharacters.test(route)) return 'it holds a backslash or a control character';
  if (/[?#]/.test(route)) return 'it holds "?" or "#", which start a query or fragment, not a path';
  return undefined;
}

/**
 * Why a URL path (`/sdk/`, `docs`) cannot be used as a base of routes, if it cannot: besides the
 * characters of {@link routeCharacterProblem}, `.` and `..` segments and empty ones (`//`).
 */
export function urlPathProblem(urlPath: string): string | undefined {
  const characters = routeCharacterProblem(urlPath);
  if (characters) return characters;
  if (urlPath.includes('//')) return 'it holds an empty segment ("//")';
  if (urlPath.split('/').some((segment) => segment === '.' || segment === '..')) return 'it holds a "." or ".." segment';
  return undefined;
}

/**
 * A route with its `.` and `..` segments resolved and repeated slashes collapsed
 * (`/sdk/docs/../api` → `/sdk/api`), or undefined when a `..` climbs above `/`.
 */
export function resolveRoutePath(route: string): string | undefined {
  const resolved: string[] = [];
  for (const segment of route.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (resolved.length === 0) return undefined;
      resolved.pop();
    } else {
      resolved.push(segment);
    }
  }
  return `/${resolved.join('/')}`;
}

/** Names at the top of the site's output folder that the build writes itself; no page may take them. */
export const generatedOutputNames: ReadonlyMap<string, string> = new Map([
  ['assets', 'the generated assets folder (scripts, styles, search index, route data)'],
  ['sitemap.xml', 'the generated sitemap'],
  ['llms.txt', 'the generated llms.txt'],
  ['llms-full.txt', 'the generated llms-full.txt'],
  ['404.html', 'the generated not-found page'],
  ['.sdkdocs-output', 'the marker file of the output folder'],
]);

/** The generated file a path relative to the site root (`sitemap.xml`, `assets/x`) would overwrite, if any. */
export function generatedOutputAt(relativePath: string): string | undefined {
  const first = relativePath.replace(/^\/+/, '').split('/')[0];
  return generatedOutputNames.has(first) ? first : undefined;
}

/** True when `route` is `base` or lies below it, segment-wise (`/sdk/api/x` is inside `/sdk/api`, `/sdk/apis` is not). */
export function isRouteInside(route: string, base: string): boolean {
  const trimmed = base.replace(/\/+$/, '');
  return route === trimmed || route.startsWith(`${trimmed}/`);
}
