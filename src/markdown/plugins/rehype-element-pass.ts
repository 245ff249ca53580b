import type { Element, Root } from 'hast';
import type { Parent } from 'unist';
import type { VFile } from 'vfile';
import { walkTree } from './walk-tree.js';

/**
 * One plugin's work on an element, set up for one file. It may change the element and its
 * children (they are visited after it), not the element's siblings or ancestors.
 */
export type ElementVisitor = (element: Element, index: number, parent: Parent) => void;

/** What a plugin gives {@link rehypeElementPass}: its visitor for a file (none when the file needs no work). */
export type ElementVisitorFactory = (file: VFile) => ElementVisitor | undefined;

/**
 * Runs the element visitors of several plugins in one walk of the tree: each element goes through
 * every visitor, in the order given, before its children do. For visitors that touch only an
 * element and what is below it, that is what running the plugins one after the other gives, with
 * one walk instead of one per plugin (walking is most of what these plugins cost).
 */
export default function rehypeElementPass(factories: readonly ElementVisitorFactory[]) {
  return (tree: Root, file: VFile) => {
    const visitors = factories.map((factory) => factory(file)).filter((visitor): visitor is ElementVisitor => visitor !== undefined);
    if (visitors.length === 0) return;
    walkTree(tree, (node, index, parent) => {
      if (node.type !== 'element') return;
      for (const visit of visitors) visit(node as Element, index, parent);
    });
  };
}
