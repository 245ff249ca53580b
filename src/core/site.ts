import path from 'node:path';
import type { ComponentType } from 'react';
import type { ResolvedConfig } from '../model/config.js';
import type { RouteData, SidebarItem, SiteData } from '../shared/types.js';
import type { DiagramRenderer, DiagramStats } from './diagram-renderer.js';
import type { DiagramFigures } from './diagram-figure.js';
import type { ItemMemory } from './item-store.js';
import type { ApiPrefetch } from './api-prefetch.js';
import type { ApiModel } from './api-model.js';
import type { DocSamplesCheck, DocSamplesResult } from './doc-samples.js';
import type { SourceFile as TypeScriptSourceFile } from 'typescript';
import type { CompiledDoc, ContentSection, MdxPartialCompiler, SourceLink } from '../model/compiled-doc.js';
import type { GitHistory } from '../model/git-history.js';
import type { Diagnostic } from './diagnostic.js';
import type { Logger } from './logger.js';
import { currentVersionName, type DocsVersion } from './docs-version.js';
import type { ApiPageContent } from '../model/api-page-content.js';
import type { CodeBlockHighlighter, MarkdownFragmentCompiler } from '../model/markdown-fragments.js';
import type { ThemeOverrides } from '../../templates/theme-overrides.js';
import type { ThemeComponentName } from '../shared/theme-components.js';
import type { Blog, BlogPageView } from '../model/blog.js';
import type { Category, Doc, DocSource } from '../model/doc.js';
import type { OutputFile, OutputSink, WrittenOutputs } from '../model/output.js';

export type { FrontMatter } from '../model/front-matter.js';
export type { Category, CategoryMetadata, Doc, DocSource } from '../model/doc.js';
export type { OutputFile, OutputSink, WrittenOutputs } from '../model/output.js';
import type { QueryEngine } from '../engine/query-engine.js';

/** One route the build emits. */
export interface Page {
  route: string;
  kind: RouteData['kind'];
  /** The file the page comes from, for diagnostics. */
  sourceFile?: string;
  /** The line in `sourceFile` that gives the page its route (a `slug`), for diagnostics. */
  sourceLine?: number;
  /**
   * A doc's compiled content (HTML, outline, ids, links, search text, diagrams), from
   * parseMarkdown. Other pages have their HTML in `data.html` or a component.
   */
  content?: CompiledDoc;
  /** An API page's view, from the API stage; renderApiPages makes its HTML and search sections. */
  api?: ApiPageContent;
  /** An API page's content split into search sections, from the tree its HTML was rendered from. */
  searchSections?: ContentSection[];
  /** A blog page's view (a list, a post, a tag …), whose HTML renderPages makes. */
  blog?: BlogPageView;
  /** A custom React page's component, rendered to static HTML by renderPages. */
  component?: ComponentType<{ site: SiteData }>;
  /** All that the client needs; `html` is filled by renderPages. */
  data: RouteData;
  /** Every element id on the page, for anchor checks (filled by renderPages and the API stage). */
  anchors: Set<string>;
  links: SourceLink[];
}

/** Output folder of hashed assets, relative to the site root. */
export const assetsDir = 'assets';

/**
 * The one in-memory model that flows through the build stages. Each stage adds to it; only
 * the output sink touches the output folder.
 */
export interface Site {
  config: ResolvedConfig;
  siteData?: SiteData;
  docSources: DocSource[];
  categories: Category[];
  docs: Doc[];
  sidebars: Record<string, SidebarItem[]>;
  pages: Page[];
  /** Emitted asset URLs the page shell references (CSS, JS), filled by bundleClient. */
  assets: { css: string[]; js: string[]; inlineHead: string[] };
  /** Files other than pages: assets, search data, sitemap; keyed by output path. */
  outputs: Map<string, OutputFile>;
  diagnostics: Diagnostic[];
  /** Page documents a full build took unchanged from the output it replaced (renderPages). */
  documentsReused?: number;
  /** What parseMarkdown did: docs compiled, and how many of them the compile cache held. */
  compiled?: { docs: number; fromCache: number };
  /** What the diagrams took (diagrams found, cached, rendered, browsers started). */
  diagrams?: DiagramStats;
  /** The build's diagrams, started by renderDiagrams when mermaid is on; the doc compilers ask it for figures. */
  diagramFigures?: DiagramFigures;
  /**
   * With `versions.json`: every docs version (the current one included), and each past version's
   * docs, read into a site of its own that shares this one's pages, sidebars, outputs and diagnostics.
   */
  docsVersions?: { versions: DocsVersion[]; past: { version: DocsVersion; site: Site }[] };
  /** The docs folder's git history, for "Last updated" lines; read once per `serve --watch`. */
  gitHistory?: GitHistory;
  /** The API model and the doc-sample check, set by generateApi; serve --watch reuses them while the SDK is unchanged. */
  api?: {
    model: ApiModel;
    docSamples?: DocSamplesResult;
    sourceFiles?: ReadonlyMap<string, TypeScriptSourceFile>;
    /** The names the doc-sample check resolved, once it is done (undefined if it failed): linkCodeSamples links them. */
    sampleNames?: Promise<DocSamplesCheck['names'] | undefined>;
  };
  /** Compiles the markdown partials MDX docs import, set by parseMarkdown; the client bundle compiles the same ones. */
  compileMdxPartial?: MdxPartialCompiler;
  /** Compiles markdown that is not a doc (TSDoc comments) with the docs' pipeline, set by parseMarkdown. */
  compileMarkdownFragment?: MarkdownFragmentCompiler;
  /** Highlights code outside the docs (the landing snippet) as a doc's code block, set by parseMarkdown. */
  highlightCodeBlock?: CodeBlockHighlighter;
  /** The site's own theme components (`src/theme/…`), set by collectContent. */
  themeOverrides?: SiteThemeOverrides;
  /** The blog's posts, authors and tags, set by collectContent when the site has a blog. */
  blog?: Blog;
  /**
   * Files and folders (absolute paths) that the tools the build runs reported reading: esbuild's
   * inputs of the client and MDX bundles, TypeDoc's. serve --watch watches those outside the site folder.
   */
  readFiles: Set<string>;
  /**
   * The site's files that compiling its custom pages read (esbuild's inputs: the pages, the
   * components and stylesheets they import), set by collectContent: serve --watch compiles the
   * pages again when one of them changes.
   */
  customPageInputs?: string[];
}

/** The site's theme overrides, as the build found, compiled and checked them. */
export interface SiteThemeOverrides {
  /** The override's file by the name of the theme component it replaces. */
  files: Map<ThemeComponentName, string>;
  /** The overrides as the build renders them. */
  components: ThemeOverrides;
  /** The overrides compiled for Node (one ES module), which render workers import again. */
  code: string;
  /** The names the site's MDX components map (`src/theme/MDXComponents`) gives every MDX doc, when it has one. */
  mdxComponentNames?: string[];
  /** The stylesheets the overrides import, as `@import` specifiers for the browser bundle (see `importedStylesheets`). */
  stylesheets: string[];
}

/** What every stage gets besides the site. */
export interface BuildContext {
  logger: Logger;
  /** Folder for caches that survive between builds (`node_modules/.cache/sdkdocs` under the site). */
  cacheDir: string;
  /** Set when a stage should reuse a previous run's work (serve --watch). */
  previous?: Site;
  /** The cache entries a serve --watch session keeps in memory between its builds (see src/core/item-store.ts). */
  memory?: ItemMemory;
  /**
   * The query engine the stages' queries run on (src/engine): a serve --watch session keeps one,
   * told before each rebuild which paths changed; any other build has a new one.
   */
  engine?: QueryEngine;
  /**
   * When set, the stage runner names here the stage after which each output file first was in
   * `site.outputs` (a build kept in memory, for `build --explain`).
   */
  outputStages?: Map<string, string>;
  /**
   * With `previous`: the files (absolute paths) created, changed or deleted since it was built.
   * Stages may reuse the previous work for every other file without reading it again. Without
   * it, any file may have changed. See {@link mayHaveChanged}.
   */
  changedFiles?: ReadonlySet<string>;
  /** With `previous`, the output sink updates the output folder in place and reports what it wrote here. */
  onOutputsWritten?: (written: WrittenOutputs) => void;
  /**
   * A build of serve --watch, whose output is updated in place while pages are open: the name of
   * a file that every page links to must not change when one page does.
   */
  watch?: boolean;
  /** Renders mermaid diagrams instead of mermaid-cli in Chromium (tests pass a fake). */
  diagramRenderer?: DiagramRenderer;
  /** What `sdkdocs build` started for the API before the build (its TypeDoc run), owned by the command. */
  apiPrefetch?: ApiPrefetch;
  /** Where the build's files go: renderPages writes pages to it as it renders them, writeSite the rest. */
  sink: OutputSink;
  /**
   * Checks a stage started and left running (see {@link deferCheck}): they add their diagnostics
   * to the site when done, and the build waits for them before it writes anything.
   */
  deferredChecks?: Promise<void>[];
  /**
   * Set when the build has a published moment (serve --watch): work the served pages do not need,
   * which {@link afterPublished} queued to run once the build's pages are published.
   */
  afterPublished?: Array<() => void | Promise<void>>;
}

/**
 * Runs work that no page served by serve --watch needs (writing cache files and the output
 * folder): in a build with a published moment it waits until the pages are served and the build
 * ends once it is done; any other build runs it at once, as part of the stage.
 */
export function afterPublished(ctx: Pick<BuildContext, 'afterPublished'>, work: () => void | Promise<void>): void | Promise<void> {
  if (!ctx.afterPublished) return work();
  ctx.afterPublished.push(work);
}

/**
 * Lets a check finish while later stages run (the doc samples compile on the TypeDoc worker while
 * this thread renders). The build awaits it, and reports its diagnostics, before `writeSite` and
 * before it ends.
 */
export function deferCheck(ctx: BuildContext, check: Promise<void>): void {
  // Awaited by the stage runner; until then a failure must not count as unhandled.
  check.catch(() => undefined);
  (ctx.deferredChecks ??= []).push(check);
}

/**
 * Whether anything at or below `fileOrFolder` may differ from what `ctx.previous` was built
 * from (a changed folder counts for everything in it): always true for a full build or when the
 * build was not told what changed.
 */
export function mayHaveChanged(ctx: Pick<BuildContext, 'previous' | 'changedFiles'>, fileOrFolder: string): boolean {
  if (!ctx.previous || !ctx.changedFiles) return true;
  for (const changed of ctx.changedFiles) {
    if (isSameOrInside(changed, fileOrFolder) || isSameOrInside(fileOrFolder, changed)) return true;
  }
  return false;
}

function isSameOrInside(file: string, folder: string): boolean {
  return file === folder || file.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);
}

export function createSite(config: ResolvedConfig): Site {
  return {
    config,
    docSources: [],
    categories: [],
    docs: [],
    sidebars: {},
    pages: [],
    assets: { css: [], js: [], inlineHead: [] },
    outputs: new Map(),
    diagnostics: [...(config.configWarnings ?? [])],
    readFiles: new Set(config.configInputs),
  };
}

/** Adds a page, refusing two pages at one route (both sources are named). */
export function addPage(site: Site, page: Page): void {
  const byRoute = pagesByRoute(site);
  const existing = byRoute.get(page.route);
  if (existing) {
    const located = page.sourceFile ? page : existing;
    site.diagnostics.push({
      severity: 'error',
      code: 'duplicate-route',
      message: `Duplicate route ${page.route}: ${describePageSource(page)} and ${describePageSource(existing)} both emit it.`,
      // At the file that can be changed: the new page's, else (a generated page) the other one's.
      file: located.sourceFile,
      line: located.sourceFile ? (located.sourceLine ?? 1) : undefined,
      column: located.sourceFile ? 1 : undefined,
      hint: 'Give one of them another `slug` in its front matter, or rename or move the file.',
    });
    return;
  }
  site.pages.push(page);
  byRoute.set(page.route, page);
}

/** `docs/intro.md:2` (relative to the current folder, as diagnostics print files), or the page's kind. */
function describePageSource(page: Page): string {
  if (!page.sourceFile) return `the ${page.kind} page`;
  const relative = path.relative(process.cwd(), page.sourceFile);
  const file = relative && !relative.startsWith('..') ? relative : page.sourceFile;
  return `${file}:${page.sourceLine ?? 1}`;
}

/** Each page list's pages by route, so adding 10,000 pages does not search the list 10,000 times. */
const routeIndexes = new WeakMap<Page[], Map<string, Page>>();

function pagesByRoute(site: Site): Map<string, Page> {
  let index = routeIndexes.get(site.pages);
  // A stage that changed the list itself (not through addPage) gets a fresh index.
  if (!index || index.size !== site.pages.length) {
    index = new Map(site.pages.map((page) => [page.route, page]));
    routeIndexes.set(site.pages, index);
  }
  return index;
}

/** The site a page's docs were read into: a past version's, else the site itself. */
export function siteOfPage(site: Site, page: Page): Site {
  const name = page.data.docsVersion;
  if (!name || name === currentVersionName) return site;
  return site.docsVersions?.past.find((entry) => entry.version.name === name)?.site ?? site;
}
