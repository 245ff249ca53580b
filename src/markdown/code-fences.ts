/** A line's place relative to fenced code: a fence line, a line of code, or text. */
export interface FenceRole {
  role: 'open' | 'code' | 'close' | 'text';
  /** The info string of the block the line opens (`ts title="a.ts"`), for `open` lines. */
  info?: string;
}

/**
 * Which reading of fence indentation applies. CommonMark allows a fence up to three spaces of
 * indent (four make indented code). MDX has no indented code, so a fence may be indented as far
 * as its text is: in a list item, `    ```` opens a block that `  ```` closes.
 */
export type FenceIndent = 'commonmark' | 'mdx';

/**
 * Each line's role among fenced code blocks: after the indent that `indent` allows, three or
 * more backticks or tildes; closed by a run of the same character at least as long with nothing
 * after it; an unclosed block runs to the end. Lines before `from` are text.
 */
export function fenceRoles(lines: readonly string[], from = 0, indent: FenceIndent = 'commonmark'): FenceRole[] {
  const fenceLine = indent === 'mdx' ? /^[ \t]*(`{3,}|~{3,})(.*)$/ : /^ {0,3}(`{3,}|~{3,})(.*)$/;
  const roles: FenceRole[] = [];
  let fence: string | undefined;
  lines.forEach((line, index) => {
    if (index < from) {
      roles.push({ role: 'text' });
      return;
    }
    const match = fenceLine.exec(line);
    if (fence) {
      const closes = match !== null && match[1][0] === fence[0] && match[1].length >= fence.length && match[2].trim() === '';
      roles.push({ role: closes ? 'close' : 'code' });
      if (closes) fence = undefined;
    } else if (match && !(match[1][0] === '`' && match[2].includes('`'))) {
      // A backtick fence's info string holds no backtick: ```` ```js``` ```` is inline code.
      fence = match[1];
      roles.push({ role: 'open', info: match[2].trim() });
    } else {
      roles.push({ role: 'text' });
    }
  });
  return roles;
}
