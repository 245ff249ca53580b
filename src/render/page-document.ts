import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { AppWithProviders } from '../../templates/AppWithProviders.js';
import { ThemeContext } from '../../templates/context.js';
import { SidebarMenu } from '../../templates/Sidebar.js';
import { Footer } from '../../templates/Footer.js';
import { overridable, type ThemeOverrides } from '../../templates/theme-overrides.js';
import type { ThemeContextValue } from '../../templates/context.js';
import type { SiteDataFiles } from '../shared/client-data.js';
import type { RouteData, SidebarItem, SiteData } from '../shared/types.js';
import { renderDocumentPieces, scriptJson } from './document.js';
import { joinPieces, sharedText, type SharedText, type TextPiece } from './text-pieces.js';
import type { SiteHead } from './head-tags.js';
import { PageRenderError, renderFailureOf, stoppedOverridesFailure, type RenderFailure } from '../ssr/render-failure.js';
import { runSiteCode, SiteCodeStopped } from '../core/site-code.js';

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
  /** The site folder, where a component that throws while a page renders is looked for. */
  siteDir?: string;
}

const FooterSlot = overridable('Footer', Footer);

/** The parts of a page its document is made of (a render worker gets the first two). */
export interface DocumentPage {
  route: string;
  data: RouteData;
  component?: ComponentType<{ site: SiteData }>;
  /** The page's own file (a custom page's module), named when its render fails. */
  sourceFile?: string;
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
export function createDocumentRenderer(surroundings: PageSurroundings, overrides?: ThemeOverrides, options: DocumentRendererOptions = {}) {
  const piecesOf = createDocumentPieces(surroundings, overrides, options);
  return (page: DocumentPage): string => joinPieces(piecesOf(page));
}

/**
 * The same documents as {@link createDocumentRenderer}, each as its pieces: what pages share
 * (site data, pruned sidebars, sidebar items) is one piece made once, whose bytes a render worker
 * copies instead of encoding them for every page.
 */
export function createDocumentPieces(surroundings: PageSurroundings, overrides?: ThemeOverrides, options: DocumentRendererOptions = {}) {
  const { site, files, assets } = surroundings;
  const siteJson = sharedText(scriptJson(site));
  const filesJson = sharedText(scriptJson(files));
  const prunings = new Map<string, SidebarPruning>();
  const pruningOf = (name: string) => {
    let pruning = prunings.get(name);
    if (!pruning) {
      pruning = createSidebarPruning(surroundings.sidebars[name]);
      prunings.set(name, pruning);
    }
    return pruning;
  };
  // A theme override may read the sidebars from the context, which the shared markup leaves empty.
  const sidebarMarkup = overrides || options.reuseSidebarMarkup === false ? undefined : createSidebarMarkup();

  // Theme overrides that ran out of time once would on every page: the other pages fail at once.
  let overridesStopped: RenderFailure | undefined;
  return (page: DocumentPage): TextPiece[] => {
    if (overridesStopped && !page.component) throw new PageRenderError({ ...overridesStopped, route: page.route });
    try {
      // Only the site's components can run away; sdkdocs' own theme renders without the guard's cost.
      return overrides || page.component ? runSiteCode(() => piecesOfPage(page)) : piecesOfPage(page);
    } catch (error) {
      if (error instanceof SiteCodeStopped && !page.component && surroundings.themeOverrides) {
        overridesStopped = stoppedOverridesFailure(error, page.route, surroundings.themeOverrides, surroundings.siteDir ?? '.');
        throw new PageRenderError(overridesStopped);
      }
      throw new PageRenderError(renderFailureOf(error, page.route, surroundings.siteDir ?? '.', page.sourceFile));
    }
  };

  function piecesOfPage(page: DocumentPage): TextPiece[] {
    const { data: route, component } = page;
    const sidebarName = route.sidebar;
    const pruning = sidebarName && surroundings.sidebars[sidebarName] ? pruningOf(sidebarName) : undefined;
    const pruned = pruning?.forRoute(page.route);
    const sidebars: Record<string, SidebarItem[]> = pruned ? { [sidebarName!]: pruned.items } : {};
    // A custom page whose content the build has rendered already (customPageHtml) shows that HTML.
    const pageContent = component && !route.html ? createElement(component, { site }) : undefined;
    const appElement = (sidebarsShown: Record<string, SidebarItem[]>) =>
      createElement(AppWithProviders, { site, route, sidebars: sidebarsShown, pageContent, footer: createElement(FooterSlot), overrides });
    const appHtml =
      (pruning && pruned && !component && sidebarMarkup?.render(appElement, { site, route, sidebars }, pruning, pruned.items, page.route)) ||
      renderToString(appElement(sidebars));
    const { html: _html, ...routeWithoutHtml } = route;
    // The same text as scriptJson({ site, route, sidebars, files }), from parts serialised once.
    const routeJson = `,"route":${scriptJson(routeWithoutHtml)},"sidebars":{`;
    const bootJson: TextPiece[] = pruned
      ? ['{"site":', siteJson, `${routeJson}${JSON.stringify(sidebarName)}:`, pruned.json, '},"files":', filesJson, '}']
      : ['{"site":', siteJson, `${routeJson}},"files":`, filesJson, '}'];
    return renderDocumentPieces({ site, route, appHtml, css: assets.css, js: assets.js, head: assets.inlineHead, siteHead: surroundings.siteHead, bootJson });
  }
}


export interface DocumentRendererOptions {
  /** Render the sidebar's top-level items that do not hold the page once for all pages (default: true). */
  reuseSidebarMarkup?: boolean;
}

/**
 * The sidebar's markup made of parts shared between pages. A top-level item that does not hold
 * the page (its link is not the page and no category in it holds the page) renders the same on
 * every page, so each is rendered once; only the items that hold the page are rendered for it.
 * On a 10,000-page site the sidebar is about half of each document and most of its render time.
 * The page's `<App>` is rendered with an empty sidebar whose list the parts then fill, which is
 * the same text as rendering the whole sidebar in place: the items are elements, so React puts
 * no separators between them, and nothing in the sidebar reads its position in the tree.
 */
function createSidebarMarkup() {
  const shared = new Map<SidebarItem, SharedText>();
  let emptyList: string | undefined;
  let listOpening: string | undefined;

  const renderItems = (context: ThemeContextValue, items: SidebarItem[], path: string) =>
    renderToString(createElement(ThemeContext.Provider, { value: context }, createElement(SidebarMenu, { items, path })));

  return {
    /** The page's `<App>` markup, or undefined when the sidebar's place in it cannot be found for certain. */
    render(
      appElement: (sidebars: Record<string, SidebarItem[]>) => ReturnType<typeof createElement>,
      context: ThemeContextValue,
      pruning: SidebarPruning,
      items: SidebarItem[],
      route: string,
    ): TextPiece[] | undefined {
      const sidebarName = context.route.sidebar!;
      const path = context.route.path;
      if (emptyList === undefined) {
        emptyList = renderItems(context, [], path);
        listOpening = emptyList.endsWith('</ul>') ? emptyList.slice(0, -'</ul>'.length) : '';
      }
      if (!listOpening) return undefined;
      const appHtml = renderToString(appElement({ ...context.sidebars, [sidebarName]: [] }));
      const at = appHtml.indexOf(emptyList);
      if (at < 0 || appHtml.indexOf(emptyList, at + 1) >= 0) return undefined;
      const markup: TextPiece[] = [appHtml.slice(0, at) + listOpening];
      items.forEach((item, index) => {
        const original = pruning.topLevel[index];
        if (pruning.holdsPage(original, path) || pruning.holdsPage(original, route)) {
          markup.push(itemsMarkup(renderItems(context, [item], path)));
          return;
        }
        let html = shared.get(original);
        if (html === undefined) {
          html = sharedText(itemsMarkup(renderItems(context, [item], path)));
          shared.set(original, html);
        }
        markup.push(html);
      });
      markup.push('</ul>' + appHtml.slice(at + emptyList.length));
      return markup;
    },
  };

  function itemsMarkup(list: string): string {
    return list.slice(listOpening!.length, -'</ul>'.length);
  }
}

interface SidebarPruning {
  /** The page's copy of the sidebar and its script-safe JSON, shared by pages under the same expanded categories. */
  forRoute(route: string): { items: SidebarItem[]; json: SharedText };
  /** The sidebar's top-level items, unpruned: each pruned copy has them in the same order. */
  topLevel: SidebarItem[];
  /** Whether the item links to the route or is a category that holds it (a holder is never pruned). */
  holdsPage(item: SidebarItem, route: string): boolean;
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

  const byExpanded = new Map<string, { items: SidebarItem[]; json: SharedText }>();
  const none = new Set<SidebarItem>();
  return {
    topLevel: sidebar,
    holdsPage: (item, route) => item.to === route || (holders.get(route)?.has(item) ?? false),
    forRoute(route) {
      const expanded = holders.get(route) ?? none;
      const key = [...expanded].map((category) => numbers.get(category)).join(',');
      let pruned = byExpanded.get(key);
      if (!pruned) {
        const items = prune(sidebar, expanded);
        pruned = { items, json: sharedText(scriptJson(items)) };
        byExpanded.set(key, pruned);
      }
      return pruned;
    },
  };
}
