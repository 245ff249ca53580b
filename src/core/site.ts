import path from 'node:path';
import type { ResolvedConfig } from '../model/config.js';
import type { BuildContext } from '../model/build-context.js';
import type { Page } from '../model/page.js';
import type { Site } from '../model/site.js';
import { currentVersionName } from './docs-version.js';

export type { FrontMatter } from '../model/front-matter.js';
export type { Category, CategoryMetadata, Doc, DocSource } from '../model/doc.js';
export type { OutputFile, OutputFolderContents, OutputFolderRecord, OutputSink, StaticFolderFile, WrittenOutputs } from '../model/output.js';
export type { Page } from '../model/page.js';
export type { Site, SiteThemeOverrides } from '../model/site.js';
export type { BuildContext } from '../model/build-context.js';

/** Output folder of hashed assets, relative to the site root. */
export const assetsDir = 'assets';

/**
 * Runs work that no page served by serve --watch needs (writing cache files and the output
 * folder): in a build with a published moment it waits until the pages are served and the build
 * ends once it is done; any other build runs it at once, as part of the stage.
 */
export function afterPublished(ctx: Pick<BuildContext, 'afterPublished'>, work: () => void | Promise<void>): void | Promise<void> {
  if (!ctx.afterPublished) return work();
  ctx.afterPublished.push(work);
}

/**
 * Lets a check finish while later stages run (the doc samples compile on the TypeDoc worker while
 * this thread renders). The build awaits it, and reports its diagnostics, before `writeSite` and
 * before it ends.
 */
export function deferCheck(ctx: BuildContext, check: Promise<void>): void {
  // Awaited by the stage runner; until then a failure must not count as unhandled.
  check.catch(() => undefined);
  (ctx.deferredChecks ??= []).push(check);
}

export function createSite(config: ResolvedConfig): Site {
  return {
    config,
    docSources: [],
    categories: [],
    docs: [],
    sidebars: {},
    pages: [],
    assets: { css: [], js: [], inlineHead: [] },
    outputs: new Map(),
    diagnostics: [...(config.configWarnings ?? [])],
    readFiles: new Set(config.configInputs),
  };
}

/**
 * Adds a page. A second page at a route already taken is refused, both sources named: an error,
 * or under `onDuplicateRoutes: 'warn'` a warning that says which one is built (the first).
 */
export function addPage(site: Site, page: Page): void {
  const byRoute = pagesByRoute(site);
  const existing = byRoute.get(page.route);
  if (existing) {
    const located = page.sourceFile ? page : existing;
    const rule = site.config.onDuplicateRoutes ?? 'throw';
    if (rule === 'ignore') return;
    site.diagnostics.push({
      severity: rule === 'throw' ? 'error' : 'warning',
      code: 'duplicate-route',
      message:
        `Duplicate route ${page.route}: ${describePageSource(page)} and ${describePageSource(existing)} both emit it.` +
        (rule === 'throw' ? '' : ` Only ${describePageSource(existing)} is built (onDuplicateRoutes: 'warn').`),
      // At the file that can be changed: the new page's, else (a generated page) the other one's.
      file: located.sourceFile,
      line: located.sourceFile ? (located.sourceLine ?? 1) : undefined,
      column: located.sourceFile ? 1 : undefined,
      hint: 'Give one of them another `slug` in its front matter, or rename or move the file.',
    });
    return;
  }
  site.pages.push(page);
  byRoute.set(page.route, page);
}

/** `docs/intro.md:2` (relative to the current folder, as diagnostics print files), or the page's kind. */
function describePageSource(page: Page): string {
  if (!page.sourceFile) return `the ${page.kind} page`;
  const relative = path.relative(process.cwd(), page.sourceFile);
  const file = relative && !relative.startsWith('..') ? relative : page.sourceFile;
  return `${file}:${page.sourceLine ?? 1}`;
}

/** Each page list's pages by route, so adding 10,000 pages does not search the list 10,000 times. */
const routeIndexes = new WeakMap<Page[], Map<string, Page>>();

function pagesByRoute(site: Site): Map<string, Page> {
  let index = routeIndexes.get(site.pages);
  // A stage that changed the list itself (not through addPage) gets a fresh index.
  if (!index || index.size !== site.pages.length) {
    index = new Map(site.pages.map((page) => [page.route, page]));
    routeIndexes.set(site.pages, index);
  }
  return index;
}

/** The site a page's docs were read into: a past version's, else the site itself. */
export function siteOfPage(site: Site, page: Page): Site {
  const name = page.data.docsVersion;
  if (!name || name === currentVersionName) return site;
  return site.docsVersions?.past.find((entry) => entry.version.name === name)?.site ?? site;
}
