import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { loadConfig } from '../src/config/load.js';
import { checkBuiltSite } from '../src/links/check-built-site.js';
import { buildSite, copySite, fixture, pageHtml } from './helpers/site.js';

const siteDir = fixture('html-in-markdown');
let outDir: string;
let result: BuildResult;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-html-in-markdown-'));
  // The fixture fails on any broken link or anchor: its HTML anchors must count.
  result = await buildSite(siteDir, { outDir });
}, 60_000);
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

/** The doc's content as the page shows it. */
function content(route: string): string {
  return result.site.pages.find((page) => page.route === route)!.content!.html;
}

describe('HTML in markdown', () => {
  it('renders the HTML elements as written, with markdown inside them', () => {
    const html = content('/kit/docs/intro');
    expect(html).toContain('<h1 align="center" id="welcome-to-kit">Welcome to <em>Kit</em></h1>');
    expect(html).toContain('Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to copy.<br/>Next line: E = mc<sup>2</sup>.');
    expect(html).toMatch(/<details>\s*<summary>More details<\/summary>\s*<p>Hidden <strong>markdown<\/strong> content.<\/p>\s*<\/details>/);
    expect(html).toContain('<tr><th>Key</th><th>Value</th></tr><tr><td>retries</td><td>3</td></tr>');
    expect(html).toContain('<a id="custom-anchor"></a>');
    expect(pageHtml(result, '/kit/docs/intro')).toContain('<kbd>Ctrl</kbd>');
  });

  it('drops comments', () => {
    expect(content('/kit/docs/intro')).not.toContain('comment');
  });

  it('repairs unclosed HTML as a browser does, and keeps the markdown after it', () => {
    const html = content('/kit/docs/intro');
    expect(html).toContain('An unclosed <b>paragraph');
    expect(html).toContain('Markdown after it.');
    expect(html).toMatch(/<\/div>$/);
  });

  it('keeps valid styles; leaves out, with a warning at its place, CSS it cannot parse and event handler attributes', () => {
    const html = content('/kit/docs/attributes');
    expect(html).toContain('<div style="color:red;margin-top:1em">Styled</div>');
    expect(html).toContain('<span>Badly styled</span>');
    expect(html).toContain('<button>Click</button>');
    expect(html).toContain('<p>Write to the team today.</p>');
    const attributeDiagnostics = result.site.diagnostics.filter((d) => d.file?.endsWith('attributes.md'));
    expect(attributeDiagnostics.map((d) => `${path.relative(siteDir, d.file!)}:${d.line}:${d.column} ${d.severity} ${d.message}`)).toEqual([
      "docs/attributes.md:7:1 warning Invalid CSS in the style attribute of <span> (property missing ':'): the attribute is left out.",
      'docs/attributes.md:9:1 warning <button> has an event handler attribute (onclick), which the page cannot keep: pages are rendered with React.',
      'docs/attributes.md:11:13 warning `<x@y>` is not a name an HTML element can have: the tag is left out, its content kept.',
      'docs/attributes.md:13:1 warning <p> has an attribute named `(a)b`, which no element can have: it is left out.',
    ]);
    expect(html).toContain('<p title="x">Odd attributes</p>');
  });

  it('counts ids and a[name] of HTML as anchors, for the build and for check-links', async () => {
    expect(result.site.diagnostics.filter((d) => d.severity === 'error' || d.code?.startsWith('broken'))).toEqual([]);
    const intro = result.site.pages.find((page) => page.route === '/kit/docs/intro')!;
    expect([...intro.anchors]).toEqual(expect.arrayContaining(['custom-anchor', 'legacy-anchor', 'html-heading']));
    const other = result.site.pages.find((page) => page.route === '/kit/docs/other')!;
    expect([...other.anchors]).toEqual(expect.arrayContaining(['other-anchor', 'old-name']));
    const report = await checkBuiltSite({ outDir, baseUrl: '/kit/', siteUrl: 'https://html.example.com', workers: 0 });
    expect(report.broken).toEqual([]);
  });

  it('puts an HTML h2 into the table of contents like a markdown one', () => {
    const toc = result.site.pages.find((page) => page.route === '/kit/docs/intro')!.data.toc;
    expect(toc?.map((item) => item.id)).toEqual(['markdown-heading', 'html-heading']);
  });

  it('still neutralises javascript: URLs, of markdown links and of HTML ones', () => {
    const html = content('/kit/docs/intro');
    expect(html).not.toContain('alert(');
    // Removed at build time (rehype-safe-urls), each with a warning at its link.
    expect(html).not.toMatch(/href="javascript:/i);
    expect(result.site.diagnostics.filter((d) => d.message.includes('javascript: URL')).map((d) => `${d.line}:${d.column}`)).toEqual(['38:9', '38:50']);
  });

  it('rewrites links of HTML like markdown links, and checks them', async () => {
    const html = content('/kit/docs/other');
    expect(html).toContain('<a href="/kit/docs/intro#legacy-anchor">to a doc&#x27;s anchor</a>');
    expect(html).toContain('<a href="/kit/docs/intro">to a route</a>');
    expect(html).toContain('<a href="#other-anchor">on this page</a>');
    const other = result.site.pages.find((page) => page.route === '/kit/docs/other')!;
    expect(other.links.map((link) => `${link.line}:${link.column} ${link.resolved}`)).toEqual([
      '7:9 /kit/docs/intro#custom-anchor',
      '9:16 /kit/docs/intro#legacy-anchor',
      '9:74 /kit/docs/intro',
      '10:1 /kit/docs/other#other-anchor',
    ]);

    const copy = await copySite(siteDir);
    try {
      await appendFile(path.join(copy.dir, 'docs', 'other.md'), '\n<a href="./gone.md">gone</a> <a href="/docs/intro#nowhere">nowhere</a>\n');
      const config = { ...(await loadConfig(copy.dir)), onBrokenAnchors: 'warn' as const };
      const { site } = await buildSite(copy.dir, { config, until: 'checkLinks' });
      expect(site.diagnostics.filter((d) => d.code?.startsWith('broken')).map((d) => `${path.relative(copy.dir, d.file!)}:${d.line}:${d.column} ${d.severity} ${d.message}`)).toEqual([
        'docs/other.md:14:1 warning Broken markdown link → ./gone.md: no doc at that path.',
        'docs/other.md:14:30 warning Broken anchor → /docs/intro#nowhere (/kit/docs/intro#nowhere)',
      ]);
    } finally {
      await copy.cleanup();
    }
  });

  it('does not take an element written in HTML for a diagram of the build', () => {
    expect(content('/kit/docs/other')).not.toContain('<sdkdocs-diagram ');
  });
});
