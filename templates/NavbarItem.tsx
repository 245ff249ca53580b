import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import type { NavbarItemData } from '../src/shared/types.js';
import { useTheme } from './context.js';
import { useDocsVersionDropdownItem } from './DocsVersion.js';
import { Link } from './Link.js';

/** Whether a navbar item points at the current page or the section it is in. */
export function isNavbarItemActive(item: NavbarItemData, path: string): boolean {
  if (globalThis.__sdkdocsNavbarExtras !== false && item.activeBaseRegex !== undefined) return new RegExp(item.activeBaseRegex).test(path);
  if (item.activeBasePath && (path === item.activeBasePath || path.startsWith(`${item.activeBasePath}/`))) return true;
  if (item.to && (path === item.to || (item.to.length > 1 && path.startsWith(`${item.to}/`)))) return true;
  return (item.items ?? []).some((child) => isNavbarItemActive(child, path));
}

/**
 * False in the browser bundle of a site whose navbar items have no HTML, classes or attributes of
 * their own (bundle-client.ts defines it): the code for them is left out of every page's first load.
 */
declare global {
  // Read in place (`!== false`), so the browser bundle's minifier drops the code it guards.
  var __sdkdocsNavbarExtras: boolean | undefined;
}

/** `base`, with the classes the config gives an item. */
const withClass = (base: string, extra: string | undefined) => (globalThis.__sdkdocsNavbarExtras !== false && extra ? `${base} ${extra}` : base);

/** An item's label: its text, or the HTML the config gives for it (the site's own markup); an `html` item is that markup alone. */
function itemLabel(item: NavbarItemData) {
  return globalThis.__sdkdocsNavbarExtras === false || item.html === undefined ? item.label : <span className={item.type === 'html' ? withClass('navbar-html', item.className) : undefined} dangerouslySetInnerHTML={{ __html: item.html }} />;
}

export function NavbarItem({ item, mobile = false }: { item: NavbarItemData; mobile?: boolean }) {
  const { route, overrides } = useTheme();
  if (globalThis.__sdkdocsNavbarExtras !== false && item.props) {
    // The site's `custom-…` item: collectContent left it in the navbar only if the site's map names its type.
    const Custom = (overrides?.['NavbarItem/ComponentTypes'] as Record<string, ComponentType<Record<string, unknown>>> | undefined)?.[item.type];
    const custom = Custom ? <Custom {...item.props} position={item.position} mobile={mobile} /> : null;
    // In the menu the component draws its own list item, as Docusaurus' do.
    return mobile ? custom : <div className="navbar-item">{custom}</div>;
  }
  const active = isNavbarItemActive(item, route.path) && !(globalThis.__sdkdocsNavbarExtras !== false && item.dropdownActiveClassDisabled);
  const className = withClass(mobile ? `menu-link${active ? ' menu-link-active' : ''}` : `navbar-link${active ? ' navbar-link-active' : ''}`, item.className);
  if (item.type === 'docsVersionDropdown') return <VersionDropdown item={item} mobile={mobile} />;
  if (item.type === 'dropdown') {
    if (mobile) {
      return (
        <li className="menu-item">
          <span className="menu-link menu-category-label">{item.label}</span>
          <ul className="menu-list">
            {(item.items ?? []).map((child, index) => (
              <NavbarItem key={index} item={child} mobile />
            ))}
          </ul>
        </li>
      );
    }
    return <NavbarDropdown item={item} className={className} />;
  }
  const link =
    globalThis.__sdkdocsNavbarExtras !== false && item.type === 'html' ? (
      itemLabel(item)
    ) : (
      <Link to={item.to} href={item.href} {...(globalThis.__sdkdocsNavbarExtras !== false && item.attributes)} className={className} aria-current={active && item.to === route.path ? 'page' : undefined}>
        {itemLabel(item)}
        {item.href && item.label ? <ExternalIcon /> : null}
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
        {itemLabel(item)}
      </Link>
      <ul className="dropdown-menu">
        {(item.items ?? []).map((child, index) => (
          <li key={index}>
            {globalThis.__sdkdocsNavbarExtras !== false && child.type === 'html' ? (
              itemLabel(child)
            ) : (
              <Link to={child.to} href={child.href} {...(globalThis.__sdkdocsNavbarExtras !== false && child.attributes)} className={withClass(`dropdown-link${isNavbarItemActive(child, route.path) ? ' dropdown-link-active' : ''}`, child.className)}>
                {itemLabel(child)}
              </Link>
            )}
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

/** The `docsVersionDropdown` item, drawn as a dropdown of the versions (nothing on a one-version site). */
function VersionDropdown({ item, mobile }: { item: NavbarItemData; mobile: boolean }) {
  const dropdown = useDocsVersionDropdownItem(item, mobile);
  return dropdown ? <NavbarItem item={dropdown} mobile={mobile} /> : null;
}
