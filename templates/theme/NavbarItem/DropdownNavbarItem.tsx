import type { NavbarItemComponentProps } from './theme-navbar-item.js';
import { ThemeNavbarItem } from './theme-navbar-item.js';

/** Props of `NavbarItem/DropdownNavbarItem`: the dropdown's label and its entries, in Docusaurus' shape. */
export interface DropdownNavbarItemProps extends NavbarItemComponentProps {
  label?: string;
  items: NavbarItemComponentProps[];
  className?: string;
}

/**
 * `@theme/NavbarItem/DropdownNavbarItem`: the theme's dropdown, for a site's own navbar item that
 * draws one (contributing.bitwarden.com's dev-mode switch: entries with `to: '#'` and an `onClick`).
 */
export default function DropdownNavbarItem(props: DropdownNavbarItemProps) {
  return <ThemeNavbarItem {...props} items={props.items ?? []} />;
}
