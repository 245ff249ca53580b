#!/usr/bin/env node
// check-links benchmark: the generated corpus (5,000 pages by default) is generated and built
// once, then `sdkdocs check-links --json` runs several times in fresh processes. Reported as
// median, min and max: the wall time of the whole command (what a CI step waits for, startup
// included) and the check itself as the report measures it. Budget: 10 s on 5,000 pages.
// Usage: node bench/check-links.mjs [--pages N] [--runs N] [--rebuild] [--json FILE]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureCorpus, repoRoot } from './lib/corpus.mjs';
import { printTable, row } from './lib/stats.mjs';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1];
};
const pages = Number(option('--pages', '5000'));
const runCount = Number(option('--runs', '5'));
const jsonFile = option('--json', undefined);
const budgetSeconds = 10;
const bin = path.join(repoRoot, 'bin', 'sdkdocs.js');

if (!existsSync(path.join(repoRoot, 'dist', 'src', 'cli', 'main.js'))) {
  throw new Error('Build sdkdocs first: npx tsc -p tsconfig.json');
}
const { findChromium } = await import(path.join(repoRoot, 'dist', 'src', 'core', 'chromium.js'));
// Diagrams make pages heavier to scan; without Chromium the corpus is built without them.
const mermaid = Boolean(findChromium());
const site = ensureCorpus(pages, { mermaid });
const builtIndex = path.join(site, 'out', 'sdk', 'index.html');

if (args.includes('--rebuild') || !existsSync(builtIndex)) {
  process.stderr.write(`building the ${pages}-page corpus (mermaid ${mermaid ? 'on' : 'off'}) once…\n`);
  const started = performance.now();
  const result = spawnSync(process.execPath, [bin, 'build', site], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim() },
  });
  if (result.status !== 0) throw new Error(`building the corpus failed with exit code ${result.status}`);
  process.stderr.write(`built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

const runs = [];
for (let run = 0; run < runCount; run++) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [bin, 'check-links', site, '--json'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const wallMs = performance.now() - started;
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    throw new Error(`check-links exited with ${result.status} on the corpus, which has no broken links`);
  }
  const report = JSON.parse(result.stdout);
  runs.push({ wallMs, checkMs: report.ms, pages: report.pages, links: report.links });
}

const rows = [
  row(`${pages} pages: check-links command, wall time`, runs.map((r) => r.wallMs / 1000), 's'),
  row(`${pages} pages: the check itself (report.ms)`, runs.map((r) => r.checkMs / 1000), 's'),
  row(`${pages} pages: links checked`, runs.map((r) => r.links), 'links'),
  row(`${pages} pages: HTML pages scanned`, runs.map((r) => r.pages), 'pages'),
];
printTable(rows);
const median = rows[0].median;
process.stdout.write(`\nbudget ${budgetSeconds} s: median ${median.toFixed(2)} s → ${median <= budgetSeconds ? 'within budget' : 'OVER BUDGET'}\n`);
if (jsonFile) {
  mkdirSync(path.dirname(path.resolve(jsonFile)), { recursive: true });
  writeFileSync(jsonFile, `${JSON.stringify({ pages, mermaid, budgetSeconds, rows, runs }, null, 2)}\n`);
}
