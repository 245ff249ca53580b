import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { formatDiagnostic, UserError } from '../src/core/diagnostic.js';
import { collectSearchRecords } from '../src/search/search-records.js';
import type { SidebarCategoryItem, SidebarItem } from '../src/shared/types.js';
import { buildSite, fixture, pageHtml } from './helpers/site.js';

// Every documented Docusaurus front matter key does what Docusaurus documents.
let result: BuildResult & { logger: { messages: string[] } };

beforeAll(async () => {
  result = await buildSite(fixture('front-matter-keys'), { until: 'renderPages' });
});

const page = (route: string) => {
  const found = result.site.pages.find((candidate) => candidate.route === route);
  if (!found) throw new Error(`no page ${route}`);
  return found;
};
const flatten = (items: SidebarItem[]): SidebarItem[] => items.flatMap((item) => [item, ...(item.type === 'category' ? flatten(item.items) : [])]);
const sidebarItem = (to: string) => flatten(result.site.sidebars.docsSidebar).find((item) => item.to === to);

describe('pagination_next / pagination_prev / pagination_label', () => {
  it('an id points the link at that doc, null hides it, and the label is the target pagination_label', () => {
    expect(page('/sdk/docs/intro').data.next).toEqual({ label: 'Last', to: '/sdk/docs/guides/last' });
    expect(page('/sdk/docs/guides/first').data.previous).toBeUndefined();
    expect(page('/sdk/docs/guides/first').data.next).toEqual({ label: 'Middle', to: '/sdk/docs/guides/middle' });
    expect(page('/sdk/docs/guides/middle').data.previous).toEqual({ label: 'First steps', to: '/sdk/docs/guides/first' });
  });
});

describe('sidebar keys and _category_.json link to a doc', () => {
  it('link: {type: "doc", id} makes the doc the category page, out of its items', () => {
    const guides = result.site.sidebars.docsSidebar.find((item) => item.label === 'Guides') as SidebarCategoryItem;
    expect(guides.to).toBe('/sdk/docs/guides/first');
    expect(guides.items.map((item) => item.to)).toEqual(['/sdk/docs/guides/middle', '/sdk/docs/guides/last']);
  });

  it('sidebar_class_name is a class on the entry, sidebar_custom_props stay on its data', () => {
    expect(sidebarItem('/sdk/docs/guides/middle')).toMatchObject({ className: 'sidebar-mid', customProps: { badge: 'beta' } });
    // A category linked to a doc takes the doc's class and props when _category_.json sets none.
    expect(sidebarItem('/sdk/docs/guides/first')).toMatchObject({ className: 'sidebar-new', customProps: { badge: 'new' } });
    const html = pageHtml(result, '/sdk/docs/guides/middle');
    expect(html).toContain('class="menu-item menu-item-level-2 sidebar-mid"');
    expect(html).toMatch(/class="menu-item menu-item-category menu-item-level-1 sidebar-new"/);
  });
});

describe('page keys', () => {
  it('hide_title leaves out the title the page would add, not the document title', () => {
    const html = pageHtml(result, '/sdk/docs/guides/first');
    const content = /data-route-content="">([\s\S]*?)<\/div>/.exec(html)![1];
    expect(content).not.toContain('<h1');
    expect(html).toContain('<title>First steps page | Keys</title>');
    expect(pageHtml(result, '/sdk/docs/guides/middle')).toMatch(/data-route-content=""><h1[^>]*>Middle/);
  });

  it('keywords and image become meta keywords and an absolute og:image', () => {
    const html = pageHtml(result, '/sdk/docs/intro');
    expect(html).toContain('<meta name="keywords" content="sdk, setup">');
    expect(html).toContain('<meta property="og:image" content="https://keys.example.com/sdk/img/cover.png">');
  });

  it('last_update shows its date and author', () => {
    expect(pageHtml(result, '/sdk/docs/intro')).toContain('Last updated on Jan 31, 2025 by Ada');
  });

  it('toc_min_heading_level / toc_max_heading_level choose the headings of the table of contents', () => {
    expect(page('/sdk/docs/intro').data.toc.map((item) => item.depth)).toEqual([2, 3, 4]);
    expect(page('/sdk/docs/guides/last').data.toc.map((item) => item.depth)).toEqual([3]);
  });

  it('custom_edit_url replaces the edit link, null removes it; displayed_sidebar: null shows no sidebar', () => {
    expect(page('/sdk/docs/guides/last').data.editUrl).toBe('https://example.com/custom/last.md');
    expect(page('/sdk/docs/intro').data.editUrl).toBe('https://example.com/edit/main/docs/intro.md');
    expect(page('/sdk/docs/typo').data.editUrl).toBeUndefined();
    expect(page('/sdk/docs/typo').data.sidebar).toBeUndefined();
    expect(pageHtml(result, '/sdk/docs/typo')).not.toContain('class="doc-sidebar"');
  });
});

describe('quoted values', () => {
  it('a quoted number or boolean is read as Docusaurus reads it (sidebar_position: "1", hide_title: \'true\')', () => {
    const doc = (file: string) => result.site.docs.find((candidate) => candidate.source.relativePath === file)!;
    expect(doc('guides/middle.md').sidebarPosition).toBe(1);
    expect(doc('guides/first.md').frontMatter.hide_title).toBe(true);
  });
});

describe('parse_number_prefixes', () => {
  it('false keeps the number prefix in the id and route, and does not order by it', () => {
    const raw = result.site.docs.find((doc) => doc.source.relativePath === '05-raw.md')!;
    expect(raw).toMatchObject({ id: '05-raw', route: '/sdk/docs/05-raw', sidebarPosition: undefined });
  });
});

describe('tags', () => {
  it('link each doc to a page per tag, and a page lists every tag (unlisted docs in none of them)', () => {
    expect(page('/sdk/docs/intro').data.tags).toEqual([
      { label: 'Getting Started', to: '/sdk/docs/tags/getting-started' },
      { label: 'sdk', to: '/sdk/docs/tags/sdk' },
    ]);
    expect(page('/sdk/docs/guides/middle').data.tags).toContainEqual({ label: 'Advanced use', to: '/sdk/docs/tags/advanced' });
    expect(pageHtml(result, '/sdk/docs/intro')).toContain('<a href="/sdk/docs/tags/sdk" class="tag">sdk</a>');
    const sdk = pageHtml(result, '/sdk/docs/tags/sdk');
    expect(sdk).toContain('2 doc(s) tagged with &quot;sdk&quot;');
    expect(sdk).toContain('<a href="/sdk/docs/intro">Introduction</a>');
    expect(sdk).toContain('<a href="/sdk/docs/guides/middle">Middle</a>');
    expect(sdk).not.toContain('/sdk/docs/secret');
    const all = pageHtml(result, '/sdk/docs/tags');
    expect(all.indexOf('Advanced use')).toBeLessThan(all.indexOf('Getting Started'));
    expect(all).toContain('href="/sdk/docs/tags/getting-started"');
  });
});

describe('draft and unlisted', () => {
  it('a draft is left out of a production build', () => {
    expect(result.site.pages.some((candidate) => candidate.route === '/sdk/docs/wip')).toBe(false);
  });

  it('an unlisted doc is built but in no sidebar, search or sitemap, with noindex and a banner', () => {
    const html = pageHtml(result, '/sdk/docs/secret');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('This page is unlisted.');
    expect(sidebarItem('/sdk/docs/secret')).toBeUndefined();
    expect(collectSearchRecords(result.site).some((record) => record.route === '/sdk/docs/secret')).toBe(false);
    expect(collectSearchRecords(result.site).some((record) => record.route === '/sdk/docs/intro')).toBe(true);
    const sitemap = result.site.outputs.get('sitemap.xml')!.contents as string;
    expect(sitemap).toContain('/sdk/docs/intro</loc>');
    expect(sitemap).not.toContain('/sdk/docs/secret');
  });

  it('serve --watch (development) builds drafts, with a banner, and lists unlisted docs', async () => {
    const dev = await buildSite(fixture('front-matter-keys'), { until: 'renderPages', watch: true });
    expect(pageHtml(dev, '/sdk/docs/wip')).toContain('This page is a draft.');
    expect(flatten(dev.site.sidebars.docsSidebar).map((item) => item.to)).toContain('/sdk/docs/secret');
  });
});

describe('misspelt keys', () => {
  it('warn at their line with the key they probably meant; other unknown keys are left alone', () => {
    const warnings = result.site.diagnostics.filter((d) => d.severity === 'warning').map((d) => formatDiagnostic(d, { cwd: fixture('front-matter-keys') }));
    expect(warnings).toContain('docs/typo.md:3:1 warning Unknown front matter key "sidebar_lable": it is ignored. Did you mean "sidebar_label"?');
    expect(warnings.filter((warning) => /custom_field|sidebar_icon/.test(warning))).toEqual([]);
  });

  it('a displayed_sidebar the site does not have is said once for all the docs that name it', () => {
    const warnings = result.site.diagnostics.filter((d) => d.severity === 'warning').map((d) => formatDiagnostic(d, { cwd: fixture('front-matter-keys') }));
    expect(warnings.filter((warning) => warning.includes('displayed_sidebar'))).toEqual([
      'docs/guides/last.md:2:1 warning displayed_sidebar: there is no sidebar "apiSidebar"; this doc and 1 more show the site\'s one sidebar, "docsSidebar". sdkdocs builds one autogenerated sidebar: write displayed_sidebar: docsSidebar (docs.sidebar.id), null for no sidebar, or leave it out.',
    ]);
    expect(warnings).toHaveLength(2);
  });
});

describe('wrong values', () => {
  const failure = async (name: string) => {
    const error = await buildSite(fixture(name), { until: 'renderPages' }).then(
      () => {
        throw new Error(`${name} built without error`);
      },
      (e: unknown) => e as UserError,
    );
    expect(error).toBeInstanceOf(UserError);
    return error.diagnostics.map((d) => formatDiagnostic(d, { cwd: fixture(name) }));
  };

  it('a key of the wrong type, two keys that exclude each other: located errors that say what is expected', async () => {
    expect(await failure('front-matter-errors')).toEqual([
      'docs/both.md:3:1 error A doc cannot be both `draft` and `unlisted`. `draft: true` leaves the doc out of production builds; `unlisted: true` builds it but lists it nowhere. Keep one.',
      'docs/keywords.md:2:1 error Front matter key "keywords" must be a list of strings, found string "sdk". For example: `keywords: [sdk, install]`.',
      'docs/levels.md:3:1 error Front matter key "toc_min_heading_level" must be a heading level from 2 to 6, found number 7. For example: `toc_min_heading_level: 3`.',
      'docs/updated.md:2:1 error Front matter key "last_update" must be a mapping with `date` (a date such as 2025-01-31) and/or `author` (a name), found a mapping ({"date":"yesterday"}). For example: `last_update: {date: 2025-01-31, author: Ada}`.',
    ]);
  });

  it('a pagination or category link to a doc id that does not exist: located errors with a suggestion', async () => {
    expect(await failure('bad-doc-references')).toEqual([
      'docs/guides/_category_.json:3 error Invalid _category_.json: link.id: no doc has the id "overveiw". Did you mean "overview"?',
      'docs/intro.md:3:1 error pagination_next: no doc has the id "guides/nowhere". Use a doc id such as "intro", or null to show no link.',
    ]);
  });
});

describe('keys named like Object\'s own properties', () => {
  it('are unknown keys left alone, not a crash: constructor, toString, hasOwnProperty', async () => {
    const { parseFrontMatter } = await import('../src/content/front-matter.js');
    for (const plain of [true, false]) {
      const parsed = parseFrontMatter('---\ntitle: Intro\nconstructor: Player\ntoString: x\nhasOwnProperty: "y"\n---\n\n# Intro\n', 'docs/intro.md', { plain });
      expect(parsed.diagnostics).toEqual([]);
      expect(parsed.data).toEqual({ title: 'Intro', constructor: 'Player', toString: 'x', hasOwnProperty: 'y' });
    }
  });
});
