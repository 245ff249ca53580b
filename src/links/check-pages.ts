import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { visitHtmlLinks } from './html-links.js';

/** One link of the built site that leads nowhere. */
export interface BrokenBuiltLink {
  /** The page it is on, relative to the output folder: `sdk/docs/intro/index.html`. */
  file: string;
  line: number;
  /** As written in the HTML. */
  url: string;
  /** The path and fragment it resolves to: `/sdk/docs/intro#setup`. */
  resolved: string;
  /** Element and attribute: `a[href]`, `img[srcset]`… */
  source: string;
  /** `missing`: no file at that path; `anchor`: the page exists but has no element with that id. */
  problem: 'missing' | 'anchor';
  hint?: string;
}

/** A link into another page with a `#fragment`: checked once every page's ids are known. */
export interface FragmentLink extends Omit<BrokenBuiltLink, 'problem' | 'hint'> {
  /** The target page, as a path of the output folder with a leading slash. */
  target: string;
  fragment: string;
}

/** What one share of the pages holds: small enough to pass from a worker thread. */
export interface PageShareResult {
  /** Each page's ids, joined by newlines (one string per page clones fast). */
  ids: { file: string; ids: string }[];
  /** Links to nothing, and fragments missing on their own page. */
  broken: BrokenBuiltLink[];
  fragmentLinks: FragmentLink[];
  /** Links to this site that were checked. */
  links: number;
}

export interface PageShare {
  outDir: string;
  /** The pages to check, relative to `outDir`. */
  pages: string[];
  /** Every file of the output folder, as URL paths with a leading slash. */
  files: string[];
  baseUrl: string;
  /** The site's origin: absolute links to it are internal. */
  origin: string;
}

/** Fragments a browser handles without a matching id. */
export const alwaysValidFragments = new Set(['', 'top']);
/** Files read at once: enough to keep the disk busy while the tokenizer works. */
const concurrentReads = 16;

/**
 * Reads, tokenizes and checks a share of the built pages: each link must lead to a file (with
 * clean URLs: `/docs/intro` → `docs/intro/index.html` or `docs/intro.html`); a `#fragment` into
 * the same page is checked here, one into another page is handed back with its target.
 */
export async function checkPageShare(share: PageShare): Promise<PageShareResult> {
  const fileSet = new Set(share.files);
  const result: PageShareResult = { ids: [], broken: [], fragmentLinks: [], links: 0 };
  // Most links (navbar, sidebar, assets) repeat on every page: each path is looked up once.
  const fileOfPath = new Map<string, string | undefined>();
  const findFile = (urlPath: string): string | undefined => {
    if (fileOfPath.has(urlPath)) return fileOfPath.get(urlPath);
    const found = fileServedAt(urlPath, fileSet);
    fileOfPath.set(urlPath, found);
    return found;
  };
  // Absolute paths and URLs resolve the same on every page; relative ones are resolved per page.
  const resolvedUrls = new Map<string, LinkTarget | undefined>();

  const checkPage = (file: string, html: string) => {
    const ids = new Set<string>();
    const samePageFragments: { link: BrokenBuiltLink; fragment: string }[] = [];
    let base = `${share.origin}${pageUrlPath(file, share.baseUrl)}`;
    let baseIsPage = true;
    visitHtmlLinks(html, {
      id: (id) => ids.add(id),
      base: (href) => {
        base = new URL(href, base).href;
        baseIsPage = false;
      },
      link: (url, source, line) => {
        let target: LinkTarget | undefined;
        if (baseIsPage && isBaseIndependent(url)) {
          target = resolvedUrls.get(url);
          if (target === undefined && !resolvedUrls.has(url)) resolvedUrls.set(url, (target = resolveLink(url, base, share.origin)));
        } else {
          target = resolveLink(url, base, share.origin);
        }
        if (!target) return;
        result.links++;
        const found = findFile(target.path);
        const fragment = target.fragment;
        const checkFragment = found !== undefined && fragment !== undefined && !alwaysValidFragments.has(fragment) && found.endsWith('.html');
        if (found && !checkFragment) return;
        const where = { file, line, url, resolved: `${target.path}${fragment === undefined ? '' : `#${fragment}`}`, source };
        // A full URL on the site's own domain that names no file of the build leads to another
        // app on that domain (a playground, an API server): it is another site's link.
        if (!found && writtenWithOrigin(url)) return;
        if (!found) result.broken.push({ ...where, problem: 'missing' });
        else if (found !== `/${file}`) result.fragmentLinks.push({ ...where, target: found, fragment: fragment! });
        // Ids later in the page count too: checked once the page is read.
        else samePageFragments.push({ link: { ...where, problem: 'anchor' }, fragment: fragment! });
      },
    });
    result.ids.push({ file, ids: [...ids].join('\n') });
    for (const { link, fragment } of samePageFragments) if (!ids.has(fragment)) result.broken.push(link);
  };

  let next = 0;
  const reader = async () => {
    while (next < share.pages.length) {
      const file = share.pages[next++];
      checkPage(file, await readFile(path.join(share.outDir, file), 'utf8'));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrentReads, share.pages.length) }, reader));
  return result;
}

/**
 * The file a static host with clean URLs serves for a path: `/docs/intro` → `/docs/intro`,
 * `/docs/intro.html` or `/docs/intro/index.html`; `/docs/` → `/docs/index.html`.
 */
export function fileServedAt(urlPath: string, files: ReadonlySet<string>): string | undefined {
  const candidates = urlPath.endsWith('/') ? [`${urlPath}index.html`] : [urlPath, `${urlPath}.html`, `${urlPath}/index.html`];
  return candidates.find((candidate) => files.has(candidate));
}

/** A decoded path and fragment on this site. */
interface LinkTarget {
  path: string;
  fragment?: string;
}

/** The URL path a page is served at: `sdk/docs/intro/index.html` → `/sdk/docs/intro`, as the site links it. */
export function pageUrlPath(file: string, baseUrl: string): string {
  if (file !== 'index.html' && !file.endsWith('/index.html')) return `/${file}`;
  const dir = `/${file.slice(0, -'index.html'.length)}`;
  // The site root keeps its slash (`/sdk/`); other pages are linked without one.
  return dir === baseUrl || dir === '/' ? dir : dir.slice(0, -1);
}

function isBaseIndependent(url: string): boolean {
  return (url.startsWith('/') && !url.startsWith('//')) || /^[a-z][a-z0-9+.-]*:/i.test(url);
}

/** Whether a link is written as a full URL (`https://…`, `//host/…`), not as a path. */
function writtenWithOrigin(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url.trim());
}

/** Where a link leads on this site, or undefined for links a check cannot or need not follow. */
function resolveLink(url: string, base: string, origin: string): LinkTarget | undefined {
  let resolved: URL;
  try {
    resolved = new URL(url, base);
  } catch {
    return { path: url };
  }
  if (resolved.origin !== origin || !/^https?:$/.test(resolved.protocol)) return undefined;
  const fragment = resolved.hash === '' ? (url.endsWith('#') ? '' : undefined) : safeDecode(resolved.hash.slice(1));
  return { path: safeDecode(resolved.pathname), fragment };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
