#!/usr/bin/env node
// Search quality on the example site: runs every query of bench/search-queries.json through the
// search engine the browser uses (dist/src/shared/search/search-engine.js, over the two files the
// build emits) and reports the share of queries whose wanted page or section is the first hit,
// the share with it in the top 3, the mean reciprocal rank (over the first `maxHits` hits) and
// the p95 query time in Node. The p95 at 1,000 pages in Chromium is bench/search.mjs's figure.
// Usage: node bench/search-quality.mjs [--verbose] [--json FILE]   (after `npm run build`)
// `--verbose` lists every query with the rank of its wanted result and the top 3.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchDir, repoRoot } from './lib/corpus.mjs';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const jsonIndex = args.indexOf('--json');
const jsonFile = jsonIndex === -1 ? undefined : args[jsonIndex + 1];

/** Goals of issue 15. */
const goals = { first: 0.75, top3: 0.9, p95Ms: 30 };
/** As many hits as the search box shows by default (`search.maxHits`). */
const maxHits = 8;
/** Timed rounds over the whole query set, the first (cold) one included. */
const rounds = 5;

const distDir = path.join(repoRoot, 'dist', 'src');
if (!existsSync(path.join(distDir, 'index.js'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(2);
}
const { build } = await import(path.join(distDir, 'index.js'));
const { createMemoryLogger } = await import(path.join(distDir, 'core', 'logger.js'));
const { createSearchEngine } = await import(path.join(distDir, 'shared', 'search', 'search-engine.js'));

const querySet = JSON.parse(readFileSync(path.join(benchDir, 'search-queries.json'), 'utf8'));
const siteDir = path.join(repoRoot, querySet.site);
console.error(`building ${querySet.site} up to the search index…`);
const { site } = await build({ siteDir, logger: createMemoryLogger(), until: 'buildSearchIndex' });
const files = site.siteData.searchFiles;
const contents = (url) => {
  const file = site.outputs.get(url.slice(site.config.baseUrl.length));
  return JSON.parse(typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8'));
};
const engine = createSearchEngine(contents(files.documents), contents(files.index));

/** Whether a hit leads where the query wants: the page, or the very section when an anchor is given. */
const leadsTo = (hit, want) => {
  const [route, anchor] = want.split('#');
  return hit.record.route === route && (anchor === undefined || hit.record.anchor === anchor);
};
const targetOf = (hit) => (hit.record.anchor ? `${hit.record.route}#${hit.record.anchor}` : hit.record.route);

const outcomes = querySet.queries.map(({ query, want }) => {
  const hits = engine.search(query, maxHits);
  const rank = hits.findIndex((hit) => leadsTo(hit, want)) + 1;
  return { query, want, rank, top: hits.slice(0, 3).map(targetOf) };
});

const times = [];
for (let round = 0; round < rounds; round++) {
  for (const { query } of querySet.queries) {
    const start = performance.now();
    engine.search(query, maxHits);
    times.push(performance.now() - start);
  }
}
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const count = outcomes.length;
const first = outcomes.filter((outcome) => outcome.rank === 1).length / count;
const top3 = outcomes.filter((outcome) => outcome.rank >= 1 && outcome.rank <= 3).length / count;
const mrr = outcomes.reduce((sum, outcome) => sum + (outcome.rank > 0 ? 1 / outcome.rank : 0), 0) / count;
const p95 = percentile(times, 95);

if (verbose) {
  for (const outcome of outcomes) {
    const mark = outcome.rank === 1 ? '  ' : outcome.rank >= 1 && outcome.rank <= 3 ? '~ ' : '✗ ';
    console.log(`${mark}${String(outcome.rank || '-').padStart(2)}  ${outcome.query.padEnd(32)} want ${outcome.want}`);
    if (outcome.rank !== 1) for (const target of outcome.top) console.log(`        ${target}`);
  }
  console.log('');
}
const percent = (share) => `${(share * 100).toFixed(1)} %`;
console.log(`queries                     ${count} (${querySet.site}, ${maxHits} hits each)`);
console.log(`wanted result first         ${percent(first)}   goal ≥ ${percent(goals.first)}`);
console.log(`wanted result in the top 3  ${percent(top3)}   goal ≥ ${percent(goals.top3)}`);
console.log(`mean reciprocal rank        ${mrr.toFixed(3)}`);
console.log(`query time p95 (Node)       ${p95.toFixed(2)} ms   (${rounds} rounds)`);
if (jsonFile) {
  writeFileSync(jsonFile, `${JSON.stringify({ benchmark: 'search-quality', count, first, top3, mrr, p95Ms: p95, outcomes }, null, 2)}\n`);
}
process.exitCode = first >= goals.first && top3 >= goals.top3 && p95 <= goals.p95Ms ? 0 : 1;
