import { routeRenderedEvent, type RouteRenderedDetail } from '../shared/client-data.js';

/** Docusaurus' route lifecycles a client module may have. */
interface RouteLifecycles {
  onRouteUpdate?: (args: RouteUpdateArguments) => unknown;
  onRouteDidUpdate?: (args: RouteUpdateArguments) => unknown;
}

/** A module of the site's `clientModules`, as the browser imported it: its lifecycles as named exports, or on its default export (as Docusaurus' own gtag module has them). */
export interface ClientModule extends RouteLifecycles {
  default?: unknown;
}

/** A location as Docusaurus' lifecycles get it (react-router's shape). */
export interface ClientModuleLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

/** What a route lifecycle of a client module is called with. */
export interface RouteUpdateArguments {
  location: ClientModuleLocation;
  previousLocation: ClientModuleLocation | null;
}

/**
 * Calls the client modules' route lifecycles each time a location is on screen: the first page
 * (with no previous location) and each page or hash navigated to. Docusaurus calls
 * `onRouteUpdate` as the navigation starts; here both are called once the page is rendered, and a
 * function `onRouteUpdate` returns is called right after it, as Docusaurus calls it after render.
 */
export function runClientModules(modules: readonly ClientModule[]): void {
  let previous: ClientModuleLocation | null = null;
  window.addEventListener(routeRenderedEvent, (event) => {
    const { path, search, hash } = (event as CustomEvent<RouteRenderedDetail>).detail;
    const location: ClientModuleLocation = { pathname: path, search, hash, state: history.state as unknown };
    if (previous && previous.pathname === path && previous.search === search && previous.hash === hash) return;
    const args = { location, previousLocation: previous };
    previous = location;
    for (const module of modules) {
      const byDefault = (typeof module.default === 'object' && module.default !== null ? module.default : {}) as RouteLifecycles;
      try {
        const after = (byDefault.onRouteUpdate ?? module.onRouteUpdate)?.(args);
        if (typeof after === 'function') (after as () => void)();
        (byDefault.onRouteDidUpdate ?? module.onRouteDidUpdate)?.(args);
      } catch (error) {
        // One module's failure must not stop the others, nor the page.
        console.error('sdkdocs: a client module failed on a route update.', error);
      }
    }
  });
}
