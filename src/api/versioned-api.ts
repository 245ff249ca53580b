import { spawn, spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { apiChangesSectionIds, type ApiChangeView } from '../../templates/ApiChanges.js';
import { apiModelOptions, resolveApiPaths, type ApiPaths } from './api-options.js';
import { createApiPages } from './api-pages.js';
import { apiSidebarName } from '../core/api-display.js';
import { loadApiModel, readStoredModel, settingsHash } from './load-api-model.js';
import { isCurrent, type ApiModelOptions } from './api-inputs.js';
import { fingerprint, openItemStore, type ItemMemory } from '../core/item-store.js';
import type { ApiModel, ApiRef } from '../core/api-model.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { addPage, type BuildContext, type Site } from '../core/site.js';
import type { SourceLink } from '../model/compiled-doc.js';
import { joinUrlPath } from '../shared/paths.js';
import { formatThemeString } from '../shared/theme-strings.js';
import { diffApiModels } from './api-diff.js';
import { currentVersionName, type DocsVersion } from '../core/docs-version.js';
import { currentVersionAlone } from '../config/docs-versions.js';
import { documentTitleOf } from '../shared/document-title.js';

/** Where a past version's SDK folder is, and what its model is cached under. */
interface VersionSdk {
  /** The SDK folder (the folder of `api.tsconfig`) as it was at the version. */
  sdkDir: string;
  /** The folder source links are relative to. */
  sourceRoot: string;
  /** Folder of the version's cached model. */
  cacheDir: string;
  /** For a git ref: the tree hash of the SDK folder, which names the cache; the files may still have to be extracted. */
  gitTree?: { repo: string; ref: string; treeHash: string; relativeSdkDir: string };
}

/**
 * The API reference of each past docs version that names an SDK source (`docs.versions[name].api`),
 * at `/api/<version>/…`: the SDK folder read at a git ref (extracted into the cache, never into
 * the working tree) or from a folder, run through TypeDoc like the current SDK, and rendered by
 * the same templates. A git ref's model is cached by the tree hash of the SDK folder, so an
 * unchanged past version never runs TypeDoc again.
 */
export async function generateVersionedApi(site: Site, ctx: BuildContext): Promise<void> {
  const versions = site.docsVersions?.versions.filter((version) => version.api) ?? [];
  // The current SDK's own problems are generateApi's to report.
  if (versions.length === 0 || !site.api) return;
  // The reference at /api is the SDK `api` reads, the current one, whether or not the current docs are built.
  const current = site.docsVersions!.versions.find((version) => version.name === currentVersionName) ?? currentVersionAlone(site.config);
  const references: VersionApi[] = [{ version: current, model: site.api.model, route: site.config.routes.api, sidebar: apiSidebarName }];
  for (const version of versions) {
    const loaded = await loadVersionApiModel(site.config, ctx.cacheDir, version, (message) => ctx.logger.debug(message), ctx.memory);
    site.diagnostics.push(...loaded.diagnostics);
    if (!loaded.model) continue;
    references.push(await addVersionApiPages(site, version, loaded.model, loaded.sourceRoot!));
  }
  // Each version against the one before it that has an API reference.
  for (let index = 0; index < references.length - 1; index++) addApiChangesPage(site, references[index], references[index + 1]);
}

/** One version's API reference in the site. */
interface VersionApi {
  version: DocsVersion;
  model: ApiModel;
  /** Its API root, with the base URL. */
  route: string;
  sidebar: string;
}

/** A version's API model (the current SDK's for `current`), with what loading it reported. */
export async function loadVersionApiModel(
  config: ResolvedConfig,
  cacheDir: string,
  version: DocsVersion,
  debug?: (message: string) => void,
  memory?: ItemMemory,
): Promise<{ model?: ApiModel; diagnostics: Diagnostic[]; sourceRoot?: string }> {
  const resolved = resolveApiPaths(config);
  if (!resolved?.paths) return { diagnostics: resolved?.problems ?? [] };
  if (version.name === currentVersionName || !version.api) {
    const result = await loadApiModel({ ...apiModelOptions(config, resolved.paths), debug }, { cacheDir });
    result.typeChecker?.close();
    return { model: result.model, diagnostics: result.diagnostics };
  }
  const diagnostics: Diagnostic[] = [];
  const sdk = locateVersionSdk(config, cacheDir, version, resolved.paths, diagnostics);
  if (!sdk) return { diagnostics };
  const options: ApiModelOptions = { ...apiModelOptions(config, mapPaths(resolved.paths, sdk.sdkDir)), debug };
  const model = await loadVersionModel(config, diagnostics, version, sdk, options, memory);
  return { model, diagnostics, sourceRoot: sdk.sourceRoot };
}

/** The current SDK's entry points and tsconfig, moved from its folder to another. */
function mapPaths(current: ApiPaths, sdkDir: string): ApiPaths {
  const currentDir = path.dirname(current.tsconfig);
  const moved = (file: string) => path.join(sdkDir, path.relative(currentDir, file));
  return { entryPoints: current.entryPoints.map(moved), tsconfig: moved(current.tsconfig) };
}

function configError(config: ResolvedConfig, diagnostics: Diagnostic[], version: DocsVersion, message: string, hint: string): undefined {
  diagnostics.push({ severity: 'error', code: 'versions', file: config.configFile, message: `docs.versions["${version.name}"].api: ${message}`, hint });
  return undefined;
}

function locateVersionSdk(config: ResolvedConfig, cacheDir: string, version: DocsVersion, current: ApiPaths, diagnostics: Diagnostic[]): VersionSdk | undefined {
  const source = version.api!;
  const versionsCache = path.join(cacheDir, 'api-versions');
  const fail = (message: string, hint: string) => configError(config, diagnostics, version, message, hint);
  if ('path' in source) {
    const sdkDir = path.resolve(config.siteDir, source.path);
    if (!existsSync(sdkDir)) return fail(`the folder ${source.path} does not exist (looked for ${sdkDir}).`, 'Paths are relative to the site folder; the folder holds that version of the SDK folder (the one with its tsconfig).');
    return { sdkDir, sourceRoot: sdkDir, cacheDir: path.join(versionsCache, `folder-${fingerprint(sdkDir).slice(0, 16)}`) };
  }
  const currentSdkDir = path.dirname(current.tsconfig);
  const git = (...args: string[]) => spawnSync('git', ['-C', currentSdkDir, ...args], { encoding: 'utf8' });
  const top = git('rev-parse', '--show-toplevel');
  if (top.error || top.status !== 0) {
    return fail(`the SDK folder ${path.relative(config.siteDir, currentSdkDir) || '.'} is not in a git repository${top.error ? ' (git cannot be run)' : ''}.`, 'Use { path: "…" } with a folder holding that version of the SDK, or put the SDK under git.');
  }
  const repo = top.stdout.trim();
  const relativeSdkDir = path.relative(realpathSync(repo), realpathSync(currentSdkDir)).split(path.sep).join('/');
  const tree = git('rev-parse', '--verify', '--quiet', `${source.gitRef}^{commit}:${relativeSdkDir}`);
  if (tree.status !== 0) {
    const refExists = git('rev-parse', '--verify', '--quiet', `${source.gitRef}^{commit}`).status === 0;
    return fail(
      refExists ? `the ref "${source.gitRef}" has no folder ${relativeSdkDir || '.'} in ${repo}.` : `git finds no ref "${source.gitRef}" in ${repo}.`,
      refExists ? 'Name a ref at which the SDK folder existed.' : 'Name a tag, branch or commit of that repository, e.g. v1.4.0 (git tag lists them).',
    );
  }
  const treeHash = tree.stdout.trim();
  const treeCache = path.join(versionsCache, `git-${treeHash}`);
  const extractRoot = path.join(treeCache, 'tree');
  return {
    sdkDir: path.join(extractRoot, ...relativeSdkDir.split('/').filter(Boolean)),
    sourceRoot: extractRoot,
    cacheDir: treeCache,
    gitTree: { repo, ref: source.gitRef, treeHash, relativeSdkDir },
  };
}

/**
 * The version's model: from this process, from its cache (for a git ref, by tree hash alone,
 * without reading the files), else TypeDoc on the version's SDK (extracted first for a git ref).
 */
async function loadVersionModel(
  config: ResolvedConfig,
  diagnostics: Diagnostic[],
  version: DocsVersion,
  sdk: VersionSdk,
  options: ApiModelOptions,
  memory?: ItemMemory,
): Promise<ApiModel | undefined> {
  const settings = settingsHash(options);
  // serve --watch: the models this session loaded, in the store's memory tier.
  const store = openItemStore(sdk.cacheDir, memory);
  const loaded = store.recall<ApiModel>(settings);
  if (loaded && sdk.gitTree) return loaded;
  if (sdk.gitTree) {
    const cached = readStoredModel(sdk.cacheDir, settings);
    if (cached) {
      store.keep(settings, cached);
      return cached;
    }
    const extracted = await extractTree(sdk);
    if (extracted) return configError(config, diagnostics, version, extracted, 'Check that git can read the repository.');
  }
  if (loaded && isCurrent(loaded.inputs, settings)) return loaded;
  const result = await loadApiModel(options, { cacheDir: sdk.cacheDir });
  diagnostics.push(...result.diagnostics);
  result.typeChecker?.close();
  if (result.model) store.keep(settings, result.model);
  return result.model;
}

/** `git archive` of the SDK folder at the ref into the cache, beside its place and renamed; an error message on failure. */
async function extractTree(sdk: VersionSdk): Promise<string | undefined> {
  const { repo, treeHash, relativeSdkDir } = sdk.gitTree!;
  const target = sdk.sourceRoot;
  if (existsSync(target)) return undefined;
  const partial = `${target}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(partial, ...relativeSdkDir.split('/').filter(Boolean)), { recursive: true });
  // The tree object itself, so the archive holds the SDK folder's files at the top.
  const failure = await new Promise<string | undefined>((resolve) => {
    const archive = spawn('git', ['-C', repo, 'archive', '--format=tar', treeHash], { stdio: ['ignore', 'pipe', 'pipe'] });
    const untar = spawn('tar', ['-x', '-f', '-', '-C', path.join(partial, ...relativeSdkDir.split('/').filter(Boolean))], { stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    archive.stderr.on('data', (chunk) => (errors += String(chunk)));
    untar.stderr.on('data', (chunk) => (errors += String(chunk)));
    archive.stdout.pipe(untar.stdin);
    // Both must have exited, in whichever order they do, before the outcome is known.
    const exited = (child: typeof archive | typeof untar, name: string) =>
      new Promise<number | string | null>((done) => {
        child.on('error', (error) => done(`${name} failed: ${error.message}`));
        child.on('close', (code) => done(code));
      });
    void Promise.all([exited(archive, 'git archive'), exited(untar, 'tar')]).then(([archiveCode, untarCode]) => {
      if (typeof archiveCode === 'string') resolve(archiveCode);
      else if (typeof untarCode === 'string') resolve(untarCode);
      else resolve(archiveCode === 0 && untarCode === 0 ? undefined : `extracting ${treeHash} failed: ${errors.trim() || `exit ${archiveCode}/${untarCode}`}`);
    });
  });
  if (failure) {
    await rm(partial, { recursive: true, force: true });
    return failure;
  }
  await rename(partial, target).catch(async (error: NodeJS.ErrnoException) => {
    // Another build extracted the same tree meanwhile: the same files.
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  });
  return undefined;
}

/**
 * Renders the version's API pages with the current templates, under `/api/<version>`, with a
 * sidebar of their own; each page names its docs version and the same page in the current API.
 */
async function addVersionApiPages(site: Site, version: DocsVersion, model: ApiModel, sourceRoot: string): Promise<VersionApi> {
  const { config } = site;
  const route = joinUrlPath(config.routes.api, version.name);
  const versionSite: Site = {
    ...site,
    config: { ...config, routes: { ...config.routes, api: route }, api: { ...config.api!, sourceRoot } },
    pages: [],
    sidebars: {},
    docsVersions: undefined,
  };
  await createApiPages(versionSite, model);
  const sidebarName = `${apiSidebarName}-${version.name}`;
  site.sidebars[sidebarName] = versionSite.sidebars[apiSidebarName];
  const currentRoutes = new Set(site.pages.filter((page) => page.kind === 'api').map((page) => page.route));
  for (const page of versionSite.pages) {
    page.data.sidebar = sidebarName;
    page.data.docsVersion = version.name;
    const inCurrent = joinUrlPath(config.routes.api, page.route.slice(route.length));
    page.data.versionLinks = currentRoutes.has(inCurrent) ? { current: inCurrent } : {};
    addPage(site, page);
  }
  return { version, model, route, sidebar: sidebarName };
}

/**
 * The "API changes" page of `newer` (`/api/changes`, `/api/1.1.0/changes`): what changed since
 * `older`, each change linking to both versions' pages; listed first in the newer API's sidebar.
 */
function addApiChangesPage(site: Site, newer: VersionApi, older: VersionApi): void {
  const route = joinUrlPath(newer.route, 'changes');
  const hrefOf = (api: VersionApi, ref: ApiRef | undefined) => (ref ? `${joinUrlPath(api.route, ref.symbol)}${ref.member ? `#${ref.member}` : ''}` : undefined);
  const changes: ApiChangeView[] = diffApiModels(older.model, newer.model).map((change) => ({
    kind: change.kind,
    breaking: change.breaking,
    name: change.name,
    symbolKind: change.symbolKind,
    details: change.details,
    fromHref: hrefOf(older, change.from),
    toHref: hrefOf(newer, change.to),
  }));
  const view = { fromLabel: older.version.label, toLabel: newer.version.label, changes };
  const title = formatThemeString('apiChangesTitle', { version: newer.version.label });
  const breakingCount = changes.filter((change) => change.breaking).length;
  const toc = [
    ...(breakingCount > 0 ? [{ id: apiChangesSectionIds.breaking, text: formatThemeString('apiChangesBreaking'), depth: 2 }] : []),
    ...(breakingCount < changes.length ? [{ id: apiChangesSectionIds.other, text: formatThemeString('apiChangesOther'), depth: 2 }] : []),
  ];
  // Checked like any link, so a change that points at no page is caught.
  const links: SourceLink[] = changes.flatMap((change) =>
    [change.fromHref, change.toHref].filter((href) => href !== undefined).map((href) => ({ url: href, resolved: href, kind: 'page' as const })),
  );
  addPage(site, {
    route,
    kind: 'api',
    anchors: new Set(toc.map((item) => item.id)),
    links,
    api: { template: 'changes', view },
    data: {
      path: route,
      kind: 'api',
      title,
      documentTitle: documentTitleOf(title, site.config.title, site.config.titleDelimiter),
      description: formatThemeString('apiChangesIntro', { from: view.fromLabel, to: view.toLabel, breaking: breakingCount, count: changes.length }),
      html: '',
      toc,
      breadcrumbs: [],
      sidebar: newer.sidebar,
      docsVersion: newer.version.name === currentVersionName ? undefined : newer.version.name,
    },
  });
  const sidebar = site.sidebars[newer.sidebar];
  if (sidebar) sidebar.splice(1, 0, { type: 'link', label: formatThemeString('apiChanges'), to: route });
}
