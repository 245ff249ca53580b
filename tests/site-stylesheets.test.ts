import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFakeSass } from './helpers/fake-sass.js';
import { createItemMemory } from '../src/core/item-store.js';
import type { BuildResult } from '../src/pipeline/build.js';
import { buildSite, fixture, repoRoot } from './helpers/site.js';

/**
 * Stylesheets that a Docusaurus site's code imports (fixture site-stylesheets): CSS modules of a
 * custom page, of a component, of a theme override and of an MDX doc's component; global CSS; Sass
 * (a module and customCss). Built from its own folder by the shipped CLI, bin/sdkdocs.js.
 */

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the fixture, with the fake `sass` package in its node_modules or none. */
function siteCopy(options: { sass: boolean }): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-stylesheets-'));
  temporary.push(dir);
  cpSync(fixture('site-stylesheets'), dir, { recursive: true });
  if (options.sass) writeFakeSass(dir);
  return dir;
}

function runCli(site: string) {
  return spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
}

beforeAll(() => {
  // bin/sdkdocs.js runs tsc's files when the bundle is older, and then this would not test the bundle.
  const bundle = path.join(repoRoot, 'dist', 'cli-bundle', 'main.js');
  expect(statSync(bundle).mtimeMs, 'run `npm run build` to bundle the CLI').toBeGreaterThanOrEqual(statSync(path.join(repoRoot, 'dist', 'src', 'cli', 'main.js')).mtimeMs);
});

describe('stylesheets imported by pages, components, overrides and MDX docs, built with bin/sdkdocs.js', () => {
  let site: string;
  let result: ReturnType<typeof runCli>;
  const output = (file: string) => readFileSync(path.join(site, 'out', file), 'utf8');
  const page = (route: string) => output(path.join(route, 'index.html'));
  const head = (html: string) => html.slice(0, html.indexOf('</head>'));
  const linkedStylesheets = (html: string) => [...head(html).matchAll(/<link rel="stylesheet" href="\/([^"]+)"[^>]*>/g)].map((match) => match[1]!);
  /** The text of every stylesheet the page links. */
  const stylesOf = (html: string) => linkedStylesheets(html).map(output).join('\n');
  /** The class names an element of the page's HTML has, by a class it has too or by its tag. */
  const classOf = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? '';
  /** The client chunk the main script imports for a custom page's route, with the chunks it imports. */
  const pageChunks = (html: string, route: string) => {
    const main = output(/<script type="module" src="\/([^"]+)"/.exec(html)![1]!);
    const chunk = new RegExp(`${JSON.stringify(route).replace(/\//g, '\\/')}:\\(\\)=>import\\("\\.\\/([^"]+)"\\)`).exec(main)![1]!;
    const text = output(`assets/js/${chunk}`);
    return [text, ...[...text.matchAll(/from"\.\/(chunk\.[^"]+\.js)"/g)].map((match) => output(`assets/js/${match[1]}`))].join('\n');
  };

  beforeAll(() => {
    site = siteCopy({ sass: true });
    result = runCli(site);
  }, 120_000);

  it('exits 0 without warnings', () => {
    expect(result.stderr).toMatch(/Built \d+ pages/);
    expect(result.stderr).not.toMatch(/ (warning|error) /);
    expect(result.status).toBe(0);
  });

  it("links a custom page's CSS module in its <head>: the class in the HTML is defined there and named so in the page's client chunk", () => {
    const home = page('');
    const banner = classOf(home, /<header class="([^"]+)"/);
    expect(banner).toMatch(/^banner_[\w-]{4}$/);
    expect(stylesOf(home)).toContain(`.${banner}{padding:3rem 0;`);
    expect(pageChunks(home, '/')).toContain(`"${banner}"`);
    const glyph = classOf(home, /<svg class="([^"]+)" viewBox="0 0 10 10"/);
    expect(stylesOf(home)).toContain(`.${glyph}{width:120px;height:120px}`);
  });

  it("links what the page's components import: a Sass module compiled with the site's sass", () => {
    const home = page('');
    const card = classOf(home, /<section class="([^"]+)"><h2>Wicks/);
    expect(card).toMatch(/^card_[\w-]{4}$/);
    expect(stylesOf(home)).toContain(`.${card}{padding:24px}`);
    expect(pageChunks(home, '/')).toContain(`"${card}"`);
  });

  it('links a global stylesheet the page imports, on that page only', () => {
    expect(stylesOf(page(''))).toContain('.landing-title{letter-spacing:.2em}');
    const intro = page('docs/intro');
    expect(stylesOf(intro)).not.toContain('landing-title');
    expect(stylesOf(intro)).not.toContain('banner_');
  });

  it("links an MDX doc's component stylesheet on the doc's page, with the class its module names", () => {
    const lamps = page('docs/lamps');
    const badge = classOf(lamps, /<span class="([^"]+)">Bright/);
    expect(badge).toMatch(/^badge_[\w-]{4}$/);
    expect(stylesOf(lamps)).toContain(`.${badge}{`);
    const mdxModule = /<link rel="modulepreload" href="\/(assets\/js\/mdx-lamps[^"]+)"/.exec(lamps)![1]!;
    const chunks = [output(mdxModule), ...[...output(mdxModule).matchAll(/from"\.\/(chunk\.[^"]+\.js)"/g)].map((match) => output(`assets/js/${match[1]}`))];
    expect(chunks.join('\n')).toContain(`"${badge}"`);
    expect(stylesOf(page('docs/intro'))).not.toContain(badge);
  });

  it("bundles a theme override's CSS module into the site's stylesheet, after customCss: every page has it", () => {
    for (const html of [page(''), page('docs/intro'), page('docs/lamps')]) {
      const frame = classOf(html, /<div class="(footerFrame_[\w-]{4})"><footer/);
      expect(frame).not.toBe('');
      const siteStylesheet = linkedStylesheets(html).find((href) => href.startsWith('assets/css/theme.'));
      expect(siteStylesheet).toBeDefined();
      const text = output(siteStylesheet!);
      expect(text.indexOf(`.${frame}{border-top:5px solid`)).toBeGreaterThan(text.indexOf('--ifm-color-primary: rgb(200, 80, 20)'));
    }
  });

  it("compiles the Sass customCss into the site's stylesheet", () => {
    const siteStylesheet = output(linkedStylesheets(page('docs/intro')).find((href) => href.startsWith('assets/css/theme.'))!);
    expect(siteStylesheet.includes(':root{--ifm-color-primary: rgb(200, 80, 20)}'), siteStylesheet.slice(-300)).toBe(true);
  });

  it("bundles url()s: from the stylesheet's folder, and /img/… from the static folder, under hashed names", () => {
    const [pageStylesheet] = linkedStylesheets(page('')).filter((file) => output(file).includes('banner_'));
    // esbuild writes each url() relative to the stylesheet (assets/css/…).
    const urls = [...output(pageStylesheet!).matchAll(/url\(([^)]+)\)/g)].map((match) => path.posix.join(path.posix.dirname(pageStylesheet!), match[1]!.replace(/"/g, '')));
    expect(urls).toEqual([expect.stringMatching(/^assets\/media\/glow\.[A-Z0-9]{8}\.png$/), expect.stringMatching(/^assets\/media\/dot\.[A-Z0-9]{8}\.png$/)]);
    for (const url of urls) expect(existsSync(path.join(site, 'out', url)), url).toBe(true);
  });
});

describe('Sass without the sass package', () => {
  it('fails at the customCss key of the Docusaurus config, saying to install sass (exit 1)', () => {
    const site = siteCopy({ sass: false });
    const result = runCli(site);
    expect(result.stderr).toContain('docusaurus.config.js:18:11 error customCss: src/css/custom.scss is Sass, and the site has no `sass` package to compile it. Install Sass in the site folder: `npm install -D sass`.');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.status).toBe(1);
  }, 120_000);

  it('fails at the import of a Sass module, saying to install sass (exit 1)', () => {
    const site = siteCopy({ sass: false });
    const config = path.join(site, 'docusaurus.config.js');
    writeFileSync(config, readFileSync(config, 'utf8').replace("customCss: './src/css/custom.scss'", 'customCss: []'));
    const result = runCli(site);
    expect(result.stderr).toContain('src/components/Card/index.js:1:20 error Cannot compile the page: "./Card.module.scss" is Sass, and the site has no `sass` package to compile it. Install Sass in the site folder: `npm install -D sass`.');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.status).toBe(1);
  }, 120_000);
});

// wix/Detox's website: its Sass modules `@import '@site/src/css/fonts'`, which sass-loader resolves
// through webpack's `@site` alias; sdkdocs looked for a package named `@site` and failed every page.
describe("Sass that imports by the site's `@site/` alias", () => {
  it('compiles: `@site/…` and `~@site/…` are files of the site folder', () => {
    const site = siteCopy({ sass: true });
    writeFileSync(path.join(site, 'src', 'css', '_tokens.scss'), '$card-padding: 32px;\n');
    writeFileSync(path.join(site, 'src', 'css', '_brand.scss'), '$mark-colour: rgb(10, 20, 30);\n');
    const card = path.join(site, 'src', 'components', 'Card', 'Card.module.scss');
    writeFileSync(card, readFileSync(card, 'utf8').replace('$card-padding: 24px;', "@import '@site/src/css/tokens';"));
    const custom = path.join(site, 'src', 'css', 'custom.scss');
    writeFileSync(custom, `@import '~@site/src/css/brand';\n${readFileSync(custom, 'utf8')}\n.brand-mark {\n  color: $mark-colour;\n}\n`);
    const result = runCli(site);
    expect(result.status, result.stderr).toBe(0);
    const css = readdirSync(path.join(site, 'out', 'assets', 'css')).map((name) => readFileSync(path.join(site, 'out', 'assets', 'css', name), 'utf8')).join('\n');
    expect(css).toMatch(/\.card_[\w-]{4}\{padding:32px\}/);
    expect(css).toMatch(/\.brand-mark\{color:(rgb\(10, ?20, ?30\)|#0a141e)\}/);
  }, 120_000);
});

describe('errors in stylesheets are located in them (exit 1)', () => {
  it('a Sass error in a CSS module', () => {
    const site = siteCopy({ sass: true });
    const card = path.join(site, 'src', 'components', 'Card', 'Card.module.scss');
    writeFileSync(card, readFileSync(card, 'utf8').replace('.card {', '.card {\n  @error "No padding for cards";'));
    const result = runCli(site);
    expect(result.stderr).toContain('src/components/Card/Card.module.scss:5:3 error Cannot compile the page: Sass: No padding for cards');
    expect(result.status).toBe(1);
  }, 120_000);

  it('a Sass error in customCss', () => {
    const site = siteCopy({ sass: true });
    writeFileSync(path.join(site, 'src', 'css', 'custom.scss'), ':root {\n  @error "Brand colour unset";\n}\n');
    const result = runCli(site);
    expect(result.stderr).toContain('src/css/custom.scss:2:3 error Sass: Brand colour unset. [bundle]\n');
    expect(result.status).toBe(1);
  }, 120_000);

  it("a url() of a CSS module that names no file, at the url()'s place in the module", () => {
    const site = siteCopy({ sass: true });
    const module = path.join(site, 'src', 'pages', 'index.module.css');
    writeFileSync(module, readFileSync(module, 'utf8').replace('./glow.png', './gone.png'));
    const result = runCli(site);
    expect(result.stderr).toContain('src/pages/index.module.css:3:19 error Could not resolve "./gone.png".');
    expect(result.status).toBe(1);
  }, 120_000);
});

// trpc.io's blog imports react-tweet, whose components import CSS modules: the bundle's licence
// list read the stylesheet's namespaced input as a path and the build ended in an internal error.
describe("a package's CSS module in a doc's component", () => {
  it('bundles, and the package is in the third-party licences', () => {
    const site = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-package-css-module-'));
    temporary.push(site);
    const files: Record<string, string> = {
      'sdkdocs.config.ts': "export default { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/' };\n",
      'docs/intro.mdx': "import Card from 'tweet-card';\n\n# Intro\n\n<Card />\n",
      'node_modules/tweet-card/package.json': '{ "name": "tweet-card", "version": "1.2.3", "license": "MIT", "main": "index.js" }\n',
      'node_modules/tweet-card/index.js': "import { createElement } from 'react';\nimport styles from './card.module.css';\nexport default function Card() { return createElement('div', { className: styles.card }, 'Tweet'); }\n",
      'node_modules/tweet-card/card.module.css': '.card { border: 1px solid; }\n',
    };
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(site, name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    const result = runCli(site);
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(path.join(site, 'out', 'assets', 'js', 'third-party-licenses.txt'), 'utf8')).toContain('tweet-card 1.2.3');
  });
});

// A watch build is told which files changed and asks the engine, which compares what a CSS
// module's compile read by its bytes: an edit that keeps a file's size and time stamp (a tool
// that restores them, a save within the clock's resolution) is an edit all the same.
describe('a CSS module under serve --watch', () => {
  it('compiles again when a module it composes from is edited, whatever its size and time stamp', async () => {
    const site = siteCopy({ sass: true });
    const ring = path.join(site, 'src', 'components', 'ring.module.css');
    writeFileSync(ring, '.ring {\n  outline: 3px solid rgb(255, 140, 0);\n}\n');
    // A whole second, which a file's time stamp holds exactly.
    const time = Math.floor(Date.now() / 1000) - 60;
    utimesSync(ring, time, time);
    const badge = path.join(site, 'src', 'components', 'Badge.module.css');
    writeFileSync(badge, readFileSync(badge, 'utf8').replace('  outline: 3px solid rgb(255, 140, 0);\n', "  composes: ring from './ring.module.css';\n"));
    /** The rules of the stylesheets the build made for the lamps doc's components. */
    const lampStyles = (result: BuildResult) =>
      [...result.site.outputs]
        .filter(([file]) => /^assets\/css\/mdx-lamps\.[\w-]+\.css$/.test(file))
        .map(([, output]) => (typeof output.contents === 'string' ? output.contents : Buffer.from(output.contents).toString('utf8')))
        .join('\n');
    const memory = createItemMemory();
    const first = await buildSite(site, { watch: true, memory });
    expect(lampStyles(first)).toMatch(/\.ring_[\w-]{4}\{outline:3px solid rgb\(255,140,0\)\}/);
    const stamp = statSync(ring);
    writeFileSync(ring, '.ring {\n  outline: 3px solid rgb(0, 140, 255);\n}\n');
    utimesSync(ring, time, time);
    expect(statSync(ring)).toMatchObject({ size: stamp.size, mtimeMs: stamp.mtimeMs });
    const second = await buildSite(site, { watch: true, memory, previous: first.site, changedFiles: new Set([ring]) });
    expect(lampStyles(second)).toMatch(/\.ring_[\w-]{4}\{outline:3px solid rgb\(0,140,255\)\}/);
  }, 120_000);
});
