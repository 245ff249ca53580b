import type { Element, Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import parseStyle from 'style-to-object';
import type { VFile } from 'vfile';
import { addDocMessage } from './doc-messages.js';
import { resolveLink } from './remark-links.js';
import { walkTree } from './walk-tree.js';
import { markElements, sanitizeRawElements } from './untrusted-html.js';

export interface RawHtmlOptions {
  /** Safe mode (`--untrusted`): clean the HTML with the sanitizer's schema. */
  sanitize?: boolean;
}

/**
 * HTML written in markdown (`<details>`, `<kbd>`, `<a id="…">`, HTML tables…) parsed into the
 * tree with rehype-raw (parse5, which repairs unclosed or misnested tags as a browser does), so
 * it renders, and its ids and headings count like markdown's. Comments are dropped. Links of that
 * HTML (`<a href="./guide.md">`) are rewritten and recorded for the link rules like markdown
 * links; its images are rehype-images'.
 *
 * Docs are trusted content, written by the site's own team: the HTML is kept as written (React
 * still refuses `javascript:` URLs when it renders the page). In safe mode (`sanitize`, for
 * `--untrusted` builds of pull requests) it is cleaned by rehype-sanitize (see untrusted-html.ts).
 *
 * parse5 parses the whole tree again, so it runs only on trees that hold raw HTML: most docs
 * have none and pay for one walk of the tree.
 */
export default function rehypeRawHtml(options: RawHtmlOptions = {}) {
  // A markdown doc compiled to an MDX module (for package-manager tabs or the site's own blocks)
  // also holds the MDX nodes those made, which parse5 has no HTML for: they pass through as they are.
  const parseRaw = rehypeRaw({ passThrough: ['mdxjsEsm', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxFlowExpression', 'mdxTextExpression'] });
  return (tree: Root, file: VFile): Root => {
    const markdownLinks = new Set<number>();
    if (!holdsRawHtml(tree, markdownLinks)) return tree;
    const mark = options.sanitize ? markElements(tree) : undefined;
    const parsed = parseRaw(tree, file);
    if (mark) sanitizeRawElements(parsed, mark, file);
    recordHtmlLinks(parsed, file, markdownLinks);
    checkAttributes(parsed, file);
    return parsed;
  };
}

/** Whether the tree holds raw HTML; fills `markdownLinks` with the offsets of the links it has already. */
function holdsRawHtml(tree: Root, markdownLinks: Set<number>): boolean {
  let found = false;
  walkTree(tree, (node) => {
    if (node.type === 'element') {
      const offset = node.position?.start.offset;
      if ((node as Element).tagName === 'a' && offset !== undefined) markdownLinks.add(offset);
      return;
    }
    if (node.type !== 'raw') return;
    found = true;
    const raw = node as unknown as { value: string };
    // The build replaces these elements with diagrams: written by hand, they would be taken for one.
    raw.value = raw.value.replace(/<(\/?)sdkdocs-diagram/gi, '<$1sdkdocs-diagram-as-written');
  });
  return found;
}

/**
 * parse5 keeps every node's position, so a link at a place where the markdown had none came
 * from the HTML: remark-links did not see it.
 */
function recordHtmlLinks(tree: Root, file: VFile, markdownLinks: ReadonlySet<number>): void {
  const options = file.data.linkContext;
  if (!options) return;
  const links = (file.data.links ??= []);
  walkTree(tree, (node) => {
    if (node.type !== 'element' || (node as Element).tagName !== 'a') return;
    const link = node as Element;
    const start = link.position?.start;
    const href = link.properties.href;
    if (!start || start.offset === undefined || markdownLinks.has(start.offset) || typeof href !== 'string') return;
    const resolved = resolveLink(href.trim(), false, file.path, options, start);
    if (!resolved) return;
    if (resolved.url !== undefined) link.properties.href = resolved.url;
    links.push(resolved.record);
  });
}

/**
 * Attributes React cannot take from HTML text: a `style` it cannot parse into an object would
 * fail the page's rendering (a browser ignores CSS it cannot parse, so the attribute is left
 * out), and event handlers written as text (`onclick="…"`) React leaves out itself. Both with a
 * warning, so nothing goes without a word. The CSS parser is the renderer's own
 * (hast-util-to-jsx-runtime's).
 */
/** The element names React renders (its own check, which throws on any other). */
const reactTagName = /^[a-zA-Z][a-zA-Z:_.\-\d]*$/;

/** The attribute names React renders (letters of any script, digits, `_ : . -`); it drops any other with a console error. */
const reactAttributeName = /^[\p{L}_:][\p{L}\p{N}_:.\-]*$/u;

function checkAttributes(tree: Root, file: VFile): void {
  unwrapInvalidTags(tree, file);
  walkTree(tree, (node) => {
    if (node.type !== 'element') return;
    const element = node as Element;
    const start = element.position?.start;
    const warn = (code: string, message: string, hint: string) =>
      addDocMessage(file, { severity: 'warning', code, message, hint, line: start?.line, column: start?.column });
    for (const name of Object.keys(element.properties)) {
      if (!reactAttributeName.test(name)) {
        delete element.properties[name];
        warn('invalid-attribute', `<${element.tagName}> has an attribute named \`${name}\`, which no element can have: it is left out.`, 'Quote attribute values that hold spaces or brackets (title="a (b)"), or write `&lt;` for a `<` that is meant as text.');
        continue;
      }
      if (!/^on[A-Z]/.test(name)) continue;
      delete element.properties[name];
      warn('event-handler-attribute', `<${element.tagName}> has an event handler attribute (${name.toLowerCase()}), which the page cannot keep: pages are rendered with React.`, 'Move the behaviour into a custom React page (src/pages).');
    }
    const style = element.properties.style;
    if (typeof style !== 'string') return;
    try {
      parseStyle(style);
    } catch (error) {
      delete element.properties.style;
      const reason = (error as Error).message.split('\n')[0].replace(/^[^:]*:\d+:\d+: /, '');
      warn('invalid-style', `Invalid CSS in the style attribute of <${element.tagName}> (${reason}): the attribute is left out.`, 'Write declarations as `property: value`, separated by semicolons: style="color: red; margin: 0".');
    }
  });
}

/**
 * parse5 makes an element of `<a@b>` as a browser does, but React cannot create one and would
 * fail the page: such a tag is left out with a warning, and what it holds is kept.
 */
function unwrapInvalidTags(parent: Root | Element, file: VFile): void {
  for (let index = 0; index < parent.children.length; index++) {
    const node = parent.children[index];
    if (node.type !== 'element') continue;
    if (!reactTagName.test(node.tagName)) {
      const start = node.position?.start;
      addDocMessage(file, {
        severity: 'warning',
        code: 'invalid-tag',
        message: `\`<${node.tagName}>\` is not a name an HTML element can have: the tag is left out, its content kept.`,
        hint: 'Write `&lt;` for a `<` that is meant as text.',
        line: start?.line,
        column: start?.column,
      });
      parent.children.splice(index, 1, ...node.children);
      index--;
      continue;
    }
    unwrapInvalidTags(node, file);
  }
}
