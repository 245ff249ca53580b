import type { AlignType, BlockContent, Code, Heading, List, ListItem, Nodes, Paragraph, PhrasingContent, Root, RootContent, Table, TableCell, TableRow } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import type { Point, Position } from 'unist';
import type { PlacedToken } from './markdown-it-tokenizer.js';

/**
 * Converts markdown-it's tokens to the mdast remark-parse (with remark-gfm and remark-directive)
 * gives the same text. Block nodes get their exact places; inline nodes that diagnostics point at
 * (links, images, code, raw HTML) get theirs, other inline nodes none. A construct it does not
 * convert the same way throws {@link UnsupportedMarkdown}, and the doc goes to remark-parse.
 */
export function tokensToMdast(tokens: readonly PlacedToken[], text: string): Root {
  const converter = new TokenConverter(tokens, text);
  const root: Root = { type: 'root', children: converter.blocks('') as RootContent[], position: { start: converter.point(0), end: converter.point(text.length) } };
  return root;
}

/** Thrown where the converter would not give remark-parse's tree: the doc is parsed by remark-parse instead. */
export class UnsupportedMarkdown extends Error {}

const alignOfStyle: Record<string, AlignType> = { 'text-align:left': 'left', 'text-align:center': 'center', 'text-align:right': 'right' };

class TokenConverter {
  private index = 0;
  private readonly lineStarts: number[] = [0];

  constructor(
    private readonly tokens: readonly PlacedToken[],
    private readonly text: string,
  ) {
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) this.lineStarts.push(at + 1);
  }

  /** The unist point of an offset into the text. */
  point(offset: number): Point {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1, offset };
  }

  /** The offset of the end of a line (0-based), before its line ending. */
  private lineEnd(line: number): number {
    return line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] - 1 : this.text.length;
  }

  private isBlankLine(line: number): boolean {
    return /^[ \t]*$/.test(this.text.slice(this.lineStarts[line], this.lineEnd(line)));
  }

  /** From the token's start to the end of the last non-blank line of its lines. */
  private blockPosition(token: PlacedToken): Position {
    if (token.sourceStart === undefined || !token.map) throw new UnsupportedMarkdown(`no place for ${token.type}`);
    let last = token.map[1] - 1;
    while (last > token.map[0] && this.isBlankLine(last)) last--;
    return { start: this.point(token.sourceStart), end: this.point(this.lineEnd(last)) };
  }

  /** Block nodes up to the token closing the current container (`closeType`; '' for the document's end). */
  blocks(closeType: string): Nodes[] {
    const children: Nodes[] = [];
    let previousWasIndentedCode = false;
    while (this.index < this.tokens.length) {
      const token = this.tokens[this.index];
      if (token.type === closeType) {
        this.index++;
        return children;
      }
      // micromark splits indented code that follows a list at its second line, and reads a list
      // item under indented code as a paragraph: neither as CommonMark (or markdown-it) says.
      if (token.type === 'code_block' && children.at(-1)?.type === 'list') throw new UnsupportedMarkdown('indented code after a list');
      const previous = children.at(-1);
      if (previousWasIndentedCode && previous?.position && token.map && token.map[0] <= previous.position.end.line) {
        throw new UnsupportedMarkdown('a block right under indented code');
      }
      // micromark reads an ordered list after indented code as a paragraph unless it starts at 1, blank lines or not.
      if (previousWasIndentedCode && token.type === 'ordered_list_open') throw new UnsupportedMarkdown('an ordered list after indented code');
      // remark-gfm's table goes on over a line markdown-it starts another block with (raw HTML).
      if (previous?.type === 'table' && previous.position && token.map && token.map[0] <= previous.position.end.line) {
        throw new UnsupportedMarkdown('a block right under a table');
      }
      previousWasIndentedCode = token.type === 'code_block';
      const node = this.block(token);
      children.push(node);
    }
    if (closeType) throw new UnsupportedMarkdown(`unclosed ${closeType}`);
    return children;
  }

  private block(token: PlacedToken): Nodes {
    this.index++;
    switch (token.type) {
      case 'paragraph_open': {
        const inline = this.tokens[this.index++];
        this.index++;
        return { type: 'paragraph', children: this.inline(inline, this.paragraphContentStarts(inline)), position: this.blockPosition(token) };
      }
      case 'heading_open':
        return this.heading(token);
      case 'blockquote_open':
        return { type: 'blockquote', children: this.blocks('blockquote_close') as BlockContent[], position: this.blockPosition(token) };
      case 'bullet_list_open':
      case 'ordered_list_open':
        return this.list(token);
      case 'fence':
        return this.fencedCode(token);
      case 'code_block': {
        const position = this.blockPosition(token);
        // Its last line is its content's: a quote's `>` line after it is no line of the code.
        const lastLine = token.map![0] + token.content.replace(/\n$/, '').split('\n').length - 1;
        if (lastLine < position.end.line - 1) position.end = this.point(this.lineEnd(lastLine));
        // Where blank lines end the document after indented code, micromark's code sometimes takes them in.
        if (/^\n[ \t]*\n\s*$/.test(this.text.slice(position.end.offset))) throw new UnsupportedMarkdown('indented code before the end');
        // Blank lines inside indented code end it where lazy quote lines went before (micromark), not in markdown-it.
        if (/\n[ \t]*\n/.test(token.content)) throw new UnsupportedMarkdown('indented code with blank lines');
        return { type: 'code', lang: null, meta: null, value: token.content.replace(/\n$/, ''), position };
      }
      case 'hr':
        return { type: 'thematicBreak', position: this.blockPosition(token) };
      case 'html_block':
        return { type: 'html', value: token.content.replace(/\n$/, ''), position: this.blockPosition(token) };
      case 'table_open':
        return this.table(token);
      case 'directive_open':
        return this.directive(token);
      default:
        throw new UnsupportedMarkdown(`token ${token.type}`);
    }
  }

  private heading(open: PlacedToken): Heading {
    const inline = this.tokens[this.index++];
    this.index++;
    const depth = Number(open.tag.slice(1)) as Heading['depth'];
    const position = this.blockPosition(open);
    // A setext heading's text is lines like a paragraph's, its underline the last line.
    const starts = open.markup === '=' || open.markup === '-' ? this.paragraphContentStarts(inline) : [this.text.indexOf(inline.content, open.sourceStart)];
    if (starts.some((start) => start < 0)) throw new UnsupportedMarkdown('heading text not found');
    return { type: 'heading', depth, children: this.inline(inline, starts), position };
  }

  private list(open: PlacedToken): List {
    const ordered = open.type === 'ordered_list_open';
    const closeType = ordered ? 'ordered_list_close' : 'bullet_list_close';
    const items: ListItem[] = [];
    const itemLines: [number, number][] = [];
    while (this.tokens[this.index].type !== closeType) {
      const itemOpen = this.tokens[this.index++];
      if (itemOpen.type !== 'list_item_open') throw new UnsupportedMarkdown(`list holds ${itemOpen.type}`);
      const children = this.blocks('list_item_close') as BlockContent[];
      const position = this.blockPosition(itemOpen);
      items.push({ type: 'listItem', spread: this.hasBlankLineBetween(children), checked: null, children, position });
      itemLines.push([position.start.line, position.end.line]);
      this.checkTask(items[items.length - 1]);
    }
    this.index++;
    // Blank lines between items make the list spread, as mdast-util-from-markdown counts them.
    let spread = false;
    for (let index = 1; index < itemLines.length && !spread; index++) spread = this.hasBlankLineIn(itemLines[index - 1][1], itemLines[index][0] - 1);
    const start = ordered ? Number(open.attrGet('start') ?? 1) : null;
    const first = items[0]?.position;
    const last = items[items.length - 1]?.position;
    return { type: 'list', ordered, start, spread, children: items, position: { start: first!.start, end: last!.end } };
  }

  /** Whether a blank line (1-based lines, exclusive of `after`, inclusive of `until`) lies between two lines. */
  private hasBlankLineIn(after: number, until: number): boolean {
    for (let line = after + 1; line <= until; line++) if (this.isBlankLine(line - 1)) return true;
    return false;
  }

  private hasBlankLineBetween(children: readonly Nodes[]): boolean {
    for (let index = 1; index < children.length; index++) {
      if (this.hasBlankLineIn(children[index - 1].position!.end.line, children[index].position!.start.line - 1)) return true;
    }
    return false;
  }

  /** GFM's `[x]`/`[ ]` at the start of an item's first paragraph, as mdast-util-gfm-task-list-item reads it. */
  private checkTask(item: ListItem): void {
    const paragraph = item.children[0];
    if (paragraph?.type !== 'paragraph' || !paragraph.position) return;
    const offset = paragraph.position.start.offset!;
    const mark = /^\[([ xX\t])\](?=[ \t]+[^ \t\r\n])/.exec(this.text.slice(offset, offset + 5));
    if (!mark) {
      if (this.text[offset] === '[' && /^\[[ xX\t]\]/.test(this.text.slice(offset, offset + 3))) throw new UnsupportedMarkdown('task mark');
      return;
    }
    const head = paragraph.children[0];
    if (head?.type !== 'text' || !head.value.startsWith(mark[0])) throw new UnsupportedMarkdown('task text');
    item.checked = mark[1] === 'x' || mark[1] === 'X';
    head.value = head.value.slice(mark[0].length + 1);
    // As mdast-util-gfm-task-list-item does: the paragraph starts after the mark only when text follows it.
    if (head.value.length === 0) paragraph.children.shift();
    else paragraph.position.start = this.point(offset + mark[0].length + 1);
  }

  private fencedCode(token: PlacedToken): Code {
    // micromark decodes escapes and character references in the info string; markdown-it leaves them to its renderer.
    if (/[\\&]/.test(token.info)) throw new UnsupportedMarkdown('escaped info string');
    const info = token.info.replace(/^[ \t]+/, '');
    const space = info.search(/[ \t]/);
    const lang = space === -1 ? info : info.slice(0, space);
    const meta = space === -1 ? '' : info.slice(space).replace(/^[ \t]+/, '');
    const position = this.blockPosition(token);
    const lastLine = this.text.slice(this.lineStarts[position.end.line - 1], position.end.offset);
    const closing = /^([ \t>]*)(`+|~+)[ \t]*$/.exec(lastLine);
    const openingPrefix = this.text.slice(this.lineStarts[position.start.line - 1], position.start.offset);
    const quoteDepth = (prefix: string) => prefix.split('>').length - 1;
    const closed =
      position.end.line > position.start.line &&
      closing !== null &&
      quoteDepth(closing[1]) === quoteDepth(openingPrefix) &&
      closing[2][0] === token.markup[0] &&
      closing[2].length >= token.markup.length;
    // An unclosed fence runs to the end of the document, blank lines and all, and the two parsers
    // place that end, and the ends of the containers around it, differently.
    if (!closed) throw new UnsupportedMarkdown('unclosed fence');
    return { type: 'code', lang: lang || null, meta: meta || null, value: token.content.replace(/\n$/, ''), position };
  }

  private table(open: PlacedToken): Table {
    const rows: TableRow[] = [];
    let align: AlignType[] = [];
    let columns = 0;
    for (let token = this.tokens[this.index++]; token.type !== 'table_close'; token = this.tokens[this.index++]) {
      if (token.type !== 'tr_open') continue;
      const rowLine = token.map![0];
      const cells: TableCell[] = [];
      let cursor = this.lineStarts[rowLine];
      for (let cell = this.tokens[this.index++]; cell.type !== 'tr_close'; cell = this.tokens[this.index++]) {
        if (cell.type === 'th_open') align.push(alignOfStyle[cell.attrGet('style') ?? ''] ?? null);
        if (cell.type !== 'inline') continue;
        const start = cell.content === '' ? cursor : this.text.indexOf(cell.content, cursor);
        if (start < 0 || start > this.lineEnd(rowLine)) throw new UnsupportedMarkdown('table cell text not found');
        cursor = start + cell.content.length;
        cells.push({ type: 'tableCell', children: this.inline(cell, [start]) });
      }
      if (rows.length === 0) columns = cells.length;
      // markdown-it pads or cuts body rows to the header's cells; mdast keeps them as written.
      else if (this.cellCount(rowLine) !== columns) throw new UnsupportedMarkdown('table row width');
      // remark-gfm ends a table where a line could start raw HTML; markdown-it reads it as a row.
      else if (/^[ \t>]*</.test(this.text.slice(this.lineStarts[rowLine], this.lineEnd(rowLine)))) throw new UnsupportedMarkdown('table row of raw HTML');
      rows.push({ type: 'tableRow', children: cells, position: this.blockPosition(token) });
    }
    if (align.every((value) => value === null)) align = align.map(() => null);
    return { type: 'table', align, children: rows, position: this.blockPosition(open) };
  }

  /** The cells a table row's line is cut into, as GFM cuts it: at unescaped pipes, outer ones aside. */
  private cellCount(line: number): number {
    const row = this.text.slice(this.lineStarts[line], this.lineEnd(line)).trim().replace(/\\./g, 'x');
    const inner = row.replace(/^\|/, '').replace(/\|$/, '');
    return inner.split('|').length;
  }

  private directive(open: PlacedToken): ContainerDirective {
    const children: Nodes[] = [];
    if (this.tokens[this.index].type === 'directive_label_open') {
      const labelOpen = this.tokens[this.index];
      const inline = this.tokens[this.index + 1];
      this.index += 3;
      const start = labelOpen.sourceStart!;
      const label: Paragraph = {
        type: 'paragraph',
        data: { directiveLabel: true },
        children: this.inline(inline, [start + 1]),
        position: { start: this.point(start), end: this.point(start + inline.content.length + 2) },
      };
      children.push(label);
    }
    children.push(...this.blocks('directive_close'));
    return { type: 'containerDirective', name: open.info, attributes: {}, children: children as BlockContent[], position: this.blockPosition(open) };
  }

  /**
   * Where each line of a paragraph's inline content starts in the source: markdown-it cuts each
   * line's indentation (and container markers) and trims the whole, so a line's content ends
   * where its source line does, the last line's trailing whitespace aside.
   */
  private paragraphContentStarts(inline: PlacedToken): number[] {
    const lines = inline.content.split('\n');
    const first = inline.map![0];
    return lines.map((content, index) => {
      let end = this.lineEnd(first + index);
      if (index === lines.length - 1) while (end > 0 && (this.text[end - 1] === ' ' || this.text[end - 1] === '\t')) end--;
      const start = end - content.length;
      if (this.text.slice(start, end) !== content) throw new UnsupportedMarkdown('paragraph line not found');
      return start;
    });
  }

  /** Phrasing nodes of an inline token; `lineStarts`: the source offset of each line of its content. */
  private inline(inline: PlacedToken, lineStarts: readonly number[]): PhrasingContent[] {
    const contentLineStarts = [0];
    for (let at = inline.content.indexOf('\n'); at !== -1; at = inline.content.indexOf('\n', at + 1)) contentLineStarts.push(at + 1);
    const sourceOffset = (contentOffset: number): number => {
      let line = contentLineStarts.length - 1;
      while (line > 0 && contentLineStarts[line] > contentOffset) line--;
      return lineStarts[line] + contentOffset - contentLineStarts[line];
    };
    const place = (startToken: PlacedToken, endToken: PlacedToken): Position | undefined =>
      startToken.contentStart === undefined || endToken.contentEnd === undefined
        ? undefined
        : { start: this.point(sourceOffset(startToken.contentStart)), end: this.point(sourceOffset(endToken.contentEnd)) };
    // Code and HTML across lines: markdown-it and micromark keep different whitespace at the breaks.
    const spansLines = (token: PlacedToken) => inline.content.slice(token.contentStart, token.contentEnd).includes('\n');
    return new InlineConverter(inline.children ?? [], place, spansLines).phrasing('');
  }
}

/** Converts one inline token's children; `place` gives a node its position from its tokens' stamps. */
class InlineConverter {
  private index = 0;

  constructor(
    private readonly tokens: readonly PlacedToken[],
    private readonly place: (start: PlacedToken, end: PlacedToken) => Position | undefined,
    private readonly spansLines: (token: PlacedToken) => boolean = () => false,
  ) {}

  phrasing(closeType: string): PhrasingContent[] {
    const nodes: PhrasingContent[] = [];
    const addText = (value: string) => {
      const last = nodes[nodes.length - 1];
      if (last?.type === 'text') last.value += value;
      else nodes.push({ type: 'text', value });
    };
    while (this.index < this.tokens.length) {
      const token = this.tokens[this.index++];
      if (token.type === closeType) return nodes;
      switch (token.type) {
        case 'text':
        case 'text_special':
          if (token.content) addText(token.content);
          break;
        case 'softbreak':
          addText('\n');
          break;
        case 'hardbreak':
          nodes.push({ type: 'break' });
          break;
        case 'code_inline':
          if (this.spansLines(token)) throw new UnsupportedMarkdown('code across lines');
          nodes.push(withPosition({ type: 'inlineCode', value: token.content }, this.place(token, token)));
          break;
        case 'html_inline':
          if (this.spansLines(token)) throw new UnsupportedMarkdown('HTML across lines');
          nodes.push(withPosition({ type: 'html', value: token.content }, this.place(token, token)));
          break;
        case 'em_open':
          nodes.push({ type: 'emphasis', children: this.phrasing('em_close') });
          break;
        case 'strong_open':
          nodes.push({ type: 'strong', children: this.phrasing('strong_close') });
          break;
        case 's_open':
          nodes.push({ type: 'delete', children: this.phrasing('s_close') });
          break;
        case 'link_open':
          nodes.push(this.link(token));
          break;
        case 'image':
          nodes.push(this.image(token));
          break;
        default:
          throw new UnsupportedMarkdown(`inline token ${token.type}`);
      }
    }
    if (closeType) throw new UnsupportedMarkdown(`unclosed ${closeType}`);
    return nodes;
  }

  private link(open: PlacedToken): PhrasingContent {
    const children = this.phrasing('link_close');
    const close = this.tokens[this.index - 1];
    const title = open.attrGet('title');
    return withPosition({ type: 'link', title: title ? String(title) : null, url: String(open.attrGet('href') ?? ''), children }, this.place(open, close));
  }

  private image(token: PlacedToken): PhrasingContent {
    const alt = new InlineConverter(token.children ?? [], () => undefined).phrasing('');
    const title = token.attrGet('title');
    return withPosition({ type: 'image', title: title ? String(title) : null, url: String(token.attrGet('src') ?? ''), alt: toString(alt) }, this.place(token, token));
  }
}

function withPosition<T extends PhrasingContent>(node: T, position: Position | undefined): T {
  if (position) node.position = position;
  return node;
}
