import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classAttributePattern, infimaClasses } from '../src/bundle/infima-classes.js';
import { fixture, repoRoot } from './helpers/site.js';

/**
 * A Docusaurus site whose landing page uses Infima's classes (hero, button, container, row, col)
 * and whose customCss sets --ifm-color-primary, built by the shipped CLI, bin/sdkdocs.js.
 */
function buildWithCli(site: string) {
  return spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
}

describe('Infima for the pages that use it, in a Docusaurus site built by bin/sdkdocs.js', () => {
  let site: string;
  let result: ReturnType<typeof buildWithCli>;
  const out = (file: string) => path.join(site, 'out', 'kit', file);
  const page = (route: string) => readFileSync(out(path.join(route, 'index.html')), 'utf8');
  const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="\/kit\/([^"]+)"([^>]*)>/g)].map((match) => ({ href: match[1], attributes: match[2] }));
  const css = (href: string) => readFileSync(out(href), 'utf8');

  beforeAll(() => {
    // bin/sdkdocs.js runs tsc's files when the bundle is older, and then this would not test the bundle.
    const bundle = path.join(repoRoot, 'dist', 'cli-bundle', 'main.js');
    expect(statSync(bundle).mtimeMs, 'run `npm run build` to bundle the CLI').toBeGreaterThanOrEqual(statSync(path.join(repoRoot, 'dist', 'src', 'cli', 'main.js')).mtimeMs);
    site = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-infima-'));
    cpSync(fixture('docusaurus-infima'), site, { recursive: true });
    result = buildWithCli(site);
  }, 120_000);
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('builds without a warning', () => {
    expect(result.stderr).toMatch(/Built 4 pages/);
    expect(result.stderr).not.toContain('warning');
    expect(result.status).toBe(0);
  });

  it('links Infima’s classes from the landing page, before the theme’s stylesheet', () => {
    expect(stylesheets(page(''))).toEqual([
      { href: expect.stringMatching(/^assets\/css\/infima\.[0-9a-f]{8}\.css$/), attributes: ' data-page-stylesheet' },
      { href: expect.stringMatching(/^assets\/css\/theme\.\w+\.css$/), attributes: '' },
    ]);
  });

  it('links only the theme’s stylesheet from a docs page', () => {
    expect(stylesheets(page('docs/intro'))).toEqual([{ href: expect.stringMatching(/^assets\/css\/theme\.\w+\.css$/), attributes: '' }]);
  });

  it('takes the classes from the infima package, without its element rules, the theme’s components or its primary colour', () => {
    const [infima] = stylesheets(page(''));
    expect(infima.href).toMatch(/^assets\/css\/infima\./);
    const sheet = css(infima.href);
    expect(sheet).toMatch(/^\/\*! Infima 0\.2\.0-alpha\.\d+ \| MIT License/);
    for (const rule of ['.hero--primary{', '.hero{', '.button{', ':where(.button--primary){', '.row{', '.col--4{', '.margin-top--lg{', '.text--center{']) expect(sheet).toContain(rule);
    expect(sheet).toContain("html[data-theme=dark]{--ifm-color-scheme: dark;");
    for (const rule of ['body{', 'h1{', '.markdown', '.navbar', '.footer', '.tabs', '.breadcrumbs']) expect(sheet).not.toContain(rule);
    // The theme's primary colour (the site's, here) reaches Infima's classes from <body>.
    expect(sheet).not.toMatch(/--ifm-color-primary(-\w+)?:/);
  });

  it('writes the stylesheet once, and the theme reads the site’s --ifm-color-primary', () => {
    expect(readdirSync(out('assets/css')).filter((file) => file.startsWith('infima.'))).toHaveLength(1);
    const theme = css(stylesheets(page('docs/intro'))[0].href);
    expect(theme.includes('--sdkdocs-color-primary: var(--ifm-color-primary, #5b4bdb)')).toBe(true);
    expect(theme.includes('body{--ifm-color-primary: var(--sdkdocs-color-primary)')).toBe(true);
  });
});

describe('infimaClasses', () => {
  const source = [
    '/* Infima */',
    ":root { --ifm-color-primary: #3578e5; --ifm-spacing-horizontal: 1rem; --ifm-breadcrumb-separator: url('data:image/svg+xml;utf8,<svg>;{}</svg>'); }",
    "html[data-theme='dark'], .navbar--dark { --ifm-menu-filter: invert(100%); }",
    'html { color: red; }',
    'h1, .markdown h1 { font-size: 2rem; }',
    '.hero { background-color: var(--ifm-hero-background-color); }',
    '.button.button--secondary:not(.button--active), a.button { color: blue; }',
    '.navbar__item { display: none; }',
    '@media (max-width: 996px) { .col { flex-basis: 100%; } .footer { padding: 0; } p { margin: 0; } }',
    '@media print { .tabs { display: none; } }',
  ].join('\n');
  const { css, classNames } = infimaClasses(source, new Set(['--ifm-color-primary']));

  it('keeps class rules and custom properties, and drops element rules and the theme’s components', () => {
    expect(css).toContain('.hero {');
    expect(css).toContain('.button.button--secondary:not(.button--active),\na.button {');
    expect(css).toContain('@media (max-width: 996px){\n.col {');
    expect(css).toContain("html[data-theme='dark'] {\n  --ifm-menu-filter: invert(100%)\n}");
    for (const dropped of ['color: red', 'font-size: 2rem', '.navbar', '.footer', '.tabs', 'margin: 0', '@media print']) expect(css).not.toContain(dropped);
  });

  it('leaves out Infima’s defaults of the properties the theme sets, keeping the rest whole', () => {
    expect(css).not.toContain('--ifm-color-primary');
    expect(css).toContain('--ifm-spacing-horizontal: 1rem');
    expect(css).toContain("--ifm-breadcrumb-separator: url('data:image/svg+xml;utf8,<svg>;{}</svg>')");
  });

  it('names the classes that make a page need it, but container, which the theme has', () => {
    expect([...classNames].sort()).toEqual(['button', 'button--active', 'button--secondary', 'col', 'hero']);
    expect(infimaClasses('.container { width: 100%; }', new Set()).classNames.size).toBe(0);
  });

  it('finds an element with one of the classes, and not a longer class name or escaped text', () => {
    const pattern = classAttributePattern(['button', 'col--4', 'hero']);
    for (const html of ['<a class="button">', '<div class="col col--4">', '<header class="hero hero--primary">']) expect(pattern.test(html), html).toBe(true);
    for (const html of ['<button class="code-copy-button">', '<h1 class="hero-title">', '<p>class="hero"</p>', '<code>class=&quot;button&quot;</code>']) expect(pattern.test(html), html).toBe(false);
    expect(classAttributePattern([]).test('<a class="">')).toBe(false);
  });
});
