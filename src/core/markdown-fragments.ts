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
export type MarkdownFragmentCompiler = (markdown: string, place: { file?: string; pageRoute: string }) => Promise<CompiledFragment>;
