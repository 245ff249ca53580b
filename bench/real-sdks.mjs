#!/usr/bin/env node
// Real TypeScript SDKs that nobody on the team wrote, as an API reference: each SDK is a pinned
// npm package that ships its TypeScript source, installed into a temporary folder (never into
// this repo). Its source is copied into a fresh site (without its dependencies, so types from a
// dependency cannot be resolved, as when a team documents an SDK whose dependencies are not
// installed) with one intro doc and `api.skipTypeCheck`. `sdkdocs build` runs cold on it in its
// own process. Prints a table (API pages, build time, exit code, warnings, errors, wrong links)
// and writes each SDK's log and a summary JSON to bench/results/real-sdks/.
//
// Wrong links: every type link on an API page (`a.api-type-link`) must show the name of the
// declaration it links to; `{@link}`s in comments must start with that name unless they carry
// their own text. A link that points elsewhere is what this is here to catch.
//
//   node bench/real-sdks.mjs [--only name,name] [--keep] [--json FILE]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installPinnedPackage } from './lib/install-package.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(repoRoot, 'bench', 'results', 'real-sdks');
const scratchRoot = path.join(os.tmpdir(), 'sdkdocs-real-sdks');

/** The SDKs: `entryPoints` are relative to the package folder; `config` holds extras, each with its reason. */
const sdks = [
  {
    name: 'nakama-js',
    pkg: '@heroiclabs/nakama-js',
    version: '2.8.0',
    license: 'Apache-2.0',
    about: 'Game-server client: a generated REST API of 100+ interfaces, sockets, sessions',
    entryPoints: ['index.ts'],
  },
  {
    name: 'colyseus-sdk',
    pkg: '@colyseus/sdk',
    version: '0.18.4',
    license: 'MIT',
    about: 'Multiplayer game-networking client; re-exports types of @colyseus/schema, not installed here',
    entryPoints: ['src/index.ts'],
    // Six {@link}s name declarations that are not exported or do not exist (`{@link tick}`).
    config: { onBrokenLinks: 'warn' },
  },
  {
    name: 'supabase-storage',
    pkg: '@supabase/storage-js',
    version: '2.119.1',
    license: 'MIT',
    about: 'Storage client: rich TSDoc, error-class chains, @category tags',
    entryPoints: ['src/index.ts'],
    // Comments link to supabase.com's guides by absolute path (/docs/guides/…), not in this site.
    config: { onBrokenLinks: 'warn' },
  },
  {
    name: 'supabase-auth',
    pkg: '@supabase/auth-js',
    version: '2.119.1',
    license: 'MIT',
    about: 'Auth client: large classes with overloads and long union types',
    entryPoints: ['src/index.ts'],
    // Comments link to supabase.com's guides and dashboard by absolute path, not in this site.
    config: { onBrokenLinks: 'warn' },
  },
];

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = option('--only')?.split(',');
const keep = args.includes('--keep');
const jsonFile = option('--json');
const selected = sdks.filter((sdk) => !only || only.includes(sdk.name));
if (selected.length === 0) {
  console.error(`No such SDK. SDKs: ${sdks.map((sdk) => sdk.name).join(', ')}`);
  process.exit(2);
}
mkdirSync(resultsDir, { recursive: true });
mkdirSync(scratchRoot, { recursive: true });

/** A fresh site: the SDK's files but its dependencies and build output, a tsconfig, one doc. */
function makeSite(sdk, packageDir) {
  const site = mkdtempSync(path.join(scratchRoot, `site-${sdk.name}-`));
  cpSync(packageDir, path.join(site, 'sdk'), {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist|build)([/\\]|$)/.test(path.relative(packageDir, source) ? `/${path.relative(packageDir, source)}` : ''),
  });
  const tsconfig = {
    compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], strict: true, skipLibCheck: true },
    include: ['sdk/**/*.ts'],
  };
  writeFileSync(path.join(site, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  mkdirSync(path.join(site, 'docs'));
  writeFileSync(path.join(site, 'docs', 'intro.md'), `# ${sdk.pkg}\n\n${sdk.about}. See the [API reference](/api).\n`);
  const config = {
    title: `${sdk.name} API`,
    baseUrl: `/${sdk.name}/`,
    ...sdk.config,
    api: { entryPoints: sdk.entryPoints.map((entry) => `sdk/${entry}`), tsconfig: 'tsconfig.json', skipTypeCheck: true, sourceRoot: 'sdk' },
  };
  writeFileSync(path.join(site, 'sdkdocs.config.ts'), `export default ${JSON.stringify(config, null, 2)};\n`);
  return site;
}

function listFiles(dir, test) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(full, test);
    return test(entry.name) ? [full] : [];
  });
}

const diagnosticLine = /^(?:\S+\s)?(warning|error)\s/;
const plainEnv = { ...process.env, NODE_ENV: 'production', NO_COLOR: '1' };
delete plainEnv.FORCE_COLOR;

function runBuild(site) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], {
    cwd: site,
    encoding: 'utf8',
    env: plainEnv,
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const output = `${result.stdout}${result.stderr}`;
  const lines = output.split('\n');
  return {
    ms,
    exitCode: result.status ?? -1,
    output,
    warnings: lines.filter((line) => diagnosticLine.exec(line)?.[1] === 'warning').length,
    errors: lines.filter((line) => diagnosticLine.exec(line)?.[1] === 'error').length,
  };
}

const decode = (text) =>
  text
    .replace(/<[^>]*>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');

/** Type links whose text is not the name of the declaration they lead to. */
function wrongLinks(apiDir, apiBase) {
  const found = [];
  const pages = listFiles(apiDir, (name) => name === 'index.html');
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    for (const match of html.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)) {
      const href = /href="([^"]*)"/.exec(match[1])?.[1];
      // Previous/next links name their page after a label.
      if (!href?.startsWith(apiBase) || /pagination/.test(match[1])) continue;
      const target = decodeURIComponent(href.slice(apiBase.length).split('#')[0]).split('/').filter(Boolean);
      if (target.length !== 2) continue;
      const name = target[1];
      const text = decode(match[2]).trim();
      const isTypeLink = /class="[^"]*api-type-link/.test(match[1]);
      // A {@link X | own words} carries its own text: only a name-shaped text is judged.
      const nameShaped = /^[\w$]+(\.[\w$]+)*$/.test(text);
      // `{@link tick}` inside the class shows the member's name alone.
      const anchor = href.split('#')[1];
      const segments = text.split('.');
      const namesMember = anchor !== undefined && segments.at(-1).toLowerCase() === anchor && (segments.length === 1 || segments.at(-2) === name);
      const wrong = isTypeLink ? text !== name && !namesMember : nameShaped && text !== name && segments[0] !== name && !namesMember;
      if (wrong) found.push({ page: path.relative(apiDir, file), text, href });
    }
  }
  return { pages: pages.length, wrong: found };
}

const results = [];
for (const sdk of selected) {
  const packageDir = installPinnedPackage(scratchRoot, sdk.pkg, sdk.version);
  const site = makeSite(sdk, packageDir);
  const run = runBuild(site);
  const outDir = path.join(site, 'out', sdk.name);
  const audit = run.exitCode === 0 ? wrongLinks(path.join(outDir, 'api'), `/${sdk.name}/api/`) : { pages: 0, wrong: [] };
  const log = path.join(resultsDir, `${sdk.name}.log`);
  writeFileSync(log, `${run.output}\n\nwrong links:\n${audit.wrong.map((link) => `${link.page}: ${link.text} -> ${link.href}`).join('\n')}\n`);
  results.push({ name: sdk.name, pkg: `${sdk.pkg}@${sdk.version}`, apiPages: audit.pages, seconds: +(run.ms / 1000).toFixed(1), exitCode: run.exitCode, warnings: run.warnings, errors: run.errors, wrongLinks: audit.wrong.length });
  if (!keep) rmSync(site, { recursive: true, force: true });
  else process.stderr.write(`kept ${site}\n`);
}

console.log('| SDK | package | API pages | build | exit | warnings | errors | wrong links |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const r of results) console.log(`| ${r.name} | ${r.pkg} | ${r.apiPages} | ${r.seconds} s | ${r.exitCode} | ${r.warnings} | ${r.errors} | ${r.wrongLinks} |`);
writeFileSync(path.join(resultsDir, 'summary.json'), `${JSON.stringify(results, null, 2)}\n`);
if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
