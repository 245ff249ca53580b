import { createElement, useEffect, useMemo, useRef, useState } from 'react';
// The bundler sends this import to AppWithProviders.tsx where the site has its own Layout/Provider.
import { App } from '../../templates/App.js';
import type { ThemeRuntime } from '../../templates/context.js';
import { errorMessageChain } from '../../templates/ErrorBoundary.js';
import { appRootId, type BootData } from '../shared/client-data.js';
import { formatThemeString } from '../shared/theme-strings.js';
import { Router, type View, type ViewStatus } from './router.js';
import type { RouteLoader } from './route-loader.js';
import { checkDocsRoute } from './docs-plugin.js';
import { safeStorage } from './storage.js';
import { hydrateMdxContent } from 'sdkdocs:mdx-runtime';
import { themeOverrides } from 'sdkdocs:theme-overrides';
import { usePageStylesheets } from 'sdkdocs:page-stylesheets';

function Spinner() {
  return <div className="route-spinner" role="status" aria-label={formatThemeString('loading')} />;
}

/** The red box of a route that failed to load, with a Retry button. */
function RouteError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="route-error" role="alert">
      <p className="route-error-title">{formatThemeString('loadFailed')}</p>
      {errorMessageChain(error).map((message, index) => (
        <p key={index} className="route-error-message">
          {message}
        </p>
      ))}
      <button type="button" className="button route-error-retry" onClick={retry}>
        {formatThemeString('retry')}
      </button>
    </div>
  );
}

function statusElement(status: ViewStatus | undefined) {
  if (!status) return undefined;
  return status.kind === 'loading' ? <Spinner /> : <RouteError error={status.error} retry={status.retry} />;
}

/** Server-rendered HTML the client keeps as it is (the footer never changes). */
export interface StaticHtml {
  className: string;
  html: string;
}

/** The hydrated root: holds the view the router changes and renders the theme's `<App>` for it. */
export function ClientApp({ boot, loader, initial, footer }: { boot: BootData; loader: RouteLoader; initial: View; footer?: StaticHtml }) {
  const [view, setView] = useState(initial);
  const current = useRef(view);
  current.current = view;
  const router = useMemo(() => new Router({ view: () => current.current, update: setView }, loader, boot), [boot, loader]);
  const runtime = useMemo<ThemeRuntime>(() => ({ storage: safeStorage, loadFullSidebar: (name) => router.loadFullSidebar(name) }), [router]);
  useEffect(() => router.start(), [router]);
  // Bundled only for a site whose pages link stylesheets of their own: a constant of the bundle, so every render calls the same hooks.
  if (usePageStylesheets) usePageStylesheets(view.route.stylesheets);
  // An MDX doc's components come alive once its HTML is in the page (see ARCHITECTURE.md).
  useEffect(() => {
    const container = document.getElementById(appRootId);
    if (hydrateMdxContent && view.route.mdxModule && !view.status && container) return hydrateMdxContent(container, view, boot.site, runtime);
  }, [view.route, view.status]);
  useEffect(() => {
    if (view.status) return;
    if (view.renderId === 0 || view.routeChanged) {
      checkDocsRoute(boot.site, view.route, view.location.path, view.sidebars, loader, safeStorage);
    }
    router.afterRender(view);
    // Only a new navigation matters here, not a sidebar that finished loading.
  }, [view.renderId, view.status]);
  return (
    <App
      site={boot.site}
      route={view.route}
      sidebars={view.sidebars}
      runtime={runtime}
      status={statusElement(view.status)}
      pageContent={view.page ? createElement(view.page, { site: boot.site }) : undefined}
      overrides={themeOverrides}
      footer={themeOverrides.Footer ? createElement(themeOverrides.Footer) : footer ? <footer className={footer.className} dangerouslySetInnerHTML={{ __html: footer.html }} /> : undefined}
    />
  );
}
