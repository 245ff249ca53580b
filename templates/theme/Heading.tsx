import { Children, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { formatThemeString } from '../../src/shared/theme-strings.js';

type HeadingType = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export interface HeadingProps extends ComponentPropsWithoutRef<HeadingType> {
  /** The element drawn. */
  as: HeadingType;
}

/** The text of a heading's children, for the anchor's accessible name. */
function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) => (typeof child === 'string' || typeof child === 'number' ? String(child) : ''))
    .join('')
    .trim();
}

/**
 * `@theme/Heading`, as landing pages and components of Docusaurus sites use it: the heading
 * element `as` names, with the `#` anchor that docs headings have when it has an `id` (a page
 * title, `h1`, has none).
 */
export default function Heading({ as: Tag, id, children, ...props }: HeadingProps) {
  if (Tag === 'h1' || !id) {
    return (
      <Tag id={id} {...props}>
        {children}
      </Tag>
    );
  }
  const text = textOf(children) || id;
  return (
    <Tag id={id} {...props}>
      {children}
      <a className="hash-link" aria-label={formatThemeString('directLink', { heading: text })} href={`#${id}`}>
        #
      </a>
    </Tag>
  );
}
