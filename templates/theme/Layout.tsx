import type { ReactNode } from 'react';

export interface LayoutProps {
  children?: ReactNode;
  /** In Docusaurus the page's `<title>`; here a page's title comes from its `export const meta`. */
  title?: string;
  /** In Docusaurus the page's description; here from `export const meta`. */
  description?: string;
  /** A class on the element around the page's content, as in Docusaurus. */
  wrapperClassName?: string;
  /** Accepted for Docusaurus pages; sdkdocs always draws the footer. */
  noFooter?: boolean;
}

/**
 * `@theme/Layout`: Docusaurus pages wrap their content in it to get the navbar and footer. Every
 * sdkdocs page is already drawn inside them, so it only holds the content, in Docusaurus' wrapper.
 */
export default function Layout({ children, wrapperClassName }: LayoutProps) {
  return <div className={['main-wrapper', wrapperClassName].filter(Boolean).join(' ')}>{children}</div>;
}
