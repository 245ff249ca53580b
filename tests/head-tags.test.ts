import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic, UserError } from '../src/core/diagnostic.js';
import { tempDir } from './helpers/browser.js';
import { buildSite, fixture, pageHtml } from './helpers/site.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** The `<head>` of a page. */
function headOf(html: string): string {
  return html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
}

async function siteWith(settings: string): Promise<string> {
  const { dir, cleanup } = await tempDir('sdkdocs-head-');
  cleanups.push(cleanup);
  await mkdir(path.join(dir, 'docs'), { recursive: true });
  await writeFile(path.join(dir, 'docs', 'intro.md'), '# Intro\n\nText.\n');
  await writeFile(path.join(dir, 'sdkdocs.config.ts'), `export default {\n  title: 'Head',\n  url: 'https://h.example.com',\n${settings}\n};\n`);
  return dir;
}

async function configErrors(dir: string): Promise<string[]> {
  const error = await buildSite(dir, { until: 'collectContent' }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(UserError);
  return (error as UserError).diagnostics.map((d) => formatDiagnostic(d, { cwd: dir }));
}

describe('headTags, scripts and stylesheets', () => {
  it('puts them into the head of every page, after the theme stylesheet, with attributes escaped', async () => {
    const result = await buildSite(fixture('theme-settings'), { until: 'renderPages' });
    for (const route of ['/kit/', '/kit/docs/intro', '/kit/docs/guide', '/kit/404.html']) {
      const head = headOf(pageHtml(result, route));
      const theme = head.indexOf('<link rel="stylesheet" href="/kit/assets/css/theme.');
      expect(theme, route).toBeGreaterThan(-1);
      const tags = [
        '<link rel="stylesheet" href="/kit/css/extra-sheet.css">',
        '<link rel="stylesheet" href="/kit/css/print.css" media="print">',
        '<link rel="preconnect" href="https://cdn.example.com">',
        '<meta name="site-verification" content="a&quot;b&lt;c&gt;&amp;d">',
        '<script>window.inlineAnalytics = true;</script>',
        '<script src="/kit/js/analytics.js" defer></script>',
        '<script src="/kit/js/widget.js" async data-domain="branded.example.com"></script>',
      ];
      let last = theme;
      for (const tag of tags) {
        const at = head.indexOf(tag);
        expect(at, `${route}: ${tag}`).toBeGreaterThan(last);
        last = at;
      }
    }
  });

  it('defers every external script that does not ask otherwise, and keeps inline text inside its element', async () => {
    const dir = await siteWith(`  scripts: [
    'https://stats.example.com/a.js',
    { src: 'https://stats.example.com/b.js', defer: true },
    { src: 'https://stats.example.com/c.js', async: true },
    { src: 'https://stats.example.com/d.js', type: 'module' },
    { src: 'https://stats.example.com/e.js', 'data-site': 'x" onload="alert(1)' },
    { src: 'https://stats.example.com/g.js', async: false },
  ],
  headTags: [
    { tagName: 'script', attributes: { src: 'https://stats.example.com/f.js' } },
    { tagName: 'script', attributes: { type: 'application/ld+json' }, innerHTML: '{"name":"</script><script>alert(1)</script>"}' },
    { tagName: 'noscript', innerHTML: '<img src="https://stats.example.com/pixel.gif" alt="">' },
  ],`);
    const result = await buildSite(dir, { until: 'renderPages' });
    const head = headOf(pageHtml(result, '/docs/intro'));
    expect(head).toContain('<script src="https://stats.example.com/a.js" defer></script>');
    expect(head).toContain('<script src="https://stats.example.com/b.js" defer></script>');
    expect(head).toContain('<script src="https://stats.example.com/c.js" async></script>');
    expect(head).toContain('<script src="https://stats.example.com/d.js" type="module"></script>');
    expect(head).toContain('<script src="https://stats.example.com/e.js" data-site="x&quot; onload=&quot;alert(1)" defer></script>');
    expect(head).toContain('<script src="https://stats.example.com/f.js" defer></script>');
    expect(head).toContain('<script src="https://stats.example.com/g.js" defer></script>');
    expect(head).toContain('<script type="application/ld+json">{"name":"<\\/script><script>alert(1)<\\/script>"}</script>');
    expect(head).toContain('<noscript><img src="https://stats.example.com/pixel.gif" alt=""></noscript>');
    // No external script in the head may hold up parsing.
    for (const script of head.match(/<script [^>]*src=[^>]*>/g) ?? []) {
      if (script.includes('/assets/js/')) continue;
      expect(script).toMatch(/ (defer|async)[ >]|type="module"/);
    }
  });

  it('refuses an element HTML does not allow in the head, a bad attribute name and a script without src, each at its key', async () => {
    const dir = await siteWith(`  headTags: [
    { tagName: 'meta', attributes: { name: 'x', content: 'y' } },
    { tagName: 'div', attributes: {} },
    { tagName: 'link', attributes: { 'rel" onload="x': 'preload' } },
  ],
  scripts: [{ async: true }],
  stylesheets: [42],`);
    expect(await configErrors(dir)).toEqual([
      'sdkdocs.config.ts:6:7 error headTags[1].tagName: expected one of "base" | "link" | "meta" | "noscript" | "script" | "style" | "template" | "title", found "div".',
      'sdkdocs.config.ts:7:38 error headTags[2].attributes.rel" onload="x: "rel\\" onload=\\"x" is not an attribute name: use letters, digits, "-", "_", ":" or ".".',
      'sdkdocs.config.ts:9:13 error scripts[0].src: expected string, found nothing.',
      'sdkdocs.config.ts:10:17 error stylesheets[0]: expected string or object, found number 42.',
    ]);
  });
});
