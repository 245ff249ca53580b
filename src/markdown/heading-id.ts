import type { Heading, Text } from 'mdast';
import { fenceRoles } from './code-fences.js';

/**
 * Takes Docusaurus' explicit heading id off a markdown heading: `## Title {#custom-id}` is the
 * heading `Title` with the id `custom-id`. The id is read as Docusaurus reads it (any text but `{#`
 * and `}`), at the end of the heading's last text; `## {#id}` leaves an empty heading. `\{#id}`
 * (or `&#123;#id}`) was written to be seen, and stays text. `source` is the markdown the heading's
 * positions point into, where the escapes still are.
 */
export function takeExplicitHeadingId(heading: Heading, source: string): string | undefined {
  const last = heading.children.at(-1);
  if (last?.type !== 'text') return undefined;
  // Docusaurus' pattern without its leading `\s*`, which made it quadratic in a run of spaces.
  const match = /\{#((?:.(?!\{#|\}))*.)\}$/.exec(last.value);
  if (!match || !writtenUnescaped(last, source)) return undefined;
  const text = last.value.slice(0, match.index).trimEnd();
  // `## *Title* {#id}`: the text holds only the id, and goes with it.
  if (text || heading.children.length === 1) last.value = text;
  else heading.children.pop();
  return match[1];
}

/** Whether the text's last `{#` is written as such in the markdown, not escaped (`\{#`) or as a character reference. */
function writtenUnescaped(text: Text, source: string): boolean {
  const { start, end } = text.position ?? {};
  if (start?.offset === undefined || end?.offset === undefined) return true;
  const written = source.slice(start.offset, end.offset);
  const brace = written.lastIndexOf('{#');
  if (brace === -1) return false;
  let backslashes = 0;
  while (written[brace - 1 - backslashes] === '\\') backslashes++;
  return backslashes % 2 === 0;
}

/**
 * The id a heading's trailing comment gives it, read as Docusaurus reads it: the comment's first
 * word, when it starts with `#` (`{/* #stage-0:-class-properties *\/}` → `stage-0:-class-properties`).
 * Other comments give none.
 */
export function headingIdOfComment(comment: string): string | undefined {
  const first = comment.trim().split(/\s+/)[0] ?? '';
  return first.startsWith('#') && first.length > 1 ? first.slice(1) : undefined;
}

/** An ATX heading line that ends in a comment: `{/* … *\/}` (MDX's) or `<!-- … -->` (HTML's). */
const headingEndingInComment = /^( {0,3}#{1,6}[ \t].*?)(\{[ \t]*\/\*((?:(?!\*\/).)*)\*\/[ \t]*\}|<!--((?:(?!-->).)*)-->)([ \t]*)$/;

/**
 * Docusaurus' comment form of explicit heading ids in markdown docs: `## Title {/* #custom-id *\/}`
 * (Docusaurus reads `.md` docs as MDX) or `## Title <!-- #custom-id -->`. Each such heading line
 * outside code is rewritten to the `{#custom-id}` form, padded with spaces to its length, so that
 * every place in the text stays where it was; a comment that names no id is left as written.
 */
export function commentHeadingIdsAsBraces(markdown: string): string {
  if (!markdown.includes('*/') && !markdown.includes('-->')) return markdown;
  const lines = markdown.split('\n');
  let roles: ReturnType<typeof fenceRoles> | undefined;
  let changed = false;
  lines.forEach((line, index) => {
    const match = headingEndingInComment.exec(line);
    if (!match) return;
    roles ??= fenceRoles(lines);
    if (roles[index].role !== 'text') return;
    const id = headingIdOfComment(match[3] ?? match[4] ?? '');
    // The brace form cannot hold `}` or `{#`.
    if (id === undefined || id.includes('}') || id.includes('{#')) return;
    const braces = `{#${id}}`;
    lines[index] = match[1] + braces + ' '.repeat(match[2].length - braces.length) + match[5];
    changed = true;
  });
  return changed ? lines.join('\n') : markdown;
}
