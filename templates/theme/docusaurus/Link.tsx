import { useContext } from 'react';
import { ThemeContext } from '../../context.js';
import { Link as ThemeLink, type LinkProps } from '../../Link.js';
import { withBaseUrl } from './useBaseUrl.js';

/**
 * `@docusaurus/Link`: `to` is a route of the site, written without the base URL as in Docusaurus
 * (`/docs/intro`); `href` is any URL. Internal links navigate on the client like the theme's.
 */
export default function Link({ to, href, ...rest }: LinkProps) {
  const baseUrl = useContext(ThemeContext)?.site.baseUrl ?? '/';
  const target = to ?? href;
  if (target !== undefined && !/^[a-z][a-z\d+.-]*:|^\/\/|^#/i.test(target)) return <ThemeLink to={withBaseUrl(target, baseUrl)} {...rest} />;
  return <ThemeLink href={target} {...rest} />;
}
