import { useEffect, useState } from 'react';
import { routeRenderedEvent, type RouteRenderedDetail } from '../src/shared/client-data.js';
import type { TocItem } from '../src/shared/types.js';

/*
 * The table of contents' headings: their tree and the one being read. Shared by the theme's TOCs
 * (DocParts) and \`@theme/TOCItems\`, which a site's own TOC wraps.
 */

export interface TocNode {
  item: TocItem;
  children: TocNode[];
}

/** The flat heading list as a tree: each heading under the closest shallower one before it. */
export function tocTree(items: TocItem[]): TocNode[] {
  const minDepth = Math.min(...items.map((item) => item.depth));
  const roots: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const item of items) {
    const node: TocNode = { item, children: [] };
    while (stack.length > 0 && stack[stack.length - 1].item.depth >= item.depth) stack.pop();
    if (stack.length === 0 || item.depth === minDepth) roots.push(node);
    else stack[stack.length - 1].children.push(node);
    stack.push(node);
  }
  return roots;
}

/** A heading's top counts as "reached" this far (px) below the line a `#fragment` jump puts it on. */
const headingReachedSlack = 8;

function pixels(value: string): number {
  return Number.parseFloat(value) || 0;
}

/**
 * The heading the reader is at: the last one scrolled up to the reading line, or the first one
 * while it is still in the upper half of the window. The reading line is where a `#fragment`
 * jump puts a heading: below the navbar, the root's `scroll-padding-top` and the heading's own
 * `scroll-margin-top` (API member titles have one), so the heading a link led to is the one
 * highlighted. A heading that was the target of a link or a TOC click stays highlighted while it
 * is on screen, even when the page ends too soon to scroll it up to the line, until the reader
 * scrolls by themselves.
 */
export function useActiveHeading(items: TocItem[]): string | undefined {
  const [active, setActive] = useState<string>();
  const ids = items.map((item) => item.id).join(' ');
  useEffect(() => {
    if (!ids) return;
    const headingIds = ids.split(' ');
    let frame = 0;
    let target = decodeHash(window.location.hash);
    // Read once per heading (and again after a resize): reading styles on every scroll frame costs layout work.
    const scrollMargins = new Map<Element, number>();
    let scrollPadding: number | undefined;
    const update = () => {
      frame = 0;
      const navbarBottom = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 60;
      scrollPadding ??= pixels(getComputedStyle(document.documentElement).scrollPaddingTop);
      const line = Math.max(navbarBottom + 24, scrollPadding + headingReachedSlack);
      let current: string | undefined;
      for (const id of headingIds) {
        const heading = document.getElementById(id);
        if (!heading) continue;
        let margin = scrollMargins.get(heading);
        if (margin === undefined) scrollMargins.set(heading, (margin = pixels(getComputedStyle(heading).scrollMarginTop)));
        const top = heading.getBoundingClientRect().top - margin;
        if (top <= line) current = id;
        else {
          if (!current && top < window.innerHeight / 2) current = id;
          break;
        }
      }
      const targetHeading = target ? document.getElementById(target) : null;
      if (target && targetHeading && headingIds.indexOf(target) > (current ? headingIds.indexOf(current) : -1)) {
        const { top, bottom } = targetHeading.getBoundingClientRect();
        if (bottom > 0 && top < window.innerHeight) current = target;
      }
      setActive(current);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(update);
    };
    const onNavigate = (event: Event) => {
      target = decodeHash((event as CustomEvent<RouteRenderedDetail>).detail?.hash ?? window.location.hash);
      schedule();
    };
    // The reader's own scrolling (wheel, touch, keys, scrollbar) ends the hold on a link's target.
    const release = () => {
      target = undefined;
    };
    const releaseEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    const onResize = () => {
      scrollMargins.clear();
      scrollPadding = undefined;
      schedule();
    };
    window.addEventListener('resize', onResize);
    window.addEventListener(routeRenderedEvent, onNavigate);
    window.addEventListener('hashchange', onNavigate);
    for (const name of releaseEvents) window.addEventListener(name, release, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', onResize);
      window.removeEventListener(routeRenderedEvent, onNavigate);
      window.removeEventListener('hashchange', onNavigate);
      for (const name of releaseEvents) window.removeEventListener(name, release, { capture: true });
    };
  }, [ids]);
  return active;
}

function decodeHash(hash: string): string | undefined {
  if (!hash || hash === '#') return undefined;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
