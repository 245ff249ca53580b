#!/usr/bin/env node
// The reader's side: Lighthouse mobile (performance, accessibility, best practices, SEO, plus LCP,
// TBT, CLS and the bytes transferred) on three pages of the example site built by sdkdocs, and on
// the same pages of a Docusaurus build of the same content, in the same run.
//
//   node bench/lighthouse.mjs [--runs 3] [--json FILE]
//
// The pages: the landing, a docs page with a diagram, and an API class page. Docusaurus builds the
// example site's docs folder with its classic preset, theme-mermaid and the local search plugin the
// build comparison uses; its landing is a page with the same hero, features and snippet; its API
// class page comes from docusaurus-plugin-typedoc run on the same SDK source, or, when that plugin
// fails, is the markdown copy sdkdocs writes of its own API page (the output says which).
// Lighthouse and Docusaurus (pinned in bench/lib/peer-tools.mjs) are installed once into folders
// under the system's temporary folder, never into this repository. Both builds are served on
// 127.0.0.1 by the one static server below (gzip for text, as static hosts do), so the server is
// the same for both; Lighthouse drives the system Chromium, found as sdkdocs finds it
// (SDKDOCS_CHROMIUM, PUPPETEER_EXECUTABLE_PATH or CHROME_PATH override). Every figure is the
// median of the runs; within a run, the tools alternate page by page and take turns going first.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createReadStream, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { dropUnmarkedOutput, repoRoot } from './lib/corpus.mjs';
import { installPeerTool, peerTools } from './lib/peer-tools.mjs';
import { loadAverage, machineDescription } from './lib/process-tree.mjs';
import { median, row } from './lib/stats.mjs';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' }, json: { type: 'string' } } });
const runs = Number(args.runs);
const say = (line) => process.stderr.write(`${line}\n`);

const { findChromium, chromiumMissingHint } = await import('../dist/src/core/chromium.js');
const chromium = findChromium();
if (!chromium) {
  say(`lighthouse: no Chromium found. ${chromiumMissingHint}`);
  process.exit(1);
}
// Debian's chromium wrapper script prints a shell warning on stderr; the version is on stdout.
const chromiumVersion = execFileSync(chromium, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const lighthouseHome = installPeerTool('lighthouse', say);
const docusaurusHome = installPeerTool('docusaurus', say);
if (!lighthouseHome || !docusaurusHome) process.exit(1);
say(`machine: ${machineDescription()}; ${chromiumVersion}`);

const exampleSite = path.join(repoRoot, 'example-site');
// Both builds live outside the repository: they hold JavaScript that the linter would otherwise read.
const sitesDir = path.join(os.tmpdir(), 'sdkdocs-bench-sites');
const sdkdocsOut = path.join(sitesDir, 'lighthouse-sdkdocs');
dropUnmarkedOutput(sdkdocsOut);
say('building the example site with sdkdocs…');
const sdkdocsBuild = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', exampleSite, '--out-dir', sdkdocsOut], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
if (sdkdocsBuild.status !== 0) {
  say(sdkdocsBuild.stdout.slice(-3000) + sdkdocsBuild.stderr.slice(-3000));
  process.exit(1);
}
// sdkdocs writes its output under the base URL's folder.
const sdkdocsRoot = path.join(sdkdocsOut, 'sdk');
const apiClass = 'PlaykitSdk';
const sdkdocsPages = { landing: '/sdk/', diagram: '/sdk/docs/getting-started/sequence-diagram', 'API class': `/sdk/api/class/${apiClass}` };

const docusaurusSite = path.join(sitesDir, 'lighthouse-docusaurus');
const apiSource = buildDocusaurusSite();
const docusaurusPages = {
  landing: '/sdk/',
  diagram: '/sdk/docs/getting-started/sequence-diagram',
  'API class': apiSource === 'typedoc' ? `/sdk/docs/api/classes/${apiClass}` : `/sdk/docs/api/${apiClass}`,
};

/**
 * The Docusaurus site of the example's content; returns where its API class page came from:
 * 'typedoc' (docusaurus-plugin-typedoc) or 'sdkdocs markdown' (the fallback).
 */
function buildDocusaurusSite() {
  const attempt = (withTypedoc) => {
    rmSync(docusaurusSite, { recursive: true, force: true });
    cpSync(path.join(exampleSite, 'docs'), path.join(docusaurusSite, 'docs'), { recursive: true });
    cpSync(path.join(exampleSite, 'static'), path.join(docusaurusSite, 'static'), { recursive: true });
    if (!withTypedoc) {
      mkdirSync(path.join(docusaurusSite, 'docs', 'api'), { recursive: true });
      writeFileSync(path.join(docusaurusSite, 'docs', 'api', `${apiClass}.md`), readFileSync(path.join(sdkdocsRoot, 'api', 'class', `${apiClass}.md`), 'utf8'));
    }
    mkdirSync(path.join(docusaurusSite, 'src', 'pages'), { recursive: true });
    writeFileSync(path.join(docusaurusSite, 'src', 'pages', 'index.js'), landingPage());
    symlinkSync(path.join(docusaurusHome, 'node_modules'), path.join(docusaurusSite, 'node_modules'));
    writeFileSync(path.join(docusaurusSite, 'package.json'), JSON.stringify({ name: 'example-docusaurus', private: true }));
    writeFileSync(path.join(docusaurusSite, 'docusaurus.config.js'), docusaurusConfig(withTypedoc));
    say(`building the example site with ${peerTools.docusaurus.label}${withTypedoc ? ' and docusaurus-plugin-typedoc' : ''}…`);
    const result = spawnSync(process.execPath, [path.join(docusaurusHome, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs'), 'build'], {
      cwd: docusaurusSite,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', CI: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) say(`Docusaurus build failed${withTypedoc ? ' with the typedoc plugin' : ''}: ${(result.stderr || result.stdout).slice(-1500)}`);
    return result.status === 0;
  };
  if (attempt(true)) return 'typedoc';
  if (attempt(false)) return 'sdkdocs markdown';
  process.exit(1);
}

/** The landing's hero, features and snippet, read from the example site's config. */
function landingPage() {
  const config = readFileSync(path.join(exampleSite, 'sdkdocs.config.ts'), 'utf8');
  const features = [...config.matchAll(/title: '([^']+)',\s*description: (['"])(.+?)\2,\s*link: '([^']+)'/g)].map((match) => ({ title: match[1], description: match[3], link: match[4] }));
  const code = /code: \[([\s\S]*?)\]\.join/.exec(config)?.[1] ?? '';
  const snippet = [...code.matchAll(/'([^']*)'|"([^"]*)"/g)].map((match) => match[1] ?? match[2]).join('\n');
  return `import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

const features = ${JSON.stringify(features)};
const snippet = ${JSON.stringify(snippet)};

export default function Home() {
  const { siteConfig } = useDocusaurusContext();
  return (
    <Layout title={siteConfig.title} description={siteConfig.tagline}>
      <header className="hero hero--primary">
        <div className="container">
          <h1 className="hero__title">{siteConfig.title}</h1>
          <p className="hero__subtitle">{siteConfig.tagline}</p>
          <Link className="button button--secondary button--lg" to="/docs/intro">Get started</Link>
        </div>
      </header>
      <main className="container margin-vert--lg">
        <div className="row">
          {features.map((feature) => (
            <div key={feature.title} className="col col--3">
              <h2><Link to={feature.link}>{feature.title}</Link></h2>
              <p>{feature.description}</p>
            </div>
          ))}
        </div>
        <h2>Quick start</h2>
        <CodeBlock language="ts">{snippet}</CodeBlock>
      </main>
    </Layout>
  );
}
`;
}

function docusaurusConfig(withTypedoc) {
  const typedoc = withTypedoc
    ? `plugins: [['docusaurus-plugin-typedoc', { entryPoints: [${JSON.stringify(path.join(exampleSite, 'sdk', 'src', 'index.ts'))}], tsconfig: ${JSON.stringify(path.join(exampleSite, 'sdk', 'tsconfig.json'))}, out: 'docs/api' }]],`
    : '';
  // CommonJS on purpose: under "type": "module" Docusaurus' route registry is bundled as strict ESM.
  return `module.exports = {
  title: 'Playkit',
  tagline: 'Delightful game development toolkit',
  url: 'https://docs.playkit.dev',
  baseUrl: '/sdk/',
  favicon: 'img/favicon.svg',
  onBrokenLinks: 'warn',
  future: { v4: true, faster: true },
  markdown: { mermaid: true, format: 'detect', hooks: { onBrokenMarkdownLinks: 'warn' } },
  themes: [
    '@docusaurus/theme-mermaid',
    ['@easyops-cn/docusaurus-search-local', { hashed: true, indexBlog: false, docsRouteBasePath: 'docs' }],
  ],
  ${typedoc}
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false }]],
  themeConfig: {
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
    navbar: {
      title: 'Playkit',
      logo: { alt: 'Playkit logo', src: 'img/logo.svg' },
      items: [
        { type: 'doc', docId: 'intro', label: 'Docs', position: 'left' },
        { to: '${withTypedoc ? `/docs/api/classes/${apiClass}` : `/docs/api/${apiClass}`}', label: 'API', position: 'left' },
      ],
    },
    footer: { style: 'dark', copyright: 'Copyright © 2025 Playkit.' },
  },
};
`;
}

const textTypes = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.txt': 'text/plain', '.xml': 'application/xml', '.md': 'text/markdown; charset=utf-8' };
const binaryTypes = { '.png': 'image/png', '.jpg': 'image/jpeg', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff', '.webp': 'image/webp' };

/**
 * A static server for a build whose files sit under `root` and are served at /sdk/: an extensionless
 * path is tried as `.html`, then as a folder's index.html (Docusaurus and sdkdocs lay them out
 * differently); text is gzipped on the fly, as the static hosts both tools deploy to do.
 */
function serve(root) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://127.0.0.1');
    if (!url.pathname.startsWith('/sdk/')) {
      response.writeHead(302, { location: '/sdk/' }).end();
      return;
    }
    const relative = decodeURIComponent(url.pathname.slice('/sdk/'.length));
    const base = path.join(root, relative);
    if (!base.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    const candidates = [base, `${base}.html`, path.join(base, 'index.html')];
    let file = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    let status = 200;
    if (!file) {
      file = path.join(root, '404.html');
      status = 404;
      if (!existsSync(file)) {
        response.writeHead(404).end();
        return;
      }
    }
    const extension = path.extname(file);
    const type = textTypes[extension] ?? binaryTypes[extension] ?? 'application/octet-stream';
    const gzip = extension in textTypes && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache', ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}) });
    const stream = createReadStream(file);
    (gzip ? stream.pipe(zlib.createGzip()) : stream).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const servers = { sdkdocs: await serve(sdkdocsRoot), docusaurus: await serve(path.join(docusaurusSite, 'build')) };
const origin = (tool) => `http://127.0.0.1:${servers[tool].address().port}`;
const pagesOf = { sdkdocs: sdkdocsPages, docusaurus: docusaurusPages };
const toolLabel = { sdkdocs: 'sdkdocs', docusaurus: peerTools.docusaurus.label };
for (const tool of ['sdkdocs', 'docusaurus']) {
  for (const [page, route] of Object.entries(pagesOf[tool])) {
    const status = await fetch(`${origin(tool)}${route}`).then((response) => response.status);
    if (status !== 200) {
      say(`${toolLabel[tool]}: ${page} page ${route} answers ${status}`);
      process.exitCode = 1;
    }
  }
}
if (process.exitCode) {
  for (const server of Object.values(servers)) server.close();
  process.exit();
}

/**
 * One Lighthouse run (mobile, its default) of one URL, in its own process and Chromium. Spawned
 * without waiting synchronously: the static server answers from this process' event loop.
 */
async function lighthouse(url) {
  const report = path.join(sitesDir, `lighthouse-report-${process.pid}.json`);
  const load = loadAverage();
  const result = await runAsync(
    process.execPath,
    [
      path.join(lighthouseHome, 'node_modules', 'lighthouse', 'cli', 'index.js'),
      url,
      '--quiet',
      '--output=json',
      `--output-path=${report}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${chromeFlags.join(' ')}`,
    ],
    { ...process.env, CHROME_PATH: chromium },
  );
  if (result.status !== 0) throw new Error(`lighthouse ${url} exited with ${result.status}: ${result.stderr.slice(-2000)}`);
  const data = JSON.parse(readFileSync(report, 'utf8'));
  rmSync(report, { force: true });
  const score = (category) => Math.round((data.categories[category]?.score ?? Number.NaN) * 100);
  const audit = (id) => data.audits[id]?.numericValue ?? Number.NaN;
  if (data.runtimeError) say(`  ${url}: ${data.runtimeError.message}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    transferKiB: audit('total-byte-weight') / 1024,
    load,
  };
}

function runAsync(command, commandArgs, env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-20_000)));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

const pageNames = Object.keys(sdkdocsPages);
const tools = ['sdkdocs', 'docusaurus'];
const results = Object.fromEntries(pageNames.map((page) => [page, { sdkdocs: [], docusaurus: [] }]));
try {
  for (let run = 0; run < runs; run++) {
    for (const [pageIndex, page] of pageNames.entries()) {
      const order = (run + pageIndex) % 2 === 0 ? tools : [...tools].reverse();
      for (const tool of order) {
        const measured = await lighthouse(`${origin(tool)}${pagesOf[tool][page]}`);
        results[page][tool].push(measured);
        say(`run ${run + 1}/${runs} ${page}, ${toolLabel[tool]}: performance ${measured.performance}, LCP ${measured.lcpMs.toFixed(0)} ms (load ${measured.load.toFixed(1)})`);
      }
    }
  }
} finally {
  for (const server of Object.values(servers)) server.close();
}

const whole = (value) => value.toFixed(0);
const columns = [
  ['performance', 'perf', whole, 'score'],
  ['accessibility', 'a11y', whole, 'score'],
  ['bestPractices', 'best pr.', whole, 'score'],
  ['seo', 'SEO', whole, 'score'],
  ['lcpMs', 'LCP ms', whole, 'ms'],
  ['tbtMs', 'TBT ms', whole, 'ms'],
  ['cls', 'CLS', (value) => value.toFixed(3), 'CLS'],
  ['transferKiB', 'KiB sent', whole, 'KiB'],
  ['load', 'load avg', (value) => value.toFixed(1), 'load'],
];
const lines = [['page', 'tool', ...columns.map(([, title]) => title)]];
const rows = [];
for (const page of pageNames) {
  for (const tool of tools) {
    const measured = results[page][tool];
    lines.push([page, toolLabel[tool], ...columns.map(([key, , format]) => format(median(measured.map((entry) => entry[key]))))]);
    for (const [key, title, , unit] of columns) rows.push(row(`${page}, ${toolLabel[tool]}: ${title}`, measured.map((entry) => entry[key]), unit));
  }
}
const widths = lines[0].map((_, index) => Math.max(...lines.map((line) => line[index].length)));
process.stdout.write(
  `\nLighthouse mobile (${peerTools.lighthouse.label}, ${chromiumVersion}), median of ${runs} runs; machine: ${machineDescription()}\n` +
    `served by this script's node:http static server (gzip for text), the same for both; Docusaurus' API class page: ${apiSource === 'typedoc' ? 'docusaurus-plugin-typedoc' : "sdkdocs' markdown of its own page"}\n`,
);
for (const [index, line] of lines.entries()) {
  process.stdout.write(`${line.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')}\n`);
  if (index === 0) process.stdout.write(`${widths.map((width) => '-'.repeat(width)).join('  ')}\n`);
}
const report = { date: new Date().toISOString(), runs, machine: machineDescription(), chromium: chromiumVersion, lighthouse: peerTools.lighthouse.label, docusaurus: peerTools.docusaurus.label, apiSource, pages: { sdkdocs: sdkdocsPages, docusaurus: docusaurusPages }, rows };
mkdirSync(path.join(repoRoot, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(repoRoot, 'bench', 'results', 'lighthouse.json'), `${JSON.stringify(report, null, 2)}\n`);
if (args.json) writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
