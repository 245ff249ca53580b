import { Parser } from 'htmlparser2';

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

/**
 * Tokenizes HTML (no DOM is built) and returns every link a browser follows or loads: `a`,
 * `link`, `img`, `script`, `source`, media and `srcset` candidates, with each element id.
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
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const names = urlAttributes[name];
        const hasSrcset = srcsetElements.has(name) && attributes.srcset;
        if (attributes.id) scan.ids.push(attributes.id);
        if (name === 'a' && attributes.name) scan.ids.push(attributes.name);
        if (name === 'base' && attributes.href !== undefined && scan.base === undefined) scan.base = attributes.href;
        if (!names && !hasSrcset) return;
        const at = lineOf(parser.startIndex);
        for (const attribute of names ?? []) {
          const url = attributes[attribute];
          if (url !== undefined) scan.links.push({ url: url.trim(), source: `${name}[${attribute}]`, line: at });
        }
        if (hasSrcset) {
          for (const url of srcsetUrls(attributes.srcset)) scan.links.push({ url, source: `${name}[srcset]`, line: at });
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
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
