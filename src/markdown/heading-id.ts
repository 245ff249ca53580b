import type { Heading, Text } from 'mdast';

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
