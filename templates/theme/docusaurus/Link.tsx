import { useContext } from 'react';
import { ThemeContext } from '../../context.js';
import { Link as ThemeLink, type LinkProps } from '../../Link.js';
import { withBaseUrl } from './useBaseUrl.js';
import useBrokenLinks from './useBrokenLinks.js';

/**
 * `@docusaurus/Link`: `to` is a route of the site, written without the base URL as in Docusaurus
 * (`/docs/intro`); `href` is any URL. Internal links navigate on the client like the theme's.
 * Each link is collected for the link check, which holds a Docusaurus site's plain `<a>` to its
 * rules less strictly, as Docusaurus checks only these.
 */
export default function Link({ to, href, ...rest }: LinkProps) {
  const baseUrl = useContext(ThemeContext)?.site.baseUrl ?? '/';
  const brokenLinks = useBrokenLinks();
  const target = to ?? href;
  if (target !== undefined && !/^[a-z][a-z\d+.-]*:|^\/\/|^#/i.test(target)) {
    const route = withBaseUrl(target, baseUrl);
    brokenLinks.collectLink(route);
    return <ThemeLink to={route} {...rest} />;
  }
  brokenLinks.collectLink(target);
  return <ThemeLink href={target} {...rest} />;
}
