import markdownIt, { type MarkdownIt, type StateBlock, type StateInline, type Token } from 'markdown-it';

/*
 * markdown-it, set up to read markdown as remark-parse with remark-gfm (minus literal autolinks)
 * and remark-directive reads it, for the docs it covers (see fast-parse.ts): CommonMark, GFM
 * tables and strikethrough, and `:::name[label]` containers at the top level. Where it meets
 * something it does not read the same way, it says so (`Tokenized.unsupported`) and the doc goes
 * to remark-parse. Its tokens carry the source offsets the mdast positions are made of.
 */

/** A token with where it starts and ends in the source (offsets into the doc's text). */
export interface PlacedToken extends Token {
  /** Block tokens: the offset of the first character of the block (after container markers). */
  sourceStart?: number;
  /** Inline tokens: offsets into the inline content they were read from. */
  contentStart?: number;
  contentEnd?: number;
}

/** What a doc tokenizes to, and why the tokens cannot stand for remark-parse's tree, if so. */
export interface Tokenized {
  tokens: PlacedToken[];
  unsupported?: string;
  /** markdown-it's reference definitions: mdast keeps references as references, so any sends the doc to remark-parse. */
  hasReferences: boolean;
}

interface TokenizeEnv {
  [key: string | symbol]: unknown;
  unsupported?: string;
  references?: Record<string, { href: string; title: string }>;
}

/** The tokenizer: one markdown-it instance, made once per thread. */
export function createMarkdownItTokenizer(): (text: string) => Tokenized {
  const md = markdownIt('commonmark', { html: true, linkify: false, typographer: false });
  md.enable(['table', 'strikethrough']);
  // Docs may nest deeper than the preset's 20 levels; sdkdocs' own limit (markdown-limits.ts) is checked first.
  md.set({ maxNesting: 1000 });
  // mdast keeps URLs as written (escapes and references decoded), never percent-encoded or dropped.
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  md.validateLink = () => true;
  md.block.ruler.before('fence', 'directive_container', directiveContainer, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  placeBlockTokens(md);
  placeInlineTokens(md);
  return (text) => {
    const env: TokenizeEnv = {};
    const tokens = md.parse(text, env) as PlacedToken[];
    return { tokens, unsupported: env.unsupported, hasReferences: env.references !== undefined && Object.keys(env.references).length > 0 };
  };
}

/**
 * Stamps each block token with the offset its block starts at, read from the block state while
 * the rule that made it runs (a block quote's content is read with its `>` markers cut off).
 */
function placeBlockTokens(md: MarkdownIt): void {
  for (const rule of (md.block.ruler as unknown as { __rules__: { fn: (state: StateBlock, start: number, end: number, silent: boolean) => boolean }[] }).__rules__) {
    const tokenize = rule.fn;
    rule.fn = (state, startLine, endLine, silent) => {
      const before = state.tokens.length;
      const matched = tokenize(state, startLine, endLine, silent);
      if (matched && !silent) {
        for (let index = before; index < state.tokens.length; index++) {
          const token = state.tokens[index] as PlacedToken;
          if (token.sourceStart !== undefined || !token.map) continue;
          const line = token.map[0];
          token.sourceStart = state.bMarks[line] + state.tShift[line];
          // Indented code and raw HTML start where their indentation does, within their container.
          if (token.type === 'code_block' || token.type === 'html_block') {
            token.sourceStart -= state.sCount[line] - state.blkIndent;
            if (state.src.slice(state.bMarks[line], state.bMarks[line] + state.tShift[line]).includes('\t')) (state.env as TokenizeEnv).unsupported ??= 'tab-indented block';
          }
        }
      }
      return matched;
    };
  }
  // Rules are compiled into chains on first use; the wrapped functions must be the ones chained.
  (md.block.ruler as unknown as { __cache__: unknown }).__cache__ = null;
}

/** Stamps the tokens each inline rule makes with the span of inline content the rule read. */
function placeInlineTokens(md: MarkdownIt): void {
  for (const rule of (md.inline.ruler as unknown as { __rules__: { fn: (state: StateInline, silent: boolean) => boolean }[] }).__rules__) {
    const tokenize = rule.fn;
    rule.fn = (state, silent) => {
      // The rule's first push flushes the text pending before it: that token is not the rule's.
      const before = state.tokens.length + (state.pending ? 1 : 0);
      const start = state.pos;
      const matched = tokenize(state, silent);
      if (matched && !silent && state.tokens.length > before) {
        const first = state.tokens[before] as PlacedToken;
        const last = state.tokens[state.tokens.length - 1] as PlacedToken;
        first.contentStart ??= start;
        last.contentEnd ??= state.pos;
      }
      return matched;
    };
  }
  (md.inline.ruler as unknown as { __cache__: unknown }).__cache__ = null;
}

/** The directive names read here; others (digits first, non-ASCII) go to remark-parse. */
const directiveName = /^[A-Za-z][A-Za-z0-9_-]*/;

/**
 * `:::name` or `:::name[label]` … `:::`, as remark-directive reads a container: its content is a
 * document of its own, up to a line of at least as many colons. Only at the top level (or in
 * another container) and unindented: in a list or a quote, lazy lines and indentation work
 * differently, and such docs go to remark-parse, as do attributes and unusual names or labels.
 */
function directiveContainer(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine] + state.tShift[startLine];
  const max = state.eMarks[startLine];
  if (state.src.charCodeAt(start) !== 0x3a || !state.src.startsWith(':::', start)) return false;
  const env = state.env as TokenizeEnv;
  const line = state.src.slice(start, max);
  const colons = /^:+/.exec(line)![0].length;
  const rest = line.slice(colons);
  const name = directiveName.exec(rest)?.[0];
  // A line of colons alone (or with anything but a name) is a paragraph, as in remark-directive.
  if (!name) {
    if (/^[A-Za-z0-9]/.test(rest) || /^[^\s\p{P}\p{S}]/u.test(rest)) env.unsupported ??= 'directive name';
    return false;
  }
  const afterName = rest.slice(name.length);
  const label = /^\[([^[\]\\{}`]*)\][ \t]*$/.exec(afterName);
  if (name.endsWith('-') || name.endsWith('_') || (!label && !/^[ \t]*$/.test(afterName))) {
    env.unsupported ??= 'directive fence';
    return false;
  }
  // Between two items a list asks, silently, whether this line ends it. It ends there whatever
  // the answer (`:::` starts no item), and the tokenizer that reads on from this line asks again,
  // not silently: that is where a directive inside a list is told apart.
  if (silent && state.parentType === 'list') return false;
  if ((state.parentType !== 'root' && (state.parentType as string) !== 'directive') || state.sCount[startLine] !== state.blkIndent) {
    env.unsupported ??= 'nested or indented directive';
    return false;
  }
  if (silent) return true;
  let closeLine = startLine + 1;
  for (; closeLine < endLine; closeLine++) {
    if (state.sCount[closeLine] - state.blkIndent >= 4) continue;
    const fence = state.src.slice(state.bMarks[closeLine] + state.tShift[closeLine], state.eMarks[closeLine]);
    const closing = /^(:+)[ \t]*$/.exec(fence);
    if (closing && closing[1].length >= colons) break;
  }
  const closed = closeLine < endLine;
  // An unclosed container is an authoring error, reported with its place: remark-parse reads it.
  if (!closed) {
    env.unsupported ??= 'unclosed directive';
    return false;
  }
  const oldParent = state.parentType;
  const oldLineMax = state.lineMax;
  const open = state.push('directive_open', 'div', 1) as PlacedToken;
  open.info = name;
  open.markup = ':'.repeat(colons);
  open.map = [startLine, closeLine + 1];
  if (label) {
    // The label is inline content, which markdown-it's inline stage reads from an `inline` token.
    const labelOpen = state.push('directive_label_open', '', 1) as PlacedToken;
    labelOpen.map = [startLine, startLine + 1];
    labelOpen.sourceStart = start + colons + name.length;
    const labelText = state.push('inline', '', 0) as PlacedToken;
    labelText.content = label[1];
    labelText.map = [startLine, startLine + 1];
    labelText.sourceStart = start + colons + name.length + 1;
    labelText.children = [];
    state.push('directive_label_close', '', -1);
  }
  (state as { parentType: string }).parentType = 'directive';
  state.lineMax = closeLine;
  state.md.block.tokenize(state, startLine + 1, closeLine);
  state.lineMax = oldLineMax;
  state.parentType = oldParent;
  state.push('directive_close', 'div', -1);
  state.line = closeLine + 1;
  return true;
}
