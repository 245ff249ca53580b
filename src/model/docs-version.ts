/** One docs version (`versions.json`), as the model holds it: each version is read into a site of its own. */

/** A past or unreleased version's banner. */
export type VersionBanner = 'unreleased' | 'unmaintained';

/** One docs version as the build sees it. */
export interface DocsVersion {
  /** `current`, or a name of `versions.json`. */
  name: string;
  label: string;
  /** Route of the version's docs, with the base URL: `/sdk/docs`, `/sdk/docs/next`, `/sdk/docs/1.3.0`. */
  route: string;
  /** Absolute folder of its markdown. */
  docsDir: string;
  isLast: boolean;
  banner?: VersionBanner;
  /** Whether its docs show "Version: {label}" above their title. */
  badge: boolean;
  /** Whether its pages ask search engines not to index them (and stay out of the sitemap). */
  noIndex: boolean;
  /** Name of its sidebar in `site.sidebars`: unique across versions, since pages name their sidebar. */
  sidebarId: string;
  /** Where this version's SDK is read from, for its API reference (past versions only). */
  api?: { gitRef: string } | { path: string };
}
