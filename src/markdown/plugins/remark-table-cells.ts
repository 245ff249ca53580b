import type { Root, Table, TableCell } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { skipChildren, walkTree } from './walk-tree.js';

/**
 * GFM shows a table row's cells up to the header's count and drops the rest, as GitHub does.
 * The usual cause is a `|` meant as text (`a || b` in a cell), so the dropped text is a warning
 * at the first cell that goes, never lost in silence.
 */
export default function remarkTableCells() {
  return (tree: Root, file: VFile) => {
    walkTree(tree, (node) => {
      if (node.type !== 'table') return;
      const table = node as Table;
      const columns = table.align?.length ?? table.children[0]?.children.length ?? 0;
      for (const row of table.children.slice(1)) {
        if (row.children.length <= columns) continue;
        const dropped = row.children.slice(columns);
        const text = writtenText(dropped, String(file.value)) ?? dropped.map((cell) => toString(cell)).join(' | ');
        const count = dropped.length;
        const message = file.message(
          `This table row has ${row.children.length} cells but the header has ${columns}, so ${count === 1 ? 'its last cell is' : `its last ${count} cells are`} not shown${text ? `: "${text.length > 60 ? `${text.slice(0, 57)}…` : text}"` : ''}.`,
          { place: dropped[0].position?.start ?? row.position?.start, ruleId: 'table-cells', source: 'sdkdocs' },
        );
        message.note = 'Escape a `|` that is part of the text as `\\|` (also inside `code`), or add a column to the header row.';
      }
      return skipChildren;
    });
  };
}

/** The cells as written in the markdown, pipes between them included. */
function writtenText(cells: TableCell[], source: string): string | undefined {
  const start = cells[0].position?.start.offset;
  const end = cells.at(-1)?.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  return source.slice(start, end).replace(/^\|/, '').replace(/\|$/, '').trim();
}
