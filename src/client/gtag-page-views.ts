import type { RouteUpdateArguments } from './client-modules.js';

/*
 * A client module (see client-modules.ts) of sites with `analytics.gtag`: gtag.js counts the first
 * page itself; each page the reader then goes to in the client is sent as a page view.
 */

declare const gtag: ((...args: unknown[]) => void) | undefined;

export function onRouteDidUpdate({ location, previousLocation }: RouteUpdateArguments): void {
  if (!previousLocation || typeof gtag !== 'function') return;
  const address = `${location.pathname}${location.search}${location.hash}`;
  if (address === `${previousLocation.pathname}${previousLocation.search}${previousLocation.hash}`) return;
  gtag('set', 'page_path', address);
  gtag('event', 'page_view', { page_location: window.location.href, page_title: document.title });
}
