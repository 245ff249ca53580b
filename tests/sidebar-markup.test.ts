import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { App } from '../templates/App.js';
import { Footer } from '../templates/Footer.js';
import { appRootId, bootDataId } from '../src/shared/client-data.js';
import { buildSite, fixture, pageHtml } from './helpers/site.js';

/**
 * The build renders the sidebar items that do not hold a page once for all pages; each page must
 * still carry exactly the markup `<App>` renders from the page's own boot data, which is what the
 * client hydrates.
 */
describe('sidebar markup shared between pages', () => {
  it('gives every page the markup of its whole App, sidebar included', async () => {
    const result = await buildSite(fixture('sidebars-js'), { inMemory: true });
    const pages = result.site.pages.filter((page) => page.data.sidebar && !page.component);
    expect(pages.length).toBeGreaterThan(8);
    const opening = `<div id="${appRootId}">`;
    const closing = `</div>\n<script id="${bootDataId}" type="application/json">`;
    let withActiveLink = 0;
    for (const page of pages) {
      const html = pageHtml(result, page.route);
      const appHtml = html.slice(html.indexOf(opening) + opening.length, html.indexOf(closing));
      const boot = JSON.parse(html.slice(html.indexOf(closing) + closing.length, html.indexOf('</script>', html.indexOf(closing) + closing.length)));
      const expected = renderToString(createElement(App, { site: boot.site, route: page.data, sidebars: boot.sidebars, footer: createElement(Footer) }));
      expect(appHtml, page.route).toBe(expected);
      if (appHtml.includes('menu-link-active')) withActiveLink++;
    }
    // Pages in a category, at the top level and in a nested category: not only pages outside the sidebar.
    expect(withActiveLink).toBeGreaterThan(8);
  });
});
