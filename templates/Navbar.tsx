import type { ReactNode } from 'react';
import { formatThemeString } from '../src/shared/theme-strings.js';
import type { NavbarItemData } from '../src/shared/types.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { Link } from './Link.js';
import { SearchBar } from './SearchBar.js';
import { useTheme } from './context.js';

/** Whether a navbar item points at the current page or the section it is in. */
export function isNavbarItemActive(item: NavbarItemData, path: string): boolean {
  if (item.activeBasePath && (path === item.activeBasePath || path.startsWith(`${item.activeBasePath}/`))) return true;
  if (item.to && (path === item.to || (item.to.length > 1 && path.startsWith(`${item.to}/`)))) return true;
  return (item.items ?? []).some((child) => isNavbarItemActive(child, path));
}

export function NavbarItem({ item, mobile = false }: { item: NavbarItemData; mobile?: boolean }) {
  const { route } = useTheme();
  const active = isNavbarItemActive(item, route.path);
  const className = mobile ? `menu-link${active ? ' menu-link-active' : ''}` : `navbar-link${active ? ' navbar-link-active' : ''}`;
  if (item.type === 'dropdown') {
    if (mobile) {
      return (
        <li className="menu-item">
          <span className="menu-link menu-category-label">{item.label}</span>
          <ul className="menu-list">
            {(item.items ?? []).map((child) => (
              <NavbarItem key={child.label} item={child} mobile />
            ))}
          </ul>
        </li>
      );
    }
    return (
      <div className="navbar-item navbar-dropdown" data-dropdown="">
        <Link to={item.to} href={item.href} className={className} aria-haspopup="true" aria-expanded="false" role="button" data-dropdown-toggle="">
          {item.label}
        </Link>
        <ul className="dropdown-menu">
          {(item.items ?? []).map((child) => (
            <li key={child.label}>
              <Link to={child.to} href={child.href} className={`dropdown-link${isNavbarItemActive(child, route.path) ? ' dropdown-link-active' : ''}`}>
                {child.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const link = (
    <Link to={item.to} href={item.href} className={className} aria-current={active && item.to === route.path ? 'page' : undefined}>
      {item.label}
      {item.href ? <ExternalIcon /> : null}
    </Link>
  );
  return mobile ? <li className="menu-item">{link}</li> : <div className="navbar-item">{link}</div>;
}

function ExternalIcon() {
  return (
    <svg className="icon-external" width="13" height="13" aria-hidden="true" viewBox="0 0 24 24">
      <path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z" />
    </svg>
  );
}

/** The fixed top bar: brand, items on either side, colour-mode toggle, search and the mobile menu button. */
export function Navbar({ mobileMenu }: { mobileMenu?: ReactNode }) {
  const { site } = useTheme();
  const { navbar } = site;
  const left = navbar.items.filter((item) => item.position === 'left');
  const right = navbar.items.filter((item) => item.position === 'right');
  return (
    <nav className="navbar" aria-label={formatThemeString('main')} data-hide-on-scroll={navbar.hideOnScroll ? '' : undefined}>
      <div className="navbar-inner">
        <div className="navbar-items navbar-items-left">
          <button type="button" className="navbar-toggle clean-button" aria-label={formatThemeString('toggleNavbar')} aria-expanded="false" data-mobile-menu-toggle="">
            <svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true">
              <path stroke="currentColor" strokeLinecap="round" strokeMiterlimit="10" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
            </svg>
          </button>
          <Link to={site.baseUrl} className="navbar-brand">
            {navbar.logo ? (
              <span className="navbar-logo">
                <img src={navbar.logo.src} alt={navbar.logo.alt} height={32} width={32} />
              </span>
            ) : null}
            <b className="navbar-title">{navbar.title}</b>
          </Link>
          {left.map((item) => (
            <NavbarItem key={item.label} item={item} />
          ))}
        </div>
        <div className="navbar-items navbar-items-right">
          {right.map((item) => (
            <NavbarItem key={item.label} item={item} />
          ))}
          {site.colorMode.disableSwitch ? null : <ColorModeToggle />}
          <SearchBar />
        </div>
      </div>
      <div className="navbar-backdrop" data-mobile-menu-close="" />
      {mobileMenu}
    </nav>
  );
}
