/**
 * Deepest nesting of block quotes, lists and `:::` containers sdkdocs compiles. The markdown parser's time grows
 * with the cube of the depth of one nested structure, and the tree walks after it recurse once
 * per level: a few thousand levels took minutes and then overflowed the stack. Real docs stay
 * within a handful of levels.
 */
export const maxNestingDepth = 50;

/** A doc beyond a limit of {@link maxNestingDepth}: where, and what to do. */
export class MarkdownLimitError extends Error {
  readonly place: { line: number; column: number };
  readonly hint: string;
  constructor(message: string, place: { line: number; column: number }, hint: string) {
    super(message);
    this.name = 'MarkdownLimitError';
    this.place = place;
    this.hint = hint;
  }
}

const listMarker = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
const fenceOpening = /^(`{3,}|~{3,})/;

/**
 * Throws a {@link MarkdownLimitError} at the first line whose block quotes and lists nest deeper
 * than {@link maxNestingDepth}, before the parser spends minutes on it. One pass over the lines:
 * the depth of a line that opens a quote or a list item is its `>` and list markers, plus its
 * indentation counted as one level per two columns (the least a nested list item is indented),
 * so it never counts fewer levels than the parser would. Fenced code is skipped.
 */
export function checkMarkdownLimits(markdown: string): void {
  let fence: { char: string; length: number } | undefined;
  let lineNumber = 0;
  // Admonitions and other container directives (`:::note` … `:::`) open inside each other too.
  let openContainers = 0;
  // CommonMark ends a line at LF, CR or CRLF alike: a document with CR endings is as deep as with LF.
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    lineNumber++;
    let index = 0;
    let indent = 0;
    let markers = 0;
    // The container prefix: indentation, `>` and list markers, in any order.
    for (;;) {
      const start = index;
      while (line[index] === ' ' || line[index] === '\t') {
        if (markers === 0) indent += line[index] === '\t' ? 4 : 1;
        index++;
      }
      if (line[index] === '>') {
        markers++;
        index++;
        continue;
      }
      const marker = listMarker.exec(line.slice(index, index + 11));
      if (marker && !isThematicBreak(line.slice(index))) {
        markers++;
        index += marker[0].length;
        continue;
      }
      if (index === start) break;
      if (index >= line.length) break;
    }
    const rest = line.slice(index);
    if (fence) {
      if (rest.startsWith(fence.char.repeat(fence.length)) && rest.replace(new RegExp(`^\\${fence.char}+`), '').trim() === '') fence = undefined;
      continue;
    }
    const opening = fenceOpening.exec(rest);
    if (opening) fence = { char: opening[1][0], length: opening[1].length };
    if (/^:{3,}[ \t]*[A-Za-z]/.test(rest)) openContainers++;
    else if (/^:{3,}[ \t]*$/.test(rest)) openContainers = Math.max(0, openContainers - 1);
    if (openContainers > maxNestingDepth) {
      throw new MarkdownLimitError(
        `Admonitions (\`:::\` containers) nest ${openContainers} levels deep here; sdkdocs compiles up to ${maxNestingDepth} levels.`,
        { line: lineNumber, column: 1 },
        'Close each `:::` container before opening the next, or use headings for the outer levels.',
      );
    }
    const depth = markers === 0 ? 0 : markers + Math.floor(indent / 2);
    if (depth > maxNestingDepth) {
      throw new MarkdownLimitError(
        `Block quotes and lists nest ${depth} levels deep here; sdkdocs compiles up to ${maxNestingDepth} levels.`,
        { line: lineNumber, column: 1 },
        'Flatten the structure: split the list, or use headings for the outer levels.',
      );
    }
  }
}

/** `- - -`, `***`, `_ _ _`: a horizontal rule, not nested list items. */
function isThematicBreak(text: string): boolean {
  return /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/.test(text);
}
