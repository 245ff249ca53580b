import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { contentDirOf, type ResolvedConfig } from './resolve.js';
import { closest } from './closest-name.js';
import { locateConfigKey } from './locate-key.js';
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
 * `versions.json`, unless `versions.json` lists "current" where it belongs), with Docusaurus' defaults: the first name of `versions.json` is the last
 * version, served at the docs root; current is at `next`, labelled `Next`, with an "unreleased"
 * banner; versions older than the last one are "unmaintained". `docs.includeCurrentVersion: false`
 * leaves current out and `docs.onlyIncludeVersions` keeps the versions it names; the last version
 * is then the newest one left. Undefined without `versions.json` or with `docs.disableVersioning`:
 * the site then has its one version, current, at the docs root.
 */
export function resolveDocsVersions(config: ResolvedConfig): DocsVersion[] | undefined {
  const names = readVersionNames(contentDirOf(config));
  const { docs } = config;
  const file = versionsFile(contentDirOf(config));
  const diagnostics: Diagnostic[] = [];
  const problem = (message: string, hint: string, at: string | (string | number)[] = config.configFile) =>
    diagnostics.push({
      severity: 'error',
      code: 'versions',
      file: typeof at === 'string' ? at : config.configFile,
      ...(at === file ? { line: 1, column: 1 } : typeof at === 'string' ? {} : locateConfigKey(config, ['docs', ...at])),
      message,
      hint,
    });
  const includeCurrent = docs.includeCurrentVersion !== false;
  if (docs.disableVersioning) {
    if (!names) {
      problem('docs.disableVersioning: the site has no versions.json, so there is no versioning to turn off.', 'Remove disableVersioning.', ['disableVersioning']);
    } else if (!includeCurrent) {
      problem('docs.includeCurrentVersion: it is false while docs.disableVersioning is true: there would be no docs.', 'Leave one of them out.', ['includeCurrentVersion']);
    }
    if (diagnostics.length > 0) throw new UserError(diagnostics);
    return undefined;
  }
  if (!includeCurrent && !names?.length) {
    problem(
      `docs.includeCurrentVersion: it is false, so only the versions of versions.json are built, but ${names ? 'versions.json lists none' : 'the site has no versions.json'}: there would be no docs.`,
      'Leave includeCurrentVersion out to build the docs folder, or snapshot the docs first with `sdkdocs docs:version <name>`.',
      ['includeCurrentVersion'],
    );
    throw new UserError(diagnostics);
  }
  if (!names) return undefined;
  for (const name of names) {
    // "current" in versions.json places the docs folder's own version in the list (trpc.io lists
    // ["current", "10.x", "9.x"]), as Docusaurus reads it; the folder of no past version is named so.
    if (name === currentVersionName) continue;
    const why = versionNameProblem(name);
    if (why) problem(`versions.json: the version "${name}" cannot be used: ${why}.`, 'Rename the version in versions.json and its folders.', file);
  }
  const all = includeCurrent && !names.includes(currentVersionName) ? [currentVersionName, ...names] : names;
  const listed = all.map((n) => `"${n}"`).join(', ');
  const unknown = (keys: (string | number)[], name: string) => {
    const key = `docs.${keys.filter((segment) => typeof segment === 'string').join('.')}`;
    if (name === currentVersionName) {
      problem(`${key}: "${currentVersionName}" is not built, as docs.includeCurrentVersion is false.`, `Name one of ${listed}, or leave includeCurrentVersion out.`, keys);
      return;
    }
    const suggestion = closest(name, all);
    problem(`${key}: there is no docs version "${name}".`, `${suggestion ? `Did you mean "${suggestion}"? ` : ''}The versions are ${listed}.`, keys);
  };
  for (const name of Object.keys(docs.versions ?? {})) if (!all.includes(name)) unknown(['versions', name], name);
  for (const [index, name] of (docs.onlyIncludeVersions ?? []).entries()) if (!all.includes(name)) unknown(['onlyIncludeVersions', index], name);
  if (docs.lastVersion !== undefined && !all.includes(docs.lastVersion)) unknown(['lastVersion'], docs.lastVersion);
  // Docusaurus keeps the order of versions.json whatever the order of onlyIncludeVersions.
  const included = docs.onlyIncludeVersions ? all.filter((name) => docs.onlyIncludeVersions!.includes(name)) : all;
  const lastName = docs.lastVersion ?? included.find((name) => name !== currentVersionName) ?? currentVersionName;
  if (docs.lastVersion !== undefined && docs.onlyIncludeVersions && all.includes(lastName) && !included.includes(lastName)) {
    problem(`docs.onlyIncludeVersions: the last version "${lastName}" is not in the list.`, `Add "${lastName}", or set docs.lastVersion to one of the listed versions.`, ['onlyIncludeVersions']);
  }
  for (const name of included) {
    if (name === currentVersionName || versionNameProblem(name) || existsSync(versionDocsDir(contentDirOf(config), name))) continue;
    problem(`versions.json lists "${name}", but its docs folder versioned_docs/version-${name} does not exist.`, `Restore the folder, or remove "${name}" from versions.json.`, file);
  }
  if (includeCurrent && docs.versions?.[currentVersionName]?.api) {
    problem(`docs.versions.${currentVersionName}.api: the current version's API reference is the one \`api\` generates.`, 'Remove it; give past versions an api source instead.', ['versions', currentVersionName, 'api']);
  }
  if (!config.api && Object.values(docs.versions ?? {}).some((options) => options.api)) {
    problem('docs.versions: a version names an api source, but the config has no `api` section.', 'Add `api` (entryPoints, tsconfig) for the current SDK, or remove the versions\' api sources.', ['versions']);
  }
  if (diagnostics.length > 0) throw new UserError(diagnostics);

  const lastIndex = included.indexOf(lastName);
  const versions = included.map((name): DocsVersion => {
    const options = docs.versions?.[name] ?? {};
    const isLast = name === lastName;
    const isCurrent = name === currentVersionName;
    const segment = options.path ?? (isLast ? '' : isCurrent ? 'next' : name);
    const defaultBanner = isLast ? undefined : included.indexOf(name) < lastIndex ? 'unreleased' : 'unmaintained';
    const banner = options.banner === 'none' ? undefined : (options.banner ?? defaultBanner);
    return {
      name,
      label: options.label ?? (isCurrent ? docs.versionLabel : name),
      route: segment ? joinUrlPath(config.routes.docs, segment) : config.routes.docs,
      docsDir: isCurrent ? config.paths.docs : versionDocsDir(contentDirOf(config), name),
      isLast,
      banner,
      // As Docusaurus: a site that builds one version has no use for the badge.
      badge: options.badge ?? included.length > 1,
      noIndex: options.noIndex ?? false,
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

/**
 * The current version when the docs build none of that name (no `versions.json`, or
 * `includeCurrentVersion: false`): the SDK that \`api\` reads, at \`/api\`, is still the current one.
 */
export function currentVersionAlone(config: ResolvedConfig): DocsVersion {
  return { name: currentVersionName, label: config.docs.versionLabel, route: config.routes.docs, docsDir: config.paths.docs, isLast: true, badge: false, noIndex: false, sidebarId: config.docs.sidebar.id };
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
  const file = versionSidebarsFile(contentDirOf(config), version.name);
  return existsSync(file) ? file : undefined;
}
