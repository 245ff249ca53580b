import { useState } from 'react';
import { formatThemeString } from '../src/shared/theme-strings.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { NavbarBrand, NavbarItem } from './Navbar.js';
import { SidebarMenu } from './Sidebar.js';
import { useTheme } from './context.js';

/**
 * The menu that slides in below the mobile breakpoint: the navbar items, and on pages with a
 * sidebar that sidebar as a secondary menu shown first, with a way back to the main menu.
 */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  const { site, route, sidebars } = useTheme();
  const sidebar = route.sidebar ? sidebars[route.sidebar] : undefined;
  const [showSidebar, setShowSidebar] = useState(Boolean(sidebar));
  return (
    <div className="navbar-sidebar">
      <div className="navbar-sidebar-header">
        <NavbarBrand />
        {site.colorMode.disableSwitch ? null : <ColorModeToggle />}
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
            {site.navbar.items.map((item) => (
              <NavbarItem key={item.label} item={item} mobile />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
