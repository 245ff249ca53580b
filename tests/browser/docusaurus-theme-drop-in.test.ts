import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, tempDir } from '../helpers/browser.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

const icons = ['Arrow', 'Close', 'Copy', 'DarkMode', 'Edit', 'ExternalLink', 'Home', 'Language', 'LightMode', 'Menu', 'Success', 'SystemColorMode', 'WordWrap'];

// kysely.dev swizzles ColorModeToggle into a pill switch beside a "follow the system" button,
// drawn with @theme/Icon/DarkMode and @theme/Icon/LightMode and driven by the `value`/`onChange`
// props Docusaurus gives it. Without those icons the build failed; without the props the switch
// threw on its first click.
describe.skipIf(!chromiumPath)("a Docusaurus site's theme: icons, a swizzled switch, Infima's colours, the sidebar's options", () => {
  let site: SiteUnderTest;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-docusaurus-theme-');
    cleanup = made.cleanup;
    const files: Record<string, string> = {
      'docusaurus.config.js': "module.exports = { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/', presets: [['classic', { blog: false, theme: { customCss: require.resolve('./src/css/custom.css') } }]], themeConfig: { colorMode: { respectPrefersColorScheme: true }, docs: { sidebar: { hideable: true, autoCollapseCategories: true } } } };\n",
      'docs/guides/_category_.json': '{ "label": "Guides" }',
      'docs/reference/_category_.json': '{ "label": "Reference" }',
      'docs/guides/one.md': '# One\n',
      'docs/guides/two.md': '# Two\n',
      'docs/reference/three.md': '# Three\n',
      'docs/reference/four.md': '# Four\n',
      // As kysely.dev's: a fixed navbar on the page's own background, its space given back on
      // #__docusaurus, cards drawn with Infima's grey scale, and one base colour of the site's own.
      'src/css/custom.css': [
        ':root { --ifm-navbar-height: 64px; }',
        "[data-theme='dark'] { --ifm-background-color: #131313; }",
        '.navbar { position: fixed; top: 0; left: 0; right: 0; background: var(--ifm-background-color); }',
        '#__docusaurus { padding-top: var(--ifm-navbar-height); }',
        '.kit-card { border: 1px solid var(--ifm-color-emphasis-300); color: var(--ifm-font-color-base); }',
      ].join('\n'),
      'docs/intro.mdx': '# Intro\n\n<div className="kit-card">Hello.</div>\n',
      'src/theme/ColorModeToggle/index.js': [
        "import IconDarkMode from '@theme/Icon/DarkMode';",
        "import IconLightMode from '@theme/Icon/LightMode';",
        "import { useColorMode } from '@docusaurus/theme-common';",
        '',
        'export default function ColorModeToggle({ className, value, onChange, respectPrefersColorScheme }) {',
        '  const { colorMode } = useColorMode();',
        '  const isSystem = value === null;',
        '  return (',
        '    <div className={["pill-toggle", className].filter(Boolean).join(" ")} data-respects={String(respectPrefersColorScheme)}>',
        '      <button type="button" className="follow-system" aria-pressed={isSystem} onClick={() => onChange(isSystem ? colorMode : null)}>system</button>',
        "      <button type=\"button\" className=\"pill\" role=\"switch\" aria-checked={colorMode === 'dark'} onClick={() => onChange(colorMode === 'dark' ? 'light' : 'dark')}>",
        '        <IconLightMode className="pill-light" />',
        '        <IconDarkMode className="pill-dark" />',
        '      </button>',
        '    </div>',
        '  );',
        '}',
      ].join('\n'),
      // A swizzled TOC that reads Docusaurus' `toc` prop itself.
      'src/theme/TOC.js': [
        'export default function TOC({ toc, className }) {',
        '  if (toc.length === 0) return null;',
        '  return <nav className={`my-toc ${className}`}><ol>{toc.map((item) => <li key={item.id}><a href={`#${item.id}`} dangerouslySetInnerHTML={{ __html: item.value }} /></li>)}</ol></nav>;',
        '}',
      ].join('\n'),
      'docs/outline.md': '# Outline\n\n## Compare `a < b`\n\nText.\n\n## Last\n\nText.\n',
      // A site's own icon replaces the theme's wherever it is imported.
      'src/theme/Icon/ExternalLink/index.js': 'export default function IconExternalLink(props) {\n  return <svg {...props} viewBox="0 0 8 8"><path className="site-external" d="M0 0h8v8z" /></svg>;\n}\n',
      'src/pages/icons.js': [
        "import Layout from '@theme/Layout';",
        ...icons.map((name) => `import Icon${name} from '@theme/Icon/${name}';`),
        '',
        'export default function Icons() {',
        '  return (',
        '    <Layout title="Icons">',
        '      <main className="icons">',
        ...icons.map((name) => `        <Icon${name} className="icon-${name}" />`),
        '        <IconClose className="icon-labelled" aria-label="Close the banner" />',
        '      </main>',
        '    </Layout>',
        '  );',
        '}',
      ].join('\n'),
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(made.dir, file)), { recursive: true });
      await writeFile(path.join(made.dir, file), text);
    }
    site = await startSiteUnderTest(made.dir, '/');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await cleanup?.();
  });

  it('draws every @theme/Icon the page imports, the site\'s own ExternalLink in place of the theme\'s', async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('icons'));
    for (const name of icons) {
      const icon = page.locator(`main svg.icon-${name}`);
      await expect(icon.count(), name).resolves.toBe(1);
      // Something is drawn, at a size of its own.
      await expect(icon.locator('path, circle, rect').count(), name).resolves.toBeGreaterThan(0);
      const box = await icon.boundingBox();
      expect(box?.width, name).toBeGreaterThan(0);
    }
    await expect(page.locator('svg.icon-ExternalLink path.site-external').count()).resolves.toBe(1);
    await expect(page.locator('svg.icon-DarkMode').getAttribute('aria-hidden')).resolves.toBe('true');
    await expect(page.locator('svg.icon-labelled').getAttribute('aria-hidden')).resolves.toBeNull();
    expect(problems).toEqual([]);
  });

  it("styles docs pages with a site's CSS that reads Infima's base colours and #__docusaurus, in both modes", async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('docs/intro'));
    const styles = () =>
      page.evaluate(() => {
        const navbar = document.querySelector('.navbar')!;
        const card = document.querySelector('.kit-card')!;
        return {
          navbar: getComputedStyle(navbar).backgroundColor,
          page: getComputedStyle(document.body).backgroundColor,
          card: getComputedStyle(card).borderTopColor,
          text: getComputedStyle(card).color,
          headingBelowNavbar: document.querySelector('h1')!.getBoundingClientRect().top >= navbar.getBoundingClientRect().bottom,
        };
      });
    await expect(styles()).resolves.toEqual({ navbar: 'rgb(255, 255, 255)', page: 'rgb(255, 255, 255)', card: 'rgb(218, 221, 225)', text: 'rgb(28, 30, 33)', headingBelowNavbar: true });
    await page.locator('.navbar .pill').click();
    await eventually(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // The site's dark background is the page's and the navbar's; Infima's greys turn over.
    await expect(styles()).resolves.toEqual({ navbar: 'rgb(19, 19, 19)', page: 'rgb(19, 19, 19)', card: 'rgb(96, 103, 112)', text: 'rgb(227, 227, 227)', headingBelowNavbar: true });
    expect(problems).toEqual([]);
  });

  it("gives a swizzled TOC the headings as Docusaurus' `toc`, in the page as served and after hydration", async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('docs/outline'));
    await expect(page.locator('nav.my-toc.theme-doc-toc-desktop li a').allTextContents()).resolves.toEqual(['Compare a < b', 'Last']);
    // A client-side navigation renders it in the browser alone.
    await page.locator('.doc-sidebar a', { hasText: 'Intro' }).click();
    await eventually(() => page.evaluate(() => location.pathname)).toBe('/docs/intro');
    await eventually(() => page.locator('h1').textContent()).toBe('Intro');
    await expect(page.locator('nav.my-toc').count()).resolves.toBe(0);
    await page.goBack();
    await eventually(() => page.locator('nav.my-toc li a').allTextContents()).toEqual(['Compare a < b', 'Last']);
    expect(problems).toEqual([]);
  });

  it("gives a swizzled ColorModeToggle the reader's choice and a way to change it", async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('docs/intro'));
    const toggle = page.locator('.navbar .pill-toggle');
    await expect(toggle.getAttribute('data-respects')).resolves.toBe('true');
    await expect(toggle.locator('svg.pill-light path, svg.pill-light circle').count()).resolves.toBeGreaterThan(0);
    // No stored choice: the system's mode is followed.
    await eventually(() => toggle.locator('.follow-system').getAttribute('aria-pressed')).toBe('true');
    await toggle.locator('.pill').click();
    await eventually(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await eventually(() => toggle.locator('.follow-system').getAttribute('aria-pressed')).toBe('false');
    await expect(page.evaluate(() => localStorage.getItem('theme'))).resolves.toBe('dark');
    await expect(toggle.locator('.pill').getAttribute('aria-checked')).resolves.toBe('true');
    // Back to the system's mode (light here): the stored choice is dropped.
    await toggle.locator('.follow-system').click();
    await eventually(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await eventually(() => toggle.locator('.follow-system').getAttribute('aria-pressed')).toBe('true');
    await expect(page.evaluate(() => localStorage.getItem('theme'))).resolves.toBeNull();
    expect(problems).toEqual([]);
  });

  it('folds the sidebar away and back (hideable), and closes the open category when another opens (autoCollapseCategories)', async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('docs/intro'));
    const category = (label: string) => page.locator('.doc-sidebar .menu-item-category', { has: page.locator(`.menu-category-link:text-is("${label}")`) });
    const caret = (label: string) => category(label).locator('.menu-caret');
    await expect(caret('Guides').getAttribute('aria-expanded')).resolves.toBe('false');
    await caret('Guides').click();
    await eventually(() => caret('Guides').getAttribute('aria-expanded')).toBe('true');
    await caret('Reference').click();
    await eventually(() => caret('Reference').getAttribute('aria-expanded')).toBe('true');
    await eventually(() => caret('Guides').getAttribute('aria-expanded')).toBe('false');

    const sidebarWidth = () => page.locator('.doc-sidebar').evaluate((element) => element.getBoundingClientRect().width);
    const wide = await sidebarWidth();
    await page.getByRole('button', { name: 'Collapse sidebar', exact: true }).click();
    await eventually(() => page.locator('.doc-sidebar nav').count()).toBe(0);
    expect(await sidebarWidth()).toBeLessThan(wide / 4);
    // Hidden it stays while the reader moves to another page.
    await page.locator('.pagination-nav a').first().click();
    await eventually(() => page.evaluate(() => location.pathname)).not.toBe('/docs/intro');
    await expect(page.locator('.doc-sidebar nav').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Expand sidebar', exact: true }).click();
    await eventually(() => page.locator('.doc-sidebar nav').count()).toBe(1);
    expect(await sidebarWidth()).toBe(wide);
    expect(problems).toEqual([]);
  });
});
