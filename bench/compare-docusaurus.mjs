#!/usr/bin/env node
// Builds one generated corpus with sdkdocs and with Docusaurus 3 in the same run, cold, and prints
// the ratios of wall time, CPU time and peak memory. Speed claims against Docusaurus come from
// this script only: a figure from another day or machine compares two different machines.
//
//   node bench/compare-docusaurus.mjs [--pages 1000] [--runs 3]
//
// Docusaurus (pinned below) is installed once into a folder under the system's temporary folder,
// never into this repository. Each build runs under GNU time, which counts the CPU time of every
// process the build starts (Chromium for sdkdocs' diagrams, worker processes for Docusaurus) and
// reports the largest resident set among them. "Cold" means no cache of either tool: sdkdocs'
// node_modules/.cache/sdkdocs (diagrams included) and Docusaurus' .docusaurus, node_modules/.cache
// and build folders are deleted before every run. Docusaurus draws mermaid diagrams in the
// browser, so its build does no diagram work; sdkdocs prerenders them.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dropUnmarkedOutput, ensureCorpus, repoRoot, workDir } from './lib/corpus.mjs';
import { printTable, row } from './lib/stats.mjs';

const docusaurusVersion = '3.10.2';
const docusaurusPackages = [
  `@docusaurus/core@${docusaurusVersion}`,
  `@docusaurus/preset-classic@${docusaurusVersion}`,
  `@docusaurus/theme-mermaid@${docusaurusVersion}`,
  `@docusaurus/faster@${docusaurusVersion}`,
  'react@19.2.0',
  'react-dom@19.2.0',
];

const { values: args } = parseArgs({
  options: { pages: { type: 'string', default: '1000' }, runs: { type: 'string', default: '3' } },
});
const pages = Number(args.pages);
const runs = Number(args.runs);
const gnuTime = ['/usr/bin/time', '/bin/time'].find((file) => existsSync(file));
if (!gnuTime) {
  console.error('compare-docusaurus: GNU time is missing (apt-get install -y time); it measures CPU and memory of the whole process tree.');
  process.exit(1);
}

const docusaurusHome = path.join(os.tmpdir(), `sdkdocs-bench-docusaurus-${docusaurusVersion}`);
if (!existsSync(path.join(docusaurusHome, 'node_modules', '@docusaurus', 'faster'))) {
  console.error(`installing Docusaurus ${docusaurusVersion} into ${docusaurusHome} (once)…`);
  mkdirSync(docusaurusHome, { recursive: true });
  writeFileSync(path.join(docusaurusHome, 'package.json'), JSON.stringify({ name: 'docusaurus-bench', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...docusaurusPackages], { cwd: docusaurusHome, stdio: 'inherit' });
}

const corpus = ensureCorpus(pages, { mermaid: true });
const docusaurusSite = path.join(workDir, `docusaurus-${pages}`);
rmSync(docusaurusSite, { recursive: true, force: true });
mkdirSync(docusaurusSite, { recursive: true });
cpSync(path.join(corpus, 'docs'), path.join(docusaurusSite, 'docs'), { recursive: true });
// Both sites get a landing page: sdkdocs always makes one, and Docusaurus' breadcrumbs link to it.
mkdirSync(path.join(docusaurusSite, 'src', 'pages'), { recursive: true });
writeFileSync(path.join(docusaurusSite, 'src', 'pages', 'index.md'), `# Corpus ${pages}\n\nBenchmark corpus.\n`);
symlinkSync(path.join(docusaurusHome, 'node_modules'), path.join(docusaurusSite, 'node_modules'));
writeFileSync(path.join(docusaurusSite, 'package.json'), JSON.stringify({ name: 'corpus', private: true }));
writeFileSync(
  path.join(docusaurusSite, 'docusaurus.config.js'),
  // CommonJS on purpose: under "type": "module" Docusaurus' route registry is bundled as strict ESM
  // and its server bundle fails with "require.resolveWeak is not a function".
  `module.exports = {
  title: 'Corpus ${pages}',
  url: 'https://corpus.example.com',
  baseUrl: '/sdk/',
  onBrokenLinks: 'throw',
  future: { v4: true, faster: true },
  markdown: { mermaid: true },
  themes: ['@docusaurus/theme-mermaid'],
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false }]],
};
`,
);

/** Runs a command under GNU time and returns wall seconds, CPU seconds and peak RSS in MB. */
function timed(command, commandArgs, cwd) {
  const report = path.join(workDir, `time-${process.pid}.txt`);
  const result = spawnSync(gnuTime, ['-f', '%e %U %S %M', '-o', report, command, ...commandArgs], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', CI: 'true' },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) {
    console.error(result.stdout.slice(-4000), result.stderr.slice(-4000));
    throw new Error(`${command} ${commandArgs.join(' ')} exited with ${result.status}`);
  }
  const [wall, user, system, maxRssKb] = readFileSync(report, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: user + system, rssMb: maxRssKb / 1024 };
}

const sdkdocsOut = path.join(workDir, `compare-out-${pages}`);
dropUnmarkedOutput(sdkdocsOut);
const results = { sdkdocs: [], docusaurus: [] };
for (let run = 0; run < runs; run++) {
  rmSync(path.join(corpus, 'node_modules', '.cache'), { recursive: true, force: true });
  results.sdkdocs.push(timed(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', corpus, '--out-dir', sdkdocsOut], repoRoot));
  for (const folder of ['.docusaurus', 'build', path.join('node_modules', '.cache')]) rmSync(path.join(docusaurusSite, folder), { recursive: true, force: true });
  rmSync(path.join(docusaurusHome, 'node_modules', '.cache'), { recursive: true, force: true });
  results.docusaurus.push(timed(process.execPath, [path.join(docusaurusHome, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs'), 'build'], docusaurusSite));
  console.error(`run ${run + 1}/${runs}: sdkdocs ${results.sdkdocs[run].wall.toFixed(1)} s, Docusaurus ${results.docusaurus[run].wall.toFixed(1)} s`);
}

const ratio = (key) => results.docusaurus.map((d, i) => d[key] / results.sdkdocs[i][key]);
const rows = [
  row(`${pages} pages cold, sdkdocs wall`, results.sdkdocs.map((r) => r.wall), 's'),
  row(`${pages} pages cold, Docusaurus ${docusaurusVersion} wall`, results.docusaurus.map((r) => r.wall), 's'),
  row('Docusaurus ÷ sdkdocs, wall', ratio('wall'), 'ratio'),
  row(`${pages} pages cold, sdkdocs CPU`, results.sdkdocs.map((r) => r.cpu), 's'),
  row(`${pages} pages cold, Docusaurus CPU`, results.docusaurus.map((r) => r.cpu), 's'),
  row('Docusaurus ÷ sdkdocs, CPU', ratio('cpu'), 'ratio'),
  row(`${pages} pages cold, sdkdocs peak RSS`, results.sdkdocs.map((r) => r.rssMb), 'MB'),
  row(`${pages} pages cold, Docusaurus peak RSS`, results.docusaurus.map((r) => r.rssMb), 'MB'),
  row('Docusaurus ÷ sdkdocs, peak RSS', ratio('rssMb'), 'ratio'),
];
printTable(rows);
mkdirSync(path.join(repoRoot, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(repoRoot, 'bench', 'results', `compare-docusaurus-${pages}.json`), `${JSON.stringify({ pages, docusaurusVersion, rows }, null, 2)}\n`);
