import type { NavbarItemComponentProps } from './theme-navbar-item.js';
import { ThemeNavbarItem } from './theme-navbar-item.js';

/** Props of `NavbarItem/DefaultNavbarItem`: a link's label, `to` or `href`, and its other attributes. */
export interface DefaultNavbarItemProps extends NavbarItemComponentProps {
  label?: string;
  to?: string;
  href?: string;
  className?: string;
}

/** `@theme/NavbarItem/DefaultNavbarItem`: the theme's navbar link, for a site's own navbar item that draws one. */
export default function DefaultNavbarItem({ items: _items, ...props }: DefaultNavbarItemProps) {
  return <ThemeNavbarItem {...props} />;
}
