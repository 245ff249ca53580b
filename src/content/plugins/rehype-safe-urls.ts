import type { VFile } from 'vfile';
import type { ElementVisitor } from './rehype-element-pass.js';

/** Attributes whose value a browser follows or loads as a URL. */
const urlAttributes = ['href', 'src', 'action', 'formAction', 'poster', 'cite', 'xLinkHref'];
/** Elements that show a `data:` URL as media, which runs no script. */
const mediaElements = new Set(['img', 'video', 'audio', 'source', 'track']);

/**
 * Removes link and resource URLs that would run script in the reader's browser: `javascript:`,
 * `vbscript:` and `data:` (but for images, video and audio in media elements), written as
 * markdown or as HTML, with a warning at each. React blocks only `javascript:` URLs, and only by
 * swapping in one of its own.
 */
export function safeUrlVisitor(file: VFile): ElementVisitor {
  return (element) => {
    for (const name of urlAttributes) {
      const value = element.properties[name];
      if (typeof value !== 'string') continue;
      const scheme = unsafeScheme(value, element.tagName);
      if (!scheme) continue;
      delete element.properties[name];
      const message = file.message(
        `The ${scheme}: URL of this ${element.tagName === 'a' ? 'link' : `<${element.tagName}>`} was removed: it could run script in the reader's browser.`,
        { place: element.position, ruleId: 'unsafe-url', source: 'sdkdocs' },
      );
      message.fatal = false;
      message.note = 'Link to a page or an http(s) URL instead; put scripts in a custom React page (src/pages).';
    }
  };
}

/** The scheme of a URL a browser would run as script, as browsers read it; undefined for a safe URL. */
export function unsafeScheme(url: string, tagName: string): string | undefined {
  // Browsers drop leading control characters and spaces, and tabs and line breaks anywhere.
  const normalised = url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(normalised)?.[1];
  if (scheme === 'javascript' || scheme === 'vbscript') return scheme;
  if (scheme === 'data' && !(mediaElements.has(tagName) && /^data:(image\/(?!svg)|video\/|audio\/)/.test(normalised))) return scheme;
  return undefined;
}
