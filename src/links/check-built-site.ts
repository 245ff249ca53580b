import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runOnWorkers } from '../core/worker-pool.js';
import { withBaseUrl } from '../shared/paths.js';
import { checkPageShare, fileServedAt, pageUrlPath, type BrokenBuiltLink, type PageShare, type PageShareResult } from './check-pages.js';
import { closestMatch } from './closest-match.js';

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
  /** Worker threads that read and check pages; 0 checks in this thread. Defaults by site size. */
  workers?: number;
}

/** Below this many pages per thread, starting threads costs more than it saves. */
const pagesPerWorker = 400;
/** "Did you mean" costs a scan of every page; past this many broken links the list alone is enough. */
const maxSuggestions = 100;

/**
 * Checks the built site as a browser sees it: every `a[href]`, `link[href]`, `img[src]`,
 * `script[src]`, `srcset` candidate and media source of every page must lead to a file of the
 * output folder (served with clean URLs), and every `#fragment` to an id on its target page.
 * Links outside the base URL are broken. Pages are tokenized, not parsed into a DOM, and big
 * sites are split between worker threads.
 */
export async function checkBuiltSite(options: CheckBuiltSiteOptions): Promise<BuiltSiteReport> {
  const started = performance.now();
  const files = await listFiles(options.outDir);
  const pages = files.filter((file) => file.endsWith('.html'));
  const share: Omit<PageShare, 'pages'> = {
    outDir: options.outDir,
    files: files.map((file) => `/${file}`),
    baseUrl: options.baseUrl,
    origin: new URL(options.siteUrl).origin,
  };
  const results = await checkInShares(share, pages, options.workers);

  const idsByFile = new Map<string, string>();
  for (const result of results) for (const page of result.ids) idsByFile.set(`/${page.file}`, page.ids);
  const idSets = new Map<string, Set<string>>();
  const idsOf = (file: string) => {
    let ids = idSets.get(file);
    if (!ids) idSets.set(file, (ids = new Set((idsByFile.get(file) ?? '').split('\n'))));
    return ids;
  };

  const broken = results.flatMap((result) => result.broken);
  for (const link of results.flatMap((result) => result.fragmentLinks)) {
    if (idsOf(link.target).has(link.fragment)) continue;
    const { target: _target, fragment: _fragment, ...where } = link;
    broken.push({ ...where, problem: 'anchor' });
  }
  addHints(broken, share.files, pages, options.baseUrl, idsOf);
  broken.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return {
    outDir: options.outDir,
    pages: pages.length,
    links: results.reduce((sum, result) => sum + result.links, 0),
    broken,
    ms: performance.now() - started,
  };
}

/** Says when a link only lacks the base URL, or which page or id was probably meant. */
function addHints(broken: BrokenBuiltLink[], files: string[], pages: string[], baseUrl: string, idsOf: (file: string) => Set<string>): void {
  const fileSet = new Set(files);
  let pageUrls: string[] | undefined;
  let suggestions = 0;
  for (const link of broken) {
    const [targetPath, fragment] = splitFragment(link.resolved);
    if (link.problem === 'missing') {
      const withBase = withBaseUrl(targetPath, baseUrl);
      if (withBase !== targetPath && fileServedAt(withBase, fileSet)) {
        link.hint = `It lacks the base URL ${baseUrl}: ${withBase} exists.`;
        continue;
      }
    }
    if (suggestions >= maxSuggestions) continue;
    const nearest =
      link.problem === 'missing'
        ? closestMatch(targetPath, (pageUrls ??= pages.map((file) => pageUrlPath(file, baseUrl))))
        : closestMatch(fragment ?? '', idsOf(fileServedAt(targetPath, fileSet) ?? targetPath));
    if (nearest === undefined) continue;
    link.hint = link.problem === 'missing' ? `Did you mean ${nearest}?` : `Did you mean #${nearest}?`;
    suggestions++;
  }
}

function splitFragment(resolved: string): [string, string | undefined] {
  const hash = resolved.indexOf('#');
  return hash === -1 ? [resolved, undefined] : [resolved.slice(0, hash), resolved.slice(hash + 1)];
}

/** Checks the pages in this thread, or split between worker threads for a big site. */
async function checkInShares(share: Omit<PageShare, 'pages'>, pages: string[], workers?: number): Promise<PageShareResult[]> {
  const workerUrl = new URL('./check-pages-worker.js', import.meta.url);
  // From the TypeScript sources (tests) there is no compiled worker module: check in this thread.
  const count = workers ?? (existsSync(fileURLToPath(workerUrl)) ? Math.min(os.availableParallelism(), Math.floor(pages.length / pagesPerWorker)) : 0);
  if (count <= 1) return [await checkPageShare({ ...share, pages })];
  const shares = Array.from({ length: count }, (_, index) => pages.filter((_, pageIndex) => pageIndex % count === index));
  return runOnWorkers<string[], PageShareResult>(workerUrl, share, shares, { batchSize: 1, size: count });
}

/** Every file under the output folder, relative to it, with forward slashes. */
async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}
