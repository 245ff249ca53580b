import type { ComponentType } from 'react';
import { withBaseUrl } from '../../../src/shared/paths.js';
import type { NavbarItemData, NavbarItemPosition } from '../../../src/shared/types.js';
import { useTheme } from '../../context.js';
import { NavbarItem } from '../../NavbarItem.js';

/** What a navbar item component gets: the item's config keys but `type`, and whether it is drawn in the mobile menu. */
export interface NavbarItemComponentProps {
  position?: NavbarItemPosition;
  mobile?: boolean;
  [key: string]: unknown;
}

interface LinkProps extends NavbarItemComponentProps {
  label?: string;
  to?: string;
  href?: string;
  className?: string;
  items?: LinkProps[];
}

/**
 * A navbar link or dropdown drawn from Docusaurus-style props, for a site's own navbar item that
 * renders one of the theme's (`<ComponentTypes.default label="Discord" href="…" />`).
 */
function ThemeNavbarItem({ mobile = false, ...props }: LinkProps) {
  const { site } = useTheme();
  const toItem = (link: LinkProps): NavbarItemData => ({
    type: link.items ? 'dropdown' : 'link',
    label: link.label ?? '',
    to: link.to !== undefined ? withBaseUrl(link.to, site.baseUrl) : undefined,
    href: link.href,
    position: props.position ?? 'right',
    ...(link.className ? { className: link.className } : {}),
    ...(link.items ? { items: link.items.map(toItem) } : {}),
  });
  return <NavbarItem item={toItem(props)} mobile={mobile} />;
}

/**
 * `@theme/NavbarItem/ComponentTypes`: navbar item components by type, as Docusaurus has them. The
 * theme draws its own types itself; a site's `src/theme/NavbarItem/ComponentTypes.js` spreads this
 * map and adds its `custom-…` types, whose items are drawn by the components it gives.
 */
const ComponentTypes: Record<string, ComponentType<any>> = {
  default: ThemeNavbarItem,
  dropdown: ThemeNavbarItem,
};

export default ComponentTypes;
