import type { Element } from 'hast';
import type { VFile } from 'vfile';
import { unsafeCssUrl, unsafeRefreshTarget, unsafeScheme } from '../../shared/safe-url.js';
import type { ElementVisitor } from './rehype-element-pass.js';

/** Attributes whose value a browser follows or loads as a URL (hast property names). */
const urlAttributes = ['href', 'src', 'action', 'formAction', 'poster', 'cite', 'xLinkHref', 'data', 'background'];
/** Attributes holding candidate URLs, each with a descriptor (`a.png 1x, b.png 2x`). */
const srcsetAttributes = ['srcSet', 'imageSrcSet'];
/** SVG animation elements, which can set an `href` to a value of their own. */
const animationElements = new Set(['animate', 'set', 'animateMotion', 'animateTransform']);

/**
 * Removes what would run script in the reader's browser from content written as markdown or as
 * HTML, with a warning at each: link and resource URLs with `javascript:`, `vbscript:` or `data:`
 * (but images, video and audio in media elements), the same in a `style`'s or a `<style>`'s `url()`, a refresh
 * `<meta>`'s target and an SVG animation of `href`, and the `srcdoc` of an iframe not sandboxed
 * against scripts (its HTML runs in the site's origin). React blocks only `javascript:` URLs,
 * and only in the attributes it knows, by swapping in one of its own.
 */
export function safeUrlVisitor(file: VFile): ElementVisitor {
  return (element) => {
    // Most elements (a highlighted code block is hundreds of spans) hold nothing looked at below.
    if (!mayHoldScript(element)) return;
    const warnRemoved = (what: string) => {
      const message = file.message(`The ${what} of this ${element.tagName === 'a' ? 'link' : `<${element.tagName}>`} was removed: it could run script in the reader's browser.`, {
        place: element.position,
        ruleId: 'unsafe-url',
        source: 'sdkdocs',
      });
      message.fatal = false;
      message.note = 'Link to a page or an http(s) URL instead; put scripts in a custom React page (src/pages).';
    };
    const remove = (name: string, what: string) => {
      delete element.properties[name];
      warnRemoved(what);
    };
    for (const name of urlAttributes) {
      const value = element.properties[name];
      const scheme = typeof value === 'string' ? unsafeScheme(value, element.tagName) : undefined;
      if (scheme) remove(name, `${scheme}: URL`);
    }
    for (const name of srcsetAttributes) {
      const value = element.properties[name];
      // HTML gives the list as an array of candidates (hast splits it at commas), JSX as one string.
      const list = Array.isArray(value) ? value.join(',') : value;
      const candidates = typeof list === 'string' ? list.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '') : [];
      const scheme = candidates.map((candidate) => unsafeScheme(candidate, element.tagName)).find(Boolean);
      if (scheme) remove(name, `${scheme}: URL in its srcset`);
    }
    const style = element.properties.style;
    const cssScheme = typeof style === 'string' ? unsafeCssUrl(style) : undefined;
    if (cssScheme) remove('style', cssScheme === 'escaped' ? 'style (a url() written with escapes)' : `style's ${cssScheme}: url()`);
    if (element.tagName === 'style') {
      const sheet = element.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
      const sheetScheme = unsafeCssUrl(sheet);
      if (sheetScheme) {
        element.children = [];
        warnRemoved(sheetScheme === 'escaped' ? 'stylesheet (a url() written with escapes)' : `stylesheet's ${sheetScheme}: url()`);
      }
    }
    if (element.tagName === 'meta' && /^refresh$/i.test(String(element.properties.httpEquiv ?? ''))) {
      const scheme = unsafeRefreshTarget(String(element.properties.content ?? ''));
      if (scheme) remove('content', `${scheme}: refresh target`);
    }
    if (element.tagName === 'iframe' && element.properties.srcDoc !== undefined && !isScriptlessSandbox(element)) remove('srcDoc', 'srcdoc');
    if (animationElements.has(element.tagName) && /^(xlink:)?href$/i.test(String(element.properties.attributeName ?? ''))) {
      for (const name of ['values', 'to', 'from', 'by']) {
        const value = element.properties[name];
        const scheme = typeof value === 'string' ? value.split(';').map((part) => unsafeScheme(part.trim())).find(Boolean) : undefined;
        if (scheme) remove(name, `${scheme}: URL it animates to`);
      }
    }
  };
}

/** Properties whose value {@link safeUrlVisitor} looks at on any element. */
const watchedProperties = new Set([...urlAttributes, ...srcsetAttributes, 'style']);
/** Elements it looks at for what they are. */
const watchedElements = new Set(['style', 'meta', 'iframe', ...animationElements]);

function mayHoldScript(element: Element): boolean {
  if (watchedElements.has(element.tagName)) return true;
  for (const name in element.properties) if (watchedProperties.has(name)) return true;
  return false;
}

/** An iframe whose `sandbox` leaves scripts off: its `srcdoc` cannot run any. */
function isScriptlessSandbox(element: Element): boolean {
  const sandbox = element.properties.sandbox;
  if (sandbox === undefined || sandbox === null) return false;
  const tokens = Array.isArray(sandbox) ? sandbox.map(String) : String(sandbox).split(/\s+/);
  return !tokens.some((token) => token.toLowerCase() === 'allow-scripts');
}
