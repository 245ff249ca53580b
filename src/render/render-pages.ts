import type { Element, Root } from 'hast';
import { createElement, type ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import rehypeReact from 'rehype-react';
import { unified } from 'unified';
import { App } from '../../templates/App.js';
import { markdownComponents } from '../../templates/markdown-components.js';
import { CategoryIndexContent, LandingContent, NotFoundContent } from '../../templates/page-content.js';
import type { BuildContext, Page, Site } from '../core/site.js';
import type { SidebarItem } from '../shared/types.js';
import { outputPathOfRoute, renderDocument } from './document.js';
import { sitemapXml } from './sitemap.js';

/** Turns hast into React elements through rehype-react, with the theme's element overrides. */
export function createHastRenderer(components: Record<string, unknown> = markdownComponents) {
  const processor = unified().use(rehypeReact, { Fragment, jsx, jsxs, components } as never);
  return (hast: Root): ReactElement => processor.stringify(hast) as unknown as ReactElement;
}

/**
 * Renders every page: its content to static HTML (the route's `html`), then the whole document
 * around the server-rendered `<App>`. The documents go to `site.outputs`.
 */
export async function renderPages(site: Site, ctx: BuildContext): Promise<void> {
  const siteData = site.siteData!;
  const toReact = createHastRenderer();
  const descriptions = new Map(site.docs.map((doc) => [doc.route, doc.description]));
  let done = 0;
  for (const page of site.pages) {
    page.data.html ||= renderContent(page, site, toReact, descriptions);
    const sidebars: Record<string, SidebarItem[]> = page.data.sidebar ? { [page.data.sidebar]: site.sidebars[page.data.sidebar] ?? [] } : {};
    const appHtml = renderToString(createElement(App, { site: siteData, route: page.data, sidebars }));
    const { html: _html, ...routeWithoutHtml } = page.data;
    const documentHtml = renderDocument({
      site: siteData,
      route: page.data,
      appHtml,
      css: site.assets.css,
      js: site.assets.js,
      head: site.assets.inlineHead,
      bootData: { site: siteData, route: routeWithoutHtml, sidebars },
    });
    const path = outputPathOfRoute(page.route, site.config.baseUrl);
    site.outputs.set(path, { path, contents: documentHtml });
    if (++done % 200 === 0) ctx.logger.progress(`renderPages ${done}/${site.pages.length}`);
  }
  site.outputs.set('sitemap.xml', { path: 'sitemap.xml', contents: sitemapXml(site) });
}

function renderContent(
  page: Page,
  site: Site,
  toReact: (hast: Root) => ReactElement,
  descriptions: Map<string, string | undefined>,
): string {
  const siteData = site.siteData!;
  if (page.component) return renderToStaticMarkup(createElement(page.component, { site: siteData }));
  switch (page.kind) {
    case 'landing':
      return renderToStaticMarkup(createElement(LandingContent, { site: siteData }));
    case 'notFound':
      return renderToStaticMarkup(createElement(NotFoundContent));
    case 'category': {
      const category = findCategoryItem(site.sidebars[site.config.docs.sidebar.id] ?? [], page.route);
      return renderToStaticMarkup(
        createElement(CategoryIndexContent, {
          title: page.data.title,
          description: page.data.description,
          items: category?.items ?? [],
          descriptions,
        }),
      );
    }
    default: {
      if (!page.hast) return '';
      return renderToStaticMarkup(toReact(withTitleHeading(page.hast, page.data.title)));
    }
  }
}

/** Docs without an h1 get one from their title, as in Docusaurus. */
function withTitleHeading(hast: Root, title: string): Root {
  const hasH1 = hast.children.some((node) => node.type === 'element' && (node as Element).tagName === 'h1');
  if (hasH1) return hast;
  const heading: Element = { type: 'element', tagName: 'h1', properties: {}, children: [{ type: 'text', value: title }] };
  return { ...hast, children: [heading, ...hast.children] };
}

function findCategoryItem(items: SidebarItem[], route: string): Extract<SidebarItem, { type: 'category' }> | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.to === route) return item;
    const inner = findCategoryItem(item.items, route);
    if (inner) return inner;
  }
  return undefined;
}
