import { Children, createContext, Fragment, isValidElement, useContext, useEffect, type Context, type ReactElement, type ReactNode } from 'react';
import type { CollectedHead, HeadTag } from '../../../src/shared/types.js';

export type { CollectedHead, HeadTag };

/**
 * Provided by the build while it renders a page: `<Head>` records into it instead of touching a
 * document. One context per process, whichever copy of this module a bundle holds: an MDX doc's
 * bundle has its own copy of the theme, the build another.
 */
export const HeadCollectorContext: Context<CollectedHead | undefined> = ((globalThis as Record<symbol, unknown>)[Symbol.for('sdkdocs.headCollector')] ??=
  createContext<CollectedHead | undefined>(undefined)) as Context<CollectedHead | undefined>;

export function createHeadCollector(): CollectedHead {
  return { tags: [], ignored: [] };
}

const headTagNames = new Set<string>(['meta', 'link', 'script', 'style', 'base', 'noscript']);

/** React's names of attributes that HTML spells otherwise; the rest are HTML's name in lower case. */
const htmlAttributeNames: Record<string, string> = {
  className: 'class',
  htmlFor: 'for',
  httpEquiv: 'http-equiv',
  acceptCharset: 'accept-charset',
};

function htmlAttributeName(reactName: string): string {
  return htmlAttributeNames[reactName] ?? (reactName.startsWith('data-') || reactName.startsWith('aria-') ? reactName : reactName.toLowerCase());
}

function textOf(children: unknown): string {
  if (children === null || children === undefined || typeof children === 'boolean') return '';
  if (Array.isArray(children)) return children.map(textOf).join('');
  return typeof children === 'string' || typeof children === 'number' ? String(children) : '';
}

function elementName(element: ReactElement): string {
  const type = element.type as string | { displayName?: string; name?: string };
  return typeof type === 'string' ? `<${type}>` : `<${type.displayName ?? type.name ?? 'component'}>`;
}

/** The title and head elements among `children` (fragments opened), and what is neither. */
export function readHeadChildren(children: ReactNode): CollectedHead {
  const head = createHeadCollector();
  const visit = (nodes: ReactNode) => {
    for (const child of Children.toArray(nodes)) {
      if (!isValidElement(child)) continue;
      const props = child.props as Record<string, unknown>;
      if (typeof child.type !== 'string') {
        if (child.type === Fragment) visit(props.children as ReactNode);
        else head.ignored.push(elementName(child));
        continue;
      }
      if (child.type === 'title') {
        head.title = textOf(props.children);
        continue;
      }
      if (!headTagNames.has(child.type)) {
        head.ignored.push(elementName(child));
        continue;
      }
      const attributes: Record<string, string | true> = {};
      for (const [name, value] of Object.entries(props)) {
        if (name === 'children' || name === 'dangerouslySetInnerHTML' || value === false || value === null || value === undefined) continue;
        attributes[htmlAttributeName(name)] = value === true ? true : String(value);
      }
      const inner = (props.dangerouslySetInnerHTML as { __html?: string } | undefined)?.__html;
      const text = inner ?? textOf(props.children);
      head.tags.push({ tagName: child.type as HeadTag['tagName'], attributes, ...(text ? { text } : {}) });
    }
  };
  visit(children);
  return head;
}

/** Marks the head elements a page's `<Head>` put there, in the built page and in the browser. */
export const pageHeadAttribute = 'data-page-head';

/** The `<meta>` a tag replaces rather than adds to: the one with the same name or property. */
function metaKey(tag: HeadTag): string | undefined {
  if (tag.tagName !== 'meta') return undefined;
  const key = tag.attributes.name ?? tag.attributes.property;
  return typeof key === 'string' ? key : undefined;
}

/**
 * `@docusaurus/Head`: the page's `<title>` and `<meta>`, `<link>`, `<script>` … elements. The build
 * writes them into the page's head; in the browser, after a client-side navigation, they are put
 * into the document's head and taken out again when the page is left.
 */
export default function Head({ children }: { children?: ReactNode }) {
  const collector = useContext(HeadCollectorContext);
  if (collector) {
    const read = readHeadChildren(children);
    if (read.title !== undefined) collector.title = read.title;
    collector.tags.push(...read.tags);
    collector.ignored.push(...read.ignored);
  }
  const wanted = collector ? undefined : readHeadChildren(children);
  const signature = wanted ? JSON.stringify([wanted.title, wanted.tags]) : '';
  useEffect(() => {
    if (!wanted) return undefined;
    const undo: (() => void)[] = [];
    // The title is not put back on leaving: the next page sets its own, maybe before this cleanup
    // runs (an MDX doc is a React root of its own, unmounted after the app has moved on).
    if (wanted.title !== undefined) document.title = wanted.title;
    for (const tag of wanted.tags) {
      const key = metaKey(tag);
      const existing = key ? document.head.querySelector<HTMLMetaElement>(`meta[name="${CSS.escape(key)}"], meta[property="${CSS.escape(key)}"]`) : null;
      if (existing && !existing.hasAttribute(pageHeadAttribute)) {
        const before = existing.content;
        const content = String(tag.attributes.content ?? '');
        existing.content = content;
        undo.push(() => {
          if (existing.content === content) existing.content = before;
        });
        continue;
      }
      const element = document.createElement(tag.tagName);
      for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value === true ? '' : value);
      if (tag.text) element.textContent = tag.text;
      element.setAttribute(pageHeadAttribute, '');
      // The built page has it already: a second copy would load or run it twice.
      const same = [...document.head.querySelectorAll(`[${pageHeadAttribute}]`)].find((node) => node.isEqualNode(element));
      if (same) {
        undo.push(() => same.remove());
        continue;
      }
      document.head.append(element);
      undo.push(() => element.remove());
    }
    return () => {
      for (const step of undo.reverse()) step();
    };
    // The tags are compared by value: a new children array with the same tags changes nothing.
  }, [signature]);
  return null;
}
