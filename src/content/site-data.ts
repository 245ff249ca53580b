import { formatKeyPath, locateConfigKey, writtenKeyPath } from '../config/locate-key.js';
import { UserError, type Diagnostic } from '../core/diagnostic.js';
import type { Doc, Site } from '../core/site.js';
import { escapeHtml } from '../shared/escape-html.js';
import { isExternalUrl, withBaseUrl } from '../shared/paths.js';
import type { NavbarItemData, SiteData } from '../shared/types.js';
import { firstSidebarLink } from '../core/sidebar-queries.js';
import { customNavbarItemType } from '../config/schema.js';

/**
 * Resolves navbar items against the content: `docSidebar` and `doc` items become links to the
 * right doc, and internal links get the base URL. An item that points at nothing is a config error.
 * `sidebarPrefix` is what the site's own docs version puts before its sidebars' names (`version-2.0/`
 * when the current docs are not built).
 */
export function resolveNavbar(site: Site, sidebarPrefix = ''): NavbarItemData[] {
  const { config } = site;
  const diagnostics: Diagnostic[] = [];
  type ConfigItem = (typeof config.navbar.items)[number];
  type ChildItem = NonNullable<ConfigItem['items']>[number];
  const resolveItem = (item: ConfigItem | ChildItem, position: ConfigItem['position'], configKey: string): NavbarItemData => {
    // As the config file writes it: `themeConfig.navbar.items[2]` in a Docusaurus config.
    const key = formatKeyPath(writtenKeyPath(config, keyPath(configKey)));
    const attributes = linkAttributes(item);
    const common = {
      position,
      ...(item.activeBaseRegex !== undefined ? { activeBaseRegex: item.activeBaseRegex } : {}),
      ...('dropdownActiveClassDisabled' in item && item.dropdownActiveClassDisabled ? { dropdownActiveClassDisabled: true } : {}),
      ...(item.html !== undefined && item.type !== 'html' ? { html: item.html } : {}),
      ...(item.className ? { className: item.className } : {}),
      ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
    };
    // A path in `href` is a link within the site, as `to` is: given as one, the page needs no
    // code to tell it from another site's link.
    const link = (to: string | undefined, href: string | undefined) =>
      href !== undefined && !isExternalUrl(href) && to === undefined
        ? { to: withBaseUrl(href, config.baseUrl), href: undefined }
        : { to: to !== undefined ? withBaseUrl(to, config.baseUrl) : undefined, href };
    if (customNavbarItemType.test(item.type ?? '')) return { type: item.type as `custom-${string}`, label: '', position, props: (item as ConfigItem).props ?? {} };
    switch (item.type ?? 'default') {
      case 'docSidebar': {
        const sidebar = site.sidebars[`${sidebarPrefix}${item.sidebarId!}`];
        const first = sidebar ? firstSidebarLink(sidebar) : undefined;
        if (!first) {
          diagnostics.push({
            severity: 'error',
            code: 'config',
            file: config.configFile,
            ...locateConfigKey(config, [...keyPath(configKey), 'sidebarId']),
            message: sidebar
              ? `${key}.sidebarId: the sidebar "${item.sidebarId}" has no doc to link to.`
              : `${key}.sidebarId: there is no sidebar "${item.sidebarId}".`,
            hint: sidebar
              ? `Add a markdown file under ${config.docs.path}/.`
              : `The sidebars are ${currentSidebarNames(site, sidebarPrefix).map((name) => `"${name}"`).join(', ')}.`,
          });
        }
        return { ...common, type: 'docSidebar', label: item.label ?? 'Docs', to: first, activeBasePath: config.routes.docs };
      }
      case 'doc': {
        const doc = site.docs.find((candidate) => candidate.id === item.docId);
        if (!doc) {
          diagnostics.push({
            severity: 'error',
            code: 'config',
            file: config.configFile,
            ...locateConfigKey(config, [...keyPath(configKey), 'docId']),
            message: `${key}.docId: no doc has the id "${item.docId}".`,
            hint: `Known ids include: ${site.docs.slice(0, 5).map((d) => d.id).join(', ')}.`,
          });
        }
        return { ...common, type: 'link', label: item.label ?? doc?.sidebarLabel ?? item.docId!, to: doc?.route };
      }
      case 'html':
        return { ...common, type: 'html', label: '', html: item.value ?? '' };
      case 'localeDropdown': {
        // The one locale built, as Docusaurus lists it: its entry is the page being read (an empty href).
        const { label, htmlLang } = defaultLocaleData(config);
        const children = (list: ChildItem[] | undefined, name: string) => list?.map((child, index) => resolveItem(child, position, `${configKey}.${name}[${index}]`)) ?? [];
        const localeItem = item as ConfigItem;
        return {
          ...common,
          type: 'dropdown',
          label,
          html: `${languageIcon}${escapeHtml(label)}`,
          items: [
            ...children(localeItem.dropdownItemsBefore, 'dropdownItemsBefore'),
            { type: 'link', label, to: '', position, className: 'dropdown-link-active', attributes: { lang: htmlLang } },
            ...children(localeItem.dropdownItemsAfter, 'dropdownItemsAfter'),
          ],
        };
      }
      case 'docsVersionDropdown': {
        const versionItem = item as ConfigItem;
        const children = (list: ChildItem[] | undefined, name: string) => list?.map((child, index) => resolveItem(child, position, `${configKey}.${name}[${index}]`));
        return {
          ...common,
          type: 'docsVersionDropdown',
          label: item.label ?? '',
          activeBasePath: config.routes.docs,
          ...(versionItem.dropdownItemsBefore ? { itemsBefore: children(versionItem.dropdownItemsBefore, 'dropdownItemsBefore') } : {}),
          ...(versionItem.dropdownItemsAfter ? { itemsAfter: children(versionItem.dropdownItemsAfter, 'dropdownItemsAfter') } : {}),
        };
      }
      case 'dropdown':
        return {
          ...common,
          type: 'dropdown',
          label: item.label!,
          ...link(item.to, item.href),
          items: ((item as ConfigItem).items ?? []).map((child, index) => resolveItem(child, position, `${configKey}.items[${index}]`)),
        };
      default:
        return {
          ...common,
          type: 'link',
          label: item.label ?? '',
          ...link(item.to, item.href),
          activeBasePath: item.activeBasePath ? withBaseUrl(item.activeBasePath, config.baseUrl) : undefined,
        };
    }
  };
  const items = config.navbar.items.map((item, index) => resolveItem(item, item.position, `navbar.items[${index}]`));
  if (diagnostics.length > 0) throw new UserError(diagnostics);
  return items;
}

/**
 * Leaves out of the navbar the `custom-…` items whose type the site's
 * `src/theme/NavbarItem/ComponentTypes` does not map to a component, each with a warning at its
 * line. Runs once the site's theme overrides are collected.
 */
export function dropUnmappedCustomNavbarItems(site: Site): void {
  const navbar = site.siteData?.navbar;
  if (!navbar) return;
  const { config } = site;
  const componentTypes = site.themeOverrides?.components['NavbarItem/ComponentTypes'] as Record<string, unknown> | undefined;
  const mapFile = 'src/theme/NavbarItem/ComponentTypes';
  const kept = navbar.items.filter((item, index) => {
    if (!item.props || componentTypes?.[item.type]) return true;
    const at = ['navbar', 'items', index];
    site.diagnostics.push({
      severity: 'warning',
      code: 'config',
      file: config.configFile,
      ...locateConfigKey(config, at),
      message: `${formatKeyPath(writtenKeyPath(config, at))}: the navbar item of type "${item.type}" is not shown: ${componentTypes ? `the site's ${mapFile} has no "${item.type}"` : `the site has no ${mapFile} to give it a component`}.`,
      hint: `In ${mapFile}.js, export the theme's map with your component added: \`import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes'; export default { ...ComponentTypes, '${item.type}': MyItem };\`.`,
    });
    return false;
  });
  navbar.items = kept;
}

/** `navbar.items[2].items[0]` → its key path. */
function keyPath(key: string): (string | number)[] {
  return key.split(/[.[\]]+/).filter(Boolean).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The sidebars of the site's own docs version, by the names a navbar item gives them (past versions' have the version in theirs). */
function currentSidebarNames(site: Site, prefix: string): string[] {
  const names = Object.keys(site.sidebars);
  return prefix ? names.filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length)) : names.filter((name) => !name.startsWith('version-'));
}

/** The globe before a locale dropdown's label. */
const languageIcon =
  '<svg class="icon-language" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="2" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM2 12h20M12 2c2.7 2.9 4 6.2 4 10s-1.3 7.1-4 10c-2.7-2.9-4-6.2-4-10s1.3-7.1 4-10z"/></svg>';

/** The default locale's label and `lang`, from `i18n.localeConfigs`. */
function defaultLocaleData(config: Site['config']): { name: string; label: string; htmlLang: string } {
  const name = config.i18n.defaultLocale;
  const locale = config.i18n.localeConfigs[name] ?? {};
  return { name, label: locale.label ?? (name === 'en' ? 'English' : name), htmlLang: locale.htmlLang ?? name };
}

/** The site-wide data every page renders with and the client hydrates from. */
export function createSiteData(site: Site, navbarItems: NavbarItemData[], mainDoc: Doc | undefined): SiteData {
  const { config } = site;
  const { name: localeName, label: localeLabel, htmlLang } = defaultLocaleData(config);
  const locale = config.i18n.localeConfigs[localeName] ?? {};
  const sidebarId = config.docs.sidebar.id;
  return {
    title: config.title,
    tagline: config.tagline,
    ...(config.titleDelimiter !== '|' ? { titleDelimiter: config.titleDelimiter } : {}),
    // Only a site that has custom fields carries them on every page.
    ...(Object.keys(config.customFields).length > 0 ? { customFields: JSON.parse(JSON.stringify(config.customFields)) as Record<string, unknown> } : {}),
    url: config.url,
    image: config.image ? withBaseUrl(config.image, config.baseUrl) : undefined,
    baseUrl: config.baseUrl,
    favicon: mainFavicon(config),
    locale: {
      name: localeName,
      label: localeLabel,
      direction: locale.direction ?? 'ltr',
      htmlLang,
      calendar: locale.calendar ?? 'gregory',
      path: locale.path ?? localeName,
    },
    navbar: {
      title: config.navbar.title ?? config.title,
      logo: config.navbar.logo
        ? {
            // Docusaurus' fallback: the title beside the logo names the link, else the logo must.
            alt: config.navbar.logo.alt ?? (config.navbar.title !== undefined ? '' : config.title),
            src: withBaseUrl(config.navbar.logo.src, config.baseUrl),
            srcDark: config.navbar.logo.srcDark ? withBaseUrl(config.navbar.logo.srcDark, config.baseUrl) : undefined,
            href: config.navbar.logo.href !== undefined ? withBaseUrl(config.navbar.logo.href, config.baseUrl) : undefined,
            width: config.navbar.logo.width,
            height: config.navbar.logo.height,
          }
        : undefined,
      style: config.navbar.style,
      hideOnScroll: config.navbar.hideOnScroll,
      items: navbarItems,
    },
    footer: config.footer
      ? {
          style: config.footer.style,
          links: config.footer.links.map((column) => ({
            title: column.title,
            items: column.items.map((item) => {
              if ('html' in item) return { html: item.html };
              const attributes = linkAttributes(item);
              return {
                label: item.label,
                to: item.to !== undefined ? withBaseUrl(item.to, config.baseUrl) : undefined,
                href: item.href !== undefined ? withBaseUrl(item.href, config.baseUrl) : undefined,
                ...(item.className ? { className: item.className } : {}),
                ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
              };
            }),
          })),
          logo: config.footer.logo
            ? {
                ...config.footer.logo,
                alt: config.footer.logo.alt ?? config.title,
                src: withBaseUrl(config.footer.logo.src, config.baseUrl),
                srcDark: config.footer.logo.srcDark !== undefined ? withBaseUrl(config.footer.logo.srcDark, config.baseUrl) : undefined,
              }
            : undefined,
          copyright: config.footer.copyright,
          license: config.footer.license,
        }
      : undefined,
    announcementBar: config.announcementBar,
    colorMode: config.colorMode,
    docsVersion: {
      name: 'current',
      label: config.docs.versionLabel,
      isLast: true,
      path: config.routes.docs,
      mainDocId: mainDoc?.id ?? '',
      mainDocPath: mainDoc?.route,
      docs: site.docs.map((doc) => ({ id: doc.id, path: doc.route, sidebar: sidebarId })),
      sidebars: [sidebarId],
    },
    docsPluginId: 'default',
    tableOfContents: config.tableOfContents,
    docsSidebar: { hideable: config.docs.sidebar.hideable, autoCollapseCategories: config.docs.sidebar.autoCollapseCategories },
    search: config.search,
    breadcrumbs: config.docs.breadcrumbs,
  };
}

/** The URL of the site's main favicon, for code that names one (`siteConfig.favicon`). */
export function mainFavicon(config: Site['config']): string | undefined {
  const favicon = config.favicon;
  if (favicon === undefined) return undefined;
  const href = typeof favicon === 'string' ? favicon : (favicon.find((icon) => icon.rel === 'icon') ?? favicon[0]!).href;
  return withBaseUrl(href, config.baseUrl);
}

type LinkAttributeName = 'target' | 'rel' | 'aria-label' | 'title';

/** The link attributes a navbar item or footer link sets: absent ones left out, null kept (it leaves the attribute out). */
function linkAttributes(item: Partial<Record<LinkAttributeName, string | null>>): Record<string, string | null> {
  return Object.fromEntries((['target', 'rel', 'aria-label', 'title'] as const).flatMap((name) => (item[name] === undefined ? [] : [[name, item[name]]])));
}
