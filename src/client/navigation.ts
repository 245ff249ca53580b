import { normalizeRoute } from '../shared/paths.js';

/** A file that is not a page (`.pdf`, `.svg`, `.zip`…): the browser loads it, not the router. */
const fileExtension = /\.(?!html?$)[a-z0-9]+$/i;

/**
 * The route path a link leads to when the client router should handle it: same origin, under the
 * base URL, not a download, not meant for another window, not a static file. Undefined otherwise.
 */
export function internalRoutePath(anchor: Element, baseUrl: string): string | undefined {
  if (!(anchor instanceof HTMLAnchorElement)) return undefined;
  if (anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return undefined;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || !`${url.pathname}/`.startsWith(baseUrl)) return undefined;
  if (fileExtension.test(url.pathname)) return undefined;
  return normalizeRoute(url.pathname, baseUrl);
}

/** True when a click asks for something else than following the link here (new tab, window, download). */
export function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** Where the browser is, as the router sees it. */
export interface RouterLocation {
  /** Clean route path (no `.html`, no trailing slash but for the site root). */
  path: string;
  search: string;
  hash: string;
}

export function currentLocation(baseUrl: string): RouterLocation {
  return { path: normalizeRoute(location.pathname, baseUrl), search: location.search, hash: location.hash };
}

/**
 * Scrolls to the `#fragment` target, or to the top when there is none (or it does not exist).
 * A target that takes focus (the main region from the skip link) gets it.
 */
export function scrollToLocation(hash: string): void {
  const id = hash ? decodeURIComponent(hash.slice(1)) : '';
  // As the HTML spec finds a fragment's target: the element with that id, else an <a name> (docs' HTML has those).
  const target = id ? (document.getElementById(id) ?? [...document.getElementsByName(id)].find((element) => element.localName === 'a')) : null;
  if (!target) {
    window.scrollTo(0, 0);
    return;
  }
  target.scrollIntoView();
  if (target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
}
