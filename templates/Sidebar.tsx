import { useEffect, useState } from 'react';
import { formatThemeString } from '../src/shared/theme-strings.js';
import type { SidebarCategoryItem, SidebarItem } from '../src/shared/types.js';
import { Collapsible } from './Collapsible.js';
import { Link } from './Link.js';
import { useTheme } from './context.js';

function containsRoute(item: SidebarItem, path: string): boolean {
  if (item.to === path) return true;
  return item.type === 'category' && item.items.some((child) => containsRoute(child, path));
}

/**
 * A sidebar menu. Collapsed categories do not render their items (a 10,000-page sidebar would
 * otherwise be copied into every page); the category holding the current page is always open.
 */
/**
 * False in the browser bundle of a site that sets neither `docs.sidebar.hideable` nor
 * `autoCollapseCategories` (bundle-client.ts defines it): the code for them is left out of every
 * page's first load.
 */
declare global {
  // Read in place (`!== false`), so the browser bundle's minifier drops the code it guards.
  var __sdkdocsSidebarOptions: boolean | undefined;
}

export function SidebarMenu({ items, path, level = 1 }: { items: SidebarItem[]; path: string; level?: number }) {
  // The flag is a constant of the bundle, so the hook runs alike on every render.
  const collapsing = globalThis.__sdkdocsSidebarOptions !== false && useAutoCollapse(useTheme().site.docsSidebar.autoCollapseCategories);
  return (
    <ul className={level === 1 ? 'menu-list menu-list-root' : 'menu-list'}>
      {items.map((item, index) =>
        item.type === 'category' ? (
          <SidebarCategory
            key={`${item.label}${item.to ?? ''}`}
            item={item}
            path={path}
            level={level}
            {...(collapsing ? collapsing(index) : undefined)}
          />
        ) : item.type === 'html' ? (
          // A sidebars file's own markup (a heading, a divider), trusted as docs are.
          <li
            key={`html-${index}`}
            className={`menu-item menu-item-level-${level} menu-item-html${item.defaultStyle ? ' menu-item-html-padded' : ''}${item.className ? ` ${item.className}` : ''}`}
            dangerouslySetInnerHTML={{ __html: item.value }}
          />
        ) : (
          <li key={item.to} className={`menu-item menu-item-level-${level}${item.className ? ` ${item.className}` : ''}`}>
            <Link to={item.to} className={`menu-link${item.to === path ? ' menu-link-active' : ''}`} aria-current={item.to === path ? 'page' : undefined}>
              {item.label}
              {item.deprecated ? <span className="sr-only">{` ${formatThemeString('apiDeprecatedHidden')}`}</span> : null}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * With `autoCollapseCategories`: what each category of a list is told, by its index, so that
 * opening one closes the others (the list remembers the one the reader opened last).
 */
function useAutoCollapse(enabled: boolean) {
  const [opened, setOpened] = useState<number>();
  return enabled ? (index: number) => ({ onOpen: () => setOpened(index), siblingOpened: opened !== undefined && opened !== index }) : undefined;
}

function SidebarCategory({ item, path, level, onOpen, siblingOpened }: { item: SidebarCategoryItem; path: string; level: number; onOpen?: () => void; siblingOpened?: boolean }) {
  const { route, runtime } = useTheme();
  const active = containsRoute(item, path);
  const [collapsed, setCollapsed] = useState(item.collapsible && item.collapsed && !active);
  // The active page's category opens; others close by themselves only when the reader opens a sibling (autoCollapseCategories).
  useEffect(() => {
    if (active) setCollapsed(false);
  }, [active]);
  // The flag is a constant of the bundle, so the hook runs alike on every render.
  if (globalThis.__sdkdocsSidebarOptions !== false) useEffect(() => {
      if (siblingOpened && item.collapsible) setCollapsed(true);
    }, [siblingOpened, item.collapsible]);
  const toggle = () => {
    if (collapsed && item.itemsOmitted && route.sidebar) runtime?.loadFullSidebar(route.sidebar);
    if (globalThis.__sdkdocsSidebarOptions !== false && collapsed) onOpen?.();
    setCollapsed((value) => !value);
  };
  const expanded = !collapsed;
  return (
    <li
      className={`menu-item menu-item-category menu-item-level-${level}${collapsed ? ' menu-item-collapsed' : ''}${item.className ? ` ${item.className}` : ''}`}
      data-category=""
    >
      <div className="menu-category">
        {item.to ? (
          <Link
            to={item.to}
            className={`menu-link menu-category-link${item.to === path ? ' menu-link-active' : ''}${active ? ' menu-link-active-trail' : ''}`}
            aria-current={item.to === path ? 'page' : undefined}
          >
            {item.label}
          </Link>
        ) : (
          <button type="button" className="menu-link menu-category-link clean-button" aria-expanded={expanded} onClick={item.collapsible ? toggle : undefined}>
            {item.label}
          </button>
        )}
        {item.collapsible ? (
          <button
            type="button"
            className="menu-caret clean-button"
            aria-expanded={expanded}
            aria-label={formatThemeString(expanded ? 'collapseCategory' : 'expandCategory', { label: item.label })}
            onClick={toggle}
          />
        ) : null}
      </div>
      {/* Items left out of the page open once the full sidebar has arrived, so the animation knows their height. */}
      <Collapsible collapsed={collapsed || Boolean(item.itemsOmitted)} className="menu-collapsible">
        <SidebarMenu items={item.items} path={path} level={level + 1} />
      </Collapsible>
    </li>
  );
}
