import { Component, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { routeRenderedEvent } from '../src/shared/client-data.js';
import { formatThemeString } from '../src/shared/theme-strings.js';
import type { NavbarItemData } from '../src/shared/types.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { Link } from './Link.js';
import { MobileMenu } from './MobileMenu.js';
import { SearchBar } from './SearchBar.js';
import { overridable } from './theme-overrides.js';
import { useTheme } from './context.js';

const ColorModeToggleSlot = overridable('ColorModeToggle', ColorModeToggle);
const SearchBarSlot = overridable('SearchBar', SearchBar);

/** Below this width (px) the layout is mobile: navbar items move into the sidebar menu. */
export const mobileBreakpoint = 996;

/**
 * One broken navbar item must not take the whole page down: it is left out, and the console
 * tells the site's maintainer which item of the config to check.
 */
class NavbarItemBoundary extends Component<{ item: NavbarItemData; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(new Error(`${formatThemeString('navbarItemError')}\n${JSON.stringify(this.props.item, null, 2)}`, { cause: error }));
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

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
    return <NavbarDropdown item={item} className={className} />;
  }
  const link = (
    <Link to={item.to} href={item.href} className={className} aria-current={active && item.to === route.path ? 'page' : undefined}>
      {item.label}
      {item.href ? <ExternalIcon /> : null}
    </Link>
  );
  return mobile ? <li className="menu-item">{link}</li> : <div className="navbar-item">{link}</div>;
}

/**
 * A dropdown: opens on hover (CSS) and on click or Enter/Space; closes on a click, touch or focus
 * outside it and on Escape.
 */
function NavbarDropdown({ item, className }: { item: NavbarItemData; className: string }) {
  const { route } = useTheme();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const events = ['mousedown', 'touchstart', 'focusin'] as const;
    for (const name of events) document.addEventListener(name, closeOutside);
    return () => {
      for (const name of events) document.removeEventListener(name, closeOutside);
    };
  }, [open]);
  useEffect(() => setOpen(false), [route.path]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggle.current?.focus();
    } else if (event.target === toggle.current && (event.key === ' ' || event.key === 'Enter')) {
      event.preventDefault();
      setOpen((value) => !value);
    } else if (event.target === toggle.current && event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('.dropdown-menu a')?.focus());
    }
  };
  return (
    <div className={`navbar-item navbar-dropdown${open ? ' navbar-dropdown-open' : ''}`} ref={root} onKeyDown={onKeyDown}>
      <Link
        to={item.to}
        href={item.href}
        className={className}
        aria-haspopup="true"
        aria-expanded={open}
        role="button"
        ref={toggle}
        onClick={(event) => {
          event.preventDefault();
          setOpen((value) => !value);
        }}
      >
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

function ExternalIcon() {
  return (
    <svg className="icon-external" width="13" height="13" aria-hidden="true" viewBox="0 0 24 24">
      <path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z" />
    </svg>
  );
}

/**
 * Hides the navbar while the reader scrolls down and shows it again when they scroll up or reach
 * the top. Scrolling done by a navigation (to a `#fragment`) does not count.
 */
function useHideOnScroll(enabled: boolean, paused: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    let ignoreNext = false;
    const onScroll = () => {
      const y = window.scrollY;
      const navbarHeight = document.querySelector('.navbar')?.getBoundingClientRect().height ?? 60;
      if (y < navbarHeight) setHidden(false);
      else if (!ignoreNext && y !== last) setHidden(y > last);
      ignoreNext = false;
      last = y;
    };
    const onNavigate = () => {
      ignoreNext = true;
      last = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener(routeRenderedEvent, onNavigate);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener(routeRenderedEvent, onNavigate);
    };
  }, [enabled]);
  return hidden && !paused;
}

/** The logo and title, linking to the landing page or the logo's `href`. */
export function NavbarBrand() {
  const { site } = useTheme();
  const { logo, title } = site.navbar;
  return (
    <Link to={logo?.href ?? site.baseUrl} className="navbar-brand">
      {logo ? (
        <span className="navbar-logo">
          {logo.srcDark ? (
            // Both in the page, switched by CSS: the prerendered page shows the right one before any script runs.
            <>
              <img src={logo.src} alt={logo.alt} height={32} width={32} className="themed-image themed-image-light" />
              <img src={logo.srcDark} alt={logo.alt} height={32} width={32} className="themed-image themed-image-dark" />
            </>
          ) : (
            <img src={logo.src} alt={logo.alt} height={32} width={32} />
          )}
        </span>
      ) : null}
      <b className="navbar-title">{title}</b>
    </Link>
  );
}

/** The fixed top bar: brand, items on either side, colour-mode toggle, search and the mobile menu. */
export function Navbar() {
  const { site, route } = useTheme();
  const { navbar } = site;
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Closed by the reader (Escape, close button, backdrop): focus goes back to the menu button,
  // once the menu (which keeps focus inside while open) is gone.
  const restoreFocus = useRef(false);
  const closeMenu = () => {
    restoreFocus.current = true;
    setMenuOpen(false);
  };
  useEffect(() => {
    if (menuOpen || !restoreFocus.current) return;
    restoreFocus.current = false;
    toggleRef.current?.focus();
  }, [menuOpen]);
  const hidden = useHideOnScroll(navbar.hideOnScroll, menuOpen);
  const left = navbar.items.filter((item) => item.position === 'left');
  const right = navbar.items.filter((item) => item.position === 'right');
  useEffect(() => setMenuOpen(false), [route.path]);
  useEffect(() => {
    if (!menuOpen) return;
    const desktop = matchMedia(`(min-width: ${mobileBreakpoint + 1}px)`);
    const closeOnDesktop = () => desktop.matches && setMenuOpen(false);
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    desktop.addEventListener('change', closeOnDesktop);
    document.addEventListener('keydown', closeOnEscape);
    document.body.style.overflow = 'hidden';
    return () => {
      desktop.removeEventListener('change', closeOnDesktop);
      document.removeEventListener('keydown', closeOnEscape);
      document.body.style.overflow = '';
    };
  }, [menuOpen]);
  return (
    <nav
      className={`navbar${navbar.style ? ` navbar-${navbar.style}` : ''}${hidden ? ' navbar-hidden' : ''}${menuOpen ? ' navbar-sidebar-open' : ''}`}
      aria-label={formatThemeString('main')}
    >
      <div className="navbar-inner">
        <div className="navbar-items navbar-items-left">
          <button
            type="button"
            ref={toggleRef}
            className="navbar-toggle clean-button"
            aria-label={formatThemeString('toggleNavbar')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true">
              <path stroke="currentColor" strokeLinecap="round" strokeMiterlimit="10" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
            </svg>
          </button>
          <NavbarBrand />
          {left.map((item) => (
            <NavbarItemBoundary key={item.label} item={item}>
              <NavbarItem item={item} />
            </NavbarItemBoundary>
          ))}
        </div>
        <div className="navbar-items navbar-items-right">
          {right.map((item) => (
            <NavbarItemBoundary key={item.label} item={item}>
              <NavbarItem item={item} />
            </NavbarItemBoundary>
          ))}
          {site.colorMode.disableSwitch ? null : <ColorModeToggleSlot />}
          <SearchBarSlot />
        </div>
      </div>
      <div className="navbar-backdrop" onClick={closeMenu} />
      {menuOpen ? <MobileMenu onClose={closeMenu} /> : null}
    </nav>
  );
}
