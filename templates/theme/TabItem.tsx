import type { ReactNode } from 'react';

export interface TabItemProps {
  /** The tab's value: what `defaultValue`, `groupId` choices and the query string refer to. */
  value: string;
  /** The tab's label (default: the value). */
  label?: ReactNode;
  /** Selected when nothing else chooses (no `defaultValue` on `<Tabs>`, no stored choice). */
  default?: boolean;
  /** Extra attributes of the tab button. */
  attributes?: Record<string, unknown>;
  className?: string;
  children?: ReactNode;
  hidden?: boolean;
}

/**
 * `@theme/TabItem`: one panel of `<Tabs>`, which reads these props and renders the panel itself
 * (with its ids and ARIA roles). Alone, it is a plain block of its content.
 */
export default function TabItem({ children, className, hidden }: TabItemProps) {
  return (
    <div className={['tabs-panel', className].filter(Boolean).join(' ')} hidden={hidden}>
      {children}
    </div>
  );
}
