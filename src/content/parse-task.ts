/** What compiling one doc takes and gives, as plain data: shared by the markdown and MDX compilers and the workers. */

import type { CompiledDoc } from '../model/compiled-doc.js';
import type { DiagramAnswer, DiagramRequest } from '../core/diagram-figure.js';
import type { ThemeBlockName } from '../markdown/plugins/rehype-theme-blocks.js';
import type { AdmonitionOptions } from '../markdown/plugins/remark-admonitions.js';
import type { SiteMarkdownPlugins } from './markdown-plugins.js';

/** One doc to compile: plain data, so it can cross to a worker thread. */
export interface ParseTask {
  file: string;
  raw: string;
  route: string;
  /** The doc's title: the h1 its page shows when the markdown has none ('' for no such h1: `hide_title`). */
  title: string;
  /**
   * The heading levels of the "On this page" box that goes below the doc's title, inside its
   * content; absent for no box there (`hide_table_of_contents`, blog posts, whose page draws its own).
   */
  tocLevels?: { min: number; max: number };
  /**
   * The doc is its folder's index, without a slug: Docusaurus gives it its folder's URL with a
   * slash at the end (`/guides/`, unless `trailingSlash: false`), which its relative links resolve from.
   */
  folderIndex?: boolean;
}

/** Whether a doc's relative links resolve from its URL with a slash at its end. */
export function resolvesFromFolder(task: ParseTask, trailingSlash: boolean | undefined): boolean | undefined {
  return trailingSlash ?? task.folderIndex;
}

/** What compiling gives a doc's page; a failure carries its position instead. */
export interface ParseOutcome {
  route: string;
  compiled?: CompiledDoc;
  error?: ParseError & {
    /** The doc's further errors, so that a writer sees them all in one build. */
    others?: ParseError[];
  };
  /** What the compile read besides its doc and context, which the engine checks before it reuses the doc. */
  reads?: CompileReads;
}

/** What a doc's compile read of the site besides the doc: handed back from a worker with the doc. */
export interface CompileReads {
  /** Each file a `.md` link was looked up as, with the route it had (null: no doc has that file). */
  routes: [string, string | null][];
  /** Each image file read, with its fingerprint as the engine records it. */
  files: { kind: 'file'; path: string; fingerprint: string }[];
}

/** A doc's link lookups, recorded into `reads`. */
export function recordedRouteOfFile(routeByFile: ReadonlyMap<string, string>, reads: CompileReads): (absolute: string) => string | undefined {
  return (absolute) => {
    const route = routeByFile.get(absolute);
    reads.routes.push([absolute, route ?? null]);
    return route;
  };
}

export interface ParseError {
  message: string;
  line?: number;
  column?: number;
  hint?: string;
}

/** Where links of every doc resolve, and what the build does with diagrams: the same for all docs. */
export interface ParseContext {
  docsDir: string;
  siteDir: string;
  baseUrl: string;
  /** `trailingSlash`: relative links resolve from the page's URL with a slash at its end. */
  trailingSlash?: boolean;
  routeByFile: Map<string, string>;
  /** Whether ```mermaid blocks become diagrams (else they stay code blocks). */
  mermaid: boolean;
  /** The site's config leaves mermaid off: a ```mermaid block stays code and is a warning at its line. */
  mermaidOff?: boolean;
  /**
   * The figure of each ```mermaid block, put into the doc's tree before it becomes HTML: from the
   * build's diagrams in-process, asked of the main thread on a worker. Without it (diagrams off,
   * or a compiler of fragments) mermaid blocks stay code.
   */
  figureOf?: (request: DiagramRequest) => Promise<DiagramAnswer>;
  /**
   * The markdown constructs' components the site overrides (`src/theme/Admonition.tsx` …): docs
   * that hold such a construct are compiled to an MDX module that renders it through the override.
   */
  themeBlocks?: ThemeBlockName[];
  /** The site's `docs.admonitions`, when not Docusaurus' defaults. */
  admonitions?: AdmonitionOptions;
  /** Components the site's MDX components map gives every MDX doc without an import (`src/theme/MDXComponents`). */
  mdxComponentNames?: string[];
  /** The site's own remark and rehype plugins, when it has any. */
  sitePlugins?: SiteMarkdownPlugins;
  /** What those plugins were made of ({@link markdownPluginsFingerprint}): compiled docs are reused only while it holds. */
  sitePluginsKey?: string;
  /**
   * Safe mode (`--untrusted`): the pull request's checkout the docs come from. Set, MDX docs may
   * hold no code (see untrusted-mdx.ts), raw HTML is sanitized, and images are read only inside
   * it (`siteDir` is then the trusted checkout, whose config the site's plugins come from).
   */
  contentDir?: string;
}
