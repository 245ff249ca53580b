import type { Node, Parent } from 'unist';

/** Returned by a {@link walkTree} visitor: do not go into this node's children. */
export const skipChildren = Symbol('skip children');

/**
 * Calls `visitor` for every node below `tree`, depth first in document order, with its index and
 * parent. The same order as unist-util-visit, without its per-node cost: it names a closure for
 * every node it enters (for stack traces), which took longer than our plugins' own work on a
 * 10,000-page build. A visitor may replace `parent.children[index]`; it then returns
 * {@link skipChildren}, or the old node's children are walked.
 */
export function walkTree(tree: Parent, visitor: (node: Node, index: number, parent: Parent) => typeof skipChildren | void): void {
  const children = tree.children;
  for (let index = 0; index < children.length; index++) {
    const node = children[index];
    if (visitor(node, index, tree) === skipChildren) continue;
    if ('children' in node && Array.isArray(node.children)) walkTree(node as Parent, visitor);
  }
}
