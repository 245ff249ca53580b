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
