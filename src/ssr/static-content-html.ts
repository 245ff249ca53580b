import type { Element, Root, RootContent } from 'hast';
import type { HtmlPlace } from '../model/compiled-doc.js';

/**
 * A doc's content as the HTML that React's `renderToStaticMarkup` writes for it after
 * rehype-react, written directly: most of a doc is paragraphs, headings, lists, links and
 * highlighted code, and turning each into a React element only to print it again took as long as
 * parsing the markdown. Only what this file knows React's output of is written here (the
 * elements and properties below, text); every other node (an element the theme replaces with a
 * component, SVG, form controls, raw HTML, a `style`, a property not listed) is rendered by React
 * and put in its place, so the HTML never depends on which path wrote a node. The test
 * tests/static-content-html.test.ts holds both to the same bytes on every doc the project has.
 */
export function createStaticHtmlWriter(renderWithReact: (nodes: RootContent[]) => string): StaticHtmlWriter {
  let out: string[] = [];
  /** The nodes handed to React, each with the index in `out` its HTML goes to. */
  let handed: { node: RootContent; at: number }[] = [];
  /** The elements whose place the caller asked for, and the parts of `out` each was written to. */
  let marked: ReadonlySet<Element> = new Set();
  let markedParts = new Map<Element, [first: number, end: number]>();
  const write = (nodes: readonly RootContent[]): void => {
    for (const node of nodes) {
      if (node.type === 'text') out.push(escapeHtml(node.value));
      else if (node.type === 'element' && writeElement(node)) continue;
      else {
        handed.push({ node, at: out.length });
        out.push('');
      }
    }
  };
  /** Writes `element` and says so, or writes nothing and says it cannot. */
  const writeElement = (element: Element): boolean => {
    const tag = element.tagName;
    if (!plainElements.has(tag) || leadingNewlineDropped(element)) return false;
    const attributes = attributesOf(element);
    if (attributes === undefined) return false;
    if (voidElements.has(tag)) {
      if (element.children.length > 0) return false;
      out.push(`<${tag}${attributes}/>`);
      return true;
    }
    const first = out.length;
    out.push(`<${tag}${attributes}>`);
    write(element.children);
    out.push(`</${tag}>`);
    if (marked.has(element)) markedParts.set(element, [first, out.length]);
    return true;
  };
  const writeRoot = (root: Root, asked: ReadonlySet<Element>): void => {
    out = [];
    handed = [];
    marked = asked;
    markedParts = new Map();
    write(root.children);
    const parts = handed.length > 0 ? renderedApart(handed.map(({ node }) => node), renderWithReact) : [];
    handed.forEach(({ at }, index) => (out[at] = parts[index]));
  };
  const writer = (root: Root): string => {
    writeRoot(root, noElements);
    return out.join('');
  };
  writer.placing = (root: Root, asked: ReadonlySet<Element>) => {
    writeRoot(root, asked);
    const offsets: number[] = [];
    let length = 0;
    for (const part of out) {
      offsets.push(length);
      length += part.length;
    }
    offsets.push(length);
    const places = new Map<Element, HtmlPlace>();
    for (const [element, [first, end]] of markedParts) places.set(element, { start: offsets[first], end: offsets[end] });
    return { html: out.join(''), places };
  };
  return writer;
}

const noElements: ReadonlySet<Element> = new Set();

/** Writes a tree's HTML; `placing` also says where each of the elements asked about was written. */
export interface StaticHtmlWriter {
  (root: Root): string;
  /**
   * The HTML, and the place of each element of `asked` that this writer wrote itself: an element
   * inside a node React rendered has none, as React's output is not read back.
   */
  placing(root: Root, asked: ReadonlySet<Element>): { html: string; places: Map<Element, HtmlPlace> };
}

/**
 * What React renders for each of `nodes`, from one render of them all: a render has a cost of its
 * own, and a doc may hand over a node per table and admonition. Siblings at the top of a tree
 * render as they would alone, so the nodes are rendered side by side with a separator text that
 * no markdown text holds (the parser turns NUL into U+FFFD); should it show up anyway, each node is
 * rendered on its own.
 */
function renderedApart(nodes: RootContent[], renderWithReact: (nodes: RootContent[]) => string): string[] {
  if (nodes.length === 1) return [renderWithReact(nodes)];
  const together = renderWithReact(nodes.flatMap((node, index) => (index === 0 ? [node] : [separatorNode, node])));
  const parts = together.split(separator);
  return parts.length === nodes.length ? parts : nodes.map((node) => renderWithReact([node]));
}

const separator = '\u0000sdkdocs\u0000';
const separatorNode: RootContent = { type: 'text', value: separator };

/**
 * Elements React prints as they are: their props become attributes in order, their children
 * follow. Not here: elements the theme's markdown components replace (table, img,
 * admonition-title), form controls (React reorders an input's `checked` and `value`), elements
 * React 19 may hoist (title, meta, link, style, script), SVG (its own attribute names).
 */
const plainElements = new Set([
  'a', 'abbr', 'article', 'aside', 'b', 'blockquote', 'br', 'button', 'cite', 'code', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt',
  'em', 'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'i', 'ins', 'kbd', 'li', 'main', 'mark',
  'nav', 'ol', 'p', 'pre', 'q', 's', 'samp', 'section', 'small', 'span', 'strong', 'sub', 'summary', 'sup', 'time', 'u', 'ul', 'var',
]);

/** Elements without children, which React closes with `/>`. */
const voidElements = new Set(['br', 'hr']);

/** React writes one newline more after `<pre>` when its only child is text that starts with one. */
function leadingNewlineDropped(element: Element): boolean {
  if (element.tagName !== 'pre' || element.children.length !== 1) return false;
  const only = element.children[0];
  return only.type === 'text' && only.value.startsWith('\n');
}

/** How a listed hast property becomes an attribute. */
type AttributeKind = 'tokens' | 'text' | 'url' | 'number' | 'boolean';

/** hast property name → the attribute React writes and how. */
const plainProperties = new Map<string, [name: string, kind: AttributeKind]>([
  ['className', ['class', 'tokens']],
  ['id', ['id', 'text']],
  ['href', ['href', 'url']],
  ['title', ['title', 'text']],
  ['lang', ['lang', 'text']],
  ['dir', ['dir', 'text']],
  ['role', ['role', 'text']],
  ['target', ['target', 'text']],
  ['rel', ['rel', 'tokens']],
  ['name', ['name', 'text']],
  ['type', ['type', 'text']],
  ['tabIndex', ['tabindex', 'number']],
  ['start', ['start', 'number']],
  ['open', ['open', 'boolean']],
]);

/**
 * The element's attributes as React writes them (` name="value"` each, in the properties' order),
 * or undefined when a property is one this file does not know React's output of.
 */
function attributesOf(element: Element): string | undefined {
  let attributes = '';
  for (const property in element.properties) {
    const value = element.properties[property];
    // rehype-react drops nullish and NaN values.
    if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) continue;
    const known = plainProperties.get(property);
    let written: string | undefined;
    if (known) written = knownAttribute(known[0], known[1], value);
    else if (/^(?:aria|data)[A-Z]/.test(property)) written = ariaOrDataAttribute(property, value);
    if (written === undefined) return undefined;
    attributes += written;
  }
  return attributes;
}

type PropertyValue = NonNullable<Element['properties'][string]>;

function knownAttribute(name: string, kind: AttributeKind, value: PropertyValue): string | undefined {
  switch (kind) {
    case 'tokens': {
      if (!Array.isArray(value)) return typeof value === 'string' ? ` ${name}="${escapeHtml(value)}"` : undefined;
      return ` ${name}="${escapeHtml(value.join(' ').trim())}"`;
    }
    case 'text':
      return typeof value === 'string' || typeof value === 'number' ? ` ${name}="${escapeHtml(String(value))}"` : undefined;
    case 'url':
      // React 19 leaves out an empty URL and replaces a javascript: one; both go to React.
      return typeof value === 'string' && value !== '' && !/^[\u0000-\u0020]*j/i.test(value) ? ` ${name}="${escapeHtml(value)}"` : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? ` ${name}="${value}"` : undefined;
    case 'boolean':
      if (value === true) return ` ${name}=""`;
      return value === false ? '' : undefined;
  }
}

/** `ariaHidden` → `aria-hidden`, `dataFootnoteRef` → `data-footnote-ref`, as property-information names them; React writes them as strings. */
function ariaOrDataAttribute(property: string, value: PropertyValue): string | undefined {
  const name = property.startsWith('aria') ? `aria-${property.slice(4).toLowerCase()}` : `data${property.slice(4).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  if (Array.isArray(value)) return ` ${name}="${escapeHtml(value.join(' ').trim())}"`;
  return ` ${name}="${escapeHtml(String(value))}"`;
}

const htmlEscapes: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** React's escaping of text and attribute values. */
function escapeHtml(text: string): string {
  return /["&'<>]/.test(text) ? text.replace(/["&'<>]/g, (character) => htmlEscapes[character]) : text;
}
