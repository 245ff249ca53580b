import type { SidebarItem, SiteData } from '../shared/types.js';
import type { ThemeComponentName } from '../shared/theme-components.js';
import type { ApiModel } from './api-model.js';
import type { Blog } from './blog.js';
import type { MdxPartialCompiler } from './compiled-doc.js';
import type { ResolvedConfig } from './config.js';
import type { DiagramFigures, DiagramStats } from './diagram.js';
import type { Diagnostic } from './diagnostic.js';
import type { Category, Doc, DocSource } from './doc.js';
import type { DocSamplesCheck, DocSamplesResult } from './doc-samples.js';
import type { DocsVersion } from './docs-version.js';
import type { GitHistory } from './git-history.js';
import type { CodeBlockHighlighter, MarkdownFragmentCompiler } from './markdown-fragments.js';
import type { OutputFile } from './output.js';
import type { Page } from './page.js';
import type { ThemeOverrides } from './theme.js';

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
  /** The API model and the doc-sample check, set by generateApi. */
  api?: {
    model: ApiModel;
    docSamples?: DocSamplesResult;
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
