/**
 * What parseMarkdown makes of one doc, as plain data that crosses threads and the compile cache:
 * the model's view of a doc's content. The content stage fills it; every later stage reads it.
 */

import type { TocItem } from '../shared/types.js';

/**
 * Everything the rest of the build needs from a doc's markdown, as plain data: the content
 * already rendered to HTML, so no stage holds (or copies between threads) the doc's syntax trees.
 */
export interface CompiledDoc {
  /** Content HTML, diagrams' figures included. */
  html: string;
  toc: TocItem[];
  /** Every element id in the content (headings, footnotes), for anchor checks. */
  anchors: string[];
  links: SourceLink[];
  /** The content's text split at its h2/h3 headings, for search. */
  sections: ContentSection[];
  diagrams: DiagramSource[];
  /** An MDX doc's module; its `html` comes from rendering it (renderMdxDocs). */
  mdx?: MdxModuleSource;
  /** Image files the content shows, to be copied as assets (see rehype-images). */
  images?: DocImage[];
  /** Problems the plugins found in the content, at their places (kept with the compiled doc, so a cached doc reports them again). */
  messages?: DocMessage[];
  /** The doc's code blocks that the API stage may type-check, found while parsing it (none when absent). */
  samples?: CodeSample[];
}

/** A ```mermaid block of the content, whose figure the doc compiler put in its place. */
export interface DiagramSource {
  definition: string;
  line?: number;
  column?: number;
  /** An MDX doc's figure as HTML, which its `<SdkdocsDiagram>` renders (a markdown doc's is in its `html`). */
  figureHtml?: string;
}

/** A section found in a page's content, before it becomes one or more records. */
export interface ContentSection {
  heading?: string;
  anchor?: string;
  text: string;
  /** Rank of the heading (1 for the page's top, before any heading). */
  rank: number;
}

/** An MDX doc compiled to an ES module; renderMdxDocs bundles and renders it, bundleClient ships it. */
export interface MdxModuleSource {
  /** The program MDX compiled: imports as written, `export default function MDXContent`. */
  code: string;
  /** Each import statement's module and where it is written, so an unresolvable one is reported there. */
  imports: MdxImport[];
}

/** A partial compiled to an ES module, or why it could not be. */
export type MdxPartialOutcome = { code: string } | { error: { message: string; line?: number; column?: number } };

/** Compiles a markdown partial an MDX doc or component imports; one per build (`Site.compileMdxPartial`). */
export type MdxPartialCompiler = ((file: string) => Promise<MdxPartialOutcome>) & {
  /** What the compiler is made of (the config it reads, the theme blocks overridden, its code's version); without it, every compiler is a new one. */
  readonly fingerprint?: string;
};

export interface MdxImport {
  source: string;
  line: number;
  column: number;
}

/** An image file a doc shows, copied into the output under a content-hashed name. */
export interface DocImage {
  /** Absolute path of the image file. */
  file: string;
  /** Output path relative to the site root folder: `assets/images/shot.1a2b3c4d.png`. */
  output: string;
  /** The content hash in the output name; undefined when the file was missing. */
  hash?: string;
}

/** A problem a plugin found in a doc's content, as plain data: it crosses threads and the compile cache. */
export interface DocMessage {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  hint?: string;
  line?: number;
  column?: number;
}

/** A link found in content or config, kept for the link rules. */
export interface SourceLink {
  /** As written. */
  url: string;
  /**
   * Resolved absolute route (with base URL) and fragment, when internal. A `tsdoc` link without
   * it is a `{@link}` TypeDoc could not resolve: broken.
   */
  resolved?: string;
  file?: string;
  line?: number;
  column?: number;
  /** Where it came from: a relative `.md` link, a plain route link, a config entry, a TSDoc comment. */
  kind: 'markdown' | 'route' | 'config' | 'tsdoc' | 'page';
}

/** A fenced code block of a language the API stage type-checks (content/code-samples.ts), where the doc has it. */
export interface CodeSample {
  /** The info string's language, as written. */
  lang: string;
  /** The rest of the info string (`title="a.ts" no-check`). */
  meta?: string;
  code: string;
  /** Where the block's opening fence starts in the doc's file (1-based). */
  line: number;
  column: number;
  /**
   * Where the block's code element is in the compiled doc's `html`, which the sample links fill
   * with the linked block. None when the compile did not write it itself (React rendered what
   * holds it) or the doc is rendered from an MDX module.
   */
  place?: HtmlPlace;
}

/** Where an element is in a piece of HTML: from its opening tag's `<` to just after its closing tag. */
export interface HtmlPlace {
  start: number;
  end: number;
}
