import { fenceRoles } from '../../markdown/code-fences.js';

/**
 * Which docs go through MDX. `.mdx` files always do. A `.md` file does when, outside its front
 * matter and fenced code, a line starts an ES module statement (`import …` / `export …`, as MDX
 * requires them: at the start of a line), a JSX component tag (`<Tabs`, `<Foo.Bar`, with a
 * capital letter, possibly indented inside a list) or a tag with an attribute written as a JSX
 * expression (`<iframe style={{ … }}>`). Everything else stays on the plain markdown
 * path, which is faster and reads `<` and `{` in prose as text, as CommonMark does.
 *
 * Docusaurus 3 reads every `.md` file as MDX unless `markdown.format: 'detect'`; this is that
 * detection, widened to `.md` files that clearly use MDX, so docs that worked there work here.
 */
export function isMdxDoc(file: string, raw: string): boolean {
  if (/\.mdx$/i.test(file)) return true;
  return mdxTrigger(raw) !== undefined;
}

/** An import or export statement, not prose that starts with the word ("import the package…"). */
const esmLine = /^(?:import\s+(?:[\w$]+\s*(?:,|from\b)|\*\s*as\s|\{|['"])|export\s+(?:const|let|var|function|class|default|async|\{|\*))/;

/**
 * An HTML tag starting a line with an attribute written as a JSX expression (`<iframe
 * style={{ width: '100%' }}>`): no HTML means that, and as HTML the braces become attributes that
 * no element has. Docusaurus 3 reads the file as MDX and applies the style.
 */
const jsxExpressionAttribute = /^\s*<[a-z][\w-]*\s(?:[^<>]*\s)?[\w:-]+=\{/;

/** The first line (1-based) that makes a `.md` file MDX, for error hints; undefined when none does. */
export function mdxTrigger(raw: string): { line: number; text: string } | undefined {
  // Cheap test first: most docs have neither a module line nor a capitalised tag anywhere.
  if (!/^(?:import|export)\s|<[A-Z]|=\{/m.test(raw)) return undefined;
  const lines = raw.split(/\r?\n/);
  let index = 0;
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) index = end + 1;
  }
  const roles = fenceRoles(lines, index);
  for (; index < lines.length; index++) {
    const line = lines[index];
    if (roles[index].role !== 'text') continue;
    if (esmLine.test(line) || /^\s*<[A-Z][\w.]*(?:[\s/>]|$)/.test(line) || jsxExpressionAttribute.test(line)) return { line: index + 1, text: line.trim() };
  }
  return undefined;
}
