import type { ReactNode } from 'react';

/** The styles of admonitions: `admonition-<type>` in theme.css, and an icon each. */
export type AdmonitionType = 'note' | 'tip' | 'info' | 'warning' | 'danger' | 'important';

/** Outline shapes on a 16-unit grid, drawn with the title's colour. */
const iconShapes: Record<AdmonitionType, ReactNode> = {
  note: (
    <>
      <path d="M3 1.75h7l3 3v9.5H3z" />
      <path d="M5.5 7.5h5M5.5 10.5h5" />
    </>
  ),
  info: (
    <>
      <circle cx="8" cy="8" r="6.25" />
      <path d="M8 7.25v4M8 4.75v.01" />
    </>
  ),
  tip: (
    <>
      <path d="M6 12h4M6.5 14.5h3" />
      <path d="M8 1.5a4.5 4.5 0 0 0-2.5 8.25V12h5V9.75A4.5 4.5 0 0 0 8 1.5z" />
    </>
  ),
  important: (
    <>
      <path d="M2 2.25h12v9H8.5L5.25 14.25v-3H2z" />
      <path d="M8 4.5v3.5M8 9.5v.01" />
    </>
  ),
  warning: (
    <>
      <path d="M8 1.75 14.75 14H1.25z" />
      <path d="M8 6.25v3.75M8 12v.01" />
    </>
  ),
  danger: (
    <>
      <path d="M5.25 1.5h5.5l3.75 3.75v5.5l-3.75 3.75h-5.5L1.5 10.75v-5.5z" />
      <path d="M8 4.75v4M8 11.25v.01" />
    </>
  ),
};

function isAdmonitionType(type: unknown): type is AdmonitionType {
  return typeof type === 'string' && Object.hasOwn(iconShapes, type);
}

/** The icon of an admonition type, inline so that it costs no request and no script. */
export function AdmonitionIcon({ type }: { type: AdmonitionType }) {
  return (
    <svg
      className="admonition-icon"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {iconShapes[type]}
    </svg>
  );
}

/**
 * The title line of an admonition made from markdown (the `admonition-title` element that
 * remark-admonitions emits, with `data-type`): its icon, then the title with its formatting.
 */
export function AdmonitionTitle({ 'data-type': type, children }: { 'data-type'?: string; children?: ReactNode }) {
  return (
    <p className="admonition-title">
      {isAdmonitionType(type) && <AdmonitionIcon type={type} />}
      {children}
    </p>
  );
}

/** Default titles, as Docusaurus shows them. */
const defaultTitles: Record<AdmonitionType, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  important: 'Important',
};

/** Props of `@theme/Admonition`, as in Docusaurus. */
export interface AdmonitionProps {
  /** `note`, `tip`, `info`, `warning`, `danger`, `important`, `caution`, `secondary`, or any other word (a plain box). */
  type?: string;
  title?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * An admonition as a component, with the props of Docusaurus' `@theme/Admonition`: `type`
 * (`caution` is drawn as `warning`, `secondary` as `note`), an optional `title`, `icon` and `className`.
 */
export function Admonition({ type = 'note', title, icon, children, className }: AdmonitionProps) {
  const style = type === 'caution' ? 'warning' : type === 'secondary' ? 'note' : type;
  const known = isAdmonitionType(style);
  const shownTitle = title ?? (type === 'caution' ? 'Caution' : known ? defaultTitles[style] : type);
  return (
    <aside className={['admonition', `admonition-${known ? style : 'plain'}`, className].filter(Boolean).join(' ')} role="note">
      <p className="admonition-title">
        {icon ? <span className="admonition-icon">{icon}</span> : known && <AdmonitionIcon type={style} />}
        {shownTitle}
      </p>
      {children}
    </aside>
  );
}
