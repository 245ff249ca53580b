import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import { UserError, formatDiagnostic } from '../src/core/diagnostic.js';
import { buildSite, repoRoot } from './helpers/site.js';

/**
 * A Docusaurus site, written as such sites are (CommonJS config, require.resolve, the classic
 * preset, swizzled-style pages importing SVGs and @theme/Heading), built from its own folder by
 * the shipped CLI, bin/sdkdocs.js, with no sdkdocs config.
 */

const fixture = path.join(repoRoot, 'tests', 'fixtures', 'docusaurus-site');
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function copyOf(source: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-docusaurus-'));
  temporary.push(dir);
  cpSync(source, dir, { recursive: true });
  return dir;
}

function runCli(site: string, ...args: string[]) {
  return spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), ...args], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
}

describe('a Docusaurus site builds from its own folder with bin/sdkdocs.js', () => {
  let site: string;
  let result: ReturnType<typeof runCli>;
  const page = (route: string) => readFileSync(path.join(site, 'out', route, 'index.html'), 'utf8');

  beforeAll(() => {
    // bin/sdkdocs.js runs tsc's files when the bundle is older, and then this would not test the bundle.
    const bundle = path.join(repoRoot, 'dist', 'cli-bundle', 'main.js');
    expect(statSync(bundle).mtimeMs, 'run `npm run build` to bundle the CLI').toBeGreaterThanOrEqual(statSync(path.join(repoRoot, 'dist', 'src', 'cli', 'main.js')).mtimeMs);
    site = copyOf(fixture);
    result = runCli(site, 'build', '.');
  }, 120_000);

  it('exits 0', () => {
    expect(result.stderr).toMatch(/Built \d+ pages/);
    expect(result.status).toBe(0);
  });

  it('says what it does not apply, each at its line in docusaurus.config.js', () => {
    const warnings = result.stderr.split('\n').filter((line) => line.includes(' warning '));
    const expected = [
      'docusaurus.config.js:21:5 warning i18n.locales: only the default locale (en) is built; fr is not',
      'docusaurus.config.js:43:13 warning plugins[0]: the plugin @docusaurus/plugin-ideal-image is not run',
      'docusaurus.config.js:54:11 warning themeConfig.navbar.items[3]: the navbar item of type "custom-discord" is not shown',
      'docusaurus.config.js:78:7 warning themeConfig.zoom: not applied',
      'blog/2024-05-01-orbit-1.md:4:1 warning This blog post has no truncate marker',
    ];
    for (const start of expected) expect(warnings.some((line) => line.startsWith(start)), start).toBe(true);
    // An empty list of remark plugins asks for nothing; a search item is sdkdocs' own search box.
    expect(result.stderr).not.toContain('remarkPlugins');
    expect(result.stderr).not.toContain('"search"');
    expect(warnings).toHaveLength(expected.length);
  });

  it('writes the navbar logo and the footer as Docusaurus does: a logo width, an item of raw HTML, a dark-mode logo, and the copyright as HTML', () => {
    const footer = /<footer[\s\S]*<\/footer>/.exec(readFileSync(path.join(site, 'out', 'docs', 'intro', 'index.html'), 'utf8'))![0];
    expect(footer).toContain('<li class="footer-item"><a href="https://netlify.com">Netlify</a></li>');
    // The navbar logo at the width the config gives it, its height following the image.
    expect(readFileSync(path.join(site, 'out', 'docs', 'intro', 'index.html'), 'utf8')).toContain('<span class="navbar-logo"><img src="/img/logo.svg" alt="Orbit" width="48"/></span>');
    // A dark-mode logo beside the light one, switched by CSS.
    expect(footer).toContain('<img src="/img/logo.svg" alt="Orbit" width="40" class="themed-image themed-image-light"/><img src="/img/logo.svg" alt="Orbit" width="40" class="themed-image themed-image-dark"/>');
    expect(footer).toContain('<div class="footer-copyright">Copyright © Orbit. Built with <a href="https://docusaurus.io">Docusaurus</a>.</div>');
  });

  it("adds preset-classic's gtag to every page", () => {
    const head = readFileSync(path.join(site, 'out', 'docs', 'intro', 'index.html'), 'utf8').split('</head>')[0]!;
    expect(head).toContain('https://www.googletagmanager.com/gtag/js?id=G-ORBIT');
    expect(head).toContain("gtag('config','G-ORBIT');");
  });

  it('builds the blog of the classic preset, which the navbar links', () => {
    expect(page('blog')).toContain('<a href="/blog/2024/05/01/orbit-1">Orbit 1.0</a>');
    expect(page('blog/2024/05/01/orbit-1')).toContain('Orbit 1.0 is out.');
    // The feeds Docusaurus writes by default, RSS and Atom, from the shipped bundle.
    expect(readFileSync(path.join(site, 'out', 'blog', 'rss.xml'), 'utf8')).toContain('<link>https://orbit.example.com/blog/2024/05/01/orbit-1</link>');
    expect(readFileSync(path.join(site, 'out', 'blog', 'atom.xml'), 'utf8')).toContain('<id>https://orbit.example.com/blog/2024/05/01/orbit-1</id>');
  });

  it('takes the docs, sidebars file and edit URL from the classic preset', () => {
    const intro = page('docs/intro');
    expect(intro).toContain('<h2 id="setup">Set-up');
    expect(intro).toContain('href="https://github.com/orbit/orbit/tree/main/website/docs/intro.md"');
    expect(intro).toMatch(/<a[^>]*href="\/docs\/guides\/bodies#mass"/);
    expect(page('docs/guides/bodies')).toContain('<h2 id="mass">Mass and inertia');
  });

  it('draws the navbar and footer it could apply', () => {
    const home = page('');
    expect(home).toMatch(/<a[^>]*href="\/docs\/intro"[^>]*>Guides<\/a>/);
    // A doc entry in a dropdown, and an item's className passed to its link.
    expect(home).toContain('<a href="/docs/intro" class="dropdown-link">Introduction</a>');
    expect(home).toContain('<a href="https://github.com/orbit/orbit" target="_blank" rel="noopener noreferrer" class="navbar-link header-github-link">GitHub<svg');
    // An html item is its markup; a link's html label is markup inside the link, with the attributes the config gives.
    expect(home).toContain('<div class="navbar-item"><span class="navbar-html" ><span class="beta-badge">beta</span></span></div>'.replace('" >', '">'));
    expect(home).toContain('<a href="/docs/intro" aria-label="Start reading" class="navbar-link"><span><b>Start</b> here</span></a>');
    expect(home).toContain('>GitHub');
    expect(home).toContain('Copyright © Orbit');
  });

  it('renders the custom page: SVG imports as components, @theme/Heading, @theme/Icon/Success, customFields', () => {
    const home = page('');
    // yogalayout.dev's share button shows @theme/Icon/Success once the link is copied.
    expect(home).toMatch(/<svg viewBox="0 0 24 24" aria-hidden="true" class="feature-done" width="16"><path fill="currentColor"/);
    expect(home).toMatch(/<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 32 32" width="64" height="64" stroke-width="2" class="hero-logo">/);
    expect(home).toMatch(/<svg [^>]*class="feature-svg" role="img"><title>Orbit<\/title><circle/);
    expect(home).toContain('<h3 id="rigid-bodies">Rigid bodies<a class="hash-link" aria-label="Direct link to Rigid bodies" href="#rigid-bodies">#</a></h3>');
    expect(home).toContain('<h1>Orbit Engine</h1>');
    expect(home).toMatch(/Try it at <!-- -->https:\/\/play\.orbit\.example\.com<!-- --> \(<!-- -->1\.0, 1\.1/);
  });

  it('gives MDX docs the components of the site\'s src/theme/MDXComponents without an import', () => {
    const html = page('docs/guides/components');
    expect(html).toContain('Orbit is <span class="highlight" style="background-color:#25c2a0">fast</span>, without an import.');
    expect(html).toContain('<meta name="description" content="Orbit is fast, without an import.">');
    // The browser renders the same map: the page's MDX module reaches the site's component.
    const chunks = readdirSync(path.join(site, 'out', 'assets', 'js')).map((name) => readFileSync(path.join(site, 'out', 'assets', 'js', name), 'utf8'));
    expect(chunks.some((code) => code.includes('"highlight"') || code.includes("'highlight'"))).toBe(true);
  });

  it('bundles the site stylesheet from theme.customCss', () => {
    const css = readFileSync(path.join(site, 'out', /href="\/(assets\/css\/[^"]+\.css)"/.exec(page(''))![1]!), 'utf8');
    expect(css).toContain('#7b2cbf');
  });
});

// yogalayout.dev's playground uses react-live, whose CommonJS code (and prism-react-renderer's)
// requires React: in the ES module bundles the build imports, that require() threw "Dynamic
// require of react is not supported", an internal error (exit 3). Only the shipped CLI shows it.
describe('CommonJS packages that require React, in pages, MDX docs and theme overrides', () => {
  let site: string;
  let result: ReturnType<typeof runCli>;
  const page = (route: string) => readFileSync(path.join(site, 'out', route, 'index.html'), 'utf8');

  beforeAll(() => {
    site = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-docusaurus-cjs-'));
    temporary.push(site);
    const files: Record<string, string> = {
      'docusaurus.config.js': "module.exports = { title: 'Widgets', url: 'https://widgets.example.com', baseUrl: '/' };\n",
      'node_modules/share-widget/package.json': '{ "name": "share-widget", "version": "1.0.0", "main": "index.js" }\n',
      'node_modules/share-widget/index.js': [
        "const React = require('react');",
        "module.exports = function ShareWidget(props) { return React.createElement('span', { className: 'share-widget' }, props.where); };",
      ].join('\n'),
      'docs/intro.mdx': "import ShareWidget from 'share-widget';\n\n# Intro\n\n<ShareWidget where=\"doc\" />\n",
      'src/pages/index.js': "import ShareWidget from 'share-widget';\n\nexport default function Home() {\n  return <main><ShareWidget where=\"page\" /></main>;\n}\n",
      'src/theme/Footer.js': "import ShareWidget from 'share-widget';\n\nexport default function Footer() {\n  return <footer><ShareWidget where=\"footer\" /></footer>;\n}\n",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
      writeFileSync(path.join(site, name), text);
    }
    result = runCli(site, 'build', '.');
  }, 120_000);

  it('builds them with the React sdkdocs renders with', () => {
    expect(result.stderr).not.toContain('Internal error');
    expect(result.status).toBe(0);
    expect(page('')).toContain('<span class="share-widget">page</span>');
    expect(page('docs/intro')).toContain('<span class="share-widget">doc</span>');
    expect(page('docs/intro')).toContain('<footer><span class="share-widget">footer</span></footer>');
  });
});

describe('Docusaurus configs as sites write them', () => {
  function siteWith(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-docusaurus-config-'));
    temporary.push(dir);
    for (const [name, text] of Object.entries({ 'docs/intro.md': '# Intro\n', ...files })) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return dir;
  }

  it('reads a TypeScript config that exports an async function', async () => {
    const dir = siteWith({
      'docusaurus.config.ts': [
        "import type { Config } from '@docusaurus/types';",
        'export default async function createConfig(): Promise<Config> {',
        "  const tagline: string = await Promise.resolve('Async');",
        "  return { title: 'Typed', tagline, url: 'https://typed.example.com', baseUrl: '/typed/', customFields: { answer: 42 } };",
        '}',
      ].join('\n'),
    });
    const config = await loadConfig(dir);
    expect(config).toMatchObject({ title: 'Typed', tagline: 'Async', baseUrl: '/typed/', customFields: { answer: 42 } });
    expect(config.configFile).toBe(path.join(dir, 'docusaurus.config.ts'));
  });

  it('reads an ES module config that uses import.meta.url', async () => {
    const dir = siteWith({
      'docusaurus.config.mjs': [
        "import { fileURLToPath } from 'node:url';",
        "import path from 'node:path';",
        'const here = path.dirname(fileURLToPath(import.meta.url));',
        "export default { title: 'Module', url: 'https://m.example.com', baseUrl: '/', presets: [['@docusaurus/preset-classic', { theme: { customCss: path.join(here, 'custom.css') } }]] };",
      ].join('\n'),
      'custom.css': ':root {}\n',
    });
    const config = await loadConfig(dir);
    expect(config.paths.customCss).toEqual([path.join(dir, 'custom.css')]);
  });

  it('places a value sdkdocs refuses at its key in the Docusaurus config', async () => {
    const dir = siteWith({
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Wrong',",
        "  baseUrl: '/',",
        '  themeConfig: {',
        '    navbar: {',
        "      items: [{ label: 'Fine', to: '/docs/intro' }, { label: 'No target', position: 'left' }],",
        '    },',
        '  },',
        '};',
      ].join('\n'),
    });
    const error = await loadConfig(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    const printed = (error as UserError).diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, { cwd: dir }));
    expect(printed).toEqual(['docusaurus.config.js:6:53 error themeConfig.navbar.items[1].to: a link item needs "to" (internal route) or "href" (external URL).']);
  });

  it('keeps navbar links of raw HTML (html in place of label), in dropdowns too, without a warning', async () => {
    // typeorm.io's version dropdown: `html` section headings between its links.
    const dir = siteWith({
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Html', baseUrl: '/',",
        '  themeConfig: {',
        '    navbar: {',
        '      items: [',
        "        { html: '<b>New</b>', to: '/docs/intro' },",
        "        { type: 'dropdown', label: 'Version', items: [",
        "          { html: '<span>Latest</span>', to: '#' },",
        "          { label: 'Version 1.x', href: 'https://one.example.com' },",
        '        ] },',
        '      ],',
        '    },',
        '  },',
        '};',
      ].join('\n'),
    });
    const config = await loadConfig(dir);
    expect(config.navbar.items).toMatchObject([
      { html: '<b>New</b>', to: '/docs/intro' },
      { type: 'dropdown', label: 'Version', items: [{ html: '<span>Latest</span>', to: '#' }, { label: 'Version 1.x', href: 'https://one.example.com' }] },
    ]);
    expect(config.configWarnings).toEqual([]);
  });

  it("reads require.resolve('./sidebars.js') as the sidebars.ts beside it, as Docusaurus' jiti does", async () => {
    // trpc.io's config, a TypeScript file, names its sidebars.ts so.
    const dir = siteWith({
      'sidebars.ts': "export default { docs: ['intro'] };\n",
      'docusaurus.config.ts': [
        'export default {',
        "  title: 'Resolved', url: 'https://r.example.com', baseUrl: '/',",
        "  presets: [['classic', { docs: { sidebarPath: require.resolve('./sidebars.js') } }]],",
        '};',
      ].join('\n'),
    });
    const config = await loadConfig(dir);
    expect(config.docs.sidebarPath).toBe(path.join(dir, 'sidebars.ts'));
  });

  it('says which file of the site is missing when the config requires one, not to install packages', async () => {
    // The config's own JavaScript files are run by Node, which finds what they require.
    const dir = siteWith({
      'docusaurus.config.js': "module.exports = { title: 'T', baseUrl: '/', customFields: require('./fields.js') };\n",
      'fields.js': "module.exports = require('./missing-part.js');\n",
    });
    const error = await loadConfig(dir).catch((caught: unknown) => caught);
    const [diagnostic] = (error as UserError).diagnostics;
    expect(diagnostic!.message).toMatch(/Cannot find module '.\/missing-part.js'/);
    expect(diagnostic!.hint).not.toContain('Install');
  });

  it('says to install the site first when the config requires a package that is missing', async () => {
    const dir = siteWith({ 'docusaurus.config.js': "const { themes } = require('prism-react-renderer-missing');\nmodule.exports = { title: 'T', baseUrl: '/' };\n" });
    const error = await loadConfig(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    const [diagnostic] = (error as UserError).diagnostics;
    expect(diagnostic!.message).toMatch(/^The Docusaurus config threw while loading: Cannot find module 'prism-react-renderer-missing'/);
    expect(diagnostic!.hint).toContain(`Install the site's dependencies first (\`npm install\` in ${dir})`);
  });

  it('a sidebars folder that a plugin sdkdocs does not run would write is a warning naming the plugin, not an error', async () => {
    const dir = siteWith({
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Generated', url: 'https://g.example.com', baseUrl: '/',",
        "  presets: [['classic', { docs: { sidebarPath: require.resolve('./sidebars.js') } }]],",
        "  plugins: [['docusaurus-plugin-typedoc', { out: 'docs/typedoc' }]],",
        '};',
      ].join('\n'),
      'sidebars.js': "module.exports = { docs: ['intro', { type: 'category', label: 'API', items: [{ type: 'autogenerated', dirName: 'typedoc' }] }] };\n",
    });
    const result = await buildSite(dir, { until: 'collectContent' });
    const printed = result.site.diagnostics.filter((diagnostic) => diagnostic.code === 'sidebars').map((diagnostic) => formatDiagnostic(diagnostic, { cwd: dir }));
    expect(printed[0]).toMatch(/^sidebars\.js:1:\d+ warning sidebars\.js: docs\[1\]\.items\[0\]: the folder "typedoc" of the docs folder does not exist, so its docs are missing; a plugin that sdkdocs does not run may be what writes it \(docusaurus-plugin-typedoc\)/);
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  });

  it('an sdkdocs config wins over a Docusaurus config beside it', async () => {
    const dir = siteWith({
      'docusaurus.config.js': "module.exports = { title: 'Docusaurus', baseUrl: '/' };\n",
      'sdkdocs.config.ts': "export default { title: 'sdkdocs', baseUrl: '/' };\n",
    });
    expect((await loadConfig(dir)).title).toBe('sdkdocs');
  });
});

describe('sdkdocs migrate', () => {
  it('writes the sdkdocs config the Docusaurus config amounts to, which builds the same pages', () => {
    const site = copyOf(fixture);
    mkdirSync(path.join(site, 'plugins'));
    writeFileSync(path.join(site, 'plugins', 'remark-loud.js'), "module.exports = function remarkLoud() {\n  return (tree) => {\n    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'LOUD' }] });\n  };\n};\n");
    const config = readFileSync(path.join(site, 'docusaurus.config.js'), 'utf8')
      .replace('remarkPlugins: [],', "remarkPlugins: [[require('./plugins/remark-loud'), { skip: /^draft-/i }]],")
      .replace("editUrl: 'https://github.com/orbit/orbit/tree/main/website/',", "editUrl: ({ docPath }) => 'https://github.com/orbit/orbit/edit/main/docs/' + docPath,");
    writeFileSync(path.join(site, 'docusaurus.config.js'), config);
    const fromDocusaurus = runCli(site, 'build', '.');
    expect(fromDocusaurus.status, fromDocusaurus.stderr).toBe(0);
    const pages = (dir: string) => readdirSync(dir, { recursive: true }).map(String).filter((file) => file.endsWith('.html')).sort();
    const before = pages(path.join(site, 'out'));
    const introBefore = readFileSync(path.join(site, 'out', 'docs', 'intro', 'index.html'), 'utf8');

    const migrated = runCli(site, 'migrate', '.');
    expect(migrated.status, migrated.stderr).toBe(0);
    const written = readFileSync(path.join(site, 'sdkdocs.config.ts'), 'utf8');
    expect(written).toContain("import { defineConfig } from 'sdkdocs';");
    expect(written).toContain('import remarkLoud from "./plugins/remark-loud.js";');
    expect(written).toContain('skip: /^draft-/i,');
    expect(written).toContain('customCss: "./src/css/custom.css"');
    expect(written).toContain('sidebarPath: "./sidebars.js"');
    expect(written).toMatch(/analytics: \{\s*gtag: \{\s*trackingID: "G-ORBIT"/);
    // The blog is built either way, so the navbar keeps its link to it.
    expect(written).not.toContain('left out');
    expect(written).toMatch(/blog: \{\s*showReadingTime: true/);
    expect(migrated.stderr).toContain('Copied from their source text, check them: editUrl.');

    const fromSdkdocs = runCli(site, 'build', '.');
    expect(fromSdkdocs.status, fromSdkdocs.stderr).toBe(0);
    expect(fromSdkdocs.stderr).not.toContain('docusaurus.config.js');
    expect(pages(path.join(site, 'out'))).toEqual(before);
    const introAfter = readFileSync(path.join(site, 'out', 'docs', 'intro', 'index.html'), 'utf8');
    expect(introAfter).toContain('<p>LOUD</p>');
    expect(introAfter).toContain('href="https://github.com/orbit/orbit/edit/main/docs/intro.md"');
    expect(introBefore).toContain('<p>LOUD</p>');

    const again = runCli(site, 'migrate', '.');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('sdkdocs.config.ts exists already: it is the config sdkdocs builds with.');
  }, 180_000);
});
