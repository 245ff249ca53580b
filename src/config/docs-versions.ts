import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from './resolve.js';
import { closest } from './load.js';
import { UserError, type Diagnostic } from '../core/diagnostic.js';
import { joinUrlPath } from '../shared/paths.js';
import { currentVersionName, type DocsVersion } from '../core/docs-version.js';

/** `versions.json` beside the config, as Docusaurus names it for the default docs plugin. */
export function versionsFile(siteDir: string): string {
  return path.join(siteDir, 'versions.json');
}

/** Where `docs:version` puts a version's docs: `versioned_docs/version-1.4.0`. */
export function versionDocsDir(siteDir: string, name: string): string {
  return path.join(siteDir, 'versioned_docs', `version-${name}`);
}

/** Where `docs:version` puts a version's sidebars: `versioned_sidebars/version-1.4.0-sidebars.json`. */
export function versionSidebarsFile(siteDir: string, name: string): string {
  return path.join(siteDir, 'versioned_sidebars', `version-${name}-sidebars.json`);
}

/**
 * What is wrong with a version name, as Docusaurus' `docs:version` checks it: it becomes a folder
 * name and a URL segment, so it may not hold a slash or characters file systems refuse.
 */
export function versionNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'it is empty';
  if (name === currentVersionName) return `"${currentVersionName}" is the name of the docs folder's own version`;
  if (name === '.' || name === '..') return 'it is a relative folder name';
  if (/[/\\]/.test(name)) return 'it holds a slash';
  if (/[<>:"|?*\u0000-\u001f#%]/.test(name)) return 'it holds a character that cannot be in a file name or URL segment';
  if (name.length > 32) return 'it is longer than 32 characters';
  return undefined;
}

/** The names `versions.json` lists, newest first; undefined when the site has no such file. */
export function readVersionNames(siteDir: string): string[] | undefined {
  const file = versionsFile(siteDir);
  if (!existsSync(file)) return undefined;
  const raw = readFileSync(file, 'utf8');
  const refuse = (message: string) =>
    new UserError({ severity: 'error', code: 'versions', file, line: 1, column: 1, message, hint: 'It lists the version names, newest first: ["1.4.0", "1.3.0"].' });
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    throw refuse(`versions.json is not valid JSON: ${(error as Error).message}.`);
  }
  if (!Array.isArray(data) || data.some((name) => typeof name !== 'string')) throw refuse('versions.json must be an array of version names.');
  return data as string[];
}

/**
 * The docs versions of the site, in the order of the version dropdown (current first, then
 * `versions.json`), with Docusaurus' defaults: the first name of `versions.json` is the last
 * version, served at the docs root; current is at `next`, labelled `Next`, with an "unreleased"
 * banner; versions older than the last one are "unmaintained". Undefined without `versions.json`:
 * the site then has its one version, current, at the docs root.
 */
export function resolveDocsVersions(config: ResolvedConfig): DocsVersion[] | undefined {
  const names = readVersionNames(config.siteDir);
  if (!names) return undefined;
  const file = versionsFile(config.siteDir);
  const diagnostics: Diagnostic[] = [];
  const problem = (message: string, hint: string, at = config.configFile) =>
    diagnostics.push({ severity: 'error', code: 'versions', file: at, ...(at === file ? { line: 1, column: 1 } : {}), message, hint });
  for (const name of names) {
    const why = versionNameProblem(name);
    if (why) problem(`versions.json: the version "${name}" cannot be used: ${why}.`, 'Rename the version in versions.json and its folders.', file);
    else if (!existsSync(versionDocsDir(config.siteDir, name))) {
      problem(
        `versions.json lists "${name}", but its docs folder versioned_docs/version-${name} does not exist.`,
        `Restore the folder, or remove "${name}" from versions.json.`,
        file,
      );
    }
  }
  const all = [currentVersionName, ...names];
  const { docs } = config;
  const unknown = (key: string, name: string) => {
    const suggestion = closest(name, all);
    problem(`docs.${key}: there is no docs version "${name}".`, suggestion ? `Did you mean "${suggestion}"?` : `The versions are ${all.map((n) => `"${n}"`).join(', ')}.`);
  };
  for (const name of Object.keys(docs.versions ?? {})) if (!all.includes(name)) unknown('versions', name);
  for (const name of docs.onlyIncludeVersions ?? []) if (!all.includes(name)) unknown('onlyIncludeVersions', name);
  const lastName = docs.lastVersion ?? names[0] ?? currentVersionName;
  if (!all.includes(lastName)) unknown('lastVersion', lastName);
  const included = docs.onlyIncludeVersions ?? all;
  if (!included.includes(currentVersionName)) {
    problem('docs.onlyIncludeVersions: sdkdocs always builds the current docs.', `Add "${currentVersionName}" to the list.`);
  }
  if (docs.versions?.[currentVersionName]?.api) {
    problem(`docs.versions.${currentVersionName}.api: the current version's API reference is the one \`api\` generates.`, 'Remove it; give past versions an api source instead.');
  }
  if (!config.api && Object.values(docs.versions ?? {}).some((options) => options.api)) {
    problem('docs.versions: a version names an api source, but the config has no `api` section.', 'Add `api` (entryPoints, tsconfig) for the current SDK, or remove the versions\' api sources.');
  }
  if (!included.includes(lastName)) {
    problem(`docs.onlyIncludeVersions: the last version "${lastName}" is not in the list.`, `Add "${lastName}", or set docs.lastVersion to one of the listed versions.`);
  }
  if (diagnostics.length > 0) throw new UserError(diagnostics);

  const lastIndex = all.indexOf(lastName);
  const versions = all
    .filter((name) => included.includes(name))
    .map((name): DocsVersion => {
      const options = docs.versions?.[name] ?? {};
      const isLast = name === lastName;
      const isCurrent = name === currentVersionName;
      const segment = options.path ?? (isLast ? '' : isCurrent ? 'next' : name);
      const defaultBanner = isLast ? undefined : all.indexOf(name) < lastIndex ? 'unreleased' : 'unmaintained';
      const banner = options.banner === 'none' ? undefined : (options.banner ?? defaultBanner);
      return {
        name,
        label: options.label ?? (isCurrent ? docs.versionLabel : name),
        route: segment ? joinUrlPath(config.routes.docs, segment) : config.routes.docs,
        docsDir: isCurrent ? config.paths.docs : versionDocsDir(config.siteDir, name),
        isLast,
        banner,
        sidebarId: isCurrent ? docs.sidebar.id : `version-${name}/${docs.sidebar.id}`,
        api: isCurrent ? undefined : options.api,
      };
    });
  const routes = new Map<string, string>();
  for (const version of versions) {
    const other = routes.get(version.route);
    if (other) {
      throw new UserError({
        severity: 'error',
        code: 'versions',
        file: config.configFile,
        message: `docs.versions: the versions "${other}" and "${version.name}" are both at ${version.route}.`,
        hint: `Give one of them another path: versions: { '${version.name}': { path: '...' } }.`,
      });
    }
    routes.set(version.route, version.name);
  }
  return versions;
}

/** The config as one version's docs see it: its docs folder, its route and its sidebar's name. */
export function configForVersion(config: ResolvedConfig, version: DocsVersion): ResolvedConfig {
  return {
    ...config,
    paths: { ...config.paths, docs: version.docsDir },
    routes: { ...config.routes, docs: version.route },
    docs: { ...config.docs, sidebar: { ...config.docs.sidebar, id: version.sidebarId } },
  };
}

/**
 * A past version's sidebars file, `versioned_sidebars/version-<name>-sidebars.json`, when it has
 * one (Docusaurus needs it; without it sdkdocs autogenerates the version's sidebar).
 */
export function pastVersionSidebarsFile(config: ResolvedConfig, version: DocsVersion): string | undefined {
  const file = versionSidebarsFile(config.siteDir, version.name);
  return existsSync(file) ? file : undefined;
}
