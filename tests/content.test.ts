import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import type { SidebarCategoryItem } from '../src/shared/types.js';
import { buildSite, fixture, pageHtml } from './helpers/site.js';

let result: BuildResult;

beforeAll(async () => {
  result = await buildSite(fixture('basic'), { until: 'renderPages' });
});

const page = (route: string) => {
  const found = result.site.pages.find((p) => p.route === route);
  if (!found) throw new Error(`no page ${route}`);
  return found;
};

describe('docs, ids and routes', () => {
  it('gives each doc a route from its path, front matter id or slug', () => {
    const routes = result.site.pages.map((p) => p.route).sort();
    expect(routes).toEqual(
      [
        '/kit/',
        '/kit/404.html',
        '/kit/about',
        '/kit/docs/category/guides',
        '/kit/docs/guides/advanced/tuning',
        '/kit/docs/guides/setup',
        '/kit/docs/guides/shipping',
        '/kit/docs/intro',
        '/kit/docs/reference/api-notes',
        '/kit/search',
      ].sort(),
    );
    expect(result.site.docs.find((d) => d.route === '/kit/docs/guides/shipping')?.id).toBe('guides/shipping');
  });

  it('takes the title from front matter, else the first h1', () => {
    expect(page('/kit/docs/guides/setup').data.documentTitle).toBe('Setting Up | Fixture Kit');
    expect(page('/kit/docs/guides/advanced/tuning').data.title).toBe('Tuning');
  });

  it('describes the docs version as the spec lists it', () => {
    const version = result.site.siteData!.docsVersion;
    expect(version).toMatchObject({ name: 'current', label: 'Next', isLast: true, path: '/kit/docs', mainDocId: 'intro' });
    expect(version.docs).toContainEqual({ id: 'guides/setup', path: '/kit/docs/guides/setup', sidebar: 'docsSidebar' });
  });
});

describe('sidebar', () => {
  it('orders by position, then unpositioned entries by name, nesting folders as categories', () => {
    const sidebar = result.site.sidebars.docsSidebar;
    expect(sidebar.map((item) => item.label)).toEqual(['Welcome', 'Guides', 'reference']);
    const guides = sidebar[1] as SidebarCategoryItem;
    expect(guides.to).toBe('/kit/docs/category/guides');
    expect(guides.items.map((item) => item.label)).toEqual(['Advanced Topics', 'Setup', 'Deploying']);
  });

  it('generates a category index page listing its docs', () => {
    const html = pageHtml(result, '/kit/docs/category/guides');
    expect(html).toContain('<h1>Guides</h1>');
    expect(html).toContain('Step-by-step guides.');
    expect(html).toMatch(/<a href="\/kit\/docs\/guides\/setup" class="card-link">[^<]*Setup<\/a>/);
    expect(html).toContain('href="/kit/docs/guides/shipping"');
  });

  it('opens the category of the current page and keeps others collapsed', () => {
    const html = pageHtml(result, '/kit/docs/guides/setup');
    const sidebar = html.slice(html.indexOf('class="sidebar-menu"'), html.indexOf('</aside>'));
    expect(sidebar).toContain('href="/kit/docs/guides/setup" class="menu-link menu-link-active" aria-current="page"');
    expect(sidebar).not.toContain('/kit/docs/reference/api-notes');
  });

  it('links previous and next pages in sidebar order, category indexes included', () => {
    expect(page('/kit/docs/intro').data.next).toEqual({ label: 'Guides', to: '/kit/docs/category/guides' });
    expect(page('/kit/docs/guides/setup').data.previous).toEqual({ label: 'Tuning', to: '/kit/docs/guides/advanced/tuning' });
    expect(page('/kit/docs/guides/setup').data.next).toEqual({ label: 'Deploying', to: '/kit/docs/guides/shipping' });
  });

  it('builds breadcrumbs from the category trail', () => {
    expect(page('/kit/docs/guides/advanced/tuning').data.breadcrumbs).toEqual([
      { label: 'Home page', to: '/kit/' },
      { label: 'Guides', to: '/kit/docs/category/guides' },
      { label: 'Advanced Topics', to: undefined },
      { label: 'Tuning' },
    ]);
  });
});

describe('markdown', () => {
  let html: string;
  beforeAll(() => {
    html = pageHtml(result, '/kit/docs/intro');
  });

  it('renders GFM: tables, task lists, footnotes, autolinks, strikethrough', () => {
    expect(html).toContain('<th>Feature</th>');
    expect(html).toContain('<input type="checkbox" disabled="" checked=""/> done task');
    expect(html).toContain('id="user-content-fn-1"');
    expect(html).toContain('<a href="https://example.com/auto">https://example.com/auto</a>');
    expect(html).toContain('<del>struck</del>');
  });

  it('names task list checkboxes by their task and table scroll boxes by their columns, for assistive technology', () => {
    expect(html).toContain('<li class="task-list-item"><label><input type="checkbox" disabled="" checked=""/> done task</label></li>');
    expect(html).toContain('<div class="table-wrapper" tabindex="0" role="group" aria-label="Table: Feature, Works"><table>');
  });

  it('renders admonitions of every type with default and custom titles', () => {
    const icon = '<svg class="admonition-icon"[^>]*>.*?</svg>';
    expect(html).toMatch(new RegExp(`<aside class="admonition admonition-note" role="note"><p class="admonition-title">${icon}Note</p>`));
    expect(html).toMatch(new RegExp(`<aside class="admonition admonition-tip" role="note"><p class="admonition-title">${icon}Pro tip</p>`));
    expect(html).toMatch(new RegExp(`<p class="admonition-title">${icon}Bracket title</p>`));
    expect(html).toContain('admonition-danger');
    expect(html).toContain('admonition-info');
  });

  it('highlights code at build time with a title and highlighted lines', () => {
    expect(html).toContain('<div class="code-block-title">src/game.ts</div>');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    const lines = [...html.matchAll(/<span class="(code-line[^"]*)">/g)].map((m) => m[1]).slice(0, 5);
    expect(lines).toEqual([
      'code-line',
      'code-line code-line-highlighted',
      'code-line',
      'code-line code-line-highlighted',
      'code-line code-line-highlighted',
    ]);
    // A block comment across lines is closed and reopened on each line.
    expect(html).toContain('<span class="code-line"><span class="hljs-comment">/* a comment</span></span>');
  });

  it('rewrites relative .md links to routes and gives absolute routes the base URL', () => {
    expect(html).toContain('<a href="/kit/docs/guides/setup#first-steps">relative link</a>');
    expect(html).toContain('<a href="/kit/docs/reference/api-notes">absolute route</a>');
    expect(pageHtml(result, '/kit/docs/guides/shipping')).toContain('<a href="/kit/docs/guides/setup">setup</a>');
  });

  it('records links with their position for the link rules', () => {
    const links = page('/kit/docs/intro').links;
    const missing = links.find((l) => l.url === './nope.md');
    expect(missing).toMatchObject({ kind: 'markdown', line: 9 });
    expect(missing?.resolved).toBeUndefined();
    expect(links.find((l) => l.url.startsWith('./guides/setup.md'))).toMatchObject({ resolved: '/kit/docs/guides/setup#first-steps', line: 8 });
  });

  it('puts h2 and h3 in the table of contents, with direct links on headings', () => {
    expect(page('/kit/docs/intro').data.toc.map((item) => `${item.depth}:${item.id}`)).toEqual([
      '2:gfm',
      '2:admonitions',
      '2:code',
      '3:deep-heading',
    ]);
    expect(html).toContain('<h2 id="gfm">GFM<a class="hash-link" aria-label="Direct link to GFM" href="#gfm">#</a></h2>');
    expect(page('/kit/docs/intro').anchors.has('not-in-toc')).toBe(true);
  });

  it('adds an h1 from the title when the doc has none', () => {
    expect(pageHtml(result, '/kit/docs/guides/setup')).toContain('<h1>Setting Up</h1>');
  });
});

describe('pages and document', () => {
  it('renders the landing page with title, tagline and calls to action', () => {
    const html = pageHtml(result, '/kit/');
    expect(html).toContain('<h1 class="hero-title">Fixture Kit</h1>');
    expect(html).toContain('A tiny site that uses every markdown feature');
    expect(html).toContain('href="/kit/docs/intro"');
  });

  it('renders custom React pages from src/pages', () => {
    const html = pageHtml(result, '/kit/about');
    expect(html).toContain('<h1>About Fixture Kit</h1>');
    expect(html).toContain('<title>About us | Fixture Kit</title>');
  });

  it('emits a not-found page as 404.html', () => {
    expect(pageHtml(result, '/kit/404.html')).toContain('<h1>Page Not Found</h1>');
  });

  it('writes lang, dir, theme, meta description, canonical and Open Graph tags', () => {
    const html = pageHtml(result, '/kit/docs/intro');
    expect(html).toMatch(/<html lang="en" dir="ltr" data-theme="light">/);
    expect(html).toContain('<title>Welcome | Fixture Kit</title>');
    expect(html).toContain('<meta name="description" content="The start of the fixture docs.">');
    expect(html).toContain('<link rel="canonical" href="https://fixture.example.com/kit/docs/intro">');
    expect(html).toContain('<meta property="og:title" content="Welcome | Fixture Kit">');
  });

  it('renders navbar items left and right, dropdowns and the footer', () => {
    const html = pageHtml(result, '/kit/docs/intro');
    const left = html.slice(html.indexOf('navbar-items-left'), html.indexOf('navbar-items-right'));
    expect(left).toContain('>Docs</a>');
    const right = html.slice(html.indexOf('navbar-items-right'));
    expect(right).toContain('navbar-dropdown');
    expect(right).toContain('href="/kit/about"');
    expect(right).toContain('href="https://example.com/repo"');
    expect(html).toContain('<div class="footer-copyright">Copyright © 2025 Fixture</div>');
  });

  it('writes a sitemap of every page but the 404', () => {
    const sitemap = result.site.outputs.get('sitemap.xml')!.contents as string;
    expect(sitemap).toContain('<loc>https://fixture.example.com/kit/docs/guides/setup</loc>');
    expect(sitemap).not.toContain('404');
  });
});
