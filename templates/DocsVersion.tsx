import { useEffect, useState } from 'react';
import { formatThemeString } from '../src/shared/theme-strings.js';
import { activeDocsVersion, preferredVersionKey, versionTarget } from '../src/shared/docs-versions.js';
import type { DocsVersionData, NavbarItemData, RouteData } from '../src/shared/types.js';
import { useTheme } from './context.js';
import { Link } from './Link.js';

/**
 * The docs version the reader is in: the page's own, else (outside the docs) the one they chose
 * last, else the last version. Undefined on a site with one version.
 */
export function useReadDocsVersion(): DocsVersionData | undefined {
  const { site, route, runtime } = useTheme();
  // Read after hydration: the stored choice is not known when the page is built.
  const [preferred, setPreferred] = useState<string | null>(null);
  useEffect(() => setPreferred(runtime?.storage.get(preferredVersionKey(site.docsPluginId)) ?? null), [runtime, site.docsPluginId, route.path]);
  const versions = site.docsVersions;
  if (!versions) return undefined;
  return activeDocsVersion(site, route) ?? versions.find((version) => version.name === preferred) ?? versions.find((version) => version.isLast) ?? versions[0];
}

/**
 * What Docusaurus' `docsVersionDropdown` navbar item shows, as a dropdown item: the version being
 * read (else the one the reader chose last, else the last version), and every version, each
 * leading to the same page in it when it has the page. Undefined on a site with one version.
 */
export function useDocsVersionDropdownItem(item: NavbarItemData, mobile: boolean): NavbarItemData | undefined {
  const { site, route } = useTheme();
  const shown = useReadDocsVersion();
  const versions = site.docsVersions;
  if (!versions || versions.length < 2 || !shown) return undefined;
  return {
    type: 'dropdown',
    label: mobile ? item.label || formatThemeString('versions') : shown.label,
    position: item.position,
    activeBasePath: item.activeBasePath,
    items: [
      ...(item.itemsBefore ?? []),
      ...versions.map((version): NavbarItemData => ({ type: 'link', label: version.label, to: versionTarget(version, route), position: item.position })),
      ...(item.itemsAfter ?? []),
    ],
  };
}

/** "Version: 1.1.0" above a doc's title, for a version that shows its badge (Docusaurus' `badge`). */
export function DocsVersionBadge({ route }: { route: RouteData }) {
  const { site } = useTheme();
  const version = activeDocsVersion(site, route);
  if (!version?.badge) return null;
  return <span className="version-badge">{formatThemeString('versionBadge', { versionLabel: version.label })}</span>;
}

/**
 * The notice on pages of a version newer than the last one ("unreleased") or older
 * ("unmaintained"), linking to the same page in the last version when it has it.
 */
export function DocsVersionBanner({ route }: { route: RouteData }) {
  const { site } = useTheme();
  const version = activeDocsVersion(site, route);
  const last = site.docsVersions?.find((candidate) => candidate.isLast);
  if (!version?.banner || !last) return null;
  const message = formatThemeString(version.banner === 'unreleased' ? 'unreleasedVersionBanner' : 'unmaintainedVersionBanner', {
    siteTitle: site.title,
    versionLabel: version.label,
  });
  const [before, after] = formatThemeString('latestVersionSuggestion', { versionLabel: last.label }).split('{latestVersionLink}');
  return (
    <aside className="admonition admonition-warning version-banner" role="note" data-version-banner={version.banner}>
      <p>{message}</p>
      <p>
        {before}
        <Link to={versionTarget(last, route)}>
          <b>{formatThemeString('latestVersionLinkLabel')}</b>
        </Link>
        {after}
      </p>
    </aside>
  );
}
