import type { SidebarItem } from './types.js';

/** Where a sidebar entry leads: its own page, else (a category without one) its first page that has one. */
export function sidebarItemLink(item: SidebarItem): string | undefined {
  if (item.to) return item.to;
  if (item.type !== 'category') return undefined;
  for (const child of item.items) {
    const link = sidebarItemLink(child);
    if (link) return link;
  }
  return undefined;
}

/** The items of the sidebar category whose own page is `route`, as Docusaurus' `useCurrentSidebarCategory` finds it. */
export function categoryItemsAt(items: readonly SidebarItem[], route: string): SidebarItem[] | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.to === route) return item.items;
    const inner = categoryItemsAt(item.items, route);
    if (inner) return inner;
  }
  return undefined;
}
