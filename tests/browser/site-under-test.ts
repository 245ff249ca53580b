import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../src/serve/static-server.js';
import { launchBrowser, openPage, serveOutput, tempDir } from '../helpers/browser.js';
import { sharedBuild } from '../helpers/shared-build.js';
import { buildSite } from '../helpers/site.js';
import { expect } from 'vitest';

/** `expect.poll` with room for a busy 2-core machine: it passes as soon as the value is right. */
export function eventually<T>(read: () => T | Promise<T>, options: { timeout?: number } = {}) {
  return expect.poll(read, { timeout: 10_000, ...options });
}

/** A site built once into a temporary folder, served on 127.0.0.1, with one shared Chromium. */
export interface SiteUnderTest {
  outDir: string;
  server: StaticServer;
  browser: Browser;
  /** Absolute URL of a path inside the base URL (`docs/intro`). */
  url(pathInSite?: string): string;
  /** A fresh context and page recording console problems; closed by `close()` or at the end. */
  open(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page; problems: string[] }>;
  /** Serves the same output with its site folder at another path (a wrong base URL). */
  serveAt(baseUrl: string): Promise<StaticServer>;
  close(): Promise<void>;
}

export interface SiteUnderTestOptions {
  /**
   * Serve the build that other test files of the run make of the same site (see
   * tests/helpers/shared-build.ts) instead of building it again: for sites the tests only read,
   * such as the example site, which several browser test files check.
   */
  sharedBuild?: boolean;
}

export async function startSiteUnderTest(siteDir: string, baseUrl: string, options: SiteUnderTestOptions = {}): Promise<SiteUnderTest> {
  // Chromium starts while the site builds: its own processes do that work, not the build's thread.
  const [built, launched] = await Promise.allSettled([buildForTest(siteDir, options), launchBrowser()]);
  if (built.status === 'rejected' || launched.status === 'rejected') {
    if (launched.status === 'fulfilled') await launched.value.close();
    if (built.status === 'fulfilled') await built.value.cleanup();
    throw built.status === 'rejected' ? built.reason : (launched as PromiseRejectedResult).reason;
  }
  const { outDir, cleanup } = built.value;
  const browser = launched.value;
  const server = await serveOutput(outDir, baseUrl).catch(async (error: unknown) => {
    await browser.close();
    await cleanup();
    throw error;
  });
  const contexts: BrowserContext[] = [];
  const servers: StaticServer[] = [];
  return {
    outDir,
    server,
    browser,
    url: (pathInSite = '') => server.url + pathInSite.replace(/^\//, ''),
    async open(options) {
      const context = await browser.newContext(options);
      contexts.push(context);
      return { context, ...(await openPage(context)) };
    },
    async serveAt(otherBase) {
      const root = path.join(outDir, ...baseUrl.split('/').filter(Boolean));
      const other = await startStaticServer({ root, baseUrl: otherBase, port: 0, host: '127.0.0.1' });
      servers.push(other);
      return other;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      for (const other of servers) await other.close();
      await browser.close();
      await server.close();
      await cleanup();
    },
  };
}

async function buildForTest(siteDir: string, options: SiteUnderTestOptions): Promise<{ outDir: string; cleanup: () => Promise<void> }> {
  if (options.sharedBuild) return { outDir: await sharedBuild(siteDir), cleanup: async () => undefined };
  const { dir: outDir, cleanup } = await tempDir('sdkdocs-client-');
  await buildSite(siteDir, { outDir });
  return { outDir, cleanup };
}

/** Resolves once the client runtime has hydrated the page (it announces the first route). */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { __routeEvents?: unknown[] };
    if (record.__routeEvents) return;
    const events: unknown[] = (record.__routeEvents = []);
    window.addEventListener('sdkdocs:route-rendered', (event) => events.push((event as CustomEvent).detail));
  });
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __routeEvents: unknown[] }).__routeEvents.length > 0);
}

/**
 * Resolves once the page has run what its last input scheduled: two frames (a class toggled on
 * scroll, a route swapped in) and then an idle moment of its event loop. Tests that check that
 * something did NOT happen wait for this state instead of for a duration, which a loaded machine
 * can outlast.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 5_000 })));
      }),
  );
}

/** Resolves once the client runtime has rendered a route whose path ends with `pathEnd`. */
export async function routeRendered(page: Page, pathEnd: string): Promise<void> {
  await page.waitForFunction((end) => (window as unknown as { __routeEvents: { path: string }[] }).__routeEvents.some((event) => event.path.endsWith(end)), pathEnd);
}

/** The route-rendered events seen so far on the page. */
export function routeEvents(page: Page): Promise<{ path: string; search: string; hash: string }[]> {
  return page.evaluate(() => (window as unknown as { __routeEvents: { path: string; search: string; hash: string }[] }).__routeEvents);
}

/** Marks the page's JavaScript realm; the mark survives client-side navigation but not a full load. */
export async function markRealm(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __realm: boolean }).__realm = true));
}

export function realmSurvived(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __realm?: boolean }).__realm === true);
}
