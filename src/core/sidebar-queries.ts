/** Questions the later stages ask of a built sidebar: its links in order, a page's neighbours and trail, a category. */

import type { SidebarCategoryItem, SidebarItem } from '../shared/types.js';

/** Every link of the sidebar in reading order: docs and category index pages. */
export function flattenSidebar(items: SidebarItem[]): { label: string; to: string }[] {
  const links: { label: string; to: string }[] = [];
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.type === 'category') {
        if (item.to) links.push({ label: item.label, to: item.to });
        walk(item.items);
      } else if (item.type !== 'html') {
        links.push({ label: item.label, to: item.to });
      }
    }
  };
  walk(items);
  return links;
}

/** A page's neighbours in the sidebar's reading order: the links at the bottom of the page. */
export interface SidebarNeighbours {
  previous?: { label: string; to: string };
  next?: { label: string; to: string };
}

/**
 * The neighbours of every route the sidebar links (its first link, when it links one twice). As
 * in Docusaurus, `link` items of a sidebars file (another site, a blog) and `notPages` (its `ref`
 * items, links to a doc of another sidebar) are no page's neighbour.
 */
export function sidebarNeighbours(items: SidebarItem[], notPages?: ReadonlySet<SidebarItem>): Map<string, SidebarNeighbours> {
  const pages = (list: SidebarItem[]): SidebarItem[] =>
    list.flatMap((item): SidebarItem[] => (item.type === 'category' ? [{ ...item, items: pages(item.items) }] : item.type === 'link' || notPages?.has(item) ? [] : [item]));
  const order = flattenSidebar(pages(items));
  const neighbours = new Map<string, SidebarNeighbours>();
  order.forEach((item, index) => {
    if (neighbours.has(item.to)) return;
    neighbours.set(item.to, { previous: order[index - 1], next: order[index + 1] });
  });
  return neighbours;
}

/**
 * For every route the sidebar links, the categories from the top of the sidebar down to the
 * item that links it (the first such item), in one walk.
 */
export function sidebarTrails(items: SidebarItem[]): Map<string, SidebarCategoryItem[]> {
  const trails = new Map<string, SidebarCategoryItem[]>();
  const walk = (list: SidebarItem[], above: SidebarCategoryItem[]) => {
    for (const item of list) {
      if (item.type === 'category') {
        const trail = [...above, item];
        if (item.to && !trails.has(item.to)) trails.set(item.to, trail);
        walk(item.items, trail);
      } else if (item.type !== 'html' && !trails.has(item.to)) {
        trails.set(item.to, above);
      }
    }
  };
  walk(items, []);
  return trails;
}

/** The first link of a sidebar, where a docSidebar navbar item points. */
export function firstSidebarLink(items: SidebarItem[]): string | undefined {
  return flattenSidebar(items)[0]?.to;
}

/** The category of a sidebar whose index page is at `route`. */
export function findSidebarCategory(items: SidebarItem[], route: string): SidebarCategoryItem | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.to === route) return item;
    const inner = findSidebarCategory(item.items, route);
    if (inner) return inner;
  }
  return undefined;
}
