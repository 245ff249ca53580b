import { isSameData } from '../core/same-data.js';
import type { OutputSink, Page, Site } from '../core/site.js';
import type { SiteFile, SiteFilePiece } from './page-markdown.js';

/** What renderPages made in one build and from what, for the next build to compare with. */
interface RenderRecord {
  /** What every page was rendered in. */
  surroundings?: unknown;
  /** The shared data files by name: the value each was made of, its output path and URL. */
  dataFiles: Map<string, { value: unknown; path: string; url: string }>;
  /** The site-wide files (sitemap, llms files) by output path: what each was made of. */
  siteFileInputs: Map<string, unknown>;
  /** The encoded pieces of the site-wide files made from pieces, by output path, then by piece key. */
  siteFilePieces: Map<string, Map<string, { inputs: unknown[]; bytes: Buffer }>>;
  /** By page: what its content HTML was made from, for pages whose content renderPages makes. */
  contents: WeakMap<Page, { inputs: unknown; html: string }>;
  /** By page: its content HTML before the mobile TOC went into it. */
  contentsBeforeToc: WeakMap<Page, string>;
  /** By page: the route data file it got, to hand on to the next build's unchanged page. */
  routeFiles: WeakMap<Page, { name: string; path: string }>;
}

/** One record per build, gone with its Site. */
const records = new WeakMap<Site, RenderRecord>();

/**
 * serve --watch: tells renderPages which files of the previous build are still right, for the
 * output sink to keep (`sink.keepPrevious`) instead of their being made again. A page's route
 * data file is a function of its data (content HTML included) and its component; its document
 * also of what surrounds every page (site data, sidebars, data file URLs, assets). When these are
 * what they were, so are the files.
 */
export function createRenderReuse(site: Site, previous: Site | undefined, watch = false) {
  const previousPages = new Map(previous?.pages.map((page) => [page.route, page]));
  const record: RenderRecord = { dataFiles: new Map(), siteFileInputs: new Map(), siteFilePieces: new Map(), contents: new WeakMap(), contentsBeforeToc: new WeakMap(), routeFiles: new WeakMap() };
  records.set(site, record);
  const earlierRecord = previous && records.get(previous);
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

  const joinPieces = (path: string, pieces: SiteFilePiece[]): Buffer => {
    const earlier = earlierRecord?.siteFilePieces.get(path);
    const encoded = new Map<string, { inputs: unknown[]; bytes: Buffer }>();
    const parts = pieces.map((piece) => {
      const kept = earlier?.get(piece.key);
      const part = kept && isSameData(kept.inputs, piece.inputs) ? kept : { inputs: piece.inputs, bytes: Buffer.from(piece.text()) };
      encoded.set(piece.key, part);
      return part.bytes;
    });
    record.siteFilePieces.set(path, encoded);
    const made = pieces.filter((piece) => encoded.get(piece.key) !== earlier?.get(piece.key)).length;
    if (earlier) joinedSiteFiles.push(`${path} (${made} of ${pieces.length} pieces encoded)`);
    return Buffer.concat(parts);
  };

  /** How many contents and mobile TOCs that could be kept were made anew, and how many were kept. */
  const counts = { made: 0, kept: 0 };
  const keptSiteFiles: string[] = [];
  const joinedSiteFiles: string[] = [];

  return {
    counts,
    /** The site-wide files {@link siteFile} kept from the previous build. */
    keptSiteFiles,
    /** The site-wide files {@link siteFile} joined from pieces, with how many it encoded. */
    joinedSiteFiles,
    /**
     * A page's content HTML made from `inputs` (the previous build's string when they are what
     * they were), or by `make` alone when the page declares none.
     */
    content(page: Page, inputs: unknown, make: () => string): string {
      const earlier = inputs === undefined ? undefined : previousPages.get(page.route);
      const recorded = earlier && earlierRecord?.contents.get(earlier);
      const html = recorded && earlier.kind === page.kind && isSameData(recorded.inputs, inputs) ? recorded.html : undefined;
      if (html !== undefined) counts.kept++;
      else if (inputs !== undefined) counts.made++;
      const made = html ?? make();
      if (inputs !== undefined) record.contents.set(page, { inputs, html: made });
      return made;
    },
    /**
     * The content HTML with the mobile "On this page" box: the previous build's string when the
     * content and outline are what they were. The same string, not an equal one, lets every later
     * comparison of the page's data end at the reference check instead of reading the whole page.
     */
    withMobileToc(page: Page, add: (data: Page['data']) => string): string {
      const earlier = previousPages.get(page.route);
      const before = earlier && earlierRecord?.contentsBeforeToc.get(earlier);
      const unchanged = earlier && before !== undefined && before === page.data.html && isSameData(earlier.data.toc, page.data.toc);
      if (unchanged) counts.kept++;
      else counts.made++;
      record.contentsBeforeToc.set(page, page.data.html);
      return unchanged ? earlier.data.html : add(page.data);
    },
    /** Writes a site-wide file, or keeps the previous build's when it was made of the same inputs. */
    siteFile(sink: OutputSink, file: SiteFile): void {
      const recorded = earlierRecord?.siteFileInputs.get(file.path);
      record.siteFileInputs.set(file.path, file.inputs);
      if (recorded !== undefined && isSameData(recorded, file.inputs) && sink.keepPrevious(file.path)) {
        keptSiteFiles.push(file.path);
        // Its pieces stay what they were, for the next build that changes the file.
        const pieces = earlierRecord?.siteFilePieces.get(file.path);
        if (pieces) record.siteFilePieces.set(file.path, pieces);
        return;
      }
      // Under serve --watch a file that changes with any page's text is joined from the encoded
      // pieces of the previous build, only the changed ones encoded again: no string of the whole
      // file is made, encoded or compared.
      sink.write({ path: file.path, contents: watch && file.pieces ? joinPieces(file.path, file.pieces()) : file.make() });
    },
    /**
     * A content-hashed data file of `value` (a sidebar, the docs list): the previous build's file
     * and URL while the value is the same, else `emit`'s. Saves serializing and hashing what every
     * rebuild would find unchanged.
     */
    dataFile(sink: OutputSink, name: string, value: unknown, emit: () => { path: string; url: string }): string {
      const recorded = earlierRecord?.dataFiles.get(name);
      if (recorded && isSameData(recorded.value, value) && sink.keepPrevious(recorded.path)) {
        record.dataFiles.set(name, recorded);
        return recorded.url;
      }
      const emitted = { ...emit(), value };
      record.dataFiles.set(name, emitted);
      return emitted.url;
    },
    /** The previous build's route data file of an unchanged page: its name (`{key}.{hash}`) and output path. */
    routeFile(page: Page): { name: string; path: string } | undefined {
      const earlier = unchangedPage(page);
      const recorded = earlier && earlierRecord?.routeFiles.get(earlier);
      if (recorded) record.routeFiles.set(page, recorded);
      return recorded;
    },
    /** Records the route data file made for a page. */
    recordRouteFile(page: Page, name: string, path: string): void {
      record.routeFiles.set(page, { name, path });
    },
    /** Records what every page is rendered in: call once, before {@link document}. */
    setSurroundings(surroundings: unknown): void {
      record.surroundings = surroundings;
      surroundingsUnchanged = earlierRecord !== undefined && isSameData(earlierRecord.surroundings, surroundings);
    },
    /** Whether the previous build's document of the page is still right: neither the page nor what surrounds every page changed. */
    documentUnchanged(page: Page): boolean {
      return surroundingsUnchanged && unchangedPage(page) !== undefined;
    },
  };
}

export type RenderReuse = ReturnType<typeof createRenderReuse>;
