import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** A URL an element of an HTML page points at. */
export interface HtmlLink {
  /** As written in the attribute (entities decoded). */
  url: string;
  /** `a[href]`, `img[srcset]`… */
  source: string;
  /** 1-based line of the element's tag. */
  line: number;
}

/** What a browser would follow or load from one HTML document, and the ids a `#fragment` can target. */
export interface HtmlScan {
  links: HtmlLink[];
  ids: string[];
  /** `<base href>`, which relative URLs resolve against. */
  base?: string;
}

/** Attributes that hold one URL, per element. */
const urlAttributes: Record<string, readonly string[]> = {
  a: ['href', 'xlink:href'],
  area: ['href'],
  link: ['href'],
  img: ['src'],
  script: ['src'],
  source: ['src'],
  iframe: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
};
/** Attributes that hold a list of image candidates (`a.png 1x, b.png 2x`). */
const srcsetElements = new Set(['img', 'source']);
/** Per element, the attributes worth decoding. */
const wantedAttributes = new Map<string, ReadonlySet<string>>(
  [...new Set([...Object.keys(urlAttributes), ...srcsetElements, 'base'])].map((tag) => [
    tag,
    new Set(['id', ...(urlAttributes[tag] ?? []), ...(srcsetElements.has(tag) ? ['srcset'] : []), ...(tag === 'a' ? ['name'] : []), ...(tag === 'base' ? ['href'] : [])]),
  ]),
);

/** Attributes read from any element: ids are what a `#fragment` can target. */
const idAttributes = new Set(['id']);

/**
 * Tokenizes HTML (no DOM, not even a tag stack: htmlparser2's tokenizer alone) and returns every
 * link a browser follows or loads: `a`, `link`, `img`, `script`, `source`, media and `srcset`
 * candidates, with each element id. Only the attributes that matter are decoded.
 */
export function scanHtml(html: string): HtmlScan {
  const scan: HtmlScan = { links: [], ids: [] };
  // Tags arrive in document order, so the line is counted forward from the previous tag.
  let line = 1;
  let nextNewline = html.indexOf('\n');
  const lineOf = (offset: number) => {
    while (nextNewline !== -1 && nextNewline < offset) {
      line++;
      nextNewline = html.indexOf('\n', nextNewline + 1);
    }
    return line;
  };

  let tag = '';
  let tagStart = 0;
  let wanted: ReadonlySet<string> = idAttributes;
  let attributes: Record<string, string> = {};
  let attribute: string | undefined;
  let value = '';
  const endTag = () => {
    if (attributes.id) scan.ids.push(attributes.id);
    if (tag === 'a' && attributes.name) scan.ids.push(attributes.name);
    if (tag === 'base' && attributes.href !== undefined && scan.base === undefined) scan.base = attributes.href;
    const urls = urlAttributes[tag];
    const srcset = srcsetElements.has(tag) ? attributes.srcset : undefined;
    if (urls || srcset) {
      const at = lineOf(tagStart);
      for (const name of urls ?? []) {
        const url = attributes[name];
        if (url !== undefined) scan.links.push({ url: url.trim(), source: `${tag}[${name}]`, line: at });
      }
      for (const url of srcset ? srcsetUrls(srcset) : []) scan.links.push({ url, source: `${tag}[srcset]`, line: at });
    }
    tag = '';
    attributes = {};
  };
  const ignore = () => {};
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        tag = html.slice(start, end).toLowerCase();
        tagStart = start - 1;
        wanted = wantedAttributes.get(tag) ?? idAttributes;
      },
      onattribname(start, end) {
        const name = html.slice(start, end).toLowerCase();
        attribute = wanted.has(name) ? name : undefined;
        value = '';
      },
      onattribdata(start, end) {
        if (attribute) value += html.slice(start, end);
      },
      onattribentity(codepoint) {
        if (attribute) value += String.fromCodePoint(codepoint);
      },
      onattribend() {
        // The first of two equal attributes wins, as in a browser.
        if (attribute && !(attribute in attributes)) attributes[attribute] = value;
        attribute = undefined;
      },
      onopentagend: endTag,
      onselfclosingtag: endTag,
      oncdata: ignore,
      onclosetag: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onend: ignore,
      onprocessinginstruction: ignore,
      ontext: ignore,
      ontextentity: ignore,
    } satisfies TokenizerCallbacks,
  );
  tokenizer.write(html);
  tokenizer.end();
  return scan;
}

/** The URLs of a `srcset` (`a.png 1x, b.png 2x`), split as the HTML spec does: a URL may hold commas. */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let position = 0;
  while (position < srcset.length) {
    while (position < srcset.length && /[\s,]/.test(srcset[position])) position++;
    if (position >= srcset.length) break;
    const start = position;
    while (position < srcset.length && !/\s/.test(srcset[position])) position++;
    let url = srcset.slice(start, position);
    if (/,+$/.test(url)) {
      url = url.replace(/,+$/, '');
    } else {
      // Skip the descriptor (`2x`, `480w`) up to the comma that ends the candidate.
      let depth = 0;
      while (position < srcset.length && !(srcset[position] === ',' && depth === 0)) {
        if (srcset[position] === '(') depth++;
        else if (srcset[position] === ')') depth--;
        position++;
      }
    }
    if (url) urls.push(url);
  }
  return urls;
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line++;
  return line;
}
