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
