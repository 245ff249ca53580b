import { useLayoutEffect } from 'react';
import { pageStylesheetAttribute } from '../shared/client-data.js';

/** Applies to no medium: the stylesheet is loaded but styles nothing. */
const off = 'not all';
const loads = new Map<string, Promise<void>>();

function pageLinks(): HTMLLinkElement[] {
  return [...document.querySelectorAll<HTMLLinkElement>(`link[${pageStylesheetAttribute}]`)];
}

/** A page's own stylesheet goes before the theme's, as the build links it: the theme and the site's CSS win. */
function addLink(href: string, media: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.media = media;
  link.setAttribute(pageStylesheetAttribute, '');
  const theme = document.querySelector(`link[rel="stylesheet"]:not([${pageStylesheetAttribute}])`);
  document.head.insertBefore(link, theme);
  return link;
}

/**
 * Loads the stylesheets a route links, not yet applied, so that showing the route applies them
 * at once instead of showing its content unstyled first. Settles when they have loaded or failed.
 */
export function loadPageStylesheets(hrefs: string[]): Promise<void> {
  return Promise.all(
    hrefs.map((href) => {
      let load = loads.get(href);
      if (!load) {
        const present = pageLinks().find((link) => link.getAttribute('href') === href);
        load = present
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              const link = addLink(href, off);
              link.onload = link.onerror = () => resolve();
            });
        loads.set(href, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

/** Applies the stylesheets of the route being shown and switches off those of other pages (kept loaded for later). */
export function showPageStylesheets(hrefs: string[] = []): void {
  const links = pageLinks();
  for (const link of links) link.media = hrefs.includes(link.getAttribute('href')!) ? '' : off;
  for (const href of hrefs) if (!links.some((link) => link.getAttribute('href') === href)) addLink(href, '');
}

/** Shows a route's stylesheets before its content is painted: it never shows without them, nor another page with them. */
export function usePageStylesheets(hrefs: string[] | undefined): void {
  useLayoutEffect(() => showPageStylesheets(hrefs), [hrefs]);
}
