import type { RouteLoader } from './route-loader.js';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetching costs data: never on 2g connections or with data saving on. */
export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !(connection && (connection.saveData || connection.effectiveType?.includes('2g')));
}

const supportsLinkPrefetch = (() => {
  const link = document.createElement('link');
  return Boolean(link.relList?.supports?.('prefetch'));
})();

const requested = new Set<string>();

/** Asks for an asset once: `<link rel="prefetch">`, or a plain GET where link prefetch is unsupported. */
export function prefetchAsset(url: string): void {
  if (requested.has(url)) return;
  requested.add(url);
  if (supportsLinkPrefetch) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    document.head.appendChild(link);
  } else {
    fetch(url, { credentials: 'same-origin' }).catch(() => requested.delete(url));
  }
}

/**
 * Prefetches the data of the routes that links point at: when a link comes into view
 * (IntersectionObserver) and when it is hovered or focused. `otherRouteOf` gives the route a link
 * leads to, unless it is external or the page on screen; it comes from the caller because this
 * module loads on its own, and shares no module with the main chunk.
 */
export function startPrefetching(root: HTMLElement, loader: RouteLoader, otherRouteOf: (anchor: HTMLAnchorElement) => string | undefined): void {
  if (!prefetchAllowed()) return;
  const prefetchLink = (anchor: HTMLAnchorElement) => {
    const path = otherRouteOf(anchor);
    if (path === undefined) return;
    loader.match(path).then((url) => url && prefetchAsset(url), () => undefined);
  };
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      prefetchLink(entry.target as HTMLAnchorElement);
    }
  });
  const observed = new WeakSet<Element>();
  let scheduled = false;
  const scan = () => {
    scheduled = false;
    for (const anchor of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      if (observed.has(anchor)) continue;
      observed.add(anchor);
      observer.observe(anchor);
    }
  };
  // Links come and go with every route and every expanded sidebar category.
  new MutationObserver(() => {
    if (!scheduled) {
      scheduled = true;
      setTimeout(scan, 50);
    }
  }).observe(root, { childList: true, subtree: true });
  scan();
  const onPointer = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (anchor instanceof HTMLAnchorElement) prefetchLink(anchor);
  };
  document.addEventListener('mouseover', onPointer, { passive: true });
  document.addEventListener('touchstart', onPointer, { passive: true });
  document.addEventListener('focusin', onPointer);
}
