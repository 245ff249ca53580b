#!/usr/bin/env node
// Page weight: builds the example site, loads pages in Chromium and adds up what the browser
// fetched: JavaScript, CSS, HTML and JSON data, raw and gzipped (zlib level 9, as a static host
// would send it). First loads of a docs page, an API page and the landing page, then a later
// client-side navigation (prefetching off, so only the navigation's own requests count).
// A benchmark, not a test: it prints figures and asserts nothing. `--json FILE` writes them.
// Needs `npm run build` (dist/) and Chromium.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { build } = await import(path.join(repoRoot, 'dist/src/index.js'));
const { startStaticServer } = await import(path.join(repoRoot, 'dist/src/serve/static-server.js'));
const { findChromium, headlessChromiumArgs } = await import(path.join(repoRoot, 'dist/src/core/chromium.js'));

const args = process.argv.slice(2);
const jsonIndex = args.indexOf('--json');
const jsonFile = jsonIndex === -1 ? undefined : args[jsonIndex + 1];
const quietLogger = { info() {}, warn() {}, error: console.error, debug() {}, diagnostic() {}, progress() {} };

const outDir = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-page-weight-'));
const { site } = await build({ siteDir: path.join(repoRoot, 'example-site'), outDir, logger: quietLogger });
const baseUrl = site.config.baseUrl;
const apiPage = site.pages.find((page) => page.kind === 'api' && page.route !== site.config.routes.api) ?? site.pages.find((page) => page.kind === 'api');
const server = await startStaticServer({ root: outDir, baseUrl, port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: findChromium(), args: headlessChromiumArgs.filter((flag) => flag !== '--headless') });

const kindOf = (response) => {
  const type = response.request().resourceType();
  if (type === 'script') return 'js';
  if (type === 'stylesheet') return 'css';
  if (type === 'document') return 'html';
  if (new URL(response.url()).pathname.endsWith('.json')) return 'data';
  return 'other';
};

/** Records every response of `action` on `page` and sums the bytes per kind. */
async function weigh(page, action) {
  const totals = {};
  const pending = [];
  const onResponse = (response) =>
    pending.push(
      response.body().then(
        (body) => {
          const kind = kindOf(response);
          const entry = (totals[kind] ??= { files: 0, raw: 0, gzip: 0 });
          entry.files += 1;
          entry.raw += body.length;
          entry.gzip += gzipSync(body, { level: 9 }).length;
        },
        () => undefined,
      ),
    );
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  await Promise.all(pending);
  return totals;
}

const rows = [];
const report = (name, totals) => {
  for (const kind of ['js', 'css', 'html', 'data']) {
    const entry = totals[kind] ?? { files: 0, raw: 0, gzip: 0 };
    rows.push({ page: name, kind, ...entry });
  }
};

async function firstLoad(name, route) {
  const context = await browser.newContext();
  const page = await context.newPage();
  report(name, await weigh(page, () => page.goto(new URL(route, server.url).href)));
  await context.close();
}

try {
  await firstLoad('docs page, first load', `${baseUrl}docs/getting-started/installation`);
  if (apiPage) await firstLoad(`API page ${apiPage.route}, first load`, apiPage.route);
  await firstLoad('landing page, first load', baseUrl);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  await page.goto(new URL(`${baseUrl}docs/getting-started/installation`, server.url).href);
  await page.waitForLoadState('networkidle');
  report(
    'docs → docs, first navigation',
    await weigh(page, async () => {
      await page.click('.pagination-link-next');
      await page.waitForFunction(() => document.title.startsWith('Configuration'));
    }),
  );
  report(
    'docs → docs, later navigation',
    await weigh(page, async () => {
      await page.click('.pagination-link-next');
      await page.waitForFunction(() => !document.title.startsWith('Configuration'));
    }),
  );
  await context.close();
} finally {
  await browser.close();
  await server.close();
  rmSync(outDir, { recursive: true, force: true });
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
const header = ['page', 'kind', 'files', 'raw kB', 'gzip kB'];
const lines = [header, ...rows.map((row) => [row.page, row.kind, String(row.files), kb(row.raw), kb(row.gzip)])];
const widths = header.map((_, index) => Math.max(...lines.map((line) => line[index].length)));
for (const [index, line] of lines.entries()) {
  console.log(line.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
}
if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(rows, null, 2)}\n`);
