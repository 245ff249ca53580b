import { isSameData } from '../core/same-data.js';
import type { OutputSink, Page, Site } from '../core/site.js';
import type { SiteFile } from './page-markdown.js';

/** What each build rendered every page in, to compare with the next build's. */
const surroundingsOf = new WeakMap<Site, unknown>();
/** Each build's shared data files by name: the value each was made of, its output path and URL. */
const dataFiles = new WeakMap<Site, Map<string, { value: unknown; path: string; url: string }>>();
/** What each build's site-wide files (sitemap, llms files) were made of, by output path. */
const siteFileInputs = new WeakMap<Site, Map<string, unknown>>();
/** What each page's content HTML was made from, with the HTML, for pages whose content renderPages makes. */
const contentInputs = new WeakMap<Page, { inputs: unknown; html: string }>();
/** Each page's content HTML before the mobile TOC went into it. */
const contentBeforeToc = new WeakMap<Page, string>();
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

  /** Asked once per page, for its route data file and again for its document. */
  const unchangedPages = new Map<Page, Page | undefined>();
  /** The previous build's page of the route when it had the same data and component. */
  const unchangedPage = (page: Page): Page | undefined => {
    if (unchangedPages.has(page)) return unchangedPages.get(page);
    const earlier = previousPages.get(page.route);
    const unchanged = earlier && earlier.component === page.component && isSameData(earlier.data, page.data) ? earlier : undefined;
    unchangedPages.set(page, unchanged);
    return unchanged;
  };

  /** How many contents and mobile TOCs that could be kept were made anew, and how many were kept. */
  const counts = { made: 0, kept: 0 };
  const keptSiteFiles: string[] = [];

  return {
    counts,
    /** The site-wide files {@link siteFile} kept from the previous build. */
    keptSiteFiles,
    /**
     * A page's content HTML made from `inputs` (the previous build's string when they are what
     * they were), or by `make` alone when the page declares none.
     */
    content(page: Page, inputs: unknown, make: () => string): string {
      const earlier = inputs === undefined ? undefined : previousPages.get(page.route);
      const recorded = earlier && contentInputs.get(earlier);
      const html = recorded && earlier.kind === page.kind && isSameData(recorded.inputs, inputs) ? recorded.html : undefined;
      if (html !== undefined) counts.kept++;
      else if (inputs !== undefined) counts.made++;
      const made = html ?? make();
      if (inputs !== undefined) contentInputs.set(page, { inputs, html: made });
      return made;
    },
    /**
     * The content HTML with the mobile "On this page" box: the previous build's string when the
     * content and outline are what they were. The same string, not an equal one, lets every later
     * comparison of the page's data end at the reference check instead of reading the whole page.
     */
    withMobileToc(page: Page, add: (data: Page['data']) => string): string {
      const earlier = previousPages.get(page.route);
      const before = earlier && contentBeforeToc.get(earlier);
      const unchanged = earlier && before !== undefined && before === page.data.html && isSameData(earlier.data.toc, page.data.toc);
      if (unchanged) counts.kept++;
      else counts.made++;
      contentBeforeToc.set(page, page.data.html);
      return unchanged ? earlier.data.html : add(page.data);
    },
    /** Writes a site-wide file, or keeps the previous build's when it was made of the same inputs. */
    siteFile(sink: OutputSink, file: SiteFile): void {
      const recorded = previous && siteFileInputs.get(previous)?.get(file.path);
      let inputs = siteFileInputs.get(site);
      if (!inputs) siteFileInputs.set(site, (inputs = new Map()));
      inputs.set(file.path, file.inputs);
      if (recorded !== undefined && isSameData(recorded, file.inputs) && sink.keepPrevious(file.path)) {
        keptSiteFiles.push(file.path);
        return;
      }
      sink.write({ path: file.path, contents: file.make() });
    },
    /**
     * A content-hashed data file of `value` (a sidebar, the docs list): the previous build's file
     * and URL while the value is the same, else `emit`'s. Saves serializing and hashing what every
     * rebuild would find unchanged.
     */
    dataFile(sink: OutputSink, name: string, value: unknown, emit: () => { path: string; url: string }): string {
      const recorded = previous && dataFiles.get(previous)?.get(name);
      let files = dataFiles.get(site);
      if (!files) dataFiles.set(site, (files = new Map()));
      if (recorded && isSameData(recorded.value, value) && sink.keepPrevious(recorded.path)) {
        files.set(name, recorded);
        return recorded.url;
      }
      const emitted = { ...emit(), value };
      files.set(name, emitted);
      return emitted.url;
    },
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
      surroundingsUnchanged = previous !== undefined && isSameData(surroundingsOf.get(previous), surroundings);
    },
    /** Whether the previous build's document of the page is still right: neither the page nor what surrounds every page changed. */
    documentUnchanged(page: Page): boolean {
      return surroundingsUnchanged && unchangedPage(page) !== undefined;
    },
  };
}

export type RenderReuse = ReturnType<typeof createRenderReuse>;
