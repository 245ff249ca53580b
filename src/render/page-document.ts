import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../../templates/App.js';
import { Footer } from '../../templates/Footer.js';
import { overridable, type ThemeOverrides } from '../../templates/theme-overrides.js';
import type { SiteDataFiles } from '../shared/client-data.js';
import type { RouteData, SidebarItem, SiteData } from '../shared/types.js';
import { renderDocument, scriptJson } from './document.js';
import type { SiteHead } from './head-tags.js';

/** What every page is rendered in: the same for all pages of a build, so a render worker gets it once. */
export interface PageSurroundings {
  /** Site data without the docs list (the client loads it on demand). */
  site: SiteData;
  files: SiteDataFiles;
  assets: { css: string[]; js: string[]; inlineHead: string[] };
  sidebars: Record<string, SidebarItem[]>;
  /** The site's theme overrides compiled for Node (`SiteThemeOverrides.code`), which a render worker imports. */
  themeOverrides?: string;
  /** The config's favicons, stylesheets, head tags and scripts. */
  siteHead?: SiteHead;
}

const FooterSlot = overridable('Footer', Footer);

/** The parts of a page its document is made of (a render worker gets the first two). */
export interface DocumentPage {
  route: string;
  data: RouteData;
  component?: ComponentType<{ site: SiteData }>;
}

/**
 * Renders whole HTML documents: the server-rendered `<App>` with the page's own copy of its
 * sidebar, and the boot data the client hydrates from. Used on the main thread and by the render
 * workers alike, with the site's theme overrides.
 *
 * What pages share is worked out once per build: the JSON of the site data and data files, and
 * each pruned sidebar with its JSON, which is the same for every page under the same expanded
 * categories. On a 10,000-page site pruning and serialising the sidebar again for each page cost
 * more than rendering it.
 */
export function createDocumentRenderer(surroundings: PageSurroundings, overrides?: ThemeOverrides) {
  const { site, files, assets } = surroundings;
  const siteJson = scriptJson(site);
  const filesJson = scriptJson(files);
  const prunings = new Map<string, SidebarPruning>();
  const pruningOf = (name: string) => {
    let pruning = prunings.get(name);
    if (!pruning) {
      pruning = createSidebarPruning(surroundings.sidebars[name]);
      prunings.set(name, pruning);
    }
    return pruning;
  };

  return (page: DocumentPage): string => {
    const { data: route, component } = page;
    const sidebarName = route.sidebar;
    const pruned = sidebarName && surroundings.sidebars[sidebarName] ? pruningOf(sidebarName).forRoute(page.route) : undefined;
    const sidebars: Record<string, SidebarItem[]> = pruned ? { [sidebarName!]: pruned.items } : {};
    // A custom page whose content the build has rendered already (customPageHtml) shows that HTML.
    const pageContent = component && !route.html ? createElement(component, { site }) : undefined;
    const appHtml = renderToString(createElement(App, { site, route, sidebars, pageContent, footer: createElement(FooterSlot), overrides }));
    const { html: _html, ...routeWithoutHtml } = route;
    // The same text as scriptJson({ site, route, sidebars, files }), from parts serialised once.
    const sidebarsJson = pruned ? `{${JSON.stringify(sidebarName)}:${pruned.json}}` : '{}';
    const bootJson = `{"site":${siteJson},"route":${scriptJson(routeWithoutHtml)},"sidebars":${sidebarsJson},"files":${filesJson}}`;
    return renderDocument({ site, route, appHtml, css: assets.css, js: assets.js, head: assets.inlineHead, siteHead: surroundings.siteHead, bootJson });
  };
}

interface SidebarPruning {
  /** The page's copy of the sidebar and its script-safe JSON, shared by pages under the same expanded categories. */
  forRoute(route: string): { items: SidebarItem[]; json: string };
}

/**
 * A page's own copy of its sidebar: collapsed categories that do not hold the page keep their
 * label and link but lose their items, exactly what the server renders; the client loads the
 * full sidebar when one is expanded.
 */
export function pruneSidebar(items: SidebarItem[], route: string): SidebarItem[] {
  return createSidebarPruning(items).forRoute(route).items;
}

function createSidebarPruning(sidebar: SidebarItem[]): SidebarPruning {
  // The categories that hold each route: those it is the index page of, and all above it.
  const holders = new Map<string, Set<SidebarItem>>();
  const numbers = new Map<SidebarItem, number>();
  const above: SidebarItem[] = [];
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type === 'category') {
        numbers.set(item, numbers.size);
        above.push(item);
      }
      if (item.to !== undefined) {
        const set = holders.get(item.to) ?? new Set<SidebarItem>();
        for (const category of above) set.add(category);
        holders.set(item.to, set);
      }
      if (item.type === 'category') {
        walk(item.items);
        above.pop();
      }
    }
  };
  walk(sidebar);

  const prune = (items: SidebarItem[], expanded: Set<SidebarItem>): SidebarItem[] =>
    items.map((item) => {
      if (item.type !== 'category') return item;
      if (item.collapsible && item.collapsed && !expanded.has(item) && item.items.length > 0) return { ...item, items: [], itemsOmitted: true };
      return { ...item, items: prune(item.items, expanded) };
    });

  const byExpanded = new Map<string, { items: SidebarItem[]; json: string }>();
  const none = new Set<SidebarItem>();
  return {
    forRoute(route) {
      const expanded = holders.get(route) ?? none;
      const key = [...expanded].map((category) => numbers.get(category)).join(',');
      let pruned = byExpanded.get(key);
      if (!pruned) {
        const items = prune(sidebar, expanded);
        pruned = { items, json: scriptJson(items) };
        byExpanded.set(key, pruned);
      }
      return pruned;
    },
  };
}
