/*
 * One rule for every URL sdkdocs emits or passes through (content, front matter, config): a URL
 * that a browser would run as script is never published.
 */

/** Elements that show a `data:` URL as media, which runs no script. */
const mediaElements = new Set(['img', 'video', 'audio', 'source', 'track']);

/**
 * The scheme of a URL a browser would run as script, as browsers read it; undefined for a safe
 * URL. `data:` is safe only as an image (not SVG), video or audio in a media element.
 */
export function unsafeScheme(url: string, tagName?: string): string | undefined {
  // Browsers drop leading control characters and spaces, and tabs and line breaks anywhere.
  const normalised = url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(normalised)?.[1];
  if (scheme === 'javascript' || scheme === 'vbscript') return scheme;
  if (scheme === 'data' && !(tagName !== undefined && mediaElements.has(tagName) && /^data:(image\/(?!svg)|video\/|audio\/)/.test(normalised))) return scheme;
  return undefined;
}

/** The live-script scheme among the `url(…)` values of CSS (a `style` attribute or element), if any. */
export function unsafeCssUrl(css: string): string | undefined {
  // CSS escapes (`\6a avascript`) would hide the scheme: a url() written with a backslash is refused outright.
  // The whole value counts, spaces and tabs included (`url("java\tscript:…")`), as the URL parser drops them.
  for (const match of css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))/gi)) {
    const url = match[1] ?? match[2] ?? match[3] ?? '';
    if (url.includes('\\')) return 'escaped';
    // An image a stylesheet loads runs no script, `data:` SVG icons included: only the script schemes count.
    const scheme = unsafeScheme(url, 'img');
    if (scheme && scheme !== 'data') return scheme;
  }
  return undefined;
}

/**
 * The live-script scheme of a `<meta http-equiv="refresh" content="0; url=…">` target, if any. The
 * target is read as the HTML standard's refresh steps read it: line breaks may sit between the
 * parts, and a quoted URL ends at its closing quote, whatever follows.
 */
export function unsafeRefreshTarget(content: string): string | undefined {
  const afterTime = content.replace(/^[\t\n\f\r ]*[\d.]*[\t\n\f\r ]*[;,]?[\t\n\f\r ]*/, '');
  const target = afterTime.replace(/^url[\t\n\f\r ]*=[\t\n\f\r ]*/i, '');
  const quote = /^["']/.exec(target)?.[0];
  const end = quote ? target.indexOf(quote, 1) : -1;
  const url = quote ? target.slice(1, end === -1 ? undefined : end) : target;
  return url ? unsafeScheme(url) : undefined;
}
