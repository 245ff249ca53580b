#!/usr/bin/env node
// Builds one generated corpus with sdkdocs, Docusaurus 3, Rspress 2, VitePress 1.6 and Hugo in the
// same run, cold, and prints each tool's wall time, CPU and peak memory and their ratios to sdkdocs.
// Speed claims against other tools come from this script only: a figure from another day or
// machine compares two different machines.
//
//   node bench/compare-docusaurus.mjs [--pages 200] [--runs 3] [--tools sdkdocs,docusaurus,rspress,vitepress,hugo] [--json FILE]
//
// Two comparisons:
// - same work: the corpus with its mermaid fences turned into plain `text` code blocks, built by
//   every tool, so that no tool draws a diagram;
// - all work: the corpus as written, by sdkdocs (which prerenders every diagram in Chromium) and by
//   Docusaurus with theme-mermaid (which leaves them to the reader's browser).
// Every site builds a search index as sdkdocs does: Docusaurus with @easyops-cn/docusaurus-search-local,
// Rspress with its built-in search, VitePress with its local search, Hugo with a JSON index of every
// page's text (what Hugo sites feed to a browser-side search).
//
// The other tools are pinned in bench/lib/peer-tools.mjs and installed once into folders under
// the system's temporary folder, never into this repository; one that fails to install is left
// out with a printed line. Hugo is the system's (`apt-get install -y hugo` on Debian); without it
// on PATH it is skipped. Each build runs in a cgroup of its own (bench/lib/process-tree.mjs says
// why); "cold" means no cache of any tool: every tool's caches and output are deleted first.
// Within a round the tools run one after the other, and each round starts one tool later, so that
// no tool always runs first (or right after the heaviest one).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { dropUnmarkedOutput, ensureCorpus, repoRoot, workDir } from './lib/corpus.mjs';
import { installPeerTool, peerTools } from './lib/peer-tools.mjs';
import { loadAverage, machineDescription, measureTree, measurementMethod, probeCgroups } from './lib/process-tree.mjs';
import { printTable, row } from './lib/stats.mjs';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const allTools = ['sdkdocs', 'docusaurus', 'rspress', 'vitepress', 'hugo'];
const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '200' },
    runs: { type: 'string', default: '3' },
    tools: { type: 'string', default: allTools.join(',') },
    json: { type: 'string' },
  },
});
const pages = Number(args.pages);
const runs = Number(args.runs);
const wantedTools = args.tools.split(',').map((name) => name.trim());
const unknown = wantedTools.filter((name) => !allTools.includes(name));
if (unknown.length > 0 || !wantedTools.includes('sdkdocs')) {
  console.error(`compare-docusaurus: --tools takes sdkdocs plus any of ${allTools.slice(1).join(', ')}`);
  process.exit(2);
}
const say = (line) => process.stderr.write(`${line}\n`);

probeCgroups();
say(`machine: ${machineDescription()}`);
say(`measured by: ${measurementMethod()}`);

const homes = {};
for (const name of ['docusaurus', 'rspress', 'vitepress']) if (wantedTools.includes(name)) homes[name] = installPeerTool(name, say);
let hugoVersion;
if (wantedTools.includes('hugo')) {
  try {
    hugoVersion = execFileSync('hugo', ['version'], { encoding: 'utf8' }).split(' ')[1];
  } catch {
    say('Hugo: not on PATH, skipped (Debian: apt-get install -y hugo)');
  }
}

// The corpus as written (all work) and with its diagrams as plain code blocks (same work).
const allWorkCorpus = ensureCorpus(pages, { mermaid: true });
const sameWorkCorpus = path.join(workDir, `${path.basename(allWorkCorpus)}-same-work`);
rmSync(sameWorkCorpus, { recursive: true, force: true });
cpSync(path.join(allWorkCorpus, 'docs'), path.join(sameWorkCorpus, 'docs'), { recursive: true });
cpSync(path.join(allWorkCorpus, 'sdkdocs.config.ts'), path.join(sameWorkCorpus, 'sdkdocs.config.ts'));
let diagrams = 0;
for (const file of markdownFiles(path.join(sameWorkCorpus, 'docs'))) {
  const text = readFileSync(file, 'utf8');
  const plain = text.replace(/^```mermaid[ \t]*$/gm, () => {
    diagrams++;
    return '```text';
  });
  if (plain !== text) writeFileSync(file, plain);
}
say(`corpus: ${pages} pages, ${diagrams} mermaid diagrams; same work: every tool, diagrams as text code blocks; all work: sdkdocs and Docusaurus, diagrams as written`);

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/** Front matter title of a corpus doc, for the sidebars the tools without one of their own need. */
function docTitle(file) {
  const match = /^title:\s*"?(.*?)"?\s*$/m.exec(readFileSync(file, 'utf8').split('\n---')[0]);
  return match ? match[1] : path.basename(file, '.md');
}

const landing = `# Corpus ${pages}\n\nBenchmark corpus.\n`;
// The other tools' sites and every build output live outside the repository: they hold JavaScript
// that the linter would otherwise read.
const sitesDir = path.join(os.tmpdir(), 'sdkdocs-bench-sites');
const siteOf = (corpus, tool) => path.join(sitesDir, `${path.basename(corpus)}-${tool}`);

/** The Docusaurus site of a corpus, configured as the spec's site is: classic preset, mermaid, local search. */
function docusaurusSite(corpus) {
  const site = siteOf(corpus, 'docusaurus');
  rmSync(site, { recursive: true, force: true });
  cpSync(path.join(corpus, 'docs'), path.join(site, 'docs'), { recursive: true });
  // Both sites get a landing page: sdkdocs always makes one, and Docusaurus' breadcrumbs link to it.
  mkdirSync(path.join(site, 'src', 'pages'), { recursive: true });
  writeFileSync(path.join(site, 'src', 'pages', 'index.md'), landing);
  symlinkSync(path.join(homes.docusaurus, 'node_modules'), path.join(site, 'node_modules'));
  writeFileSync(path.join(site, 'package.json'), JSON.stringify({ name: 'corpus', private: true }));
  writeFileSync(
    path.join(site, 'docusaurus.config.js'),
    // CommonJS on purpose: under "type": "module" Docusaurus' route registry is bundled as strict ESM
    // and its server bundle fails with "require.resolveWeak is not a function".
    `module.exports = {
  title: 'Corpus ${pages}',
  url: 'https://corpus.example.com',
  baseUrl: '/sdk/',
  onBrokenLinks: 'throw',
  future: { v4: true, faster: true },
  markdown: { mermaid: true },
  themes: [
    '@docusaurus/theme-mermaid',
    ['@easyops-cn/docusaurus-search-local', { hashed: true, indexBlog: false, docsRouteBasePath: 'docs' }],
  ],
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false }]],
};
`,
  );
  return site;
}

/** Rspress takes the docs folder as it is (its sidebar comes from the folders) plus a landing page. */
function rspressSite(corpus) {
  const site = siteOf(corpus, 'rspress');
  rmSync(site, { recursive: true, force: true });
  cpSync(path.join(corpus, 'docs'), path.join(site, 'docs', 'docs'), { recursive: true });
  writeFileSync(path.join(site, 'docs', 'index.md'), landing);
  symlinkSync(path.join(homes.rspress, 'node_modules'), path.join(site, 'node_modules'));
  writeFileSync(path.join(site, 'package.json'), JSON.stringify({ name: 'corpus', private: true, type: 'module' }));
  writeFileSync(
    path.join(site, 'rspress.config.mjs'),
    `import { defineConfig } from '@rspress/core';
export default defineConfig({ root: 'docs', base: '/sdk/', title: 'Corpus ${pages}' });
`,
  );
  return site;
}

/** VitePress needs its sidebar spelled out: one entry per doc, folders as collapsed groups. */
function vitepressSite(corpus) {
  const site = siteOf(corpus, 'vitepress');
  rmSync(site, { recursive: true, force: true });
  cpSync(path.join(corpus, 'docs'), path.join(site, 'docs', 'docs'), { recursive: true });
  writeFileSync(path.join(site, 'docs', 'index.md'), landing);
  symlinkSync(path.join(homes.vitepress, 'node_modules'), path.join(site, 'node_modules'));
  writeFileSync(path.join(site, 'package.json'), JSON.stringify({ name: 'corpus', private: true, type: 'module' }));
  const sidebarOf = (dir, route) =>
    readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) => {
        if (entry.isDirectory()) return [{ text: entry.name, collapsed: true, items: sidebarOf(path.join(dir, entry.name), `${route}/${entry.name}`) }];
        if (!entry.name.endsWith('.md')) return [];
        return [{ text: docTitle(path.join(dir, entry.name)), link: `${route}/${entry.name.replace(/\.md$/, '')}` }];
      });
  const config = {
    title: `Corpus ${pages}`,
    base: '/sdk/',
    // The corpus links to Docusaurus' generated category pages, which VitePress does not make.
    ignoreDeadLinks: true,
    themeConfig: { search: { provider: 'local' }, sidebar: { '/docs/': sidebarOf(path.join(corpus, 'docs'), '/docs') } },
  };
  mkdirSync(path.join(site, 'docs', '.vitepress'), { recursive: true });
  writeFileSync(path.join(site, 'docs', '.vitepress', 'config.mjs'), `export default ${JSON.stringify(config, null, 2)};\n`);
  return site;
}

/**
 * Hugo has no docs theme of its own: a minimal one, with what every other tool's page has (the
 * whole docs tree as a sidebar, a table of contents) and a JSON index of every page's text.
 */
function hugoSite(corpus) {
  const site = siteOf(corpus, 'hugo');
  rmSync(site, { recursive: true, force: true });
  cpSync(path.join(corpus, 'docs'), path.join(site, 'content', 'docs'), { recursive: true });
  for (const file of readdirSync(path.join(site, 'content'), { recursive: true })) {
    if (String(file).endsWith('_category_.json')) rmSync(path.join(site, 'content', String(file)));
  }
  writeFileSync(path.join(site, 'content', '_index.md'), landing);
  writeFileSync(
    path.join(site, 'hugo.toml'),
    `baseURL = 'https://corpus.example.com/sdk/'
title = 'Corpus ${pages}'
disableKinds = ['taxonomy', 'term', 'RSS', 'sitemap']
[outputs]
home = ['HTML', 'JSON']
[markup.goldmark.renderer]
unsafe = true
[markup.tableOfContents]
startLevel = 2
endLevel = 3
`,
  );
  const layouts = path.join(site, 'layouts');
  mkdirSync(path.join(layouts, '_default'), { recursive: true });
  mkdirSync(path.join(layouts, 'partials'), { recursive: true });
  writeFileSync(
    path.join(layouts, '_default', 'baseof.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} | {{ .Site.Title }}</title></head>
<body><nav>{{ partialCached "tree.html" .Site.Home }}</nav><main>{{ block "main" . }}{{ end }}</main></body></html>
`,
  );
  writeFileSync(path.join(layouts, '_default', 'single.html'), '{{ define "main" }}<aside>{{ .TableOfContents }}</aside><article>{{ .Content }}</article>{{ end }}\n');
  writeFileSync(
    path.join(layouts, '_default', 'list.html'),
    '{{ define "main" }}<article>{{ .Content }}</article><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n',
  );
  writeFileSync(
    path.join(layouts, 'partials', 'tree.html'),
    '<ul>{{ range .Sections }}<li>{{ .Title }}{{ partial "tree.html" . }}</li>{{ end }}{{ range .RegularPages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>\n',
  );
  writeFileSync(
    path.join(layouts, 'index.json'),
    // One JSON object per page, joined as the range goes: appending to a slice in the loop copies it
    // every time, which made the index quadratic in the page count.
    '[{{ range $i, $p := .Site.RegularPages }}{{ if $i }},{{ end }}{{ dict "title" $p.Title "url" $p.RelPermalink "text" $p.Plain | jsonify }}{{ end }}]\n',
  );
  return site;
}

const nodeTool = (home, ...bin) => [process.execPath, path.join(home, 'node_modules', ...bin)];
/** Each tool: how to make its site from a corpus, clear its caches, build it, and where its HTML goes. */
const tools = {
  sdkdocs: {
    label: 'sdkdocs',
    site: (corpus) => corpus,
    clear: (site) => {
      rmSync(path.join(site, 'node_modules', '.cache'), { recursive: true, force: true });
      dropUnmarkedOutput(siteOf(site, 'sdkdocs-out'));
    },
    command: (site) => [process.execPath, path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', site, '--out-dir', siteOf(site, 'sdkdocs-out')],
    out: (site) => siteOf(site, 'sdkdocs-out'),
  },
  docusaurus: {
    label: peerTools.docusaurus.label,
    site: docusaurusSite,
    clear: (site) => {
      for (const folder of ['.docusaurus', 'build']) rmSync(path.join(site, folder), { recursive: true, force: true });
      rmSync(path.join(homes.docusaurus, 'node_modules', '.cache'), { recursive: true, force: true });
    },
    command: () => nodeTool(homes.docusaurus, '@docusaurus', 'core', 'bin', 'docusaurus.mjs').concat('build'),
    out: (site) => path.join(site, 'build'),
  },
  rspress: {
    label: peerTools.rspress.label,
    site: rspressSite,
    clear: (site) => {
      rmSync(path.join(site, 'doc_build'), { recursive: true, force: true });
      rmSync(path.join(homes.rspress, 'node_modules', '.cache'), { recursive: true, force: true });
    },
    command: () => nodeTool(homes.rspress, '@rspress', 'core', 'bin', 'rspress.js').concat('build'),
    out: (site) => path.join(site, 'doc_build'),
  },
  vitepress: {
    label: peerTools.vitepress.label,
    site: vitepressSite,
    clear: (site) => {
      for (const folder of ['cache', 'dist']) rmSync(path.join(site, 'docs', '.vitepress', folder), { recursive: true, force: true });
      rmSync(path.join(homes.vitepress, 'node_modules', '.cache'), { recursive: true, force: true });
    },
    command: () => nodeTool(homes.vitepress, 'vitepress', 'bin', 'vitepress.js').concat('build', 'docs'),
    out: (site) => path.join(site, 'docs', '.vitepress', 'dist'),
  },
  hugo: {
    label: `Hugo ${hugoVersion}`,
    site: hugoSite,
    clear: (site) => {
      for (const folder of ['public', 'resources', '.hugo-cache']) rmSync(path.join(site, folder), { recursive: true, force: true });
    },
    command: (site) => ['hugo', '--quiet', '--cacheDir', path.join(site, '.hugo-cache'), '--destination', path.join(site, 'public')],
    out: (site) => path.join(site, 'public'),
  },
};

const available = wantedTools.filter((name) => (name === 'hugo' ? hugoVersion : name === 'sdkdocs' || homes[name]));
/** One job per tool and work: every tool on the same work, sdkdocs and Docusaurus on all the work. */
const jobs = [];
for (const name of available) jobs.push({ tool: name, work: 'same', site: tools[name].site(sameWorkCorpus) });
for (const name of ['sdkdocs', 'docusaurus'].filter((tool) => available.includes(tool))) jobs.push({ tool: name, work: 'all', site: tools[name].site(allWorkCorpus) });
for (const job of jobs) job.results = [];

const env = { ...process.env, NODE_ENV: 'production', CI: 'true' };
for (let run = 0; run < runs; run++) {
  const order = jobs.map((_, index) => jobs[(index + run) % jobs.length]);
  const line = [];
  for (const job of order) {
    const tool = tools[job.tool];
    tool.clear(job.site);
    const [command, ...commandArgs] = tool.command(job.site);
    try {
      const result = await measureTree(command, commandArgs, { cwd: job.site, env });
      result.htmlFiles = countHtml(tool.out(job.site));
      job.results.push(result);
      line.push(`${tool.label} ${job.work} ${result.wall.toFixed(1)} s (load ${result.load.toFixed(1)})`);
    } catch (error) {
      say(`${tool.label} (${job.work} work) failed: ${error.message.slice(0, 2000)}`);
      job.failed = true;
    }
  }
  say(`run ${run + 1}/${runs}: ${line.join(', ')}`);
}

function countHtml(dir) {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true }).filter((file) => String(file).endsWith('.html')).length;
}

const rows = [];
const workName = { same: 'same work', all: 'all work' };
for (const work of ['same', 'all']) {
  const base = jobs.find((job) => job.tool === 'sdkdocs' && job.work === work);
  for (const job of jobs.filter((entry) => entry.work === work && entry.results.length > 0)) {
    const label = `${workName[work]}, ${tools[job.tool].label}`;
    const values = (key) => job.results.map((result) => result[key]);
    rows.push(row(`${label}: wall`, values('wall'), 's'), row(`${label}: CPU of the process tree`, values('cpu'), 's'));
    // What the old measure saw, to show what it missed: GNU time counts only the processes it waited for.
    if (job.results[0].gnuTimeCpu !== undefined && measurementMethod().startsWith('cgroup')) rows.push(row(`${label}: CPU GNU time counts`, values('gnuTimeCpu'), 's'));
    if (job.results[0].peakMb !== undefined) rows.push(row(`${label}: peak memory (cgroup)`, values('peakMb'), 'MB'));
    if (job.results[0].anonPeakMb !== undefined) rows.push(row(`${label}: peak anonymous memory`, values('anonPeakMb'), 'MB'));
    if (job.results[0].largestRssMb !== undefined) rows.push(row(`${label}: largest process' RSS`, values('largestRssMb'), 'MB'));
    rows.push(row(`${label}: load average at start`, values('load'), 'load'), row(`${label}: HTML files`, values('htmlFiles'), 'files'));
    if (job.tool === 'sdkdocs' || !base || base.results.length !== job.results.length) continue;
    // Paired by round: the two builds of a round ran minutes apart at most, under about the same
    // load. Slower tools are divided by sdkdocs, Hugo (the native reference) divides sdkdocs.
    const native = job.tool === 'hugo';
    const pair = (key) => job.results.map((result, index) => (native ? base.results[index][key] / result[key] : result[key] / base.results[index][key]));
    const name = native ? `${workName[work]}, sdkdocs ÷ ${tools[job.tool].label}` : `${label} ÷ sdkdocs`;
    rows.push(row(`${name}: wall`, pair('wall'), 'ratio'), row(`${name}: CPU`, pair('cpu'), 'ratio'));
    if (job.results[0].peakMb !== undefined) rows.push(row(`${name}: peak memory`, pair('peakMb'), 'ratio'));
  }
}
process.stdout.write(`\n${pages} pages, cold, ${runs} runs; machine: ${machineDescription()}\nmeasured by: ${measurementMethod()}; load average now ${loadAverage().toFixed(2)}\n`);
printTable(rows);
const report = { date: new Date().toISOString(), pages, runs, machine: machineDescription(), method: measurementMethod(), tools: Object.fromEntries(available.map((name) => [name, tools[name].label])), rows };
mkdirSync(path.join(repoRoot, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(repoRoot, 'bench', 'results', `compare-docusaurus-${pages}.json`), `${JSON.stringify(report, null, 2)}\n`);
if (args.json) writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
if (jobs.some((job) => job.failed)) process.exitCode = 1;
