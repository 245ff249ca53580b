#!/usr/bin/env node
// Build benchmarks: the example site cold (mermaid cache cold and warm) and generated corpora of
// 1,000 / 5,000 / 10,000 pages: wall time, CPU time, peak RSS, time per page and how it grows,
// each a median of several runs in fresh processes. `--quick` runs the 1,000-page corpus only (CI).
// `--json FILE` also writes the rows as JSON.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureCorpus, repoRoot, workDir } from './lib/corpus.mjs';
import { measureBuild } from './lib/measure.mjs';
import { printTable, row } from './lib/stats.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const jsonIndex = args.indexOf('--json');
const jsonFile = jsonIndex === -1 ? undefined : args[jsonIndex + 1];
const rows = [];
const outDir = path.join(workDir, 'out');
mkdirSync(workDir, { recursive: true });

function runs(count, fn) {
  return Array.from({ length: count }, () => fn());
}

if (!quick) {
  const exampleSite = path.join(repoRoot, 'example-site');
  const mermaidCache = path.join(exampleSite, 'node_modules', '.cache', 'sdkdocs');
  const cold = runs(3, () => {
    rmSync(mermaidCache, { recursive: true, force: true });
    return measureBuild(exampleSite, outDir);
  });
  const warm = runs(3, () => measureBuild(exampleSite, outDir));
  rows.push(row('example site: cold build, mermaid cache cold', cold.map((r) => r.wallMs), 'ms'));
  rows.push(row('example site: cold build, mermaid cache warm', warm.map((r) => r.wallMs), 'ms'));
  rows.push(row('example site: peak RSS (warm)', warm.map((r) => r.maxRssMb), 'MB'));
}

const corpusSizes = quick ? [1000] : [1000, 5000, 10000];
const perSize = new Map();
for (const pages of corpusSizes) {
  const site = ensureCorpus(pages);
  const results = runs(pages >= 5000 ? 2 : 3, () => measureBuild(site, outDir));
  perSize.set(pages, results);
  rows.push(row(`${pages} pages: wall time`, results.map((r) => r.wallMs / 1000), 's'));
  rows.push(row(`${pages} pages: CPU time`, results.map((r) => r.cpuMs / 1000), 's'));
  rows.push(row(`${pages} pages: peak RSS`, results.map((r) => r.maxRssMb), 'MB'));
  rows.push(row(`${pages} pages: time per page`, results.map((r) => r.wallMs / pages), 'ms'));
}

const floorRuns = runs(3, () =>
  JSON.parse(execFileSync(process.execPath, [path.join(repoRoot, 'bench', 'lib', 'markdown-floor.mjs'), ensureCorpus(1000)], { encoding: 'utf8' })),
);
rows.push(row('baseline: bare unified markdown→hast, 1000 pages, 1 thread', floorRuns.map((r) => r.wallMs / 1000), 's'));
const floorMedian = floorRuns.map((r) => r.wallMs).sort((a, b) => a - b)[1];
rows.push(row('1000 pages: build ÷ baseline', perSize.get(1000).map((r) => r.wallMs / floorMedian), 'ratio'));
if (perSize.has(10000)) {
  const small = perSize.get(1000).map((r) => r.wallMs).sort((a, b) => a - b)[1];
  rows.push(row('growth: 10000-page time ÷ 1000-page time', perSize.get(10000).map((r) => r.wallMs / small), 'ratio'));
}
// Where the time goes in the largest build, per stage (median run).
const largest = perSize.get(corpusSizes[corpusSizes.length - 1]);
for (const stage of Object.keys(largest[0].stages)) {
  rows.push(row(`${corpusSizes[corpusSizes.length - 1]} pages: stage ${stage}`, largest.map((r) => r.stages[stage]), 'ms'));
}

printTable(rows);
if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify({ benchmark: 'build', rows }, null, 2)}\n`);
