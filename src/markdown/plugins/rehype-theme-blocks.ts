import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toEstree } from 'hast-util-to-estree';
import { toString } from 'hast-util-to-string';
import type { Site } from '../../model/site.js';
import { codeMetaProperty, parseCodeMeta } from './rehype-code.js';

/**
 * The theme components that markdown constructs render through when the site overrides them:
 * `:::note` blocks and GitHub alerts (Admonition), fenced code (CodeBlock), `<details>` (Details).
 */
export const themeBlockNames = ['Admonition', 'CodeBlock', 'Details'] as const;
export type ThemeBlockName = (typeof themeBlockNames)[number];

declare module 'vfile' {
  interface DataMap {
    /**
     * The theme blocks this doc renders through the site's components: set by the caller, so that
     * remark-admonitions and rehype-code keep what the components' props need (the admonition's
     * type and whether its title was written, the code's meta string).
     */
    themeBlocks: ReadonlySet<ThemeBlockName>;
  }
}

/** The property remark-admonitions sets on a title (with `themeBlocks`): the type as written (`caution`). */
export const admonitionTypeProperty = 'dataSdkdocsAdmonitionType';
/** Set on a title the author wrote (`:::tip[Title]`), not the type's default. */
export const admonitionTitleProperty = 'dataSdkdocsAdmonitionTitle';

/** The local names the doc's module imports the components under; no author writes these. */
const localName: Record<ThemeBlockName, string> = {
  Admonition: 'SdkdocsThemeAdmonition',
  CodeBlock: 'SdkdocsThemeCodeBlock',
  Details: 'SdkdocsThemeDetails',
};

/** One MDX JSX attribute, as @mdx-js/mdx's hast carries it. */
type JsxAttribute = { type: 'mdxJsxAttribute'; name: string; value: unknown };

interface JsxElement {
  type: 'mdxJsxFlowElement';
  name: string;
  attributes: JsxAttribute[];
  children: ElementContent[];
  position?: Element['position'];
}

/**
 * For an MDX module (an `.mdx` doc, or a `.md` doc compiled by MDX because the site overrides one
 * of these components): turns the admonitions, code blocks and `<details>` that the markdown
 * plugins made into elements of `@theme/Admonition`, `@theme/CodeBlock` and `@theme/Details`, so
 * the site's override renders them, at build time and in the browser, with Docusaurus' props.
 *
 * The code block keeps its build-time highlighting: the theme's CodeBlock receives it as
 * `highlighted` (see its props), so a wrapper that renders the original shows what the markdown
 * pipeline would have, and no highlighter goes to the browser. Runs after rehype-code,
 * rehype-raw-html and rehype-headings, so ids, links and highlighted lines are already there.
 */
export default function rehypeThemeBlocks(names: readonly ThemeBlockName[]) {
  const wanted = new Set(names);
  return (tree: Root) => {
    const used = new Set<ThemeBlockName>();
    const definesDetails = definedNames(tree).has('Details');
    const convert = (node: RootContent): RootContent => {
      if ('children' in node && Array.isArray(node.children)) {
        (node as { children: RootContent[] }).children = (node.children as RootContent[]).map(convert);
      }
      if (node.type === 'element') {
        if (wanted.has('Admonition') && isAdmonition(node)) {
          used.add('Admonition');
          return admonitionElement(node) as unknown as RootContent;
        }
        if (wanted.has('CodeBlock') && node.tagName === 'div' && codeMetaProperty in node.properties) {
          used.add('CodeBlock');
          return codeBlockElement(node) as unknown as RootContent;
        }
        if (wanted.has('Details') && node.tagName === 'details') {
          used.add('Details');
          return detailsElement(node.properties, node.children, node.position) as unknown as RootContent;
        }
        return node;
      }
      const jsx = node as unknown as Partial<JsxElement> & { type: string };
      if (wanted.has('Details') && jsx.type === 'mdxJsxFlowElement' && (jsx.name === 'details' || (jsx.name === 'Details' && !definesDetails))) {
        used.add('Details');
        if (jsx.name === 'Details') {
          jsx.name = localName.Details;
          return node;
        }
        const properties = Object.fromEntries((jsx.attributes ?? []).filter((attribute) => attribute.type === 'mdxJsxAttribute').map((attribute) => [attribute.name, attribute.value ?? true]));
        return detailsElement(properties, jsx.children ?? [], jsx.position) as unknown as RootContent;
      }
      return node;
    };
    tree.children = tree.children.map(convert);
    if (used.size === 0) return;
    tree.children.unshift(...[...used].map((name) => importNode(localName[name], `@theme/${name}`)));
  };
}

/** An admonition made by remark-admonitions: an `aside` that starts with its `admonition-title`. */
function isAdmonition(node: Element): boolean {
  if (node.tagName !== 'aside') return false;
  const first = node.children.find((child) => !(child.type === 'text' && !child.value.trim()));
  return first?.type === 'element' && first.tagName === 'admonition-title';
}

function admonitionElement(aside: Element): JsxElement {
  const titleIndex = aside.children.findIndex((child) => child.type === 'element' && child.tagName === 'admonition-title');
  const title = aside.children[titleIndex] as Element;
  const className = (aside.properties.className as string[] | undefined) ?? [];
  const type = String(title.properties[admonitionTypeProperty] ?? className.find((name) => name.startsWith('admonition-'))?.slice('admonition-'.length) ?? 'note');
  const attributes: JsxAttribute[] = [{ type: 'mdxJsxAttribute', name: 'type', value: type }];
  if (title.properties[admonitionTitleProperty] !== undefined) attributes.push(jsxAttribute('title', fragment(title.children)));
  return {
    type: 'mdxJsxFlowElement',
    name: localName.Admonition,
    attributes,
    // A quote's line breaks around the title are no content (and would be two text nodes in a row).
    children: trimWhitespace(aside.children.filter((_, index) => index !== titleIndex)),
    position: aside.position,
  };
}

/**
 * A block rehype-code made (`div.code-block` > title?, `.code-block-content` > `pre > code`) as
 * `<CodeBlock>` with the code as its child and the highlighted lines in `highlighted`.
 */
function codeBlockElement(block: Element): JsxElement {
  const metastring = String(block.properties[codeMetaProperty] ?? '');
  const code = findElement(block, 'code')!;
  const language = ((code.properties.className as string[] | undefined) ?? []).find((name) => name.startsWith('language-'))?.slice('language-'.length);
  const text = toString(code);
  const meta = parseCodeMeta(metastring);
  const attributes: JsxAttribute[] = [];
  if (language) attributes.push({ type: 'mdxJsxAttribute', name: 'language', value: language }, { type: 'mdxJsxAttribute', name: 'className', value: `language-${language}` });
  if (meta.title !== undefined) attributes.push({ type: 'mdxJsxAttribute', name: 'title', value: meta.title });
  if (metastring) attributes.push({ type: 'mdxJsxAttribute', name: 'metastring', value: metastring });
  if (meta.showLineNumbers) attributes.push({ type: 'mdxJsxAttribute', name: 'showLineNumbers', value: null });
  attributes.push(jsxAttribute('highlighted', highlightedExpression(text, code.children)));
  return {
    type: 'mdxJsxFlowElement',
    name: localName.CodeBlock,
    attributes,
    children: [{ type: 'text', value: text }],
    position: block.position,
  };
}

function detailsElement(properties: Record<string, unknown>, children: ElementContent[], position: Element['position']): JsxElement {
  // `<summary>` is an element in markdown, a JSX element in MDX.
  const isSummary = (child: ElementContent) => {
    const node = child as unknown as { type: string; tagName?: string; name?: string };
    return (node.type === 'element' && node.tagName === 'summary') || ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'summary');
  };
  const summary = children.find(isSummary) as (Element | JsxElement) | undefined;
  const attributes: JsxAttribute[] = [];
  if (summary) attributes.push(jsxAttribute('summary', fragment(summary.children)));
  if (properties.open !== undefined && properties.open !== false) attributes.push({ type: 'mdxJsxAttribute', name: 'open', value: null });
  const className = Array.isArray(properties.className) ? properties.className.join(' ') : typeof properties.className === 'string' ? properties.className : undefined;
  if (className) attributes.push({ type: 'mdxJsxAttribute', name: 'className', value: className });
  return {
    type: 'mdxJsxFlowElement',
    name: localName.Details,
    attributes,
    // The whitespace between the tags is no content: React would render it as text nodes.
    children: trimWhitespace(children.filter((child) => child !== summary)),
    position,
  };
}

function trimWhitespace(children: ElementContent[]): ElementContent[] {
  const blank = (child: ElementContent | undefined) => child?.type === 'text' && !child.value.trim();
  const result = [...children];
  while (blank(result[0])) result.shift();
  while (blank(result.at(-1))) result.pop();
  return result;
}

function findElement(node: Element, tagName: string): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === tagName) return child;
    const inner = findElement(child, tagName);
    if (inner) return inner;
  }
  return undefined;
}

/** Nodes as one JSX fragment expression, built as MDX builds the rest of the doc. */
function fragment(children: readonly ElementContent[]): EstreeExpression {
  const program = toEstree({ type: 'root', children: [...children] as RootContent[] }, { elementAttributeNameCase: 'react', stylePropertyNameCase: 'dom' });
  const statement = program.body[0] as { type: string; expression?: EstreeExpression } | undefined;
  return statement?.type === 'ExpressionStatement' && statement.expression ? statement.expression : { type: 'Literal', value: null, raw: 'null' };
}

type EstreeExpression = { type: string; [key: string]: unknown };

/** `{code: "…", lines: <>…</>}`: the highlighted lines with the code they show. */
function highlightedExpression(code: string, lines: readonly ElementContent[]): EstreeExpression {
  const property = (key: string, value: EstreeExpression) => ({
    type: 'Property',
    key: { type: 'Identifier', name: key },
    value,
    kind: 'init',
    method: false,
    shorthand: false,
    computed: false,
  });
  return {
    type: 'ObjectExpression',
    properties: [property('code', { type: 'Literal', value: code, raw: JSON.stringify(code) }), property('lines', fragment(lines))],
  };
}

function jsxAttribute(name: string, expression: EstreeExpression): JsxAttribute {
  return {
    type: 'mdxJsxAttribute',
    name,
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: '',
      data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression }] } },
    },
  };
}

function importNode(local: string, source: string): RootContent {
  return {
    type: 'mdxjsEsm',
    value: '',
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name: local } }],
            source: { type: 'Literal', value: source, raw: JSON.stringify(source) },
            attributes: [],
          },
        ],
      },
    },
  } as unknown as RootContent;
}

/** Names the doc's own imports and exports define (an MDX doc may import its own `Details`). */
function definedNames(tree: Root): Set<string> {
  const names = new Set<string>();
  for (const node of tree.children as unknown as { type: string; data?: { estree?: { body: { type: string; specifiers?: { local: { name: string } }[]; declaration?: { id?: { name?: string }; declarations?: { id: { name?: string } }[] } }[] } } }[]) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.data?.estree?.body ?? []) {
      for (const specifier of statement.specifiers ?? []) names.add(specifier.local.name);
      const declaration = statement.declaration;
      if (declaration?.id?.name) names.add(declaration.id.name);
      for (const declarator of declaration?.declarations ?? []) if (declarator.id.name) names.add(declarator.id.name);
    }
  }
  return names;
}

/**
 * The components of markdown constructs (admonitions, code blocks, `<details>`) that the site
 * overrides: docs holding them render them through the override (see rehype-theme-blocks).
 */
export function overriddenThemeBlocks(site: Pick<Site, 'themeOverrides'>): ThemeBlockName[] {
  const files = site.themeOverrides?.files;
  return files ? themeBlockNames.filter((name) => files.has(name)) : [];
}
