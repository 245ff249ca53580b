#!/usr/bin/env node
// Search benchmark on a generated 1,000-page corpus: the gzipped size of the two search files the
// build emits, and the time one query takes in Chromium with the engine the search box uses
// (fuse.js and the files loaded in a page, a fixed list of queries, typing prefixes included).
// Each run is a fresh browser context that loads the files, creates the engine and times every
// query of several rounds, the first (cold) round included; a run's figure is its 95th
// percentile. Figures are the median of the runs, with min and max.
// Usage: node bench/search.mjs [--pages N] [--runs N] [--rounds N] [--json FILE]   (after `npm run build`)
// `--json FILE` also writes the rows as JSON.
import { existsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { corpusGenerator, generateCorpus, repoRoot, workDir } from './lib/corpus.mjs';
import { printTable, row, summarize } from './lib/stats.mjs';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const pages = option('--pages', 1000);
const runs = option('--runs', 5);
const rounds = option('--rounds', 3);
const jsonIndex = args.indexOf('--json');
const jsonFile = jsonIndex === -1 ? undefined : args[jsonIndex + 1];

/** Budgets of issue 5. */
const maxGzippedBytes = 1.5 * 1000 * 1000;
const maxP95Ms = 30;

/**
 * What readers type over the corpus' vocabulary: words, prefixes as they are typed, multi-word
 * queries, typos, API-like names, a pasted paragraph and characters that mean something in a
 * regular expression.
 */
const queries = [
  's', 'se', 'ses', 'sess', 'sessi', 'session', 'session t', 'session to', 'session token',
  'matchmaking', 'matchmaking tickets', 'leaderboard', 'leaderboards', 'achievement unlocks',
  'cloud save slots', 'crash reporter', 'crash dumps', 'purchase receipts', 'retry', 'retries',
  'timeout', 'timout', 'sesion tokn', 'configuraton', 'overlay windows', 'voice chat credentials',
  'locale bundles', 'remote configuration values', 'frame timings', 'sdk.init', 'sdk.sendEvent',
  'wrapper.launch', 'session:expired', 'timeoutMs', 'flushIntervalMs', 'offline mode',
  'the launcher forwards the session token when the connection drops', 'how do I retry a failed purchase',
  'troubleshooting network retries', 'best practices', 'securing entitlements', 'throttling analytics batches',
  '.*+?^${}()|[]\\', 'x'.repeat(200),
];

const distEntry = path.join(repoRoot, 'dist', 'src', 'index.js');
if (!existsSync(distEntry)) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(2);
}
const { build } = await import(distEntry);
const { createMemoryLogger } = await import(path.join(repoRoot, 'dist', 'src', 'core', 'logger.js'));
const { findChromium, headlessChromiumArgs, chromiumMissingHint } = await import(path.join(repoRoot, 'dist', 'src', 'core', 'chromium.js'));

const executablePath = findChromium();
if (!executablePath) {
  console.error(`No Chromium found. ${chromiumMissingHint}`);
  process.exit(2);
}

const siteDir = ensureSearchCorpus(pages);
console.error(`building ${pages} pages up to the search index…`);
const { site } = await build({ siteDir, logger: createMemoryLogger(), until: 'buildSearchIndex' });
const files = site.siteData.searchFiles;
const contents = (url) => Buffer.from(site.outputs.get(url.slice(site.config.baseUrl.length)).contents);
const documents = contents(files.documents);
// A large site's index comes in parts; the page below loads it as one file, as the browser joins it.
const wholeIndex = JSON.parse(contents(files.index).toString('utf8'));
for (const part of files.indexParts ?? []) wholeIndex.records.push(...JSON.parse(contents(part).toString('utf8')).records);
const index = Buffer.from(JSON.stringify(wholeIndex));
const gzipped = { documents: gzipSync(documents).length, index: gzipSync(index).length };
const recordCount = JSON.parse(documents.toString('utf8')).records.length;

const engineBundle = await esbuild.build({
  entryPoints: [path.join(repoRoot, 'dist', 'src', 'shared', 'search', 'search-engine.js')],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  minify: true,
  write: false,
  logLevel: 'silent',
});
const server = await serve({
  '/': { type: 'text/html', body: benchPage() },
  '/engine.js': { type: 'text/javascript', body: engineBundle.outputFiles[0].contents },
  '/documents.json': { type: 'application/json', body: documents },
  '/index.json': { type: 'application/json', body: index },
});

const browser = await chromium.launch({ executablePath, headless: true, args: headlessChromiumArgs.filter((flag) => flag !== '--headless') });
const results = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url);
    results.push(await page.evaluate(({ list, count }) => window.runSearchBench(list, count), { list: queries, count: rounds }));
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const p95 = results.map((result) => percentile(result.times, 95));
const rows = [
  row(`search files gzipped, both (${recordCount} records, ${pages} pages)`, [(gzipped.documents + gzipped.index) / 1e6], 'MB'),
  row('  documents gzipped', [gzipped.documents / 1e3], 'kB'),
  row('  index gzipped', [gzipped.index / 1e3], 'kB'),
  row(`query time p95 (${queries.length} queries × ${rounds} rounds per run)`, p95, 'ms'),
  row('query time median', results.map((result) => percentile(result.times, 50)), 'ms'),
  row('query time max', results.map((result) => Math.max(...result.times)), 'ms'),
  row('fetch and parse both files', results.map((result) => result.loadMs), 'ms'),
  row('create the engine (first use)', results.map((result) => result.createMs), 'ms'),
];
printTable(rows);
if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify({ benchmark: 'search', rows }, null, 2)}\n`);
const sizeOk = gzipped.documents + gzipped.index <= maxGzippedBytes;
const speedOk = summarize(p95).median <= maxP95Ms;
console.log(`\nsize  ${sizeOk ? 'within' : 'OVER'} the budget of ${maxGzippedBytes / 1e6} MB gzipped`);
console.log(`speed ${speedOk ? 'within' : 'OVER'} the budget of ${maxP95Ms} ms at the 95th percentile`);
process.exitCode = sizeOk && speedOk ? 0 : 1;

/** The corpus folder with its own small config: no API reference, no diagrams to render. */
function ensureSearchCorpus(count) {
  const dir = path.join(workDir, `${corpusGenerator === 'own' ? 'own-' : ''}search-corpus-${count}`);
  if (!existsSync(path.join(dir, 'docs'))) {
    generateCorpus(dir, count);
  }
  writeFileSync(
    path.join(dir, 'sdkdocs.config.ts'),
    `import { defineConfig } from 'sdkdocs';
export default defineConfig({
  title: 'Search corpus ${count}',
  tagline: 'Search benchmark corpus',
  url: 'https://corpus.example.com',
  baseUrl: '/sdk/',
  search: { maxHits: 8 },
});
`,
  );
  return dir;
}

/** The page the runs load: the engine module, then the two files, then the timed queries. */
function benchPage() {
  return `<!doctype html><meta charset="utf-8"><title>search bench</title>
<script type="module">
import { createSearchEngine } from '/engine.js';
window.runSearchBench = async (queries, rounds) => {
  const started = performance.now();
  const [documents, index] = await Promise.all([
    fetch('/documents.json').then((response) => response.json()),
    fetch('/index.json').then((response) => response.json()),
  ]);
  const loaded = performance.now();
  const engine = createSearchEngine(documents, index);
  const created = performance.now();
  const times = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const start = performance.now();
      engine.search(query, 8);
      times.push(performance.now() - start);
    }
  }
  return { loadMs: loaded - started, createMs: created - loaded, times };
};
</script>`;
}

/** A static server for the bench page, the engine bundle and the files, on a free local port. */
function serve(routes) {
  const server = http.createServer((request, response) => {
    const route = routes[new URL(request.url, 'http://localhost').pathname];
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': route.type }).end(route.body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() });
    });
  });
}
