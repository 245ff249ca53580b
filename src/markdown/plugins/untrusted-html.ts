import { randomBytes } from 'node:crypto';
import type { Element, ElementContent, Root } from 'hast';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import type { VFile } from 'vfile';
import { addDocMessage } from './doc-messages.js';
import { walkTree } from './walk-tree.js';

/*
 * Safe mode (`--untrusted`): the HTML a pull request writes in its docs, cleaned by
 * rehype-sanitize with the schema below. Only the HTML the author wrote is cleaned (raw HTML in
 * markdown, lower-case JSX elements in MDX), not the elements sdkdocs' own plugins make (code
 * highlighting, admonitions, heading anchors), so a doc without HTML builds as in the default mode.
 */

/** GitHub's attributes per tag, without their own `className` rules (`a`: only `data-footnote-backref`), so that any class is kept. */
const base = Object.fromEntries(
  Object.entries(defaultSchema.attributes ?? {}).map(([tag, attributes]) => [tag, attributes.filter((attribute) => !(Array.isArray(attribute) && attribute[0] === 'className'))]),
);

/**
 * GitHub's schema (rehype-sanitize's `defaultSchema`: no script, style, iframe, form, object,
 * event handler, `srcdoc`, `style` attribute, nor a URL other than http(s), mailto and relative
 * ones), widened for what docs written for sdkdocs and Docusaurus use:
 * - `id` kept as written, not prefixed with `user-content-`, since links (`#install`) name the
 *   ids of `<a id>` anchors; only ids starting with `__` are refused, the names of sdkdocs'
 *   page globals, which an element's id would shadow.
 * - `class` on any element (the theme's classes: `theme-admonition`, `button button--primary`,
 *   `language-ts` on code); a class runs nothing.
 * - `target` and `rel` on links; `loading` and `decoding` on images (`width`, `height` are
 *   GitHub's already); `figure`, `figcaption`, `mark`, `small`, `abbr`, `cite`, `u`, `caption`,
 *   `colgroup` and `col`; `video` and `audio` with their `src` (http(s) or relative), `controls`
 *   and `poster`.
 * - `style` elements are removed with their text, as `script` ones are: unwrapped, their CSS
 *   would show as text.
 * - no ancestor rule: parse5 has already put table cells inside their table.
 */
export const untrustedHtmlSchema: SanitizeSchema = {
  ...defaultSchema,
  ancestors: {},
  clobber: ['name'],
  tagNames: [...(defaultSchema.tagNames ?? []), 'figure', 'figcaption', 'mark', 'small', 'abbr', 'cite', 'u', 'caption', 'colgroup', 'col', 'video', 'audio'],
  attributes: {
    ...base,
    a: [...(base.a ?? []), 'target', 'rel'],
    img: [...(base.img ?? []), 'loading', 'decoding'],
    video: ['src', 'controls', 'poster', 'loop', 'muted', 'playsInline', 'preload'],
    audio: ['src', 'controls', 'loop', 'muted', 'preload'],
    '*': [...(base['*'] ?? []).filter((name) => name !== 'id'), ['id', /^(?!__)/], 'className'],
  },
  protocols: { ...defaultSchema.protocols, poster: ['http', 'https'] },
  strip: ['script', 'style'],
};

const sanitizeTree = rehypeSanitize(untrustedHtmlSchema) as unknown as (tree: Root) => Root;

/** What the schema makes of one element, its content aside. */
export type ElementVerdict =
  | { kind: 'kept'; properties: Element['properties']; removed: string[] }
  /** A tag the schema refuses: the element goes, its content stays (and is checked in turn). */
  | { kind: 'unwrapped' }
  /** `script`, `style`: the element goes with its content. */
  | { kind: 'stripped' };

/** Asks the sanitizer about one element alone: its tag and attributes, not what it holds. */
export function judgeElement(tagName: string, properties: Element['properties']): ElementVerdict {
  const cleaned = sanitizeTree({ type: 'root', children: [{ type: 'element', tagName, properties, children: [] }] }).children;
  const kept = cleaned.length === 1 && cleaned[0].type === 'element' && cleaned[0].tagName === tagName ? cleaned[0] : undefined;
  if (!kept) return (untrustedHtmlSchema.strip ?? []).includes(tagName) ? { kind: 'stripped' } : { kind: 'unwrapped' };
  const same = (name: string) => JSON.stringify(kept.properties[name]) === JSON.stringify(properties[name]);
  return { kind: 'kept', properties: kept.properties, removed: Object.keys(properties).filter((name) => !same(name)) };
}

/** The warning for what the sanitizer took out, at the element, for a raw HTML element or an MDX one. */
export function reportSanitized(file: VFile, tagName: string, verdict: ElementVerdict, place: { line?: number; column?: number } | undefined, attributeName: (property: string) => string = htmlAttributeName): void {
  if (verdict.kind === 'kept' && verdict.removed.length === 0) return;
  const what =
    verdict.kind === 'kept'
      ? `the attribute${verdict.removed.length === 1 ? '' : 's'} ${verdict.removed.map((name) => `\`${attributeName(name)}\``).join(', ')} of \`<${tagName}>\` ${verdict.removed.length === 1 ? 'is' : 'are'} left out`
      : verdict.kind === 'stripped'
        ? `\`<${tagName}>\` is left out with its content`
        : `the tag \`<${tagName}>\` is left out (its content kept)`;
  addDocMessage(file, {
    severity: 'warning',
    code: 'untrusted-html',
    message: `Safe mode (--untrusted): ${what}: the HTML of a pull request's docs keeps only what the sanitizer's schema allows.`,
    hint: 'Scripts, styles, frames, forms, event handlers and URLs other than http(s), mailto and relative ones are never kept. The "Safe mode for pull requests" docs page lists what is; the default build keeps the HTML as written.',
    line: place?.line,
    column: place?.column,
  });
}

/** `srcDoc` → `srcdoc`, `dataFoo` → `data-foo`, for messages in the words the author wrote. */
function htmlAttributeName(property: string): string {
  if (/^(data|aria)[A-Z]/.test(property)) return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return property === 'className' ? 'class' : property === 'htmlFor' ? 'for' : property.toLowerCase();
}

/** The property that marks the elements a tree had before its raw HTML was parsed. */
const markProperty = 'dataSdkdocsMarkdownElement';

/**
 * Marks every element of the tree (made from markdown and by sdkdocs' plugins) with a value no
 * doc can guess, before parse5 turns the raw HTML into elements: after it, an element without
 * the mark is one the author wrote as HTML. parse5 rebuilds every node, so neither identity nor
 * position (a raw `<td>` may start where a markdown cell does) tells them apart.
 */
export function markElements(tree: Root): string {
  const mark = randomBytes(16).toString('hex');
  walkTree(tree, (node) => {
    if (node.type === 'element') (node as Element).properties[markProperty] = mark;
  });
  return mark;
}

/** Cleans the elements of the tree that came from raw HTML (without `mark`), each with a located warning. */
export function sanitizeRawElements(parent: Root | Element, mark: string, file: VFile): void {
  for (let index = 0; index < parent.children.length; index++) {
    const node = parent.children[index];
    if (node.type !== 'element') {
      // The MDX nodes parse5 passes through (package-manager tabs, the site's blocks) hold elements too.
      if ('children' in node && Array.isArray(node.children)) sanitizeRawElements(node as unknown as Element, mark, file);
      continue;
    }
    const fromMarkdown = node.properties[markProperty] === mark;
    delete node.properties[markProperty];
    if (!fromMarkdown) {
      const verdict = judgeElement(node.tagName, node.properties);
      reportSanitized(file, node.tagName, verdict, node.position?.start);
      if (verdict.kind === 'stripped') {
        parent.children.splice(index--, 1);
        continue;
      }
      if (verdict.kind === 'unwrapped') {
        (parent.children as ElementContent[]).splice(index--, 1, ...(node.children as ElementContent[]));
        continue;
      }
      node.properties = verdict.properties;
    }
    sanitizeRawElements(node, mark, file);
  }
}
