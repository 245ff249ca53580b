import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { withBaseUrl } from '../shared/paths.js';
import { closestMatch } from './closest-match.js';
import { scanHtmlFiles, type PageScan } from './scan-html-files.js';

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

export interface BuiltSiteReport {
  /** The output folder that was checked. */
  outDir: string;
  /** HTML pages scanned. */
  pages: number;
  /** Links to this site that were checked (links to other sites are not fetched). */
  links: number;
  broken: BrokenBuiltLink[];
  ms: number;
}

export interface CheckBuiltSiteOptions {
  /** The output root (`out/`), served as the web root: the site itself is under the base URL. */
  outDir: string;
  /** `/sdk/`: a link without it leads out of the site. */
  baseUrl: string;
  /** The site's origin (config `url`): absolute links to it are checked like paths. */
  siteUrl: string;
  /** Worker threads that read and tokenize pages; 0 scans in this thread. Defaults by site size. */
  workers?: number;
}

/** Below this many pages, starting threads costs more than it saves. */
const pagesPerWorker = 400;
/** Fragments a browser handles without a matching id. */
const alwaysValidFragments = new Set(['', 'top']);
/** "Did you mean" costs a scan of every page; past this many broken links the list alone is enough. */
const maxSuggestions = 100;

/**
 * Checks the built site as a browser sees it: every `a[href]`, `link[href]`, `img[src]`,
 * `script[src]`, `srcset` candidate and media source of every page must lead to a file of the
 * output folder (served with clean URLs: `/docs/intro` → `docs/intro/index.html` or
 * `docs/intro.html`), and every `#fragment` to an id on its target page. Links outside the
 * base URL are broken. Pages are tokenized, not parsed into a DOM, on worker threads for big sites.
 */
export async function checkBuiltSite(options: CheckBuiltSiteOptions): Promise<BuiltSiteReport> {
  const started = performance.now();
  const origin = new URL(options.siteUrl).origin;
  const files = await listFiles(options.outDir);
  const fileSet = new Set(files.map((file) => `/${file}`));
  const htmlFiles = files.filter((file) => file.endsWith('.html'));
  const scans = await scanPages(options.outDir, htmlFiles, options.workers);
  const idsByFile = new Map(scans.map((scan) => [`/${scan.file}`, new Set(scan.ids)]));

  // Most links (navbar, sidebar, assets) repeat on every page: resolve each path once.
  const fileOfPath = new Map<string, string | undefined>();
  const findFile = (urlPath: string): string | undefined => {
    if (fileOfPath.has(urlPath)) return fileOfPath.get(urlPath);
    const candidates = urlPath.endsWith('/') ? [`${urlPath}index.html`] : [urlPath, `${urlPath}.html`, `${urlPath}/index.html`];
    const found = candidates.find((candidate) => fileSet.has(candidate));
    fileOfPath.set(urlPath, found);
    return found;
  };

  let pageUrls: string[] | undefined;
  const nearestPage = (urlPath: string) => closestMatch(urlPath, (pageUrls ??= htmlFiles.map((file) => pageUrlPath(file, options.baseUrl))));

  const broken: BrokenBuiltLink[] = [];
  let links = 0;
  let suggestions = 0;
  // Absolute paths and URLs resolve the same on every page: cache them, resolve relative ones per page.
  const resolvedUrls = new Map<string, LinkTarget | undefined>();
  for (const scan of scans) {
    const pageUrl = `${origin}${pageUrlPath(scan.file, options.baseUrl)}`;
    const base = scan.base === undefined ? pageUrl : new URL(scan.base, pageUrl).href;
    for (const link of scan.links) {
      const independent = (link.url.startsWith('/') && !link.url.startsWith('//')) || /^[a-z][a-z0-9+.-]*:/i.test(link.url);
      let target: LinkTarget | undefined;
      if (independent && scan.base === undefined) {
        if (resolvedUrls.has(link.url)) target = resolvedUrls.get(link.url);
        else resolvedUrls.set(link.url, (target = resolveLink(link.url, base, origin)));
      } else {
        target = resolveLink(link.url, base, origin);
      }
      if (!target) continue;
      links++;
      const file = findFile(target.path);
      const report = (problem: BrokenBuiltLink['problem'], hint: string | undefined) =>
        broken.push({ file: scan.file, line: link.line, url: link.url, resolved: `${target.path}${target.fragment === undefined ? '' : `#${target.fragment}`}`, source: link.source, problem, hint });
      if (!file) {
        const withBase = withBaseUrl(target.path, options.baseUrl);
        let hint: string | undefined;
        if (withBase !== target.path && findFile(withBase)) hint = `It lacks the base URL ${options.baseUrl}: ${withBase} exists.`;
        else if (suggestions < maxSuggestions) {
          const nearest = nearestPage(target.path);
          if (nearest) {
            hint = `Did you mean ${nearest}?`;
            suggestions++;
          }
        }
        report('missing', hint);
        continue;
      }
      if (target.fragment === undefined || alwaysValidFragments.has(target.fragment)) continue;
      const ids = idsByFile.get(file);
      if (!ids || ids.has(target.fragment)) continue;
      const nearest = suggestions < maxSuggestions ? closestMatch(target.fragment, ids) : undefined;
      if (nearest) suggestions++;
      report('anchor', nearest ? `Did you mean #${nearest}?` : undefined);
    }
  }
  broken.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { outDir: options.outDir, pages: scans.length, links, broken, ms: performance.now() - started };
}

/** The URL path a page is served at: `sdk/docs/intro/index.html` → `/sdk/docs/intro`, as the site links it. */
function pageUrlPath(file: string, baseUrl: string): string {
  if (file !== 'index.html' && !file.endsWith('/index.html')) return `/${file}`;
  const dir = `/${file.slice(0, -'index.html'.length)}`;
  // The site root keeps its slash (`/sdk/`); other pages are linked without one.
  return dir === baseUrl || dir === '/' ? dir : dir.slice(0, -1);
}

/** A decoded path and fragment on this site. */
interface LinkTarget {
  path: string;
  fragment?: string;
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
  const hash = resolved.hash === '' ? (url.endsWith('#') ? '' : undefined) : safeDecode(resolved.hash.slice(1));
  return { path: safeDecode(resolved.pathname), fragment: hash };
}

async function scanPages(outDir: string, files: string[], workers?: number): Promise<PageScan[]> {
  const workerFile = fileURLToPath(new URL('./scan-html-worker.js', import.meta.url));
  // From the TypeScript sources (tests) there is no compiled worker module: scan in this thread.
  const count = workers ?? (existsSync(workerFile) ? Math.min(os.availableParallelism(), Math.floor(files.length / pagesPerWorker)) : 0);
  if (count <= 1) return scanHtmlFiles(outDir, files);
  const shares = Array.from({ length: count }, (_, index) => files.filter((_, fileIndex) => fileIndex % count === index));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise<PageScan[]>((resolve, reject) => {
          const worker = new Worker(workerFile, { workerData: { outDir, files: share } });
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) => {
            if (code !== 0) reject(new Error(`sdkdocs check-links: a scan worker stopped with exit code ${code}`));
          });
        }),
    ),
  );
  return results.flat();
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Every file under the output folder, relative to it, with forward slashes. */
async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}
