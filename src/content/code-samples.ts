import type { Element, Root as HastRoot } from 'hast';
import type { Code, Root } from 'mdast';
import { skipChildren, walkTree } from '../markdown/plugins/walk-tree.js';
import type { CodeSample } from '../model/compiled-doc.js';
import { checkableSampleLanguages } from '../core/doc-samples.js';

/** An opening fence of a checkable language anywhere in the text: most docs have none, and are not walked. */
const checkableFence = /(```|~~~)[ \t]*(ts|typescript|mts|cts)\b/i;

/** Whether a text could hold a checkable code block (false means it cannot). */
export function mayHaveCodeSamples(markdown: string): boolean {
  return checkableFence.test(markdown);
}

/**
 * The checkable code blocks of a doc, found in the tree the doc is compiled from, so that the
 * sample check never parses the markdown again.
 */
export function findCodeSamples(markdown: string, tree: Root): CodeSample[] {
  if (!mayHaveCodeSamples(markdown)) return [];
  const samples: CodeSample[] = [];
  walkTree(tree, (node) => {
    if (node.type !== 'code') return;
    const { lang, meta, value, position } = node as Code;
    if (lang && position && checkableSampleLanguages.has(lang.toLowerCase())) {
      samples.push({ lang, ...(meta ? { meta } : {}), code: value, line: position.start.line, column: position.start.column });
    }
    return skipChildren;
  });
  return samples;
}

/**
 * The code element each sample's block was highlighted into, by the sample's index: rehype-code
 * gives a block's wrapper the place of its fence, which is where the sample was found.
 */
export function sampleCodeElements(hast: HastRoot, samples: readonly CodeSample[]): Map<Element, number> {
  const indexAt = new Map(samples.map((sample, index) => [`${sample.line}:${sample.column}`, index]));
  const found = new Map<Element, number>();
  walkTree(hast, (node) => {
    if (node.type !== 'element' || !isCodeBlock(node as Element)) return;
    const start = (node as Element).position?.start;
    const index = start ? indexAt.get(`${start.line}:${start.column}`) : undefined;
    if (index === undefined) return;
    const code = codeElementIn(node as Element);
    if (code) found.set(code, index);
    return skipChildren;
  });
  return found;
}

function isCodeBlock(element: Element): boolean {
  const className = element.properties.className;
  return Array.isArray(className) && className.includes('code-block');
}

/** The `pre > code` element inside a code block's wrapper. */
function codeElementIn(wrapper: Element): Element | undefined {
  for (const child of wrapper.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'pre') return child.children.find((inner): inner is Element => inner.type === 'element' && inner.tagName === 'code');
    const inside = codeElementIn(child);
    if (inside) return inside;
  }
  return undefined;
}
