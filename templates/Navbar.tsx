import { Component, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { routeRenderedEvent } from '../src/shared/client-data.js';
import { formatThemeString } from '../src/shared/theme-strings.js';
import type { NavbarItemData } from '../src/shared/types.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { MobileMenu } from './MobileMenu.js';
import { NavbarBrand } from './NavbarBrand.js';
import { NavbarItem } from './NavbarItem.js';
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

declare global {
  /**
   * False in the browser bundle of a site whose navbar surely fits the narrowest desktop width
   * (bundle-client.ts defines it): the code that fits a crowded navbar is left out then.
   */
  var __sdkdocsNavbarCrowded: boolean | undefined;
}

/**
 * Keeps a crowded navbar on one line: while its content is wider than the bar, the last item still
 * shown is hidden, and the menu button shows (the menu lists every item). Returns the clean-up.
 */
function fitNavbarItems(nav: HTMLElement): () => void {
  const inner = nav.firstElementChild as HTMLElement;
  const fit = () => {
    const items = [...inner.querySelectorAll<HTMLElement>(':scope > .navbar-items > .navbar-item')];
    for (const item of items) item.hidden = false;
    nav.removeAttribute('data-overflow');
    while (items.length > 0 && inner.scrollWidth > inner.clientWidth) {
      nav.setAttribute('data-overflow', '');
      items.pop()!.hidden = true;
    }
  };
  // The bar's width changes with the window's; its content's with web fonts and the route (a version dropdown's label).
  const observer = new ResizeObserver(fit);
  observer.observe(inner);
  void document.fonts?.ready.then(fit);
  window.addEventListener(routeRenderedEvent, fit);
  return () => {
    observer.disconnect();
    window.removeEventListener(routeRenderedEvent, fit);
  };
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
  const navRef = useRef<HTMLElement>(null);
  // Before the first paint after hydration: the reader never sees the items overflow once the script runs.
  useLayoutEffect(() => {
    if (globalThis.__sdkdocsNavbarCrowded !== false) return fitNavbarItems(navRef.current!);
  }, []);
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
      ref={navRef}
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
          {left.map((item, index) => (
            <NavbarItemBoundary key={index} item={item}>
              <NavbarItem item={item} />
            </NavbarItemBoundary>
          ))}
        </div>
        <div className="navbar-items navbar-items-right">
          {right.map((item, index) => (
            <NavbarItemBoundary key={index} item={item}>
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
