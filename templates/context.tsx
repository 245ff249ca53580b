import { createContext, useContext } from 'react';
import type { RouteData, SidebarItem, SiteData } from '../src/shared/types.js';

/** What every theme component may read: the site, the current route and the sidebars. */
export interface ThemeContextValue {
  site: SiteData;
  route: RouteData;
  sidebars: Record<string, SidebarItem[]>;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('Theme components must render inside <App>.');
  return value;
}
