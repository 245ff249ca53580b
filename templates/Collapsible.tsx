import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * How long opening or closing a section of `height` pixels takes: longer for taller sections, but
 * growing ever slower, so that a long list does not crawl (the curve Docusaurus and Material use).
 */
export function collapseDuration(height: number): number {
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Animates `element`'s height to or from zero; ends hidden (`display: none`) when collapsing. */
function animateHeight(element: HTMLElement, collapse: boolean): () => void {
  element.style.display = '';
  element.style.overflow = 'hidden';
  const full = element.scrollHeight;
  const duration = reducedMotion() ? 1 : collapseDuration(full);
  element.style.transition = 'none';
  element.style.height = `${collapse ? full : 0}px`;
  void element.offsetHeight; // commit the start height before the transition begins
  element.style.transition = `height ${duration}ms ease-in-out`;
  element.style.height = `${collapse ? 0 : full}px`;
  const finish = () => {
    element.removeEventListener('transitionend', onEnd);
    clearTimeout(timer);
    element.style.height = '';
    element.style.overflow = '';
    if (collapse) element.style.display = 'none';
  };
  const onEnd = (event: TransitionEvent) => {
    if (event.target === element) finish();
  };
  element.addEventListener('transitionend', onEnd);
  // transitionend never comes when nothing moved; don't leave the section stuck half-way.
  const timer = setTimeout(finish, duration + 100);
  return finish;
}

/**
 * A section that opens and closes with an animated height. Its children are rendered on first
 * opening only, so a collapsed section costs nothing in the page.
 */
export function Collapsible({ collapsed, className, children }: { collapsed: boolean; className?: string; children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null);
  const [everOpened, setEverOpened] = useState(!collapsed);
  const previous = useRef(collapsed);
  if (!collapsed && !everOpened) setEverOpened(true);
  useLayoutEffect(() => {
    if (previous.current === collapsed || !element.current) return;
    previous.current = collapsed;
    return animateHeight(element.current, collapsed);
  }, [collapsed, everOpened]);
  if (!everOpened) return null;
  return (
    <div className={className} ref={element}>
      {children}
    </div>
  );
}
