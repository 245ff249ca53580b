import type { ComponentType } from 'react';
import { ThemeNavbarItem } from './theme-navbar-item.js';

export type { NavbarItemComponentProps } from './theme-navbar-item.js';

/**
 * `@theme/NavbarItem/ComponentTypes`: navbar item components by type, as Docusaurus has them. The
 * theme draws its own types itself; a site's `src/theme/NavbarItem/ComponentTypes.js` spreads this
 * map and adds its `custom-…` types, whose items are drawn by the components it gives.
 */
const ComponentTypes: Record<string, ComponentType<any>> = {
  default: ThemeNavbarItem,
  dropdown: ThemeNavbarItem,
};

export default ComponentTypes;
