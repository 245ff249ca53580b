import type { ComponentPropsWithoutRef } from 'react';

/** Props of an icon: those of its `<svg>` (`className`, `width`, `aria-label`…). */
export type IconProps = ComponentPropsWithoutRef<'svg'>;

/**
 * `@theme/Icon/Success`: the check mark Docusaurus shows when a code block was copied, which
 * sites' own buttons reuse (yogalayout.dev's "Share"). Coloured by `currentColor`.
 */
export default function IconSuccess(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" {...props}>
      <path fill="currentColor" d="M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z" />
    </svg>
  );
}
