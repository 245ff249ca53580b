import type { ReactNode } from 'react';
import type { IconProps } from './Success.js';

/**
 * Docusaurus's classic theme exports its small icons as `@theme/Icon/…` components, and sites'
 * swizzled parts import them (a colour-mode switch built from `@theme/Icon/DarkMode` and
 * `@theme/Icon/LightMode`). They are drawn here, in one style: a 24-unit box, `currentColor`,
 * hidden from assistive technology unless the caller labels the `<svg>` itself.
 */
export function iconOf(name: string, drawing: ReactNode, size: number, style: 'stroke' | 'fill' = 'stroke') {
  const Icon = (props: IconProps) => (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden={props['aria-label'] === undefined ? true : undefined}
      {...(style === 'stroke' ? { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } : { fill: 'currentColor' })}
      {...props}
    >
      {drawing}
    </svg>
  );
  Icon.displayName = `Icon${name}`;
  return Icon;
}

/** The sun of the light colour mode. */
export const sunDrawing = (
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2m0 16v2M2 12h2m16 0h2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>
);

/** The crescent of the dark colour mode. */
export const moonPath = 'M20.5 14.1A8.5 8.5 0 1 1 9.9 3.5a7 7 0 0 0 10.6 10.6z';
