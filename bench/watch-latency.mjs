#!/usr/bin/env node
// Watch latency: the time from saving a markdown file to the reloaded page showing the new text
// in Chromium, under `sdkdocs serve --watch`, for the example site and a generated 1,000-page
// corpus. Each site is copied to a temporary folder and served by the CLI in its own process;
// one page is open in headless Chromium. Every edit writes a unique token into the page's body
// and waits until the page shows it: after a reload, "painted" is the first paint of the new
// document (a reload keeps the old page on screen until then) and "ready" the frame after its
// scripts ran; after an in-place update, both are the frame after the one that drew the change.
// Median, min and max over several edits, after one warm-up edit.
// Usage: node bench/watch-latency.mjs [--edits N] [--only example|corpus] [--json FILE]   (after `npm run build`)
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { ensureCorpus, firstNestedDoc, repoRoot } from './lib/corpus.mjs';
import { printTable, row } from './lib/stats.mjs';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const { findChromium, headlessChromiumArgs, chromiumMissingHint } = await import('../dist/src/core/chromium.js');

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const edits = Number(option('--edits', '7'));
const only = option('--only', undefined);
const jsonFile = option('--json', undefined);
/** Time to let the page settle (hydration, prefetches) between edits. */
const pauseMs = 400;
const editTimeoutMs = 30_000;

/** The page of the shared generator's corpus that the figures of bench/RESULTS.md were measured on. */
const sharedCorpusPage = 'achievements/debugging-event-payloads.md';
const sites = [
  { name: 'example site', source: () => path.join(repoRoot, 'example-site'), page: 'getting-started/installation.md' },
  { name: '1000-page corpus', source: () => ensureCorpus(1000), page: (dir) => (existsSync(path.join(dir, 'docs', sharedCorpusPage)) ? sharedCorpusPage : firstNestedDoc(dir)) },
].filter((site) => !only || site.name.includes(only));

const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error(`No Chromium found. ${chromiumMissingHint}`);
  process.exit(1);
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: headlessChromiumArgs.filter((flag) => flag !== '--headless') });
const rows = [];
try {
  for (const site of sites) rows.push(...(await measureSite(site)));
} finally {
  await browser.close();
}
process.stdout.write(`\nsave → reloaded page in Chromium (${edits} edits each after a warm-up; aim: ≤ 150 ms for one page of the corpus)\n`);
printTable(rows);
if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify({ benchmark: 'watch-latency', rows }, null, 2)}\n`);

async function measureSite({ name, source, page: pageOf }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-watch-bench-'));
  // The site's own caches (rendered diagrams) come along; its output does not.
  cpSync(source(), dir, { recursive: true, filter: (file) => !/[\\/]out([\\/]|$)/.test(path.relative(source(), file)) });
  const server = await startServer(dir);
  const context = await browser.newContext();
  try {
    const page = typeof pageOf === 'function' ? pageOf(dir) : pageOf;
    const file = path.join(dir, 'docs', page);
    const original = readFileSync(file, 'utf8');
    const route = `${server.url}docs/${page.replace(/\.md$/, '')}`;
    const tab = await context.newPage();
    const reports = [];
    let onReport = () => {};
    await tab.exposeBinding('__benchReport', (_source, report) => {
      reports.push(report);
      onReport();
    });
    await tab.addInitScript(() => {
      const tokens = () => document.body?.textContent?.match(/BENCH-[0-9a-z-]+/g) ?? [];
      new PerformanceObserver((list, observer) => {
        for (const entry of list.getEntries()) {
          if (entry.name !== 'first-contentful-paint') continue;
          observer.disconnect();
          window.__benchReport({ kind: 'painted', tokens: tokens(), at: performance.timeOrigin + entry.startTime });
        }
      }).observe({ type: 'paint', buffered: true });
      document.addEventListener('DOMContentLoaded', () => {
        requestAnimationFrame(() => setTimeout(() => window.__benchReport({ kind: 'ready', tokens: tokens(), at: performance.timeOrigin + performance.now() }), 0));
        // An in-place update (no new document): the new text is painted by the frame after the
        // change; the start of the frame after that is when it is surely on screen.
        let shown = new Set(tokens());
        new MutationObserver(() => {
          const now = tokens().filter((token) => !shown.has(token));
          if (now.length === 0) return;
          shown = new Set(tokens());
          requestAnimationFrame(() =>
            requestAnimationFrame((frame) => {
              window.__benchReport({ kind: 'painted', tokens: now, at: performance.timeOrigin + frame });
              setTimeout(() => window.__benchReport({ kind: 'ready', tokens: now, at: performance.timeOrigin + performance.now() }), 0);
            }),
          );
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    });
    const connected = tab.waitForResponse((response) => response.url().endsWith('/__sdkdocs/events'));
    await tab.goto(route);
    await connected;
    await sleep(pauseMs);

    const painted = [];
    const ready = [];
    const rebuilds = [];
    const afterRebuild = [];
    for (let edit = 0; edit <= edits; edit++) {
      const token = `BENCH-${edit}-${Math.random().toString(36).slice(2, 8)}`;
      const seen = (kind) => reports.find((report) => report.kind === kind && report.tokens.includes(token));
      const shown = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name}: edit ${edit} not shown within ${editTimeoutMs} ms`)), editTimeoutMs);
        onReport = () => {
          if (seen('painted') && seen('ready')) {
            clearTimeout(timer);
            resolve();
          }
        };
      });
      const rebuilt = server.nextRebuild();
      const savedAt = performance.timeOrigin + performance.now();
      writeFileSync(file, original.replace(/^(---\n[\s\S]*?\n---\n)/, `$1\nLatency probe ${token}.\n`));
      await shown;
      const { ms: rebuildMs, at: rebuiltAt } = await rebuilt;
      if (edit > 0) {
        painted.push(seen('painted').at - savedAt);
        ready.push(seen('ready').at - savedAt);
        rebuilds.push(rebuildMs);
        afterRebuild.push(seen('painted').at - rebuiltAt);
      }
      await sleep(pauseMs);
    }
    return [
      row(`${name}: save → new page painted`, painted, 'ms'),
      row(`${name}: save → new page ready`, ready, 'ms'),
      row(`${name}: rebuild (server's own line)`, rebuilds, 'ms'),
      // Publishing the build, telling the page, and the page fetching and swapping in its content.
      row(`${name}: rebuild line → new page painted`, afterRebuild, 'ms'),
    ];
  } finally {
    await context.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `sdkdocs serve DIR --watch --port 0` and reads its URL and its rebuild lines from stderr. */
async function startServer(dir) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'serve', dir, '--watch', '--port', '0'], {
    stdio: ['ignore', 'inherit', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let log = '';
  const waiters = [];
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    log += chunk;
    for (const waiter of [...waiters]) waiter();
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const waitForLog = (pattern, from) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(log.slice(from));
        if (!match) return;
        waiters.splice(waiters.indexOf(check), 1);
        resolve(match);
      };
      waiters.push(check);
      exited.then(() => reject(new Error(`sdkdocs serve exited:\n${log}`)));
      check();
    });
  const url = (await waitForLog(/at (http:\/\/\S+?\/)[,.\s]/, 0))[1];
  return {
    url,
    /** The duration printed on the next rebuild line (`↻ docs/x.md → 1 page · 38 ms`), and when the line came. */
    nextRebuild: () => {
      const from = log.length;
      return waitForLog(/↻ .* · ([\d.]+) (ms|s)\n/, from).then((match) => ({
        ms: Number(match[1]) * (match[2] === 's' ? 1000 : 1),
        at: performance.timeOrigin + performance.now(),
      }));
    },
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
  };
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
