import type { ComponentPropsWithoutRef } from 'react';
import { AdmonitionTitle } from './Admonition.js';

/**
 * Overrides for elements of rendered markdown, passed to rehype-react as its `components` map.
 * Sites and later features add entries here; each gets the element's props.
 */
export const markdownComponents = {
  /** Wide tables scroll on their own instead of widening the page. */
  table: (props: ComponentPropsWithoutRef<'table'>) => (
    <div className="table-wrapper">
      <table {...props} />
    </div>
  ),
  /** Images load lazily and never overflow the column. */
  img: (props: ComponentPropsWithoutRef<'img'>) => <img loading="lazy" decoding="async" {...props} />,
  /** An admonition's title (remark-admonitions): the type's icon before the text. */
  'admonition-title': AdmonitionTitle,
};
