import { highlightParam, pageHighlightClass } from '../../src/shared/search/search-data.js';
import { wordStartPattern } from '../../src/shared/search/words.js';

/** Most words highlighted on a page, whatever the URL says. */
const maxWords = 10;
/** Content that is not text to read, or is already a mark. */
const skippedAncestors = 'script, style, svg, mark, textarea, .hash-link';

/**
 * Marks the words a search result carried in its URL (`?_highlight=timeout`) in the page's
 * content, after removing the marks of the previous page: the highlight lasts until the next
 * navigation.
 */
export function highlightSearchedWords(search: string): void {
  clearSearchHighlight();
  const words = new URLSearchParams(search)
    .getAll(highlightParam)
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean)
    .slice(0, maxWords);
  const pattern = wordStartPattern(words);
  if (!pattern) return;
  for (const content of document.querySelectorAll('main .markdown')) markMatches(content, pattern);
}

/** Removes every search highlight from the document, leaving its text as it was. */
export function clearSearchHighlight(): void {
  const parents = new Set<Node>();
  for (const mark of document.querySelectorAll(`mark.${pageHighlightClass}`)) {
    const parent = mark.parentNode;
    if (!parent) continue;
    parent.replaceChild(document.createTextNode(mark.textContent ?? ''), mark);
    parents.add(parent);
  }
  for (const parent of parents) parent.normalize();
}

function markMatches(root: Element, pattern: RegExp): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest(skippedAncestors) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const textNodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) textNodes.push(node as Text);
  for (const node of textNodes) {
    const text = node.data;
    const matches = [...text.matchAll(pattern)];
    if (matches.length === 0) continue;
    const fragment = document.createDocumentFragment();
    let last = 0;
    for (const match of matches) {
      if (match.index > last) fragment.append(text.slice(last, match.index));
      const mark = document.createElement('mark');
      mark.className = pageHighlightClass;
      mark.textContent = match[0];
      fragment.append(mark);
      last = match.index + match[0].length;
    }
    if (last < text.length) fragment.append(text.slice(last));
    node.replaceWith(fragment);
  }
}
