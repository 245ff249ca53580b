import type { Element, ElementContent, Root, RootContent } from 'hast';
import { mobileTocAttribute } from '../../templates/DocParts.js';
import { tocTree, type TocNode } from '../../templates/toc-headings.js';
import { formatThemeString } from '../shared/theme-strings.js';
import type { TocItem } from '../shared/types.js';

/**
 * A doc's tree with the mobile "On this page" box below its leading title, where the theme's
 * `TableOfContentsMobile` would draw it (`inContent`): the box is part of the content, so it is
 * made here, on the parse worker, with the rest of the doc's HTML. A doc whose content does not
 * start with its title is left as it is; the page then shows the box above the content.
 */
export function withMobileToc(hast: Root, toc: TocItem[]): Root {
  if (toc.length === 0) return hast;
  const place = placeAfterTitle(hast);
  if (!place) return hast;
  const children = [...place.parent.children];
  children.splice(place.index, 0, mobileTocElement(toc));
  const changed = { ...place.parent, children } as Root | Element;
  return place.path.reduceRight<Root | Element>((inner, { parent, index }) => {
    const siblings = [...parent.children];
    siblings[index] = inner as Element;
    return { ...parent, children: siblings } as Root | Element;
  }, changed) as Root;
}

type Parent = Root | Element;

/**
 * Where the box goes: after the first `h1`, which may sit inside leading `div`/`header` wrappers
 * and after text labels (`<span>Class</span>`); after the wrapping `header` when the title is the
 * last thing in it. Undefined when the content does not start with a title.
 */
function placeAfterTitle(root: Root): { parent: Parent; index: number; path: { parent: Parent; index: number }[] } | undefined {
  const path: { parent: Parent; index: number }[] = [];
  let parent: Parent = root;
  let index = nextContent(parent, 0);
  for (;;) {
    const node = parent.children[index] as RootContent | undefined;
    if (!isElement(node) || (node.tagName !== 'div' && node.tagName !== 'header')) break;
    path.push({ parent, index });
    parent = node;
    index = nextContent(parent, 0);
  }
  while (isElement(parent.children[index]) && (parent.children[index] as Element).tagName === 'span' && holdsTextOnly(parent.children[index] as Element)) {
    index = nextContent(parent, index + 1);
  }
  const title = parent.children[index];
  if (!isElement(title) || title.tagName !== 'h1') return undefined;
  const closesHeader = parent.type === 'element' && parent.tagName === 'header' && nextContent(parent, index + 1) === parent.children.length && path.length > 0;
  if (closesHeader) {
    const outer = path.pop()!;
    return { parent: outer.parent, index: outer.index + 1, path };
  }
  return { parent, index: index + 1, path };
}

/** The index of the first child at or after `from` that is not whitespace (or a comment). */
function nextContent(parent: Parent, from: number): number {
  let index = from;
  while (index < parent.children.length) {
    const node = parent.children[index];
    if (node.type === 'comment' || (node.type === 'text' && node.value.trim() === '')) index++;
    else break;
  }
  return index;
}

function isElement(node: RootContent | ElementContent | undefined): node is Element {
  return node?.type === 'element';
}

function holdsTextOnly(element: Element): boolean {
  return element.children.every((child) => child.type === 'text');
}

function mobileTocElement(toc: TocItem[]): Element {
  const list = (nodes: TocNode[], top: boolean): Element => ({
    type: 'element',
    tagName: 'ul',
    properties: top ? { className: ['toc-list'] } : {},
    children: nodes.map((node) => ({
      type: 'element',
      tagName: 'li',
      properties: {},
      children: [
        { type: 'element', tagName: 'a', properties: { href: `#${node.item.id}`, className: ['toc-link'] }, children: [{ type: 'text', value: node.item.text }] },
        ...(node.children.length > 0 ? [list(node.children, false)] : []),
      ],
    })),
  });
  return {
    type: 'element',
    tagName: 'details',
    properties: { className: ['toc-mobile'], [mobileTocAttribute]: '' },
    children: [{ type: 'element', tagName: 'summary', properties: {}, children: [{ type: 'text', value: formatThemeString('onThisPage') }] }, list(tocTree(toc), true)],
  };
}
