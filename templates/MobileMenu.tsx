import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatThemeString } from '../src/shared/theme-strings.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { overridable } from './theme-overrides.js';
import { NavbarBrand } from './NavbarBrand.js';
import { NavbarItem } from './NavbarItem.js';
import { SidebarMenu } from './Sidebar.js';
import { useTheme } from './context.js';

const ColorModeToggleSlot = overridable('ColorModeToggle', ColorModeToggle);

/**
 * The menu that slides in below the mobile breakpoint, or beside a crowded navbar: the navbar items, and on pages with a
 * sidebar that sidebar as a secondary menu shown first, with a way back to the main menu.
 */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  const { site, route, sidebars } = useTheme();
  const sidebar = route.sidebar ? sidebars[route.sidebar] : undefined;
  // The docs sidebar comes first where the page does not show it (the mobile layout); opened
  // beside it (for the items a crowded navbar hides), the menu starts with the navbar items.
  const [showSidebar, setShowSidebar] = useState(() => Boolean(sidebar) && (globalThis.__sdkdocsNavbarCrowded === false || !document.querySelector<HTMLElement>('.doc-sidebar')?.offsetWidth));
  const root = useRef<HTMLDivElement>(null);
  useFocusTrap(root);
  return (
    <div className="navbar-sidebar" ref={root} role="dialog" aria-modal="true" aria-label={formatThemeString('navbarMenu')} onKeyDown={(event) => wrapTabKey(event, root.current)}>
      <div className="navbar-sidebar-header">
        <NavbarBrand />
        {site.colorMode.disableSwitch ? null : <ColorModeToggleSlot />}
        <button type="button" className="navbar-sidebar-close clean-button" aria-label={formatThemeString('closeNavbar')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="navbar-sidebar-panels">
        {sidebar && showSidebar ? (
          <>
            <button type="button" className="navbar-sidebar-back clean-button" onClick={() => setShowSidebar(false)}>
              {formatThemeString('backToMainMenu')}
            </button>
            <SidebarMenu items={sidebar} path={route.path} />
          </>
        ) : (
          <ul className="menu-list menu-list-root">
            {site.navbar.items.map((item, index) => (
              <NavbarItem key={index} item={item} mobile />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

const focusableSelector = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter((element) => element.getClientRects().length > 0);
}

/** Tab from the last control goes to the first one, Shift+Tab from the first to the last: focus stays in the open menu. */
function wrapTabKey(event: KeyboardEvent, container: HTMLElement | null): void {
  if (event.key !== 'Tab' || !container) return;
  const items = focusables(container);
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * While the menu is open it is a modal dialog (WAI-ARIA dialog pattern): focus moves into it, and
 * focus that lands outside it (a click on the page behind, a screen reader's jump) comes back.
 */
function useFocusTrap(root: { current: HTMLElement | null }): void {
  useEffect(() => {
    const container = root.current;
    if (!container) return;
    focusables(container)[0]?.focus();
    const keepInside = (event: FocusEvent) => {
      if (event.target instanceof Node && !container.contains(event.target)) focusables(container)[0]?.focus();
    };
    document.addEventListener('focusin', keepInside);
    return () => document.removeEventListener('focusin', keepInside);
  }, [root]);
}
