import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { findChromium, headlessChromiumArgs } from '../../src/core/chromium.js';
import { startStaticServer, type StaticServer } from '../../src/serve/static-server.js';

/** The system Chromium, or undefined: browser tests are skipped (with a reason) when there is none. */
export const chromiumPath = findChromium();

/** Launches the system Chromium through playwright-core with flags that work in containers. */
export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error('No Chromium found: run `node scripts/setup.mjs` or set SDKDOCS_CHROMIUM.');
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: headlessChromiumArgs.filter((flag) => flag !== '--headless'),
  });
}

/** Serves a built output root (`out/`) on 127.0.0.1 at a free port. */
export function serveOutput(root: string, baseUrl = '/sdk/'): Promise<StaticServer> {
  return startStaticServer({ root, baseUrl, port: 0, host: '127.0.0.1' });
}

/** A page that records console errors, warnings and uncaught exceptions for "clean console" checks. */
export async function openPage(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems };
}

/** A temporary folder removed by the returned cleanup. */
export async function tempDir(prefix: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
