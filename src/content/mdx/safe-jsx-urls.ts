import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { safeUrlVisitor } from '../../markdown/plugins/rehype-safe-urls.js';
import { walkTree } from '../../markdown/plugins/walk-tree.js';
import type { EstreeNode, MdxNode } from '../../markdown/mdx-nodes.js';

/*
 * HTML written as JSX in an MDX doc (`<a href="vbscript:…">`, `<iframe srcDoc="…">`) reaches the
 * page through React, which refuses only `javascript:` URLs, and only in some attributes: so its
 * attributes go through the same rule as the HTML of markdown docs, with the same warnings. The
 * values MDX knows before the page runs are checked (strings, and expressions that are one
 * string, or a style object of strings); a value computed by the doc's code is the site's code.
 */

type JsxAttribute = NonNullable<MdxNode['attributes']>[number];

/** JSX attribute names (React's or HTML's spelling, lower-cased) of the properties the rule reads, by hast property name. */
const propertyNames: Record<string, string> = {
  href: 'href',
  src: 'src',
  srcset: 'srcSet',
  imagesrcset: 'imageSrcSet',
  action: 'action',
  formaction: 'formAction',
  poster: 'poster',
  cite: 'cite',
  data: 'data',
  background: 'background',
  xlinkhref: 'xLinkHref',
  'xlink:href': 'xLinkHref',
  srcdoc: 'srcDoc',
  sandbox: 'sandbox',
  httpequiv: 'httpEquiv',
  'http-equiv': 'httpEquiv',
  content: 'content',
  style: 'style',
  attributename: 'attributeName',
  values: 'values',
  to: 'to',
  from: 'from',
  by: 'by',
};

/** The props of a component that are URLs it renders as a link or a resource, checked as `href`. */
const componentUrlProps = new Set(['href', 'src', 'to']);

/** The string an attribute's expression is, when it is one: `{"…"}`, `` {`…`} ``. */
function stringOfExpression(expression: EstreeNode | undefined): string | undefined {
  if (expression?.type === 'Literal' && typeof expression.value === 'string') return expression.value;
  if (expression?.type === 'TemplateLiteral' && (expression.expressions as unknown[]).length === 0) {
    return (expression.quasis as { value: { cooked: string } }[])[0]?.value.cooked;
  }
  return undefined;
}

/** `style={{background: 'url(…)'}}` as CSS text, when every value is a string or a number. */
function cssOfStyleObject(expression: EstreeNode | undefined): string | undefined {
  if (expression?.type !== 'ObjectExpression') return undefined;
  const declarations: string[] = [];
  for (const property of expression.properties as EstreeNode[]) {
    const key = property.key as EstreeNode | undefined;
    const value = property.value as EstreeNode | undefined;
    const name = key?.type === 'Identifier' ? String(key.name) : typeof key?.value === 'string' ? key.value : undefined;
    const text = stringOfExpression(value) ?? (value?.type === 'Literal' && typeof value.value === 'number' ? String(value.value) : undefined);
    if (property.type !== 'Property' || name === undefined || text === undefined) return undefined;
    declarations.push(`${name}: ${text}`);
  }
  return declarations.join('; ');
}

/** The value an attribute has before any code runs: a string, or undefined when code computes it. */
function staticValue(attribute: JsxAttribute, name: string): string | true | undefined {
  if (attribute.value === null || attribute.value === undefined) return true;
  if (typeof attribute.value === 'string') return attribute.value;
  const expression = (attribute.value as { data?: { estree?: { body: EstreeNode[] } } }).data?.estree?.body[0]?.expression as EstreeNode | undefined;
  return name === 'style' ? (cssOfStyleObject(expression) ?? stringOfExpression(expression)) : stringOfExpression(expression);
}

/**
 * Checks the JSX elements of an MDX doc with the rule of {@link safeUrlVisitor}: an HTML element's
 * URL attributes, `srcDoc`, refresh `<meta>`, SVG animations and style; a component's `href`,
 * `src` and `to`. What the rule removes is removed from the JSX, with its warning.
 */
export function rehypeSafeJsxUrls() {
  return (tree: Root, file: VFile) => {
    const visit = safeUrlVisitor(file);
    walkTree(tree, (unknownNode) => {
      const node = unknownNode as unknown as MdxNode & { position?: Element['position'] };
      if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || !node.name || !node.attributes) return;
      const attributes = node.attributes.filter((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name);
      const removed = new Set<JsxAttribute>();
      const check = (tagName: string, checked: [property: string, attribute: JsxAttribute][]) => {
        const properties: Element['properties'] = {};
        for (const [property, attribute] of checked) {
          const value = staticValue(attribute, attribute.name!.toLowerCase());
          if (value !== undefined) properties[property] = value === true ? '' : value;
        }
        const element: Element = { type: 'element', tagName, properties: { ...properties }, children: [], position: node.position };
        visit(element, 0, { type: 'root', children: [] });
        for (const [property, attribute] of checked) if (property in properties && !(property in element.properties)) removed.add(attribute);
      };
      if (/^[a-z][a-z0-9-]*$/.test(node.name)) {
        const checked = attributes.flatMap((attribute): [string, JsxAttribute][] => {
          const property = propertyNames[attribute.name!.toLowerCase()];
          return property ? [[property, attribute]] : [];
        });
        if (checked.length > 0) check(node.name, checked);
      } else {
        // A component's URL props are checked one by one, each as the link it likely renders.
        for (const attribute of attributes) if (componentUrlProps.has(attribute.name!)) check(node.name, [['href', attribute]]);
      }
      if (removed.size > 0) node.attributes = node.attributes.filter((attribute) => !removed.has(attribute));
    });
  };
}
