import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { formatDiagnostic, UserError } from '../src/core/diagnostic.js';
import type { SidebarCategoryItem, SidebarItem } from '../src/shared/types.js';
import { buildSite, copySite, fixture, pageHtml } from './helpers/site.js';

// Docusaurus' index doc convention: a folder's index.md, README.md (any case) or
// <folder>/<folder>.md is the folder category's page, unless _category_.json says otherwise.
let result: BuildResult;

beforeAll(async () => {
  result = await buildSite(fixture('category-index'), { until: 'renderPages' });
});

const sidebar = () => result.site.sidebars.docsSidebar;
const category = (label: string): SidebarCategoryItem => {
  const found = sidebar().find((item) => item.label === label);
  if (found?.type !== 'category') throw new Error(`no category ${label}: ${sidebar().map((item) => item.label).join(', ')}`);
  return found;
};
const labels = (items: SidebarItem[]) => items.map((item) => item.label);

describe('index docs', () => {
  it('build without a duplicate route: each index doc is at its folder route, once', () => {
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const routes = result.site.pages.map((page) => page.route);
    for (const route of ['/sdk/docs/Guides', '/sdk/docs/api', '/sdk/docs/tools', '/sdk/docs/numbered', '/sdk/docs/only']) {
      expect(routes.filter((candidate) => candidate === route)).toHaveLength(1);
      expect(result.site.pages.find((page) => page.route === route)?.kind).toBe('doc');
    }
  });

  it('keep the ids Docusaurus gives them (folder path and file name)', () => {
    const idOf = (route: string) => result.site.docs.find((doc) => doc.route === route)?.id;
    expect(idOf('/sdk/docs/Guides')).toBe('Guides/Index');
    expect(idOf('/sdk/docs/api')).toBe('api/README');
    expect(idOf('/sdk/docs/tools')).toBe('tools/tools');
    expect(idOf('/sdk/docs/numbered')).toBe('numbered/numbered');
  });

  it('become the link of their category, not an entry in it; the category takes their label and position', () => {
    expect(category('Guides overview')).toMatchObject({ to: '/sdk/docs/Guides' });
    expect(labels(category('Guides overview').items)).toEqual(['Setup']);
    // README.md with sidebar_label and sidebar_position: the category is "API", second.
    expect(category('API')).toMatchObject({ to: '/sdk/docs/api' });
    expect(labels(category('API').items)).toEqual(['Client']);
    expect(sidebar().indexOf(category('API'))).toBe(1);
    expect(category('Tools')).toMatchObject({ to: '/sdk/docs/tools' });
    expect(labels(category('Tools').items)).toEqual(['CLI']);
    expect(category('Numbered')).toMatchObject({ to: '/sdk/docs/numbered' });
  });

  it('a folder holding only its index doc is a plain doc entry', () => {
    expect(sidebar().find((item) => item.label === 'Only')).toMatchObject({ type: 'doc', to: '/sdk/docs/only' });
  });

  it('follow _category_.json: link to another doc, a generated index, or no link at all', () => {
    // link: {type: "doc", id: "overview"}: the local id wins; index.md stays an entry at the folder route.
    expect(category('Explicit')).toMatchObject({ to: '/sdk/docs/explicit/overview' });
    expect(category('Explicit').items).toEqual([expect.objectContaining({ label: 'Explicit index', to: '/sdk/docs/explicit' })]);
    // link: {type: "generated-index"}: the category's page is the generated one; index.md is an entry.
    expect(category('Generated')).toMatchObject({ to: '/sdk/docs/category/generated' });
    expect(labels(category('Generated').items)).toEqual(['Generated index doc', 'Other']);
    expect(result.site.pages.find((page) => page.route === '/sdk/docs/category/generated')?.kind).toBe('category');
    // link: null: no page for the category at all.
    expect(category('No link').to).toBeUndefined();
    expect(labels(category('No link').items)).toEqual(['More', 'Readme']);
  });

  it('end their breadcrumbs with their category, and the category links them from their children', () => {
    const html = pageHtml(result, '/sdk/docs/Guides');
    expect(html).toMatch(/<span class="breadcrumbs-link" aria-current="page">Guides overview<\/span>/);
    expect(html).not.toContain('href="/sdk/docs/Guides" class="breadcrumbs-link"');
    const child = pageHtml(result, '/sdk/docs/Guides/setup');
    expect(child).toContain('<a href="/sdk/docs/Guides" class="breadcrumbs-link">Guides overview</a>');
  });

  it('take their place in previous/next order as their category', () => {
    const guides = result.site.pages.find((page) => page.route === '/sdk/docs/Guides')!;
    expect(guides.data.next).toEqual({ label: 'Setup', to: '/sdk/docs/Guides/setup' });
  });
});

describe('real collisions', () => {
  it('two docs with one id name both files with file:line', async () => {
    const { dir, cleanup } = await copySite(fixture('category-index'));
    try {
      await writeFile(path.join(dir, 'docs', 'Guides', 'other.md'), '---\ntitle: Other\nid: setup\n---\nText.\n');
      const error = await buildSite(dir, { until: 'collectContent' }).then(
        () => undefined,
        (e: unknown) => e as UserError,
      );
      expect(error?.diagnostics.map((d) => formatDiagnostic(d, { cwd: dir }))).toEqual([
        'docs/Guides/setup.md:1:1 error Duplicate doc id "Guides/setup": Guides/setup.md:1 and Guides/other.md:3 both have it. Change the `id` in the front matter of one of them.',
      ]);
    } finally {
      await cleanup();
    }
  });
});
