import { isValidElement, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { formatThemeString } from '../src/shared/theme-strings.js';
import { AdmonitionTitle } from './Admonition.js';

/**
 * Overrides for elements of rendered markdown, passed to rehype-react as its `components` map.
 * Sites and later features add entries here; each gets the element's props.
 */
export const markdownComponents = {
  /**
   * Wide tables scroll on their own instead of widening the page. The scroll box is focusable, so
   * keyboard users can scroll it too, and named after the table's columns (WCAG 2.1.1).
   */
  table: (props: ComponentPropsWithoutRef<'table'>) => (
    <div className="table-wrapper" tabIndex={0} role="group" aria-label={tableLabel(props.children)}>
      <table {...props} />
    </div>
  ),
  /** Images load lazily and never overflow the column. */
  img: (props: ComponentPropsWithoutRef<'img'>) => <img loading="lazy" decoding="async" {...props} />,
  /** An admonition's title (remark-admonitions): the type's icon before the text. */
  'admonition-title': AdmonitionTitle,
};

/** `Table: Option, Type, Default`: the header cells of the table's first row. */
function tableLabel(children: ReactNode): string {
  const firstRow = findElement(children, 'tr');
  const columns = firstRow ? elementChildren(firstRow).map((cell) => textOf(cell).trim()).filter(Boolean) : [];
  return columns.length > 0 ? formatThemeString('tableWithColumns', { columns: columns.join(', ') }) : formatThemeString('table');
}

function elementChildren(node: ReactNode): ReactNode[] {
  return isValidElement<{ children?: ReactNode }>(node) ? [node.props.children].flat(Infinity as 1).filter((child) => isValidElement(child)) : [];
}

function findElement(node: ReactNode, type: string): ReactNode | undefined {
  for (const child of [node].flat(Infinity as 1)) {
    if (!isValidElement<{ children?: ReactNode }>(child)) continue;
    if (child.type === type) return child;
    const inner = findElement(child.props.children, type);
    if (inner) return inner;
  }
  return undefined;
}

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  return isValidElement<{ children?: ReactNode }>(node) ? textOf(node.props.children) : '';
}
