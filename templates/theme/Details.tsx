import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';

export interface DetailsProps {
  /** The always-visible line; a `<summary>` child is used when this is not given. */
  summary?: ReactNode;
  children?: ReactNode;
  className?: string;
  open?: boolean;
}

/**
 * `@theme/Details`: a native `<details>` element (keyboard and screen-reader support come with it,
 * and it works without JavaScript), styled like the theme's admonitions.
 */
export default function Details({ summary, children, className, open }: DetailsProps) {
  const items = Children.toArray(children);
  const summaryChild = items.find((child): child is ReactElement<{ children?: ReactNode }> => isValidElement(child) && child.type === 'summary');
  const body = summaryChild ? items.filter((child) => child !== summaryChild) : items;
  return (
    <details className={['details', className].filter(Boolean).join(' ')} open={open}>
      <summary>{summary ?? summaryChild?.props.children ?? 'Details'}</summary>
      <div className="details-content">{body}</div>
    </details>
  );
}
