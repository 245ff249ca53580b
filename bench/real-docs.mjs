#!/usr/bin/env node
// Real documentation sets that nobody on the team wrote, built untouched: each set is the docs
// folder of a pinned npm package, installed into a temporary folder (never into this repo) and
// copied into a fresh site whose `sdkdocs.config.ts` holds only `title` and `baseUrl` (plus the
// extras listed with the set). `sdkdocs build` runs cold on it in its own process. Prints a table
// (docs, pages built, build time, exit code, warnings, errors, docs that lost words) and writes
// each set's full log and a summary JSON to bench/results/real-docs/.
//
// Lost words: for every doc, the words a reader sees in its markdown (prose, headings, code;
// not URLs, attributes, comments, imports or front matter) are compared with the words in the
// built page's content element. A word that occurs fewer times in the page than in the source
// is counted lost; the log lists them per doc. It is a heuristic: read the log before calling a
// page broken, but a page that lost words without a warning is what it is there to catch.
//
//   node bench/real-docs.mjs [--only name,name] [--runs N] [--keep] [--extra JSON] [--json FILE]
//   node bench/real-docs.mjs --site DIR   (a site folder of your own, e.g. a docs folder moved over
//                                         from Docusaurus: a copy is built with its own config)
//   node bench/real-docs.mjs --site-dir NAME=DIR [--site-dir NAME=DIR…] [--only …]
//                                         (whole Docusaurus sites, each a folder you made from a
//                                         repository snapshot with its dependencies installed)
//
// Whole sites: a set of kind `site` is a Docusaurus site built in its own layout, unedited, by its
// own docusaurus.config.* (no sdkdocs config): the docs, sidebars, pages, components and plugins
// it has. The sets listed below come from the npm registry (create-docusaurus' classic template,
// assembled as `create-docusaurus` assembles it, its dependencies installed once per version).
// `--site-dir NAME=DIR` adds one from a local folder: DIR is the folder holding the Docusaurus
// config; when an ancestor is a workspace root (package.json `workspaces`, pnpm-workspace.yaml),
// the copy takes that whole layout (trpc.io's www/ reads ../packages; yarn workspaces hoist
// node_modules to the root). Nothing is fetched from GitHub: make the folder from a snapshot,
// install its dependencies there (`npm install --ignore-scripts` in DIR), then point the bench at
// it. Packages are linked into the copy, never copied. Only the --site-dir sets are built unless
// --only names others too. The log counts warnings by kind.
//
// --keep leaves the site folders in the temp folder; --extra merges config keys into the config of
// every set the bench writes one for, not a site with its own config file, which it says
// (`--extra '{"onBrokenLinks":"warn"}'` to look past one stage's errors: not the
// benchmark's own figures); --runs builds each set N times (fresh site each time) and reports the
// median time; --docs NAME=DIR builds DIR in place of that set's docs folder (an edited copy,
// to look at what a fatal error hides). Needs network access to the npm registry the first time a package
// version is used (installs are kept in the temp folder, keyed by the exact version).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromHtml } from 'hast-util-from-html';
import { installPinnedPackage } from './lib/install-package.mjs';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// SDKDOCS_ROOT=/path/to/another/checkout measures that checkout's build (its bin/ and dist/) instead.
const sdkdocsRoot = process.env.SDKDOCS_ROOT ? path.resolve(process.env.SDKDOCS_ROOT) : repoRoot;
const resultsDir = path.join(repoRoot, 'bench', 'results', 'real-docs');
const scratchRoot = path.join(os.tmpdir(), 'sdkdocs-real-docs');

/**
 * The sets. `docs` is the docs folder inside the installed package; `copy` adds other folders of
 * the package to the site (`static/` for images the docs link by absolute path); `siteFiles` writes
 * files of the site that the package lacks (never docs); `config` holds
 * the extras beyond title and baseUrl, each with the reason beside it.
 */
const docSets = [
  {
    name: 'docusaurus-classic',
    pkg: 'create-docusaurus',
    version: '3.10.2',
    license: 'MIT',
    about: 'The Docusaurus starter template: MDX, _category_.json with generated indexes, images beside docs and in static/',
    docs: 'templates/shared/docs',
    copy: { 'templates/shared/static': 'static' },
    config: {},
  },
  {
    name: 'typescript-eslint',
    pkg: '@typescript-eslint/eslint-plugin',
    version: '8.30.0',
    license: 'MIT',
    about: 'Rule docs of the typescript-eslint.io Docusaurus site: MDX with @theme/Tabs, admonitions, front matter',
    docs: 'docs',
    copy: {},
    // Four docs import components of the typescript-eslint.io site that the package does not ship.
    // A site moving these docs over would bring its own; these stand-ins only say what is missing.
    siteFiles: {
      'src/components/TypeScriptOverlap.js':
        "export default function TypeScriptOverlap() { return 'This rule extends the base ESLint rule of the same name.'; }\n",
      'src/components/RulesTable.js':
        "export default function RulesTable() { return 'The table of rules is built by the typescript-eslint.io site.'; }\n",
    },
    // Links to the rest of typescript-eslint.io (/blog/…, /packages/…, /users/configs), which is not in the package.
    config: { onBrokenLinks: 'warn' },
  },
  {
    name: 'fastify',
    pkg: 'fastify',
    version: '5.12.8',
    license: 'MIT',
    about: 'Fastify guides and reference: GFM, <a id> anchors, HTML headings, Index.md per folder, heavy cross-linking',
    docs: 'docs',
    copy: {},
    config: {},
  },
  {
    name: 'undici',
    pkg: 'undici',
    version: '8.12.4',
    license: 'MIT',
    about: 'Undici API docs (Node.js-core style): GFM, reference-style links, index.md at the root',
    docs: 'docs/docs',
    copy: {},
    // Links to the repository's /examples/ folder and to ./api/, a folder without an index.
    config: { onBrokenLinks: 'warn' },
  },
  {
    name: 'pino',
    pkg: 'pino',
    version: '10.4.0',
    license: 'MIT',
    about: 'Pino docs: plain GFM, long API page with a hand-written table of contents of anchors',
    docs: 'docs',
    copy: {},
    // docs/diagnostics.md links `[tracing channel](tc)`: a relative URL to nothing.
    config: { onBrokenLinks: 'warn' },
  },
  {
    name: 'markdownlint',
    pkg: 'markdownlint',
    version: '0.40.0',
    license: 'MIT',
    about: 'One page per lint rule, each quoting the markdown it rejects: odd headings, bare URLs, inline HTML, emphasis edge cases',
    docs: 'doc',
    copy: {},
    // CustomRules.md and Prettier.md link source files of the repository (../lib, ../test, ../style).
    config: { onBrokenLinks: 'warn' },
  },
  {
    name: 'eslint-plugin-jest',
    pkg: 'eslint-plugin-jest',
    version: '29.17.0',
    license: 'MIT',
    about: 'Rule docs with generated notice blocks between HTML comments, emoji legends, long code samples',
    docs: 'docs',
    copy: {},
    config: {},
  },
  {
    name: 'eslint-plugin-import',
    pkg: 'eslint-plugin-import',
    version: '2.32.0',
    license: 'MIT',
    about: 'Rule docs of an older style: setext headings, emoji badges, reference links, links up into the repository',
    docs: 'docs',
    copy: {},
    config: { onBrokenLinks: 'warn' },
  },
  {
    name: 'docusaurus-classic-site',
    kind: 'site',
    pkg: 'create-docusaurus',
    version: '3.10.2',
    license: 'MIT',
    about: 'The whole site `create-docusaurus my-site classic` makes: its config, sidebars, landing page, CSS modules, blog and markdown page',
    // As create-docusaurus assembles a site: the shared files, then the template's over them.
    layers: ['templates/shared', 'templates/classic'],
    renames: { gitignore: '.gitignore' },
  },
];

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = option('--only')?.split(',');
const runCount = Number(option('--runs') ?? 1);
const keep = args.includes('--keep');
const extraConfig = option('--extra') ? JSON.parse(option('--extra')) : {};
const jsonFile = option('--json');
const docsOverrides = new Map(
  args.flatMap((arg, i) => (args[i - 1] === '--docs' ? [[arg.slice(0, arg.indexOf('=')), path.resolve(arg.slice(arg.indexOf('=') + 1))]] : [])),
);
const ownSite = option('--site') && path.resolve(option('--site'));
const localSites = args.flatMap((arg, i) => {
  if (args[i - 1] !== '--site-dir') return [];
  const [name, dir] = [arg.slice(0, arg.indexOf('=')), path.resolve(arg.slice(arg.indexOf('=') + 1))];
  if (!name || !existsSync(dir)) {
    console.error(`--site-dir ${arg}: give NAME=DIR, DIR a site folder that exists`);
    process.exit(2);
  }
  const root = layoutRoot(dir);
  return [{ name, kind: 'site', pkg: dir, version: 'local', license: 'see the repository', about: `a site folder given with --site-dir${root === dir ? '' : `, in the layout of ${root}`}`, siteDir: dir, layoutRoot: root }];
});
const selected = ownSite
  ? [{ name: path.basename(ownSite), pkg: ownSite, version: 'local', license: 'own', about: 'a site folder given with --site', docs: 'docs', copy: {}, config: {}, siteDir: ownSite }]
  : [...docSets.filter((set) => (!only && localSites.length === 0) || only?.includes(set.name)), ...localSites];
if (selected.length === 0) {
  console.error(`No such set. Sets: ${docSets.map((set) => set.name).join(', ')}`);
  process.exit(2);
}

const { build } = await import(path.join(sdkdocsRoot, 'dist', 'src', 'index.js'));
mkdirSync(resultsDir, { recursive: true });
mkdirSync(scratchRoot, { recursive: true });

/**
 * The folder a site is copied with: its nearest ancestor that is a workspace root (the site reads
 * its siblings and finds hoisted packages there), else the site folder itself.
 */
function layoutRoot(dir) {
  for (let folder = path.dirname(dir); folder !== path.dirname(folder); folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'pnpm-workspace.yaml')) || existsSync(path.join(folder, 'lerna.json'))) return folder;
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).workspaces) return folder;
  }
  return dir;
}

/** The Docusaurus config file of a whole site, by the name Docusaurus looks for first. */
function docusaurusConfigFile(siteDir) {
  return ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'].map((extension) => path.join(siteDir, `docusaurus.config.${extension}`)).find((file) => existsSync(file));
}

function configSource(set, siteDir) {
  if (set.kind === 'site') {
    const file = docusaurusConfigFile(siteDir);
    return file ? `(none: ${path.basename(file)} is the site's config, as Docusaurus runs it)\n` : '(none, and no docusaurus.config.* either)\n';
  }
  if (set.siteDir) return readFileSync(path.join(set.siteDir, 'sdkdocs.config.ts'), 'utf8');
  const config = { title: `${set.name} docs`, baseUrl: `/${set.name}/`, ...set.config, ...extraConfig };
  return `export default ${JSON.stringify(config, null, 2)};\n`;
}

/**
 * Copies `from` to `to`, build output and caches left out. The packages of each node_modules
 * folder are linked, not copied, into a node_modules folder of the copy's own: sdkdocs keeps its
 * cache in the site's node_modules/.cache, and each build is to start cold.
 */
function copyLayout(from, to) {
  const skipped = new Set(['out', 'build', '.docusaurus', '.git', '.cache']);
  cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      if (source === from) return true;
      const name = path.basename(source);
      if (name === 'node_modules') {
        const copy = path.join(to, path.relative(from, source));
        mkdirSync(copy, { recursive: true });
        for (const entry of readdirSync(source)) if (entry !== '.cache') symlinkSync(path.join(source, entry), path.join(copy, entry));
        return false;
      }
      return !(skipped.has(name) && statSync(source).isDirectory());
    },
  });
}

/**
 * A whole site from the npm registry, assembled once per version in the scratch folder (its
 * dependencies installed with npm, scripts not run): the folder a user has after
 * `create-docusaurus` and `npm install`.
 */
function assembleNpmSite(set) {
  const folder = path.join(scratchRoot, 'sites', `${set.name}@${set.version}`);
  const marker = path.join(folder, '.sdkdocs-bench-installed');
  if (!existsSync(marker)) {
    rmSync(folder, { recursive: true, force: true });
    const packageDir = installPinnedPackage(scratchRoot, set.pkg, set.version);
    for (const layer of set.layers) cpSync(path.join(packageDir, layer), folder, { recursive: true });
    for (const [from, to] of Object.entries(set.renames ?? {})) if (existsSync(path.join(folder, from))) renameSync(path.join(folder, from), path.join(folder, to));
    process.stderr.write(`installing the dependencies of ${set.name}@${set.version}\n`);
    const result = spawnSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: folder, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`npm install in ${folder} failed:\n${result.stderr}`);
    writeFileSync(marker, `${set.pkg}@${set.version}\n`);
  }
  return folder;
}

/**
 * A fresh site folder: the docs, the extra folders and the config; nothing else. For a whole
 * site, a copy of its layout. `site` is the folder made, `siteDir` the one built.
 */
function makeSite(set, packageDir) {
  const site = mkdtempSync(path.join(scratchRoot, `site-${set.name}-`));
  if (set.kind === 'site') {
    // The whole layout, as it is; the site is built where its config sits in it.
    const root = set.layoutRoot ?? packageDir;
    copyLayout(root, site);
    return { site, siteDir: path.join(site, path.relative(root, set.siteDir ?? packageDir)) };
  }
  if (set.siteDir) {
    // The folder as it is, but its build output and caches; its packages are linked, not copied.
    cpSync(set.siteDir, site, { recursive: true, filter: (source) => !/^(node_modules|out)$/.test(path.relative(set.siteDir, source).split(path.sep)[0]) });
    if (existsSync(path.join(set.siteDir, 'node_modules'))) symlinkSync(path.join(set.siteDir, 'node_modules'), path.join(site, 'node_modules'));
    return { site, siteDir: site };
  }
  cpSync(docsOverrides.get(set.name) ?? path.join(packageDir, set.docs), path.join(site, 'docs'), { recursive: true });
  for (const [from, to] of Object.entries(set.copy)) cpSync(path.join(packageDir, from), path.join(site, to), { recursive: true });
  for (const [file, text] of Object.entries(set.siteFiles ?? {})) {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), text);
  }
  writeFileSync(path.join(site, 'sdkdocs.config.ts'), configSource(set));
  return { site, siteDir: site };
}

function listFiles(dir, test) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listFiles(full, test));
    else if (test(entry.name)) found.push(full);
  }
  return found;
}

const diagnosticLine = /^(?:\S+\s)?(warning|error)\s/;
/** The file a diagnostic names, relative to the site folder, without its line and column. */
const diagnosticFile = /^(\S+?)(?::\d+){0,2}\s(?:warning|error)\s/;

// Logs without colour codes, whatever the terminal the bench runs in says.
const plainEnv = { ...process.env, NODE_ENV: 'production', NO_COLOR: '1' };
delete plainEnv.FORCE_COLOR;

/** `sdkdocs build` in its own process, as a user runs it, from inside the site folder. */
function runBuild(site) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [path.join(sdkdocsRoot, 'bin', 'sdkdocs.js'), 'build', '.', '--verbose'], {
    cwd: site,
    encoding: 'utf8',
    env: plainEnv,
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const output = `${result.stdout}${result.stderr}`;
  const lines = output.split('\n');
  const warnings = lines.filter((line) => diagnosticLine.exec(line)?.[1] === 'warning').length;
  const errors = lines.filter((line) => diagnosticLine.exec(line)?.[1] === 'error').length;
  const built = /Built (\d+) pages?/.exec(output);
  const filesWarnedAbout = new Set(lines.map((line) => diagnosticFile.exec(line)?.[1]).filter((file) => file !== undefined));
  return { ms, exitCode: result.status ?? -1, signal: result.signal, output, warnings, errors, filesWarnedAbout, pages: built ? Number(built[1]) : 0 };
}

// ---- visible words: source markdown vs built page -------------------------------------------

const entities = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…', copy: '©', reg: '®', trade: '™', times: '×', rarr: '→', larr: '←', laquo: '«', raquo: '»' };
function namedReference(reference) {
  const [node] = fromHtml(reference, { fragment: true }).children;
  return node?.type === 'text' ? node.value : reference;
}

function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, name) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    // The short table first; any other of HTML's named references (`&leq;`) as an HTML parser reads it.
    return entities[name.toLowerCase()] ?? namedReference(whole);
  });
}

function words(text) {
  const counts = new Map();
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) counts.set(match[0], (counts.get(match[0]) ?? 0) + 1);
  return counts;
}

/** What a reader of the rendered markdown sees, roughly: prose, headings, table cells and code. */
function visibleTextOfMarkdown(raw) {
  let text = raw.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
  const kept = [];
  let fence;
  let inEsm = false;
  for (const line of text.split(/\r?\n/)) {
    // Fences may sit in block quotes and list items: `> ```bash`, `2.  ```ts`.
    const fenceMatch = /^(?:\s*>)*\s*(?:(?:[-*+]|\d{1,9}[.)])\s+)?(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length && line.slice(fenceMatch[0].length).trim() === '') fence = undefined;
      else kept.push({ code: true, line });
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    if (inEsm) {
      if (line.trim() === '') inEsm = false;
      continue;
    }
    // ESM lines are code in .mdx, and in .md too as Docusaurus reads it by default.
    if (/^(import|export)\s/.test(line)) {
      inEsm = !/^import\s.*(from\s+)?['"][^'"]+['"];?\s*$/.test(line);
      continue;
    }
    kept.push({ code: false, line });
  }
  const prose = kept
    .filter((entry) => !entry.code)
    .map((entry) => entry.line)
    .join('\n')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ')
    .replace(/^\s{0,3}\[[^\]]+\]:\s*\S+.*$/gm, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/!\[[^\]]*\]\[[^\]]*\]/g, ' ')
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    .replace(/\]\(\s*(?:<[^>]*>|(?:[^()\s]|\([^()]*\))*)(?:\s+(?:"[^"]*"|'[^']*'|\([^()]*\)))?\s*\)/g, ']')
    .replace(/\]\[[^\]]*\]/g, ']')
    // A tab's label is the one attribute a reader sees: `label`, else `value` (Docusaurus' TabItem).
    .replace(/<TabItem\b([^<>]*)>/g, (_, attributes) => ` ${/\blabel=(["'])(.*?)\1/.exec(attributes)?.[2] ?? /\bvalue=(["'])(.*?)\1/.exec(attributes)?.[2] ?? ''} `)
    .replace(/<\/?[A-Za-z][^<>]*>/g, ' ')
    .replace(/\{#[\w-]+\}/g, ' ')
    .replace(/^\s*:::+\s*[\w-]*/gm, ' ')
    // A task list item's `[x]` becomes a checkbox, not a word on the page.
    .replace(/^((?:\s*>)*\s*(?:[-*+]|\d{1,9}[.)])\s+)\[[ xX]\](?=\s)/gm, '$1')
    // Ordered-list numbers are drawn by the browser, not written in the page.
    .replace(/^((?:\s*>)*\s*)\d{1,9}[.)](?=\s|$)/gm, '$1')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1');
  // Magic comments (`// highlight-next-line`) are instructions, not code the reader is shown.
  const code = kept
    .filter((entry) => entry.code && !magicComment.test(entry.line))
    .map((entry) => entry.line)
    .join('\n');
  return decodeEntities(`${prose}\n${code}`);
}

/** The page's content element (`data-route-content`) as HTML. */
function contentOfPage(html) {
  const marker = html.indexOf('data-route-content');
  if (marker === -1) return '';
  const start = html.lastIndexOf('<div', marker);
  const tag = /<(\/?)div\b[^>]*>/g;
  tag.lastIndex = start;
  let depth = 0;
  let end = html.length;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) {
      end = match.index;
      break;
    }
  }
  return html.slice(start, end).replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ');
}

/** The text of the page's content element, tags removed. */
function visibleTextOfPage(html) {
  // Highlighting splits a word into spans (`use%<span>21</span>r`): a span is no word break.
  return decodeEntities(contentOfPage(html).replace(/<\/?span\b[^>]*>/g, '').replace(/<[^>]+>/g, ' '));
}

/**
 * Source syntax that shows as text in the page's prose (code excluded): MDX imports, exports and
 * comments, JSX tags, directives, GitHub alert markers, when the source has them as written. Each
 * is markup the reader was not meant to see.
 */
const leakPatterns = [
  ['import', /^\s*import\s+[\w{][^\n]*\sfrom\s+['"][^'"]+['"]/m],
  ['export', /^\s*export\s+(?:const|default|function|let)\b/m],
  ['MDX comment', /\{\/\*[\s\S]*?\*\/\}/],
  ['JSX tag', /<\/?[A-Z][\w.]*(?:\s[^<>]*)?\/?>/],
  ['directive', /^\s*:::+\s*\w*/m],
  ['GitHub alert', /\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/],
];
/** The markdown without its fenced code blocks and code spans. */
function proseOfMarkdown(raw) {
  return raw.replace(/^[ \t]*(`{3,}|~{3,})[^]*?^[ \t]*\1[`~]*[ \t]*$/gm, '').replace(/(`+)[^`][^]*?\1/g, '');
}

function findLeaks(html, raw) {
  const prose = decodeEntities(
    contentOfPage(html)
      .replace(/<pre\b[\s\S]*?<\/pre>/gi, ' ')
      .replace(/<code\b[\s\S]*?<\/code>/gi, ' ')
      .replace(/<[^>]+>/g, ''),
  );
  return leakPatterns.flatMap(([name, pattern]) => {
    const match = pattern.exec(prose);
    // Only markup written as such in prose: `<[T][ref]>` or `&lt;T&gt;` in the source shows `<T>`,
    // as it should, and so does `<T>` in code.
    return match && proseOfMarkdown(raw).includes(match[0].trim()) ? [`${name}: ${JSON.stringify(match[0].trim().slice(0, 60))}`] : [];
  });
}

/** The fenced code blocks of a markdown file, their quote or list indentation removed (mermaid left out). */
function codeBlocksOfMarkdown(raw) {
  const blocks = [];
  let open;
  for (const line of raw.split(/\r?\n/)) {
    if (!open) {
      // A list item may start with its fence: `2.  ```ts` (its code is indented as the item's text).
      const start = /^((?:[ \t]*>)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?)(`{3,}|~{3,})(.*)$/.exec(line);
      if (start && !(start[2][0] === '`' && start[3].includes('`'))) {
        const quotes = (start[1].match(/>/g) ?? []).length;
        const indent = start[1].slice(start[1].lastIndexOf('>') + 1).replace(/^ /, quotes ? '' : ' ').length;
        open = { quotes, indent, fence: start[2], lang: start[3].trim().split(/\s/)[0], lines: [] };
      }
      continue;
    }
    // As CommonMark reads it: each quote marker takes one optional space, then the fence's indent goes.
    let unprefixed = line;
    for (let depth = 0; depth < open.quotes; depth++) unprefixed = unprefixed.replace(/^[ ]{0,3}> ?/, '');
    unprefixed = unprefixed.replace(new RegExp(`^ {0,${open.indent}}`), '');
    const close = /^[ \t]*(`{3,}|~{3,})[ \t]*$/.exec(unprefixed);
    if (close && close[1][0] === open.fence[0] && close[1].length >= open.fence.length) {
      if (open.lang !== 'mermaid') blocks.push(open.lines.join('\n'));
      open = undefined;
    } else open.lines.push(unprefixed);
  }
  return blocks;
}

// Docusaurus' magic comments: the built block may leave these lines out.
const magicComment = /^\s*(?:\/\/|#|<!--|\/\*|\{\/\*)\s*highlight-(?:next-line|start|end)\s*(?:-->|\*\/|\*\/\})?\s*$/;
const normalizeCode = (text) => text.split('\n').map((line) => line.trimEnd()).join('\n').trim();

/** Source code blocks whose text the built page does not show exactly. */
function findChangedCode(raw, html) {
  const built = new Set(
    [...contentOfPage(html).matchAll(/<pre\b[^>]*>([\s\S]*?)<\/pre>/g)].map((match) => normalizeCode(decodeEntities(match[1].replace(/<[^>]+>/g, '')))),
  );
  const changed = [];
  for (const block of codeBlocksOfMarkdown(raw)) {
    const exact = normalizeCode(block);
    const withoutMagic = normalizeCode(block.split('\n').filter((line) => !magicComment.test(line)).join('\n'));
    if (exact === '' || built.has(exact) || built.has(withoutMagic)) continue;
    // A fence written inside an indented code block is shown as code lines of that block.
    const trimmedLines = (text) => text.split('\n').map((line) => line.trim()).join('\n');
    if ([...built].some((shown) => /(^|\n)\s*(```|~~~)/.test(shown) && trimmedLines(shown).includes(trimmedLines(exact)))) continue;
    changed.push(exact.split('\n')[0].slice(0, 60));
  }
  return changed;
}

/**
 * The title Docusaurus gives a doc: front matter `title`, else the first `# ` heading outside code
 * (its text, inline marks removed), else undefined (the file name: not checked here).
 */
function expectedTitle(raw) {
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(raw)?.[1] ?? '';
  const fromFrontMatter = /^title:\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|(.+?))\s*$/m.exec(frontMatter);
  if (fromFrontMatter) return fromFrontMatter[1] ?? fromFrontMatter[2]?.replace(/''/g, "'") ?? fromFrontMatter[3];
  let fence;
  for (const line of raw.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '').split(/\r?\n/)) {
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = undefined;
      continue;
    }
    if (fenceMatch) fence = fenceMatch[1];
    else if (/^ {0,3}# /.test(line)) {
      return line
        .replace(/^ {0,3}# +/, '')
        .replace(/\s+#+\s*$/, '')
        .replace(/\s*\{#[\w-]+\}\s*$/, '')
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[`*_]/g, '')
        .trim();
    }
  }
  return undefined;
}

function builtTitle(html, siteTitle) {
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
  return title === undefined ? undefined : decodeEntities(title).replace(` | ${siteTitle}`, '').trim();
}

/** Per doc: words the source shows that the built page does not (as many times), and its title. */
async function findLostWords(site) {
  const silent = { info() {}, warn() {}, error() {}, debug() {}, diagnostic() {}, progress() {} };
  // From inside the site folder, as runBuild builds it: a site config may resolve its paths against
  // the working folder (jestjs.io's customCss is `path.resolve('src/css/…')`).
  const benchFolder = process.cwd();
  process.chdir(site);
  let model;
  try {
    ({ site: model } = await build({ siteDir: site, until: 'collectContent', logger: silent }));
  } finally {
    process.chdir(benchFolder);
  }
  const outRoot = model.config.paths.outRoot;
  const report = [];
  for (const page of model.pages) {
    if (page.kind !== 'doc' || !page.sourceFile) continue;
    const htmlFile = path.join(outRoot, ...page.route.split('/').filter(Boolean), 'index.html');
    const relative = path.relative(site, page.sourceFile);
    if (!existsSync(htmlFile)) {
      report.push({ doc: relative, route: page.route, missingPage: true, lost: 0, sourceWords: 0, words: [] });
      continue;
    }
    const raw = readFileSync(page.sourceFile, 'utf8');
    const html = readFileSync(htmlFile, 'utf8');
    const source = words(visibleTextOfMarkdown(raw));
    const built = words(visibleTextOfPage(html));
    const title = { expected: expectedTitle(raw), built: builtTitle(html, model.config.title) };
    const leaks = findLeaks(html, raw);
    const changedCode = findChangedCode(raw, html);
    const lost = [];
    let sourceWords = 0;
    for (const [word, count] of source) {
      sourceWords += count;
      const missing = count - (built.get(word) ?? 0);
      if (missing > 0) lost.push([word, missing]);
    }
    lost.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    report.push({ doc: relative, route: page.route, lost: lost.reduce((sum, [, n]) => sum + n, 0), sourceWords, words: lost, title, leaks, changedCode });
  }
  return report.sort((a, b) => b.lost - a.lost || a.doc.localeCompare(b.doc));
}

// ---- run -------------------------------------------------------------------------------------

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * A whole site's doc files as Docusaurus finds them by default: docs/ and the versions of
 * versioned_docs/ (not partials, whose names start with `_`).
 */
function wholeSiteDocFiles(siteDir) {
  const isDoc = (name) => /\.mdx?$/i.test(name) && !name.startsWith('_');
  return [...listFiles(path.join(siteDir, 'docs'), isDoc), ...listFiles(path.join(siteDir, 'versioned_docs'), isDoc)];
}

/**
 * What kind of warning a line is, so that a log can count them: the message without its file,
 * its config key path and the names, numbers and quoted text that differ from one to the next.
 */
function warningKind(line) {
  const message = line.replace(/^\S+\s+warning\s+/, '').replace(/^warning\s+/, '');
  return message
    .replace(/^[\w$.[\]-]+(?:\.\w+)?: (?=\S)/, '')
    .replace(/"[^"]*"|`[^`]*`|'[^']*'|→ \S+/g, '…')
    .replace(/\S*\/\S*/g, '…')
    .replace(/\d+/g, 'N')
    .split(/\s+/)
    .slice(0, 8)
    .join(' ')
    .replace(/[.:,;]$/, '');
}

function countWarningKinds(output) {
  const kinds = new Map();
  for (const line of output.split('\n')) {
    if (diagnosticLine.exec(line)?.[1] !== 'warning') continue;
    const kind = warningKind(line);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return Object.fromEntries([...kinds].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

const rows = [];
for (const set of selected) {
  const packageDir = set.kind === 'site' && !set.siteDir ? assembleNpmSite(set) : (set.siteDir ?? installPinnedPackage(scratchRoot, set.pkg, set.version));
  const docFiles =
    set.kind === 'site' ? wholeSiteDocFiles(set.siteDir ?? packageDir) : listFiles(docsOverrides.get(set.name) ?? path.join(packageDir, set.docs), (name) => /\.mdx?$/i.test(name));
  if (Object.keys(extraConfig).length > 0 && (set.kind === 'site' || set.siteDir)) {
    console.error(`real-docs: --extra is not applied to ${set.name}: its own config file is built as it is (edit a copy of the site to change it)`);
  }
  const runs = [];
  let made;
  for (let run = 0; run < runCount; run++) {
    if (made && !keep) rmSync(made.site, { recursive: true, force: true });
    made = makeSite(set, packageDir);
    runs.push(runBuild(made.siteDir));
  }
  const lastSite = made.siteDir;
  const last = runs[runs.length - 1];
  const warningKinds = countWarningKinds(last.output);
  const lostWords = last.exitCode === 0 ? await findLostWords(lastSite) : [];
  const docsLosing = lostWords.filter((entry) => entry.lost > 0 || entry.missingPage);
  // A loss the build located in a warning is reported; one it did not is what this bench hunts.
  const docsLosingSilently = docsLosing.filter((entry) => !last.filesWarnedAbout.has(entry.doc));
  const codeChanged = lostWords.filter((entry) => entry.changedCode?.length > 0);
  const leaking = lostWords.filter((entry) => entry.leaks?.length > 0);
  const wrongTitles = lostWords.filter((entry) => entry.title?.expected !== undefined && entry.title.expected !== entry.title.built);
  const log = [
    `# ${set.pkg}@${set.version} ${set.kind === 'site' ? '(whole site)' : set.docs} (${set.license}) — ${set.about}`,
    `# site: ${lastSite}${keep ? '' : ' (deleted)'}`,
    ...(docsOverrides.has(set.name) ? [`# docs folder replaced by ${docsOverrides.get(set.name)}`] : []),
    '# sdkdocs.config.ts:',
    configSource(set, lastSite).replace(/^/gm, '#   '),
    `# exit ${last.exitCode}${last.signal ? ` (${last.signal})` : ''}, ${last.ms.toFixed(0)} ms, ${last.warnings} warnings, ${last.errors} errors`,
    last.output,
    `# warnings by kind: ${Object.keys(warningKinds).length}`,
    ...Object.entries(warningKinds).map(([kind, count]) => `${String(count).padStart(5)}  ${kind}`),
    `# docs losing words (source word missing from the built page): ${docsLosing.length} of ${lostWords.length}, ${docsLosingSilently.length} of them without a warning naming the doc`,
    ...docsLosing.map((entry) =>
      entry.missingPage
        ? `${entry.doc} → ${entry.route}: no page written`
        : `${entry.doc} → ${entry.route}${last.filesWarnedAbout.has(entry.doc) ? ' (warned)' : ' (SILENT)'}: ${entry.lost} of ${entry.sourceWords} words: ${entry.words
            .slice(0, 25)
            .map(([word, n]) => (n > 1 ? `${word}×${n}` : word))
            .join(' ')}`,
    ),
    `# docs with a code block not shown exactly as written (first line of each): ${codeChanged.length}`,
    ...codeChanged.map((entry) => `${entry.doc}: ${entry.changedCode.map((line) => JSON.stringify(line)).join(', ')}`),
    `# docs showing source syntax as text (outside code): ${leaking.length}`,
    ...leaking.map((entry) => `${entry.doc}: ${entry.leaks.join('; ')}`),
    `# titles other than Docusaurus would give (front matter title, else first # heading): ${wrongTitles.length}`,
    ...wrongTitles.map((entry) => `${entry.doc}: expected ${JSON.stringify(entry.title.expected)}, built ${JSON.stringify(entry.title.built)}`),
    '',
  ].join('\n');
  writeFileSync(path.join(resultsDir, `${set.name}.log`), log);
  if (!keep) rmSync(made.site, { recursive: true, force: true });
  rows.push({
    set: set.name,
    kind: set.kind ?? 'docs',
    package: set.version === 'local' ? set.pkg : `${set.pkg}@${set.version}`,
    docsPath: set.docs,
    license: set.license,
    config: set.kind === 'site' ? null : { title: `${set.name} docs`, baseUrl: `/${set.name}/`, ...set.config, ...extraConfig },
    docs: docFiles.length,
    pages: last.pages,
    buildMs: median(runs.map((r) => r.ms)),
    buildMsRuns: runs.map((r) => Math.round(r.ms)),
    exitCode: last.exitCode,
    warnings: last.warnings,
    warningKinds,
    errors: last.errors,
    docsLosingWords: docsLosing.length,
    wordsLost: docsLosing.reduce((sum, entry) => sum + entry.lost, 0),
    docsLosingWordsSilently: docsLosingSilently.length,
    wordsLostSilently: docsLosingSilently.reduce((sum, entry) => sum + entry.lost, 0),
    wrongTitles: wrongTitles.length,
    docsShowingSyntax: leaking.length,
    docsWithChangedCode: codeChanged.length,
  });
  process.stderr.write(`${set.name}: exit ${last.exitCode}, ${(last.ms / 1000).toFixed(2)} s\n`);
}

const header = ['set', 'package', 'docs', 'pages', 'build', 'exit', 'warnings', 'errors', 'docs losing words', 'of them silently', 'syntax shown', 'code changed', 'wrong titles'];
const table = [
  header,
  ...rows.map((r) => [
    r.set,
    r.package,
    String(r.docs),
    String(r.pages),
    `${(r.buildMs / 1000).toFixed(2)} s`,
    String(r.exitCode),
    String(r.warnings),
    String(r.errors),
    r.exitCode === 0 ? `${r.docsLosingWords} (${r.wordsLost} words)` : '-',
    r.exitCode === 0 ? `${r.docsLosingWordsSilently} (${r.wordsLostSilently} words)` : '-',
    r.exitCode === 0 ? String(r.docsShowingSyntax) : '-',
    r.exitCode === 0 ? String(r.docsWithChangedCode) : '-',
    r.exitCode === 0 ? String(r.wrongTitles) : '-',
  ]),
];
const widths = header.map((_, i) => Math.max(...table.map((line) => line[i].length)));
for (const [index, line] of table.entries()) {
  process.stdout.write(`${line.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')}\n`);
  if (index === 0) process.stdout.write(`${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
}
process.stdout.write(`logs: ${path.relative(process.cwd(), resultsDir) || resultsDir}/<set>.log\n`);
const summary = { date: new Date().toISOString(), sdkdocs: sdkdocsRoot, node: process.version, cpus: os.availableParallelism(), runs: runCount, extraConfig, rows };
writeFileSync(path.join(resultsDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(summary, null, 2)}\n`);
if (rows.some((r) => r.exitCode !== 0)) process.exitCode = 1;
