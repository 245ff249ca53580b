import type { Page, Site } from '../core/site.js';

/** What each build rendered every page in, to compare with the next build's. */
const surroundingsOf = new WeakMap<Site, unknown>();
/** The route data file each page got, to hand on to the next build's unchanged page. */
const routeFiles = new WeakMap<Page, { name: string; path: string }>();

/**
 * serve --watch: tells renderPages which files of the previous build are still right, for the
 * output sink to keep (`sink.keepPrevious`) instead of their being made again. A page's route
 * data file is a function of its data (content HTML included) and its component; its document
 * also of what surrounds every page (site data, sidebars, data file URLs, assets). When these are
 * what they were, so are the files.
 */
export function createRenderReuse(site: Site, previous: Site | undefined) {
  const previousPages = new Map(previous?.pages.map((page) => [page.route, page]));
  let surroundingsUnchanged = false;

  /** The previous build's page of the route when it had the same data and component. */
  const unchangedPage = (page: Page): Page | undefined => {
    const earlier = previousPages.get(page.route);
    return earlier && earlier.component === page.component && isEqualData(earlier.data, page.data) ? earlier : undefined;
  };

  return {
    /** The previous build's route data file of an unchanged page: its name (`{key}.{hash}`) and output path. */
    routeFile(page: Page): { name: string; path: string } | undefined {
      const earlier = unchangedPage(page);
      const recorded = earlier && routeFiles.get(earlier);
      if (recorded) routeFiles.set(page, recorded);
      return recorded;
    },
    /** Records the route data file made for a page. */
    recordRouteFile(page: Page, name: string, path: string): void {
      routeFiles.set(page, { name, path });
    },
    /** Records what every page is rendered in: call once, before {@link document}. */
    setSurroundings(surroundings: unknown): void {
      surroundingsOf.set(site, surroundings);
      surroundingsUnchanged = previous !== undefined && isEqualData(surroundingsOf.get(previous), surroundings);
    },
    /** Whether the previous build's document of the page is still right: neither the page nor what surrounds every page changed. */
    documentUnchanged(page: Page): boolean {
      return surroundingsUnchanged && unchangedPage(page) !== undefined;
    },
  };
}

export type RenderReuse = ReturnType<typeof createRenderReuse>;

/**
 * Deep equality of JSON-like data (what pages are rendered from). Much of it is shared between
 * builds, so the same reference ends most comparisons early.
 */
function isEqualData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => isEqualData(item, b[index]));
  if (Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return keysA.length === keysB.length && keysA.every((key) => isEqualData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
