import { fenceRoles } from './code-fences.js';
import type { DiagramRequest } from '../model/diagram.js';

/**
 * The diagrams a doc will ask for, read from its markdown without parsing it (see
 * {@link DiagramFigures.foresee}): its ```mermaid blocks, as rehype-code will cut them out. Fences
 * are followed as CommonMark reads them, so a ```mermaid example inside a ````md block (or a
 * ~~~ one, or indented code) is text, not a diagram to render before the compile starts.
 */
export function foreseenDiagrams(raw: string): DiagramRequest[] {
  if (!raw.includes('mermaid')) return [];
  const lines = raw.split(/\r?\n/);
  const requests: DiagramRequest[] = [];
  // The open mermaid block: its code lines, and the opening fence's indent, which CommonMark takes off each.
  let block: { lines: string[]; indent: number } | undefined;
  const close = () => {
    if (block) requests.push({ definition: block.lines.map((line) => `${line}\n`).join(''), number: requests.length + 1 });
    block = undefined;
  };
  fenceRoles(lines, frontMatterEnd(lines)).forEach(({ role, info }, index) => {
    const line = lines[index];
    if (role === 'open' && info?.split(/\s/, 1)[0] === 'mermaid') block = { lines: [], indent: /^ */.exec(line)![0].length };
    else if (role === 'code') block?.lines.push(line.replace(new RegExp(`^ {0,${block.indent}}`), ''));
    else if (role === 'close') close();
  });
  // An unclosed block runs to the end of the doc.
  close();
  return requests;
}

/** The index of the first line after a leading front matter block (0 when there is none). */
function frontMatterEnd(lines: readonly string[]): number {
  if (lines[0] !== '---') return 0;
  const end = lines.indexOf('---', 1);
  return end > 0 ? end + 1 : 0;
}
