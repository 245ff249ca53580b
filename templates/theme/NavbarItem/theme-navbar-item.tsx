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

/** Props of a link that are the link's own, not attributes of its element. */
const linkKeys = new Set(['label', 'to', 'href', 'className', 'items', 'position', 'mobile', 'type']);

/**
 * A navbar link or dropdown drawn from Docusaurus-style props, for a site's own navbar item that
 * renders one of the theme's (`<ComponentTypes.default label="Discord" href="…" />`). A link's
 * other props (`onClick`, `target`, `title` …) go onto its element, as Docusaurus passes them on.
 */
export function ThemeNavbarItem({ mobile = false, ...props }: LinkProps) {
  const { site } = useTheme();
  const toItem = (link: LinkProps): NavbarItemData => {
    const attributes = Object.fromEntries(Object.entries(link).filter(([key, value]) => !linkKeys.has(key) && value !== undefined));
    return {
      type: link.items ? 'dropdown' : 'link',
      label: link.label ?? '',
      // `to: '#'` with an onClick (a dropdown of choices) stays on the page.
      to: link.to !== undefined ? (link.to.startsWith('#') ? link.to : withBaseUrl(link.to, site.baseUrl)) : undefined,
      href: link.href,
      position: props.position ?? 'right',
      ...(link.className ? { className: link.className } : {}),
      // Not strings only, as the config's are: the element takes them as React props.
      ...(Object.keys(attributes).length > 0 ? { attributes: attributes as NavbarItemData['attributes'] } : {}),
      ...(link.items ? { items: link.items.map(toItem) } : {}),
    };
  };
  return <NavbarItem item={toItem(props)} mobile={mobile} />;
}

