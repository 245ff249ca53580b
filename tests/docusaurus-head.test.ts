import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser, openPage, serveOutput, tempDir } from './helpers/browser.js';
import { buildSite, pageHtml } from './helpers/site.js';
import { eventually, gotoHydrated } from './browser/site-under-test.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

/** The document's `<head>`, which the tests read the title and tags from. */
const headOf = (html: string) => /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';

// Redux's pages call `<Layout title=… description=…>`, and Docusaurus sites set a page's title and
// tags with `@docusaurus/Head` or `<head>` in MDX. sdkdocs refused `@docusaurus/Head` and dropped
// Layout's title and description: every such page was titled after the site.
describe('@docusaurus/Head and the title of @theme/Layout', () => {
  let result: Built;
  let siteDir: string;
  let outDir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ dir: siteDir, cleanup } = await tempDir('sdkdocs-head-'));
    outDir = path.join(siteDir, 'out');
    const files: Record<string, string> = {
      'sdkdocs.config.ts': "export default { title: 'Kit', baseUrl: '/kit/', url: 'https://kit.example.com' };\n",
      'docs/intro.md': '# Intro\n\nSee the [support page](pathname:///kit/support) and the [API guide](./guide.mdx).\n',
      'docs/guide.mdx':
        "# Guide\n\n<head>\n  <title>The guide to Kit</title>\n  <meta name=\"keywords\" content=\"kit, guide\" />\n</head>\n\nimport Head from '@docusaurus/Head';\n\n<Head><link rel=\"preconnect\" href=\"https://cdn.example.com\" /></Head>\n\nText.\n",
      'src/pages/support.js':
        "import Layout from '@theme/Layout';\nimport Head from '@docusaurus/Head';\nimport Link from '@docusaurus/Link';\n\nfunction Badge() {\n  return null;\n}\n\nexport default function Support() {\n  return (\n    <Layout title=\"Support\" description=\"How to reach the Kit team\">\n      <Head>\n        <meta property=\"og:image\" content=\"https://kit.example.com/card.png\" />\n        <script type=\"application/ld+json\">{'{\"@type\":\"WebPage\"}'}</script>\n        <Badge />\n      </Head>\n      <main><h1>Get help</h1><Link to=\"/docs/intro\">Intro</Link></main>\n    </Layout>\n  );\n}\n",
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(siteDir, file)), { recursive: true });
      await writeFile(path.join(siteDir, file), text);
    }
    result = await buildSite(siteDir, { outDir });
  }, 120_000);
  afterAll(() => cleanup?.());

  it("titles and describes a page with Layout's title and description, as Docusaurus does", () => {
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const head = headOf(pageHtml(result, '/kit/support'));
    expect(head).toContain('<title>Support | Kit</title>');
    expect(head).toContain('<meta name="description" content="How to reach the Kit team">');
    expect(head).toContain('<meta property="og:title" content="Support | Kit">');
    expect(head).toContain('<meta property="og:description" content="How to reach the Kit team">');
  });

  it("writes <Head>'s other elements into the page's head, once", () => {
    const head = headOf(pageHtml(result, '/kit/support'));
    expect(head).toContain('<meta property="og:image" content="https://kit.example.com/card.png" data-page-head>');
    expect(head).toContain('<script type="application/ld+json" data-page-head>{"@type":"WebPage"}</script>');
    expect(head.match(/og:description/g)).toHaveLength(1);
    // A custom page is named by its title in search and llms.txt.
    expect(result.site.pages.find((page) => page.route === '/kit/support')?.data.title).toBe('Support');
  });

  it('warns, at the page, about what <Head> holds that is no head element', () => {
    const warning = result.site.diagnostics.find((d) => d.message.includes('<Badge>'));
    expect(warning).toMatchObject({ severity: 'warning', file: path.join(siteDir, 'src', 'pages', 'support.js') });
  });

  it("takes an MDX doc's <head> and <Head> into its document, keeping the doc's own heading", () => {
    const html = pageHtml(result, '/kit/docs/guide');
    const head = headOf(html);
    expect(head).toContain('<title>The guide to Kit</title>');
    expect(head).toContain('<meta name="keywords" content="kit, guide" data-page-head>');
    expect(head).toContain('<link rel="preconnect" href="https://cdn.example.com" data-page-head>');
    expect(html).toContain('<h1');
    expect(result.site.pages.find((page) => page.route === '/kit/docs/guide')?.data.title).toBe('Guide');
  });

  describe.skipIf(!chromiumPath)('in the browser', () => {
    let browser: Browser;
    let server: Awaited<ReturnType<typeof serveOutput>>;
    beforeAll(async () => {
      server = await serveOutput(outDir, '/kit/');
      browser = await launchBrowser();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it("sets a page's head when the reader navigates to it in the client, and takes it away on leaving", async () => {
      const context = await browser.newContext();
      try {
        const { page, problems } = await openPage(context);
        await gotoHydrated(page, `${server.url}docs/intro`);
        await page.evaluate(() => ((window as unknown as { __realm: boolean }).__realm = true));
        await page.getByRole('link', { name: 'API guide' }).click();
        await page.waitForURL('**/kit/docs/guide');
        await eventually(() => page.title()).toBe('The guide to Kit');
        await eventually(() => page.locator('head link[rel="preconnect"][href="https://cdn.example.com"]').count()).toBe(1);
        expect(await page.evaluate(() => (window as unknown as { __realm?: boolean }).__realm)).toBe(true);
        await page.goBack();
        await page.waitForURL('**/kit/docs/intro');
        await eventually(() => page.title()).toBe('Intro | Kit');
        await eventually(() => page.locator('head link[rel="preconnect"]').count()).toBe(0);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('keeps the built head elements once after hydration, without a second copy', async () => {
      const context = await browser.newContext();
      try {
        const { page, problems } = await openPage(context);
        await gotoHydrated(page, `${server.url}support`);
        await page.waitForLoadState('networkidle');
        expect(await page.title()).toBe('Support | Kit');
        expect(await page.locator('head script[type="application/ld+json"]').count()).toBe(1);
        expect(await page.locator('head meta[property="og:image"]').count()).toBe(1);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});

// react-redux.js.org, redux-toolkit.js.org and flow.org set `twitter:card` in
// `themeConfig.metadata`; the page then had two, the theme's first.
describe("the site's metadata and a page's <Head> in place of the theme's tags of the same name", () => {
  it('writes each name once: the site metadata over the theme, the page over both', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-head-metadata-');
    try {
      const files: Record<string, string> = {
        'docusaurus.config.js': [
          'module.exports = {',
          "  title: 'Kit', url: 'https://kit.example.com', baseUrl: '/',",
          "  presets: [['classic', { blog: false }]],",
          "  themeConfig: { image: 'img/card.png', metadata: [{ name: 'twitter:card', content: 'summary' }, { property: 'og:type', content: 'website' }] },",
          '};',
          '',
        ].join('\n'),
        'static/img/card.png': 'png',
        'docs/intro.md': '---\ndescription: The intro.\n---\n\n# Intro\n',
        'src/pages/card.js':
          "import Layout from '@theme/Layout';\nimport Head from '@docusaurus/Head';\n\nexport default function Card() {\n  return (\n    <Layout title=\"Card\">\n      <Head><meta name=\"twitter:card\" content=\"summary_large_image\" /></Head>\n      <main>Card</main>\n    </Layout>\n  );\n}\n",
      };
      for (const [file, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), text);
      }
      const built = await buildSite(dir, { until: 'renderPages' });
      const metas = (route: string, name: string) => [...headOf(pageHtml(built, route)).matchAll(new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`, 'g'))].map((match) => match[1]);
      expect(metas('/docs/intro', 'twitter:card')).toEqual(['summary']);
      expect(metas('/docs/intro', 'og:type')).toEqual(['website']);
      // What the page says of itself stays the page's.
      expect(metas('/docs/intro', 'description')).toEqual(['The intro.']);
      expect(metas('/docs/intro', 'og:image')).toEqual(['https://kit.example.com/img/card.png']);
      expect(metas('/card', 'twitter:card')).toEqual(['summary_large_image']);
    } finally {
      await cleanup();
    }
  });
});
