import { mobileBreakpoint } from '../../templates/Navbar.js';
import type { NavbarItemData, SiteData } from '../shared/types.js';

/** Pixels per character of a label, generously: bold UI fonts run 7–9 px at the navbar's size. */
const characterWidth = 10;

/** A generous guess of an item's width (px): its label, padding, a dropdown's arrow, an external link's icon. */
function estimatedItemWidth(item: NavbarItemData): number {
  // Markup, the site's own icon (className) or a version's label: sizes the build cannot read.
  if (item.html !== undefined) return 200;
  if (item.type === 'docsVersionDropdown') return 160;
  const label = item.label ? item.label.length * characterWidth : item.className ? 48 : 0;
  return label + 28 + (item.type === 'dropdown' ? 20 : 0) + (item.href ? 20 : 0);
}

/**
 * Whether the navbar might not fit the narrowest desktop layout, judged by its labels with a
 * margin for the site's fonts: only then does the browser bundle carry the code that moves the
 * items that do not fit into the menu (templates/Navbar.tsx).
 */
export function mayOverflowNavbar(navbar: SiteData['navbar']): boolean {
  const brand = (navbar.logo ? 40 : 0) + navbar.title.length * characterWidth + 16;
  // The colour-mode toggle, the search box and the bar's padding.
  const fixed = 44 + 216 + 32;
  const items = navbar.items.reduce((sum, item) => sum + estimatedItemWidth(item) + 4, 0);
  return brand + fixed + items > (mobileBreakpoint + 1) * 0.8;
}
