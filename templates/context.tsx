import { createContext, useContext, type ComponentType } from 'react';
import type { RouteData, SidebarItem, SiteData } from '../src/shared/types.js';
import type { ThemeComponentName } from '../src/shared/theme-components.js';

/** Browser storage that never throws: failures are reported once on the console and ignored. */
export interface ThemeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** What the client runtime gives theme components; absent while rendering at build time. */
export interface ThemeRuntime {
  storage: ThemeStorage;
  /** Replaces a page's copy of a sidebar (collapsed categories without items) by the full one. */
  loadFullSidebar(name: string): void;
}

/** What every theme component may read: the site, the current route and the sidebars. */
export interface ThemeContextValue {
  site: SiteData;
  route: RouteData;
  sidebars: Record<string, SidebarItem[]>;
  runtime?: ThemeRuntime;
  /**
   * The site's own theme components (`src/theme/…`), shown by the layout's slots instead of the
   * theme's. Typed per component by `ThemeOverrides` (theme-overrides.tsx), which reads this
   * context: naming it here would tie the two files in a circle.
   */
  overrides?: { readonly [Name in ThemeComponentName]?: ComponentType<any> };
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('Theme components must render inside <App>.');
  return value;
}
