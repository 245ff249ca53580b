import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic, UserError } from '../src/core/diagnostic.js';
import { build } from '../src/pipeline/build.js';
import { createMemoryLogger } from '../src/core/logger.js';
import type { Site } from '../src/core/site.js';
import { isWatched } from '../src/serve/watch-site.js';
import { tempDir } from './helpers/browser.js';
import { buildSite, copySite, fixture, pageHtml } from './helpers/site.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

function text(contents: string | Uint8Array): string {
  return typeof contents === 'string' ? contents : new TextDecoder().decode(contents);
}

/** The one stylesheet every page links, and its text. */
function stylesheetOf(site: Site): { url: string; css: string } {
  expect(site.assets.css).toHaveLength(1);
  const url = site.assets.css[0]!;
  const file = site.outputs.get(url.slice(site.config.baseUrl.length));
  expect(file, `no output for ${url}`).toBeDefined();
  return { url, css: text(file!.contents) };
}

/** A one-doc site whose config holds `settings` (source text of config keys). */
async function siteWith(settings: string, files: Record<string, string> = {}): Promise<string> {
  const { dir, cleanup } = await tempDir('sdkdocs-theme-');
  cleanups.push(cleanup);
  await mkdir(path.join(dir, 'docs'), { recursive: true });
  await writeFile(path.join(dir, 'docs', 'intro.md'), '# Intro\n\nText.\n');
  for (const [file, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), contents);
  }
  await writeFile(path.join(dir, 'sdkdocs.config.ts'), `export default {\n  title: 'Theme',\n  url: 'https://t.example.com',\n${settings}\n};\n`);
  return dir;
}

async function configErrors(dir: string): Promise<string[]> {
  const error = await buildSite(dir, { until: 'collectContent' }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(UserError);
  return (error as UserError).diagnostics.map((d) => formatDiagnostic(d, { cwd: dir }));
}

describe('theme settings', () => {
  it('derives the palette of both modes from one primary colour, with fonts and @font-face, in the hashed theme stylesheet', async () => {
    const result = await buildSite(fixture('theme-settings'), { until: 'renderPages' });
    expect(result.site.diagnostics).toEqual([]);
    const { url, css } = stylesheetOf(result.site);
    expect(url).toMatch(/^\/kit\/assets\/css\/theme\.[A-Z0-9]+\.css$/);
    const light = /:root\{(--sdkdocs-color-primary:#2e8555;[^}]*)\}/.exec(css)?.[1];
    const dark = /\[data-theme=dark\]\{(--sdkdocs-color-primary:[^}]*)\}/g;
    expect(light).toContain('--sdkdocs-color-primary-dark:#29784c');
    expect(light).toContain('--sdkdocs-color-primary-lightest:#3bad6e');
    expect(light).toContain('--sdkdocs-color-primary-contrast:#ffffff');
    expect(light).toContain('--sdkdocs-color-link:#2e8555');
    // Dark mode: the same hue, lightened until it reads on the dark background.
    const darkBlocks = [...css.matchAll(dark)].map((match) => match[1]);
    expect(darkBlocks.at(-1)).toContain('--sdkdocs-color-primary:#47c07d');
    expect(darkBlocks.at(-1)).toContain('--sdkdocs-color-primary-contrast:#1c1e21');
    expect(css).toContain('--sdkdocs-font-body:"Brand Sans", system-ui, sans-serif');
    expect(css).toContain('--sdkdocs-font-code:"Brand Mono", ui-monospace, monospace');
    expect(css).toMatch(/@font-face\{font-family:Brand Sans;src:url\(\/kit\/fonts\/brand-sans\.woff2\) format\("woff2"\);font-weight:100 900;font-style:normal;font-display:swap\}/);
    // The settings come after the theme's own defaults, so they win.
    const themeDefault = css.indexOf('--sdkdocs-color-primary: var(--ifm-color-primary, #5b4bdb)');
    expect(themeDefault).toBeGreaterThan(-1);
    expect(css.indexOf('--sdkdocs-color-primary:#2e8555')).toBeGreaterThan(themeDefault);
  });

  it('bundles customCss after the theme and the settings, in the order listed', async () => {
    const result = await buildSite(fixture('theme-settings'), { until: 'renderPages' });
    const { css } = stylesheetOf(result.site);
    const themeDefault = css.indexOf('--sdkdocs-radius: 6px');
    const settings = css.indexOf('--sdkdocs-color-primary:#2e8555');
    const custom = css.indexOf('--sdkdocs-radius: 2px');
    const extra = css.indexOf('text-decoration-color:#010203');
    expect(themeDefault).toBeGreaterThan(-1);
    expect(settings).toBeGreaterThan(themeDefault);
    expect(custom).toBeGreaterThan(settings);
    expect(extra).toBeGreaterThan(custom);
    // A file the stylesheet names is bundled beside it under a hashed name.
    const image = /url\("\.\.\/media\/(corner\.\w+\.svg)"\)/.exec(css)?.[1];
    expect(image).toBeDefined();
    expect(text(result.site.outputs.get(`assets/media/${image}`)!.contents)).toContain('<svg');
    const html = pageHtml(result, '/kit/docs/intro');
    expect(html.match(/<link rel="stylesheet" href="\/kit\/assets\/css\//g)).toHaveLength(1);
  });

  it('changes the stylesheet name when customCss changes, and rebuilds it in watch mode', async () => {
    const copy = await copySite(fixture('theme-settings'));
    cleanups.push(copy.cleanup);
    const logger = createMemoryLogger();
    const first = await build({ siteDir: copy.dir, logger, watch: true, until: 'renderPages' });
    const before = stylesheetOf(first.site);
    const customFile = path.join(copy.dir, 'src', 'css', 'custom.css');
    expect(isWatched(customFile, first.site.config)).toBe(true);
    await writeFile(customFile, '.markdown h1 { color: rgb(9, 8, 7); }\n');
    const second = await build({
      config: first.site.config,
      logger,
      watch: true,
      until: 'renderPages',
      previous: first.site,
      changedFiles: new Set([customFile]),
    });
    const after = stylesheetOf(second.site);
    expect(after.url).not.toBe(before.url);
    expect(after.css).toContain('color:#090807');
    expect(after.css).not.toContain('letter-spacing:-.02em');
    // Deleted while watched: an error at its key, not a crash of the bundler.
    await rm(customFile);
    const third = await build({ config: first.site.config, logger, watch: true, until: 'renderPages', previous: second.site, changedFiles: new Set([customFile]) }).catch(
      (caught: unknown) => caught,
    );
    expect(third).toBeInstanceOf(UserError);
    expect((third as UserError).diagnostics.map((d) => formatDiagnostic(d, { cwd: copy.dir }))).toEqual([
      `sdkdocs.config.ts:16:15 error customCss[0]: no stylesheet at ${customFile}. customCss paths are relative to the site folder, e.g. "./src/css/custom.css".`,
    ]);
  });

  it('warns, naming the colour and the config key, when the primary colour reads below 4.5:1', async () => {
    const dir = await siteWith(`  theme: {\n    primaryColor: '#ffd700',\n  },`);
    const result = await buildSite(dir, { until: 'renderPages' });
    const warnings = result.site.diagnostics.filter((d) => d.code === 'contrast').map((d) => formatDiagnostic(d, { cwd: dir }));
    expect(warnings).toEqual([
      'sdkdocs.config.ts:5:5 warning theme.primaryColor: in light mode, the primary colour as link text on the page background has a contrast of 1.40:1 (#ffd700 on #ffffff), below the 4.5:1 that WCAG AA asks of text. Pick a darker shade of the colour, or give one colour per mode: primaryColor: { light: …, dark: … }.',
    ]);
  });

  it('checks each colour of a { light, dark } pair in its own mode, at its own key', async () => {
    const dir = await siteWith(`  theme: {\n    primaryColor: {\n      light: '#2e8555',\n      dark: '#3d3d8f',\n    },\n  },`);
    const result = await buildSite(dir, { until: 'renderPages' });
    const warnings = result.site.diagnostics.filter((d) => d.code === 'contrast').map((d) => formatDiagnostic(d, { cwd: dir }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^sdkdocs\.config\.ts:7:7 warning theme\.primaryColor: in dark mode, the primary colour as link text on the page background has a contrast of \d\.\d\d:1 \(#3d3d8f on #1b1b1d\)/);
  });

  it('refuses a value that is not a colour, a font stack that could write CSS rules, and a missing customCss file, each at its key', async () => {
    const dir = await siteWith(
      `  theme: {\n    primaryColor: 'brand-green',\n    fonts: { body: 'Inter; } body { display: none' },\n  },\n  customCss: ['./src/css/custom.css', './src/css/missing.css'],`,
      { 'src/css/custom.css': 'a { color: red; }\n' },
    );
    expect(await configErrors(dir)).toEqual([
      'sdkdocs.config.ts:5:5 error theme.primaryColor: expected an opaque colour such as "#2e8555", "rgb(46 133 85)" or "hsl(147 49% 35%)".',
      `sdkdocs.config.ts:6:14 error theme.fonts.body: may not hold ; { } < > or \\, e.g. "'Inter', system-ui, sans-serif", found "Inter; } body { display: none".`,
    ]);
    const seeThrough = await siteWith(`  theme: { primaryColor: { light: 'rgba(46, 133, 85, 0.5)', dark: '#47c07d' } },`);
    expect(await configErrors(seeThrough)).toEqual([
      'sdkdocs.config.ts:4:28 error theme.primaryColor.light: expected an opaque colour such as "#2e8555", "rgb(46 133 85)" or "hsl(147 49% 35%)".',
    ]);
    const valid = await siteWith(`  customCss: ['./src/css/custom.css', './src/css/missing.css'],`, { 'src/css/custom.css': 'a { color: red; }\n' });
    expect(await configErrors(valid)).toEqual([
      `sdkdocs.config.ts:4:39 error customCss[1]: no stylesheet at ${path.join(valid, 'src/css/missing.css')}. customCss paths are relative to the site folder, e.g. "./src/css/custom.css".`,
    ]);
  });

  it('renders the logo with its dark variant and link, the navbar style and every favicon of the set', async () => {
    const result = await buildSite(fixture('theme-settings'), { until: 'renderPages' });
    const html = pageHtml(result, '/kit/docs/intro');
    expect(html).toContain('<nav class="navbar navbar-primary"');
    expect(html).toMatch(/<a href="\/kit\/docs\/intro" class="navbar-brand"><span class="navbar-logo"><img src="\/kit\/img\/logo\.svg" alt="Branded Kit" height="32" width="32" class="themed-image themed-image-light"\/><img src="\/kit\/img\/logo-dark\.svg" alt="Branded Kit" height="32" width="32" class="themed-image themed-image-dark"\/>/);
    expect(html).toContain('<link rel="icon" href="/kit/img/favicon.svg" type="image/svg+xml">\n<link rel="apple-touch-icon" href="/kit/img/apple-touch-icon.png" sizes="180x180">');
    expect(html).not.toContain('href="data:,"');
  });

  it('marks the navbar with its style', async () => {
    const dir = await siteWith(`  navbar: { style: 'dark' },`);
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(pageHtml(result, '/docs/intro')).toContain('<nav class="navbar navbar-dark"');
    const wrong = await siteWith(`  navbar: { style: 'light' },`);
    expect(await configErrors(wrong)).toEqual(['sdkdocs.config.ts:4:13 error navbar.style: expected one of "primary" | "dark", found "light".']);
  });

  it('checks the favicon set and font files like the config’s other links', async () => {
    const dir = await siteWith(`  favicon: [{ href: 'img/favicon.svg' }, { href: 'img/missing.png', rel: 'apple-touch-icon' }],\n  theme: { fontFaces: [{ family: 'Gone', src: 'fonts/gone.woff2' }] },`, {
      'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    const error = await buildSite(dir, { until: 'renderPages' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    const messages = (error as UserError).diagnostics.map((d) => formatDiagnostic(d, { cwd: dir }));
    expect(messages).toEqual([
      expect.stringMatching(/^sdkdocs\.config\.ts:4:44 error favicon\[1\]\.href: Broken link → img\/missing\.png/),
      expect.stringMatching(/^sdkdocs\.config\.ts:5:42 error theme\.fontFaces\[0\]\.src: Broken link → fonts\/gone\.woff2/),
    ]);
  });
});
