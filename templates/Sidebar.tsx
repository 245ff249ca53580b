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
export function SidebarMenu({ items, path, level = 1 }: { items: SidebarItem[]; path: string; level?: number }) {
  return (
    <ul className={level === 1 ? 'menu-list menu-list-root' : 'menu-list'}>
      {items.map((item, index) =>
        item.type === 'category' ? (
          <SidebarCategory key={`${item.label}${item.to ?? ''}`} item={item} path={path} level={level} />
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

function SidebarCategory({ item, path, level }: { item: SidebarCategoryItem; path: string; level: number }) {
  const { route, runtime } = useTheme();
  const active = containsRoute(item, path);
  const [collapsed, setCollapsed] = useState(item.collapsible && item.collapsed && !active);
  // The active page's category opens; categories never close by themselves.
  useEffect(() => {
    if (active) setCollapsed(false);
  }, [active]);
  const toggle = () => {
    if (collapsed && item.itemsOmitted && route.sidebar) runtime?.loadFullSidebar(route.sidebar);
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
