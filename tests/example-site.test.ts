import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { exampleSiteDir, sharedInMemoryBuild, pageHtml } from './helpers/site.js';

/** The docs routes of the spec (section 2), with the `{product}` of the example site filled in. */
const specDocsRoutes = [
  '/sdk/docs/intro',
  '/sdk/docs/getting-started/configuration',
  '/sdk/docs/getting-started/gameplay',
  '/sdk/docs/getting-started/installation',
  '/sdk/docs/getting-started/localization',
  '/sdk/docs/getting-started/quick-start',
  '/sdk/docs/getting-started/reacting-to-events',
  '/sdk/docs/getting-started/sending-events',
  '/sdk/docs/getting-started/sequence-diagram',
  '/sdk/docs/wrapper/features',
  '/sdk/docs/wrapper/launcher',
  '/sdk/docs/wrapper/overview',
  '/sdk/docs/advanced/error-handling',
  '/sdk/docs/category/getting-started',
  '/sdk/docs/category/playkit-sdk-wrapper',
  '/sdk/docs/category/advanced',
];

let result: BuildResult;
beforeAll(async () => {
  result = await sharedInMemoryBuild(exampleSiteDir, 'renderPages');
}, 180_000);

describe('the example site', () => {
  it('emits every docs route of the spec, the landing page and the 404 page', () => {
    const routes = new Set(result.site.pages.map((page) => page.route));
    for (const route of [...specDocsRoutes, '/sdk/', '/sdk/404.html']) expect(routes, route).toContain(route);
    expect(result.site.docs.map((doc) => doc.id).sort()).toEqual(
      [
        'intro',
        'getting-started/configuration',
        'getting-started/gameplay',
        'getting-started/installation',
        'getting-started/localization',
        'getting-started/quick-start',
        'getting-started/reacting-to-events',
        'getting-started/sending-events',
        'getting-started/sequence-diagram',
        'wrapper/features',
        'wrapper/launcher',
        'wrapper/overview',
        'advanced/error-handling',
      ].sort(),
    );
  });

  it('shows the sidebar on every documentation page', () => {
    for (const route of specDocsRoutes) expect(pageHtml(result, route), route).toContain('<nav class="sidebar-menu" aria-label="Docs sidebar">');
  });

  it('renders a docs page with sidebar, breadcrumbs, TOC of h2-h3 and direct heading links', () => {
    const html = pageHtml(result, '/sdk/docs/getting-started/installation');
    expect(html).toContain('<nav class="breadcrumbs" aria-label="Breadcrumbs">');
    expect(html).toContain('href="/sdk/docs/category/getting-started" class="breadcrumbs-link">Getting Started</a>');
    expect(html).toMatch(/<nav class="toc" aria-label="On this page">/);
    const toc = result.site.pages.find((page) => page.route === '/sdk/docs/getting-started/installation')!.data.toc;
    expect(toc.length).toBeGreaterThan(2);
    expect(toc.every((item) => item.depth === 2 || item.depth === 3)).toBe(true);
    for (const item of toc) expect(html).toContain(`aria-label="Direct link to ${item.text.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('<title>Installation | Playkit</title>');
  });

  it('has the navbar of the spec: Docs, API and the source repository; footer with 2025 copyright and licence', () => {
    const html = pageHtml(result, '/sdk/docs/intro');
    expect(html).toContain('href="/sdk/docs/intro" class="navbar-link navbar-link-active"');
    expect(html).toMatch(/href="\/sdk\/api" class="navbar-link">API</);
    expect(html).toContain('href="https://github.com/playkit/playkit-sdk"');
    expect(html).toContain('Copyright © 2025');
    expect(html).toContain('Content licensed under');
  });

  it('shows when a doc changed but names no commit author: who commits to this repository is no person of Playkit', () => {
    const lastUpdated = specDocsRoutes.flatMap((route) => [...pageHtml(result, route).matchAll(/<span class="last-updated">([^<]*)<\/span>/g)].map((match) => match[1]));
    expect(lastUpdated.length).toBeGreaterThan(0);
    for (const line of lastUpdated) expect(line).toMatch(/^Last updated on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });

  it('names the wrapper category after the product', () => {
    expect(pageHtml(result, '/sdk/docs/category/playkit-sdk-wrapper')).toContain('<h1>Playkit SDK Wrapper</h1>');
  });

  it('has the landing page with title, tagline and calls to action into docs and API', () => {
    const html = pageHtml(result, '/sdk/');
    expect(html).toContain('Delightful game development toolkit');
    expect(html).toContain('href="/sdk/docs/intro" class="button button-primary button-lg"');
    expect(html).toContain('href="/sdk/api" class="button button-secondary button-lg"');
  });

  it('uses one theme override of its own: src/theme/DocItem/Footer.tsx adds a feedback link below the theme doc footer', () => {
    const html = pageHtml(result, '/sdk/docs/getting-started/installation');
    const feedback = '<p class="doc-feedback"><a href="https://github.com/playkit/playkit-sdk/issues/new">Something wrong or missing on this page? Open an issue on GitHub</a></p>';
    expect(html).toContain(feedback);
    expect(html.indexOf('class="edit-this-page"')).toBeLessThan(html.indexOf(feedback));
    expect(pageHtml(result, '/sdk/')).not.toContain('doc-feedback');
  });

  it('sets its primary colour and brings its own stylesheet, as the theming guide shows (issue 16)', () => {
    expect(result.site.assets.css).toHaveLength(1);
    const css = new TextDecoder().decode(result.site.outputs.get(result.site.assets.css[0]!.slice('/sdk/'.length))!.contents as Uint8Array);
    expect(css).toMatch(/:root\{--sdkdocs-color-primary:#5b4bdb;/);
    expect(css.indexOf('.hero-title{letter-spacing:-.02em}')).toBeGreaterThan(css.indexOf('--sdkdocs-color-primary:#5b4bdb;'));
    expect(result.site.diagnostics.filter((d) => d.code === 'contrast')).toEqual([]);
  });
});
