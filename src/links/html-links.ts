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
  base: [],
};
/** Elements whose `srcset` lists image candidates (`a.png 1x, b.png 2x`). */
const srcsetElements = new Set(['img', 'source']);

/** An element that can link: the attributes worth decoding and how a link is reported. */
interface LinkingElement {
  name: string;
  /** Attribute and its report label: `['href', 'a[href]']`. */
  urls: (readonly [string, string])[];
  srcsetLabel?: string;
  wanted: ReadonlySet<string>;
}

const linkingElements = new Map<string, LinkingElement>(
  Object.entries(urlAttributes).map(([name, attributes]) => {
    const srcset = srcsetElements.has(name);
    const wanted = new Set(['id', ...attributes, ...(srcset ? ['srcset'] : []), ...(name === 'a' ? ['name'] : []), ...(name === 'base' ? ['href'] : [])]);
    const element: LinkingElement = { name, urls: attributes.map((attribute) => [attribute, `${name}[${attribute}]`] as const), wanted };
    if (srcset) element.srcsetLabel = `${name}[srcset]`;
    return [name, element];
  }),
);
/** Any element can have an id. */
const idOnly: ReadonlySet<string> = new Set(['id']);
/** Lengths of the attribute names worth reading, so that others are skipped without a slice. */
const wantedLengths = new Set([...linkingElements.values()].flatMap((element) => [...element.wanted].map((name) => name.length)));

/** Receives what {@link visitHtmlLinks} finds, in document order. */
export interface HtmlLinkVisitor {
  link(url: string, source: string, line: number): void;
  id(id: string): void;
  /** The first `<base href>`: URLs after it resolve against it. */
  base(href: string): void;
}

/** Every link and id of an HTML document, collected. */
export function scanHtml(html: string): HtmlScan {
  const scan: HtmlScan = { links: [], ids: [] };
  visitHtmlLinks(html, {
    link: (url, source, line) => scan.links.push({ url, source, line }),
    id: (id) => scan.ids.push(id),
    base: (href) => (scan.base = href),
  });
  return scan;
}

/**
 * Tokenizes HTML (no DOM, not even a tag stack: htmlparser2's tokenizer alone) and reports every
 * link a browser follows or loads: `a`, `link`, `img`, `script`, `source`, media and `srcset`
 * candidates, and each element id. Only the attributes that matter are decoded, and nothing is
 * kept, so that big sites are checked without building a list per page.
 */
export function visitHtmlLinks(html: string, visitor: HtmlLinkVisitor): void {
  let baseSeen = false;
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

  let element: LinkingElement | undefined;
  let tagStart = 0;
  let attributes: Record<string, string> | undefined;
  let attribute: string | undefined;
  let value = '';
  const endTag = () => {
    if (attributes) {
      if (attributes.id) visitor.id(attributes.id);
      if (element) recordLinks(element, attributes);
    }
    element = undefined;
    attributes = undefined;
  };
  const recordLinks = (linking: LinkingElement, found: Record<string, string>) => {
    if (linking.name === 'a' && found.name) visitor.id(found.name);
    if (linking.name === 'base' && found.href !== undefined && !baseSeen) {
      baseSeen = true;
      visitor.base(found.href);
    }
    const at = lineOf(tagStart);
    for (const [name, label] of linking.urls) {
      const url = found[name];
      if (url !== undefined) visitor.link(url.trim(), label, at);
    }
    if (linking.srcsetLabel && found.srcset) {
      for (const url of srcsetUrls(found.srcset)) visitor.link(url, linking.srcsetLabel, at);
    }
  };
  const ignore = () => {};
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        const name = html.slice(start, end);
        element = linkingElements.get(name) ?? linkingElements.get(name.toLowerCase());
        tagStart = start - 1;
      },
      onattribname(start, end) {
        attribute = undefined;
        const length = end - start;
        if (length !== 2 && !(element && wantedLengths.has(length))) return;
        const wanted = element?.wanted ?? idOnly;
        const name = html.slice(start, end);
        if (wanted.has(name)) attribute = name;
        else if (wanted.has(name.toLowerCase())) attribute = name.toLowerCase();
        value = '';
      },
      onattribdata(start, end) {
        if (attribute) value += html.slice(start, end);
      },
      onattribentity(codepoint) {
        if (attribute) value += String.fromCodePoint(codepoint);
      },
      onattribend() {
        if (!attribute) return;
        attributes ??= {};
        // The first of two equal attributes wins, as in a browser.
        if (!(attribute in attributes)) attributes[attribute] = value;
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
