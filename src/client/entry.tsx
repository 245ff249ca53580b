// First: the site's client modules run before the page is hydrated, as in Docusaurus.
import 'sdkdocs:client-modules';
import { hydrateRoot } from 'react-dom/client';
import { pages } from 'sdkdocs:pages';
import { appRootId, bootDataId, type BootData } from '../shared/client-data.js';
import { ClientApp } from './ClientApp.js';
import { installCopyButtons } from './copy-code.js';
import { installCopyPageButtons } from './copy-page.js';
import { discardStalePreferredVersion } from './docs-plugin.js';
import { currentLocation, internalRoutePath } from './navigation.js';
import { normalizeRoute } from '../shared/paths.js';
import { installOnDemandFeatures } from './on-demand.js';
import { RouteLoader, type PageComponent } from './route-loader.js';
import type { View } from './router.js';
import { safeStorage } from './storage.js';

/**
 * Hydrates the server-rendered page from its boot data. The first route's HTML is read back from
 * the DOM rather than shipped twice; a custom React page's chunk is loaded before hydrating.
 */
async function start(): Promise<void> {
  const container = document.getElementById(appRootId);
  const bootElement = document.getElementById(bootDataId);
  if (!container || !bootElement) return;
  const boot = JSON.parse(bootElement.textContent ?? '') as BootData;
  const { baseUrl } = boot.site;
  const loader = new RouteLoader(baseUrl, boot.files);
  const html = container.querySelector('[data-route-content]')?.innerHTML ?? '';
  const footerElement = container.querySelector(':scope > footer');
  const footer = footerElement ? { className: footerElement.className, html: footerElement.innerHTML } : undefined;
  let page: PageComponent | undefined;
  const loadPage = Object.hasOwn(pages, boot.route.path) ? pages[boot.route.path] : undefined;
  if (loadPage) {
    try {
      page = (await loadPage()).default;
    } catch (error) {
      // The server-rendered HTML stays, without its interactivity.
      console.error(`sdkdocs: the page chunk of ${boot.route.path} could not be loaded.`, error);
    }
  }
  const initial: View = {
    route: { ...boot.route, html },
    sidebars: boot.sidebars,
    page,
    location: currentLocation(baseUrl),
    renderId: 0,
    routeChanged: true,
  };
  discardStalePreferredVersion(boot.site, safeStorage);
  hydrateRoot(container, <ClientApp boot={boot} loader={loader} initial={initial} footer={footer} />);
  installCopyButtons();
  installCopyPageButtons();
  installOnDemandFeatures();
  // Prefetching helps the next navigation, not this page: it loads once the page is idle.
  const startPrefetching = () =>
    import('./prefetch.js').then(
      (module) =>
        module.startPrefetching(container, loader, (anchor) => {
          const path = internalRoutePath(anchor, baseUrl);
          return path === normalizeRoute(location.pathname, baseUrl) ? undefined : path;
        }),
      () => undefined,
    );
  if ('requestIdleCallback' in window) requestIdleCallback(() => void startPrefetching());
  else setTimeout(() => void startPrefetching(), 1);
}

void start();
