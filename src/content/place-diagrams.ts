import type { Element, Root, Text } from 'hast';
import type { DiagramSource, DocMessage } from '../model/compiled-doc.js';
import type { DiagramAnswer, DiagramRequest } from '../core/diagram-figure.js';
import { diagramSlotTag } from '../markdown/plugins/rehype-code.js';
import { skipChildren, walkTree } from '../markdown/plugins/walk-tree.js';

/**
 * Asks for the figures of a doc's diagrams, all at once (a worker goes on with other docs while
 * they come); with the problems of those that could not be drawn, located at their blocks.
 */
export async function askForFigures(
  diagrams: readonly DiagramSource[],
  figureOf: (request: DiagramRequest) => Promise<DiagramAnswer>,
): Promise<{ answers: DiagramAnswer[]; messages: DocMessage[] }> {
  const answers = await Promise.all(diagrams.map((source, index) => figureOf({ definition: source.definition, number: index + 1, line: source.line })));
  const messages: DocMessage[] = [];
  for (const [index, { problem }] of answers.entries()) {
    if (problem) messages.push({ severity: 'error', code: problem.code, message: problem.message, hint: problem.hint, line: diagrams[index].line, column: diagrams[index].column });
  }
  return { answers, messages };
}

/**
 * Puts each diagram's figure into the doc's tree where rehype-code left its slot, before the tree
 * becomes HTML. A diagram that could not be drawn leaves its slot empty: its problem, or the one
 * reported at another block (no browser), fails the build.
 */
export function placeDiagrams(tree: Root, answers: readonly DiagramAnswer[]): void {
  if (answers.length === 0) return;
  walkTree(tree, (node, index, parent) => {
    if (node.type !== 'element' || (node as Element).tagName !== diagramSlotTag) return;
    const figure = answers[Number((node as Element).properties.dataIndex)]?.figure;
    const empty: Text = { type: 'text', value: '' };
    parent.children[index] = figure ?? empty;
    return skipChildren;
  });
}
