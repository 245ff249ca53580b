import type { ReactNode } from 'react';

export interface AdmonitionProps {
  /** `note`, `tip`, `info`, `warning`, `danger`; `caution` is shown as `warning`, as `:::caution` is. */
  type?: string;
  title?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
}

const defaultTitles: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  important: 'Important',
  secondary: 'Note',
};

/** `@theme/Admonition`: the same box a `:::type` block of markdown gives. */
export default function Admonition({ type = 'note', title, icon, children, className }: AdmonitionProps) {
  const kind = type === 'caution' ? 'warning' : type === 'secondary' ? 'note' : type === 'important' ? 'info' : type;
  return (
    <aside className={['admonition', `admonition-${kind}`, className].filter(Boolean).join(' ')} role="note">
      <p className="admonition-title">
        {icon ? <span className="admonition-icon">{icon}</span> : null}
        {title ?? defaultTitles[type] ?? type}
      </p>
      {children}
    </aside>
  );
}
