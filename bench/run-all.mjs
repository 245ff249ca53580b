#!/usr/bin/env node
// `npm run bench`: runs every benchmark under bench/ in turn, each in its own process, and prints
// one table of all their figures (median, min, max over several runs), then writes the same table
// as JSON to bench/results/all.json for CI to keep. `--quick` is the CI size: the build benchmark
// on the 1,000-page corpus only, and the other benchmarks at their smallest useful size.
// `--with-peers` adds the comparisons with other tools (compare-docusaurus, lighthouse): they are
// slow and install those tools from npm into the temporary folder, so they only run when asked.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDir } from './lib/corpus.mjs';
import { printTable } from './lib/stats.mjs';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const quick = process.argv.includes('--quick');
const withPeers = process.argv.includes('--with-peers');
const benchmarks = [
  { name: 'build', args: quick ? ['--quick'] : [] },
  { name: 'page-weight', args: [] },
  { name: 'search', args: quick ? ['--runs', '3'] : [] },
  { name: 'check-links', args: quick ? ['--pages', '1000', '--runs', '3'] : [] },
  { name: 'watch-latency', args: quick ? ['--only', 'corpus', '--edits', '5'] : [] },
  ...(withPeers
    ? [
        { name: 'compare-docusaurus', args: quick ? ['--pages', '200', '--runs', '1'] : ['--pages', '1000', '--runs', '3'] },
        { name: 'lighthouse', args: quick ? ['--runs', '1'] : ['--runs', '3'] },
      ]
    : []),
];

/** Every benchmark's rows in the one shape: name, median, min, max, unit, runs (and each run's value where there are several). */
function normalize(benchmark, data) {
  return (Array.isArray(data) ? data : data.rows ?? []).map((entry) => {
    if (typeof entry.median === 'number') return { ...entry, name: `${benchmark}: ${entry.name}` };
    // Byte counts are the same on every run: one figure per file kind, raw and gzipped.
    const label = `${benchmark}: ${entry.page ?? entry.name} ${entry.kind ?? ''}`.trim();
    const value = entry.gzip ?? entry.value ?? 0;
    return { name: `${label} (gzip, raw ${entry.raw ?? '-'} B)`, median: value, min: value, max: value, unit: 'B', runs: 1 };
  });
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-bench-'));
const rows = [];
const failures = [];
for (const benchmark of benchmarks) {
  const jsonFile = path.join(scratch, `${benchmark.name}.json`);
  process.stderr.write(`\n=== bench/${benchmark.name}.mjs ${benchmark.args.join(' ')}\n`);
  try {
    execFileSync(process.execPath, [path.join(benchDir, `${benchmark.name}.mjs`), ...benchmark.args, '--json', jsonFile], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    rows.push(...normalize(benchmark.name, JSON.parse(readFileSync(jsonFile, 'utf8'))));
  } catch (error) {
    failures.push(benchmark.name);
    process.stderr.write(`bench/${benchmark.name}.mjs failed: ${error.message}\n`);
  }
}

process.stdout.write('\n=== all benchmarks\n');
printTable(rows);
const resultsDir = path.join(benchDir, 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  path.join(resultsDir, 'all.json'),
  `${JSON.stringify({ date: new Date().toISOString(), quick, withPeers, node: process.version, cpus: os.availableParallelism(), rows, failures }, null, 2)}\n`,
);
rmSync(scratch, { recursive: true, force: true });
if (failures.length > 0) {
  process.stderr.write(`failed: ${failures.join(', ')}\n`);
  process.exitCode = 1;
}
