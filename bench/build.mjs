#!/usr/bin/env node
// Build benchmarks: the example site cold (mermaid cache cold and warm) and rebuilt, and generated corpora of
// 1,000 / 5,000 / 10,000 pages cold and rebuilt: wall time, CPU time, peak RSS, time per page and how it grows,
// each a median of several runs in fresh processes. `--quick` runs the 1,000-page corpus only (CI).
// `--json FILE` also writes the rows as JSON.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dropUnmarkedOutput, ensureCorpus, repoRoot, workDir } from './lib/corpus.mjs';
import { measureBuild, measureCliBuild } from './lib/measure.mjs';
import { median, printTable, row } from './lib/stats.mjs';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const args = process.argv.slice(2);
const quick = args.includes('--quick');
// `--only example` or `--only corpora` runs one half.
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const jsonIndex = args.indexOf('--json');
const jsonFile = jsonIndex === -1 ? undefined : args[jsonIndex + 1];
const rows = [];
const outDir = path.join(workDir, 'out');
mkdirSync(workDir, { recursive: true });
dropUnmarkedOutput(outDir);

function runs(count, fn) {
  return Array.from({ length: count }, () => fn());
}

/** The site's build caches (`node_modules/.cache/sdkdocs`): all of them, or all but the mermaid SVGs. */
function clearCaches(siteDir, { keepMermaid }) {
  const cacheDir = path.join(siteDir, 'node_modules', '.cache', 'sdkdocs');
  if (!keepMermaid) {
    rmSync(cacheDir, { recursive: true, force: true });
    return;
  }
  for (const entry of existsSync(cacheDir) ? readdirSync(cacheDir) : []) {
    if (entry !== 'mermaid') rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
  }
}

if (!quick && only !== 'corpora') {
  const exampleSite = path.join(repoRoot, 'example-site');
  // The example site is timed as `sdkdocs build` runs for a user: a whole fresh process.
  const cold = runs(3, () => {
    clearCaches(exampleSite, { keepMermaid: false });
    return measureCliBuild(exampleSite, outDir);
  });
  const mermaidWarm = runs(5, () => {
    clearCaches(exampleSite, { keepMermaid: true });
    return measureCliBuild(exampleSite, outDir);
  });
  const warm = runs(3, () => measureCliBuild(exampleSite, outDir));
  rows.push(row('example site: sdkdocs build, every cache cold (process wall time)', cold.map((r) => r.wallMs), 'ms'));
  rows.push(row('example site: sdkdocs build, only the mermaid cache warm', mermaidWarm.map((r) => r.wallMs), 'ms'));
  rows.push(row('example site: sdkdocs build, every cache warm', warm.map((r) => r.wallMs), 'ms'));
  rows.push(row('example site: peak RSS (cold, mermaid warm)', mermaidWarm.map((r) => r.maxRssMb), 'MB'));
}

// Corpora: "cold" clears every cache but the mermaid SVGs (primed by a first build that is not
// counted; `first build` rows measure that too on the 1,000-page corpus); "rebuild" changes nothing.
const corpusSizes = only === 'example' ? [] : quick ? [1000] : [1000, 5000, 10000];
const perSize = new Map();
for (const pages of corpusSizes) {
  const site = ensureCorpus(pages);
  const runCount = pages >= 5000 ? 2 : 3;
  if (pages === 1000) {
    const first = runs(quick ? 1 : 3, () => {
      clearCaches(site, { keepMermaid: false });
      return measureBuild(site, outDir);
    });
    rows.push(row(`${pages} pages: first build, mermaid cache cold too`, first.map((r) => r.wallMs / 1000), 's'));
  } else {
    measureBuild(site, outDir);
  }
  const results = runs(runCount, () => {
    clearCaches(site, { keepMermaid: true });
    return measureBuild(site, outDir);
  });
  const rebuilds = runs(runCount, () => measureBuild(site, outDir));
  perSize.set(pages, results);
  rows.push(row(`${pages} pages: cold build wall time`, results.map((r) => r.wallMs / 1000), 's'));
  rows.push(row(`${pages} pages: cold build CPU time`, results.map((r) => r.cpuMs / 1000), 's'));
  rows.push(row(`${pages} pages: cold build peak RSS`, results.map((r) => r.maxRssMb), 'MB'));
  rows.push(row(`${pages} pages: cold build time per page`, results.map((r) => r.wallMs / pages), 'ms'));
  rows.push(row(`${pages} pages: rebuild, nothing changed`, rebuilds.map((r) => r.wallMs / 1000), 's'));
  const coldMedian = median(results.map((r) => r.wallMs));
  rows.push(row(`${pages} pages: cold ÷ rebuild`, rebuilds.map((r) => coldMedian / r.wallMs), 'ratio'));
}
if (corpusSizes.length > 0) {
  const floorRuns = runs(3, () =>
    JSON.parse(execFileSync(process.execPath, [path.join(repoRoot, 'bench', 'lib', 'markdown-floor.mjs'), ensureCorpus(1000)], { encoding: 'utf8' })),
  );
  rows.push(row('baseline: bare unified markdown→hast, 1000 pages, 1 thread', floorRuns.map((r) => r.wallMs / 1000), 's'));
  const floorMedian = median(floorRuns.map((r) => r.wallMs));
  rows.push(row('1000 pages: build ÷ baseline', perSize.get(1000).map((r) => r.wallMs / floorMedian), 'ratio'));
  if (perSize.has(10000)) {
    const small = median(perSize.get(1000).map((r) => r.wallMs));
    rows.push(row('growth: 10000-page time ÷ 1000-page time', perSize.get(10000).map((r) => r.wallMs / small), 'ratio'));
  }
  // Where the time goes in the largest build, per stage (median run).
  const largest = perSize.get(corpusSizes[corpusSizes.length - 1]);
  for (const stage of Object.keys(largest[0].stages)) {
    rows.push(row(`${corpusSizes[corpusSizes.length - 1]} pages: stage ${stage}`, largest.map((r) => r.stages[stage]), 'ms'));
  }
}
printTable(rows);
if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify({ benchmark: 'build', rows }, null, 2)}\n`);
