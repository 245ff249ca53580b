#!/usr/bin/env node
// Serving during rebuilds: `sdkdocs serve --watch` on a copy of the example site, in its own
// process, under a loopback load (bench/lib/serve-load.mjs: clients loading pages and everything
// they point to, revalidating, asking for ranges, hanging up mid-response) while the docs are
// edited over and over; every tenth edit is to the config, which rebuilds the whole site. Prints
// the requests, the failed ones (the aim is none) and the server's resident memory before the
// load, at its peak, and once the load has stopped and the server sat idle for a while.
// `--plain` builds the site once and measures plain `sdkdocs serve` (no watch) instead; with
// `--rebuilds N` too, each edit is followed by a separate `sdkdocs build`, back to back, which
// replaces the output folder under the server (as a writer running builds beside `serve` does).
// Usage: node bench/serve-load.mjs [--seconds 60] [--rebuilds 50] [--concurrency 16] [--plain] [--json FILE]   (after `npm run build`)
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './lib/corpus.mjs';
import { runServeLoad } from './lib/serve-load.mjs';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const seconds = Number(option('--seconds', '60'));
const plain = args.includes('--plain');
const rebuilds = Number(option('--rebuilds', plain ? '0' : '50'));
const concurrency = Number(option('--concurrency', '16'));
const jsonFile = option('--json', undefined);
/** Idle time after the load before memory is read again. */
const settleMs = 15_000;

const source = path.join(repoRoot, 'example-site');
const dir = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-serve-load-'));
// The site's own caches (rendered diagrams) come along; its output does not.
cpSync(source, dir, { recursive: true, filter: (file) => !/^out([\\/]|$)/.test(path.relative(source, file)) });

// SDKDOCS_BIN runs another checkout's sdkdocs against the same load (to compare before and after a change).
const bin = process.env.SDKDOCS_BIN ?? path.join(repoRoot, 'bin', 'sdkdocs.js');
if (plain) execFileSync(process.execPath, [bin, 'build', dir], { stdio: 'ignore' });
const child = spawn(process.execPath, [bin, 'serve', dir, ...(plain ? [] : ['--watch']), '--port', '0'], {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, NO_COLOR: '1' },
});
let log = '';
for (const stream of [child.stdout, child.stderr]) {
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => (log += chunk));
}
const exited = new Promise((resolve) => child.once('exit', resolve));
let separateBuilds = 0;
/** One `sdkdocs build` in its own process; the load keeps running meanwhile. */
const buildSeparately = () =>
  new Promise((resolve) => {
    const builder = spawn(process.execPath, [bin, 'build', dir], { stdio: 'ignore' });
    builder.once('exit', (code) => {
      if (code === 0) separateBuilds++;
      resolve();
    });
  });
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const started = Date.now();
  while (!/at (http:\/\/\S+?\/)[,.\s]/.test(log)) {
    if (child.exitCode !== null || Date.now() - started > 120_000) throw new Error(`sdkdocs serve did not start:\n${log}`);
    await sleep(100);
  }
  const url = new URL(/at (http:\/\/\S+?\/)[,.\s]/.exec(log)[1]);
  await sleep(2000);
  const rssBefore = rssMb();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb())), 250);

  const docs = ['intro.md', 'getting-started/installation.md', 'getting-started/quick-start.md']
    .map((file) => path.join(dir, 'docs', file))
    .filter((file) => {
      try {
        readFileSync(file);
        return true;
      } catch {
        return false;
      }
    });
  const configFile = path.join(dir, 'sdkdocs.config.ts');
  const originals = new Map([...docs, configFile].map((file) => [file, readFileSync(file, 'utf8')]));
  const rebuildLines = () => (log.match(/[↻✖] /g) ?? []).length;
  const linesBefore = rebuildLines();
  const editEveryMs = (seconds * 1000) / (rebuilds + 1);
  let edits = 0;
  const editor = (async () => {
    for (let i = 1; i <= rebuilds; i++) {
      await sleep(editEveryMs);
      if (i % 10 === 0) {
        const config = originals.get(configFile);
        writeFileSync(configFile, config.replace(/tagline: '([^']*)'/, `tagline: '$1 (edit ${i})'`));
      } else {
        const file = docs[i % docs.length];
        writeFileSync(file, `${originals.get(file)}\n\nEdited paragraph ${i}: LOAD-${i}.\n`);
      }
      edits++;
      if (plain) await buildSeparately();
    }
  })();
  const load = await runServeLoad({ port: Number(url.port), baseUrl: url.pathname, durationMs: seconds * 1000, concurrency });
  await editor;
  clearInterval(sampler);
  await sleep(settleMs);
  const rssAfter = rssMb();
  const builds = plain ? separateBuilds : rebuildLines() - linesBefore;

  const failuresByKind = {};
  for (const failure of load.failures) {
    const kind = failure.problem.replace(/\d+/g, 'N').slice(0, 80);
    failuresByKind[kind] = (failuresByKind[kind] ?? 0) + 1;
  }
  const summary = {
    benchmark: 'serve-load',
    mode: plain ? 'serve' : 'serve --watch',
    seconds,
    concurrency,
    edits,
    builds,
    requests: load.requests,
    failed: load.failures.length,
    failuresByKind,
    firstFailureOfEachKind: Object.keys(failuresByKind).map((kind) => load.failures.find((failure) => failure.problem.replace(/\d+/g, 'N').startsWith(kind))),
    hungUpByClient: load.aborted,
    statuses: load.statuses,
    rssMb: { before: Math.round(rssBefore), peak: Math.round(rssPeak), afterSettling: Math.round(rssAfter), settleSeconds: settleMs / 1000 },
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(summary, null, 2)}\n`);
  process.exitCode = load.failures.length === 0 ? 0 : 1;
} finally {
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
