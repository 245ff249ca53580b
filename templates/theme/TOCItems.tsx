import type { TocItem } from '../../src/shared/types.js';
import { tocTree, useActiveHeading, type TocNode } from '../toc-headings.js';
import type { TOCInlineItem } from './TOCInline.js';

export interface TOCItemsProps {
  /** The headings in Docusaurus' shape (a doc's `toc`): each one's HTML `value`, `id` and `level`. */
  toc?: readonly TOCInlineItem[];
  /** The headings as sdkdocs' `TOC` slot gives them to an override, which passes its props on (`<TOCItems {...props} />`). */
  items?: TocItem[];
  /** Applied to `toc` only; `items` come filtered by the site's levels. @defaultValue 2 */
  minHeadingLevel?: number;
  /** @defaultValue 3 */
  maxHeadingLevel?: number;
  /** @defaultValue 'table-of-contents table-of-contents__left-border' */
  className?: string;
  /** @defaultValue 'table-of-contents__link' */
  linkClassName?: string | null;
  /** The class of the link to the heading being read. */
  linkActiveClassName?: string;
}

/**
 * `@theme/TOCItems`: the table of contents as a nested list of links, the one being read marked,
 * as the classic theme's `TOC` draws it. Swizzled `TOC`s render it inside their own wrapper. The
 * theme's `toc-list` and `toc-link` classes come with the site's, so it keeps the theme's look.
 */
export default function TOCItems({
  toc,
  items,
  minHeadingLevel = 2,
  maxHeadingLevel = 3,
  className = 'table-of-contents table-of-contents__left-border',
  linkClassName = 'table-of-contents__link',
  linkActiveClassName,
}: TOCItemsProps) {
  // Docusaurus' values are HTML (inline code, emphasis); sdkdocs' item texts are plain text.
  const html = items === undefined;
  const headings = items ?? (toc ?? []).filter(({ level }) => level >= minHeadingLevel && level <= maxHeadingLevel).map(({ value, id, level }) => ({ id, text: value, depth: level }));
  const activeId = useActiveHeading(headings);
  if (headings.length === 0) return null;
  const render = (nodes: TocNode[], top: boolean) => (
    <ul className={top ? `toc-list ${className}` : undefined}>
      {nodes.map(({ item, children }) => {
        const active = item.id === activeId;
        const classes = ['toc-link', linkClassName, active && 'toc-link-active', active && linkActiveClassName].filter(Boolean).join(' ');
        return (
          <li key={item.id}>
            {html ? (
              <a href={`#${item.id}`} className={classes} dangerouslySetInnerHTML={{ __html: item.text }} />
            ) : (
              <a href={`#${item.id}`} className={classes}>
                {item.text}
              </a>
            )}
            {children.length > 0 ? render(children, false) : null}
          </li>
        );
      })}
    </ul>
  );
  return render(tocTree(headings), true);
}
