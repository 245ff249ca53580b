/*
 * Finds script a page would run that came from content: a URL with a script scheme in any
 * attribute or property a browser follows, loads or navigates to, in published HTML, in route
 * data (JSON holding the content's HTML) and in the MDX chunks the browser hydrates from.
 *
 * It reads values as a browser does, on its own (not with sdkdocs' rule, which it checks): HTML
 * entities are decoded by a real HTML parser, CSS escapes by the reading below, and a URL's scheme
 * is read after dropping whitespace and control characters anywhere in it, case-folded.
 */

import { parse as parseJavaScript } from 'acorn';
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';

/** One live script URL: where it was found and the value as written. */
export interface LiveScriptUrl {
  /** The element and attribute (`<a href>`), or the JavaScript property (`href:`). */
  where: string;
  value: string;
}

/**
 * React's own replacement for a `javascript:` URL it refuses: it throws, and runs nothing of the
 * content's.
 */
const reactBlockedUrl = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";

/** Attributes (hast property names) a browser follows or loads as one URL. */
const urlProperties = ['href', 'src', 'action', 'formAction', 'xLinkHref', 'poster', 'cite', 'data', 'background', 'codeBase', 'longDesc', 'manifest', 'useMap', 'dynsrc', 'lowsrc'];
/** Attributes holding a list of candidate URLs, each followed by a descriptor. */
const srcsetProperties = ['srcSet', 'imageSrcSet'];
/** SVG animation elements and the attributes that hold the values they set. */
const animationElements = new Set(['animate', 'set', 'animatemotion', 'animatetransform']);
const animationValues = ['values', 'to', 'from', 'by'];

/** The scheme a browser reads from a URL, or undefined when it has none. */
export function urlScheme(url: string): string | undefined {
  // Whitespace and control characters anywhere are dropped: browsers skip some of them at the
  // start and drop tabs and line breaks inside, and this check errs on the side of finding.
  const squeezed = url.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g, '').toLowerCase();
  return /^([a-z][a-z0-9+.-]*):/.exec(squeezed)?.[1];
}

/** Whether a browser could run script from this URL. */
export function isLiveScriptUrl(url: string): boolean {
  if (url.trim() === reactBlockedUrl) return false;
  const scheme = urlScheme(url);
  if (scheme === 'javascript' || scheme === 'vbscript' || scheme === 'livescript') return true;
  if (scheme !== 'data') return false;
  const type = /^data:([^,;]*)/.exec(url.replace(/[\s\u0000-\u001f]/g, '').toLowerCase())?.[1] ?? '';
  // A browser shows media, text and fonts as themselves; documents and scripts it runs. An SVG
  // document runs none as an image, but counts wherever it is: sdkdocs' rule keeps none.
  if (/^(image\/svg|text\/html|text\/xml|application\/(xhtml|xml)|[\w.-]+\/[\w.-]+\+xml|(text|application)\/(x-)?(java|ecma|vb)script)/.test(type)) return true;
  return false;
}

/** CSS with its escapes (`\6a`, `\:`) read as the characters they stand for. */
function unescapeCss(css: string): string {
  return css.replace(/\\([0-9a-f]{1,6})\s?|\\(.)/gi, (_, hex: string | undefined, char: string | undefined) => (hex ? String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd) : char!));
}

/** The `url(…)` values (and `image-set`/`@import` strings) in CSS that could run script. */
export function liveCssUrls(css: string): string[] {
  const plain = unescapeCss(css.replace(/\/\*[\s\S]*?\*\//g, ''));
  const found: string[] = [];
  for (const match of plain.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))|@import\s+(?:"([^"]*)"|'([^']*)')/gi)) {
    const url = match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5] ?? '';
    // An image a stylesheet loads runs no script, a data: SVG included: only script schemes count.
    const scheme = urlScheme(url);
    if (scheme === 'javascript' || scheme === 'vbscript') found.push(url);
  }
  return found;
}

/** The target URL of a `<meta http-equiv="refresh" content="5; url=…">`, read as the HTML standard says. */
function refreshTarget(content: string): string | undefined {
  let rest = content.replace(/^[\t\n\f\r ]*[\d.]*[\t\n\f\r ]*[;,]?[\t\n\f\r ]*/, '');
  const named = /^url[\t\n\f\r ]*=[\t\n\f\r ]*/i.exec(rest);
  if (named) rest = rest.slice(named[0].length);
  const quote = rest[0] === '"' || rest[0] === "'" ? rest[0] : undefined;
  if (quote) rest = rest.slice(1, rest.includes(quote, 1) ? rest.indexOf(quote, 1) : undefined);
  return rest === '' ? undefined : rest;
}

/** Whether an iframe's sandbox keeps scripts from running in its document. */
function sandboxedAgainstScripts(element: Element): boolean {
  const sandbox = element.properties.sandbox;
  if (sandbox === undefined || sandbox === null) return false;
  const tokens = Array.isArray(sandbox) ? sandbox.map(String) : String(sandbox).split(/\s+/);
  return !tokens.some((token) => token.toLowerCase() === 'allow-scripts');
}

function walkElements(node: Root | Element, visit: (element: Element) => void): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    visit(child);
    walkElements(child.tagName === 'template' && child.content ? (child.content as unknown as Element) : child, visit);
  }
}

/** Live script URLs in an HTML document or fragment, in every URL-bearing attribute. */
export function liveScriptUrlsInHtml(html: string): LiveScriptUrl[] {
  const found: LiveScriptUrl[] = [];
  const tree = fromHtml(html, { fragment: !/^\s*(<!doctype|<html)/i.test(html) });
  walkElements(tree, (element) => {
    const tag = element.tagName.toLowerCase();
    const add = (attribute: string, value: string) => found.push({ where: `<${tag} ${attribute}>`, value });
    const text = (name: string): string | undefined => {
      const value = element.properties[name];
      if (value === undefined || value === null || value === false) return undefined;
      return Array.isArray(value) ? value.join(' ') : String(value);
    };
    for (const name of urlProperties) {
      const value = text(name);
      if (value !== undefined && isLiveScriptUrl(value)) add(name, value);
    }
    for (const name of srcsetProperties) {
      const value = text(name);
      for (const candidate of value?.split(',') ?? []) if (isLiveScriptUrl(candidate.trim().split(/\s+/)[0] ?? '')) add(name, value!);
    }
    const style = text('style');
    for (const url of style === undefined ? [] : liveCssUrls(style)) add('style', url);
    if (tag === 'style') for (const url of liveCssUrls(element.children.map((child) => ('value' in child ? child.value : '')).join(''))) add('(stylesheet)', url);
    if (tag === 'meta' && /refresh/i.test(text('httpEquiv') ?? '')) {
      const target = refreshTarget(text('content') ?? '');
      if (target !== undefined && isLiveScriptUrl(target)) add('content', target);
    }
    const srcdoc = text('srcDoc');
    if (tag === 'iframe' && srcdoc !== undefined && !sandboxedAgainstScripts(element)) {
      if (/<script|\son[a-z]+\s*=/i.test(srcdoc) || liveScriptUrlsInHtml(srcdoc).length > 0) add('srcdoc', srcdoc);
    }
    if (animationElements.has(tag) && /^(xlink:)?href$/i.test(text('attributeName') ?? '')) {
      for (const name of animationValues) {
        const value = text(name);
        if (value?.split(';').some((part) => isLiveScriptUrl(part))) add(name, value);
      }
    }
    for (const name of Object.keys(element.properties)) if (/^on[a-z]/i.test(name)) add(name, text(name) ?? '');
  });
  return found;
}

/** Keys of route data whose string values are URLs the page links to or loads. */
const urlKeys = /^(href|src|url|to|permalink|editUrl|image|imageUrl|link|markdownUrl|canonical|redirect)$/i;

/** Keys of route data whose strings are HTML (`html`, `figureHtml`); other strings are shown as text. */
const htmlKeys = /^html$|Html$/;

/** Live script URLs in route data: the HTML it holds, and values of URL keys. */
export function liveScriptUrlsInJson(json: string): LiveScriptUrl[] {
  const found: LiveScriptUrl[] = [];
  const visit = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if (urlKeys.test(key) && isLiveScriptUrl(value)) found.push({ where: `"${key}"`, value });
      if (htmlKeys.test(key) && value.includes('<')) for (const inner of liveScriptUrlsInHtml(value)) found.push({ where: `"${key}" ${inner.where}`, value: inner.value });
    } else if (Array.isArray(value)) value.forEach((item) => visit(item, key));
    else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) visit(item, name);
  };
  visit(JSON.parse(json), '');
  return found;
}

/** React props (and the attribute names MDX passes on) a browser follows or loads as a URL. */
const urlPropNames = new Set(['href', 'src', 'action', 'formAction', 'formaction', 'xlinkHref', 'xlink:href', 'poster', 'cite', 'data', 'background', 'to']);

interface JsNode {
  type: string;
  [key: string]: unknown;
}

/**
 * Live script URLs in a JavaScript chunk that renders content (an MDX doc's): string props of
 * URL attributes, `srcDoc` and `__html` strings read as HTML, and CSS `url()` in any string.
 */
export function liveScriptUrlsInJavaScript(code: string): LiveScriptUrl[] {
  const found: LiveScriptUrl[] = [];
  const program = parseJavaScript(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as JsNode;
  const stringOf = (node: unknown): string | undefined => {
    const value = node as JsNode | undefined;
    if (value?.type === 'Literal' && typeof value.value === 'string') return value.value;
    if (value?.type === 'TemplateLiteral' && (value.expressions as unknown[]).length === 0) return (value.quasis as { value: { cooked: string } }[])[0].value.cooked;
    return undefined;
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object' || typeof (node as JsNode).type !== 'string') return;
    const current = node as JsNode;
    const literal = stringOf(current);
    if (literal !== undefined) for (const url of liveCssUrls(literal)) found.push({ where: 'a string', value: url });
    if (current.type === 'Property') {
      const key = current.key as JsNode;
      const name = key.type === 'Identifier' ? String(key.name) : typeof key.value === 'string' ? key.value : '';
      const value = stringOf(current.value);
      if (value !== undefined && urlPropNames.has(name) && isLiveScriptUrl(value)) found.push({ where: `${name}:`, value });
      if (value !== undefined && (name === 'srcDoc' || name === 'srcdoc' || name === '__html')) {
        if (name !== '__html' && /<script|\son[a-z]+\s*=/i.test(value)) found.push({ where: `${name}:`, value });
        for (const inner of liveScriptUrlsInHtml(value)) found.push({ where: `${name}: ${inner.where}`, value: inner.value });
      }
      if (value !== undefined && /^on[A-Z]/.test(name)) found.push({ where: `${name}:`, value });
    }
    for (const [field, child] of Object.entries(current)) if (field !== 'type') walk(child);
  };
  walk(program);
  return found;
}
