import { App as ThemeApp, type AppProps } from './App.js';
import { ThemeContext } from './context.js';
import LayoutProvider from './theme/Layout/Provider.js';
import { overridable } from './theme-overrides.js';

/** The site's providers (`src/theme/Layout/Provider`) around the page; custom pages' build-time render has them too. */
export const LayoutProviderSlot = overridable('Layout/Provider', LayoutProvider);

/**
 * The page inside the site's own providers (`src/theme/Layout/Provider`), which may read the theme
 * context: what the build renders, and what the browser hydrates where the site has such
 * providers (the client bundle chooses; a module of its own, so that a site without them
 * bundles `<App>` alone).
 */
export function AppWithProviders(props: AppProps) {
  const { site, route, sidebars, runtime, overrides } = props;
  return (
    <ThemeContext.Provider value={{ site, route, sidebars, runtime, overrides }}>
      <LayoutProviderSlot>
        <ThemeApp {...props} />
      </LayoutProviderSlot>
    </ThemeContext.Provider>
  );
}

/** The name the client imports the page's root by, where the bundler sends its import of App.tsx here. */
export { AppWithProviders as App };
