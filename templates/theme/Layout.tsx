import { useContext, type ReactNode } from 'react';
import { ThemeContext } from '../context.js';
import Head from './docusaurus/Head.js';
import { documentTitleOf } from '../../src/shared/document-title.js';

export interface LayoutProps {
  children?: ReactNode;
  /** The page's title: the document is titled "{title} | {site title}", as in Docusaurus. */
  title?: string;
  /** The page's description (`<meta name="description">` and its Open Graph copy). */
  description?: string;
  /** A class on the element around the page's content, as in Docusaurus. */
  wrapperClassName?: string;
  /** Accepted for Docusaurus pages; sdkdocs always draws the footer. */
  noFooter?: boolean;
}

/**
 * `@theme/Layout`: Docusaurus pages wrap their content in it to get the navbar and footer. Every
 * sdkdocs page is already drawn inside them, so it holds the content, in Docusaurus' wrapper, and
 * gives the page the title and description it names.
 */
export default function Layout({ children, title, description, wrapperClassName }: LayoutProps) {
  const site = useContext(ThemeContext)?.site;
  const siteTitle = site?.title;
  const head =
    title || description ? (
      <Head>
        {title ? <title>{siteTitle && title !== siteTitle ? documentTitleOf(title, siteTitle, site.titleDelimiter) : title}</title> : null}
        {description ? <meta name="description" content={description} /> : null}
        {description ? <meta property="og:description" content={description} /> : null}
      </Head>
    ) : null;
  return (
    <div className={['main-wrapper', wrapperClassName].filter(Boolean).join(' ')}>
      {head}
      {children}
    </div>
  );
}
