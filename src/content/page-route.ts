import { readFileSync } from 'node:fs';
import type { Site } from '../core/site.js';
import { generatedOutputAt, generatedOutputNames, isRouteInside, resolveRoutePath, routeCharacterProblem } from '../core/route-safety.js';

/** Where a page's route came from, to point an error at it: a front matter or `_category_.json` key. */
export interface RouteOrigin {
  /** The doc or `_category_.json`. */
  file?: string;
  /** The file's text, when at hand (read otherwise). */
  raw?: string;
  /** The key the route was made from, and its value; none for a route made from file names. */
  key?: 'slug' | 'id';
  value?: string;
  /** Custom pages may sit among the API pages (`/api/overview`); a route both emit is a duplicate route. */
  mayShareApiFolder?: boolean;
}

/**
 * A page route from content (front matter `slug` or `id`, a category's `link.slug`) in canonical
 * form, with `.` and `..` resolved, or undefined after a located error: a route must stay under
 * the base URL, and may not take a name the build writes itself (the sitemap, the assets folder,
 * the not-found page) or a URL of the API reference. Routes become paths in the output folder,
 * so this is what keeps front matter from writing outside it or over a generated file.
 */
export function placePageRoute(site: Pick<Site, 'config' | 'diagnostics'>, route: string, origin: RouteOrigin): string | undefined {
  const { baseUrl, routes } = site.config;
  const written = origin.key ? `${origin.key} ${JSON.stringify(origin.value ?? '')}` : 'The file name';
  const fail = (message: string, hint: string) => {
    site.diagnostics.push({ severity: 'error', code: 'route', message, hint, file: origin.file, ...locateOriginKey(origin) });
    return undefined;
  };
  const hint = origin.key
    ? `Write the ${origin.key} as a path under ${routes.docs} without "." or ".." segments, e.g. ${origin.key === 'id' ? 'id: my-page' : 'slug: /my-page'}.`
    : 'Rename the file.';
  const characters = routeCharacterProblem(route);
  if (characters) return fail(`${written} gives the route ${JSON.stringify(route)}, which cannot be a URL path: ${characters}.`, hint);
  const resolved = resolveRoutePath(route);
  if (resolved === undefined || !isRouteInside(resolved, baseUrl)) {
    return fail(`${written} leads to ${resolved ?? 'a path above /'}, outside the site's base URL ${baseUrl}: the page would be written outside the output folder.`, hint);
  }
  const canonical = `${resolved}/` === baseUrl ? baseUrl : resolved;
  const generated = generatedOutputAt(canonical.slice(baseUrl.length));
  if (generated) {
    return fail(
      `${written} gives the route ${canonical}, which is ${generatedOutputNames.get(generated)} (${generated} in the output folder): the page and the generated file would overwrite each other.`,
      origin.key ? `Choose another ${origin.key}.` : 'Rename the file.',
    );
  }
  if (site.config.api && !origin.mayShareApiFolder && isRouteInside(canonical, routes.api)) {
    return fail(
      `${written} gives the route ${canonical}, inside the API reference (${routes.api}, api.routeBasePath): the page and the API pages would overwrite each other.`,
      origin.key ? `Choose another ${origin.key}.` : 'Rename the file.',
    );
  }
  return canonical;
}

function sourceOf(origin: RouteOrigin): string {
  if (origin.raw !== undefined || origin.file === undefined) return origin.raw ?? '';
  try {
    return readFileSync(origin.file, 'utf8');
  } catch {
    return '';
  }
}

/** The key's position in front matter (`slug: x` on a line of its own) or in JSON (`"slug": "x"` anywhere). */
function locateOriginKey(origin: RouteOrigin): { line?: number; column?: number } {
  if (!origin.key) return {};
  const raw = sourceOf(origin);
  const pattern = origin.file?.endsWith('.json') ? new RegExp(`"${origin.key}"\\s*:`) : new RegExp(`^[ \\t]*["']?${origin.key}["']?[ \\t]*:`, 'm');
  const match = pattern.exec(raw);
  if (!match) return {};
  const before = raw.slice(0, match.index + match[0].search(/\S/)).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
