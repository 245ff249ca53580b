export type { DocsVersion, VersionBanner } from '../model/docs-version.js';

/** The name Docusaurus gives the docs in the `docs` folder. */
export const currentVersionName = 'current';
