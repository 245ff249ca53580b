import { createElement, useContext, useEffect, useState, type ReactElement } from 'react';
import { routeRenderedEvent } from '../../../src/shared/client-data.js';
import { ThemeContext } from '../../context.js';
import Head from './Head.js';

/** Where the reader is, as `@docusaurus/router` (react-router) describes it. */
export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
}

const browserEvents = [routeRenderedEvent, 'popstate', 'hashchange'] as const;

/**
 * `@docusaurus/router`'s `useLocation`: the page's path (no query, no fragment) at build time and
 * while the page hydrates, so both render the same; then the browser's address, following
 * client-side navigations.
 */
export function useLocation(): RouterLocation {
  const route = useContext(ThemeContext)?.route;
  const [location, setLocation] = useState<RouterLocation>({ pathname: route?.path ?? '/', search: '', hash: '' });
  useEffect(() => {
    const read = () => setLocation({ pathname: window.location.pathname, search: window.location.search, hash: window.location.hash });
    read();
    for (const event of browserEvents) window.addEventListener(event, read);
    return () => {
      for (const event of browserEvents) window.removeEventListener(event, read);
    };
  }, []);
  return location;
}

/** `@docusaurus/router`'s `useHistory`, enough for pages that send the reader elsewhere: a full page load. */
export function useHistory(): { location: RouterLocation; push: (to: string) => void; replace: (to: string) => void } {
  const location = useLocation();
  return {
    location,
    push: (to) => window.location.assign(to),
    replace: (to) => window.location.replace(to),
  };
}

/** Where `<Redirect to>` sends the reader: a path of the site with its base URL, as react-router takes it, or its parts. */
export type RedirectTarget = string | Partial<RouterLocation>;

function hrefOf(to: RedirectTarget): string {
  return typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
}

/**
 * `@docusaurus/router`'s `<Redirect>`, as sites' landing pages use it (`<Redirect to="/docs/intro" />`).
 * Docusaurus' static page is empty and its router moves on once scripts run; here the page also
 * carries a refresh to the target, so a reader without scripts (or a crawler) gets there too.
 */
export function Redirect({ to, push = false }: { to: RedirectTarget; push?: boolean }): ReactElement {
  const href = hrefOf(to);
  useEffect(() => {
    if (push) window.location.assign(href);
    else window.location.replace(href);
  }, [href, push]);
  return createElement(Head, null, createElement('meta', { httpEquiv: 'refresh', content: `0; url=${href}` }));
}
