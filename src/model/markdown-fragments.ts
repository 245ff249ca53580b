import type { Root as HastRoot } from 'hast';
import type { SourceLink } from './compiled-doc.js';

/** A piece of markdown compiled through the docs' pipeline: its tree, the ids it holds and its links. */
export interface CompiledFragment {
  hast: HastRoot;
  anchors: Iterable<string>;
  links: SourceLink[];
}

/**
 * Compiles markdown that is not a doc (a TSDoc comment) with the plugins docs get, its links
 * resolved as from `pageRoute`, its messages placed in `file`. The content stage owns the pipeline
 * and leaves one on the site (`Site.compileMarkdownFragment`) for the API stage.
 */
export type MarkdownFragmentCompiler = ((markdown: string, place: { file?: string; pageRoute: string }) => Promise<CompiledFragment>) & {
  /**
   * What the compiler is made of (the config it reads, its code's version), so that a query that
   * compiled with it is made again only when that changed; without it, every compiler is a new one.
   */
  readonly fingerprint?: string;
};

/**
 * The docs' code block highlighter for code outside a doc (the landing page's snippet): the HTML
 * a fenced block of `language` would have in a doc. Left on the site by the content stage.
 */
export interface CodeBlockHighlighter {
  /** Whether the highlighter colours this language (otherwise the code is shown plain). */
  knows(language: string): boolean;
  html(language: string, code: string): string;
  /** The tree of a fenced block with this info string (`meta`: what follows the language), before it is HTML. */
  tree(language: string, code: string, meta?: string): HastRoot;
}
