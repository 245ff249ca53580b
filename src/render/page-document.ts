import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../../templates/App.js';
import { Footer } from '../../templates/Footer.js';
import type { SiteDataFiles } from '../shared/client-data.js';
import type { RouteData, SidebarItem, SiteData } from '../shared/types.js';
import { renderDocument } from './document.js';

/** What every page is rendered in: the same for all pages of a build, so a render worker gets it once. */
export interface PageSurroundings {
  /** Site data without the docs list (the client loads it on demand). */
  site: SiteData;
  files: SiteDataFiles;
  assets: { css: string[]; js: string[]; inlineHead: string[] };
  sidebars: Record<string, SidebarItem[]>;
}

/** The parts of a page its document is made of (a render worker gets the first two). */
export interface DocumentPage {
  route: string;
  data: RouteData;
  component?: ComponentType<{ site: SiteData }>;
}

/**
 * The whole HTML document of one route: the server-rendered `<App>` with the page's own copy of
 * its sidebar, and the boot data the client hydrates from. Used on the main thread and by the
 * render workers alike.
 */
export function renderPageDocument(page: DocumentPage, surroundings: PageSurroundings): string {
  const { site, files, assets } = surroundings;
  const { data: route, component } = page;
  const sidebarName = route.sidebar;
  const sidebar = sidebarName ? surroundings.sidebars[sidebarName] : undefined;
  const sidebars: Record<string, SidebarItem[]> = sidebar ? { [sidebarName!]: pruneSidebar(sidebar, page.route) } : {};
  const pageContent = component ? createElement(component, { site }) : undefined;
  const appHtml = renderToString(createElement(App, { site, route, sidebars, pageContent, footer: createElement(Footer) }));
  const { html: _html, ...routeWithoutHtml } = route;
  return renderDocument({
    site,
    route,
    appHtml,
    css: assets.css,
    js: assets.js,
    head: assets.inlineHead,
    bootData: { site, route: routeWithoutHtml, sidebars, files },
  });
}

/**
 * A page's own copy of its sidebar: collapsed categories that do not hold the page keep their
 * label and link but lose their items, exactly what the server renders; the client loads the
 * full sidebar when one is expanded.
 */
export function pruneSidebar(items: SidebarItem[], route: string): SidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const holdsRoute = (candidate: SidebarItem): boolean =>
      candidate.to === route || (candidate.type === 'category' && candidate.items.some(holdsRoute));
    if (item.collapsible && item.collapsed && !holdsRoute(item) && item.items.length > 0) {
      return { ...item, items: [], itemsOmitted: true };
    }
    return { ...item, items: pruneSidebar(item.items, route) };
  });
}
