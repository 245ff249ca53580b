import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { apiModelOptions, resolveApiPaths, type ApiPaths } from '../api/api-options.js';
import { apiSidebarName, createApiPages } from '../api/api-pages.js';
import { loadApiModel, settingsHash, type ApiModelOptions } from '../api/load-api-model.js';
import { apiModelVersion, type ApiModel } from '../api/model.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { addPage, type BuildContext, type Site } from '../core/site.js';
import { joinUrlPath } from '../shared/paths.js';
import type { DocsVersion } from './docs-versions.js';

/** Past versions' API models already loaded in this process (serve --watch), by cache key. */
const loadedModels = new Map<string, ApiModel>();

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
  const resolved = resolveApiPaths(site.config);
  // The current SDK's own problems are generateApi's to report.
  if (versions.length === 0 || !resolved?.paths) return;
  const currentPaths = resolved.paths;
  for (const version of versions) {
    const sdk = locateVersionSdk(site, ctx, version, currentPaths);
    if (!sdk) continue;
    const paths = mapPaths(currentPaths, sdk.sdkDir);
    const options: ApiModelOptions = { ...apiModelOptions(site.config, paths), debug: (message) => ctx.logger.debug(message) };
    const model = await loadVersionModel(site, version, sdk, options);
    if (!model) continue;
    await addVersionApiPages(site, version, model, sdk.sourceRoot);
  }
}

/** The current SDK's entry points and tsconfig, moved from its folder to another. */
function mapPaths(current: ApiPaths, sdkDir: string): ApiPaths {
  const currentDir = path.dirname(current.tsconfig);
  const moved = (file: string) => path.join(sdkDir, path.relative(currentDir, file));
  return { entryPoints: current.entryPoints.map(moved), tsconfig: moved(current.tsconfig) };
}

function configError(site: Site, version: DocsVersion, message: string, hint: string): undefined {
  const diagnostic: Diagnostic = { severity: 'error', code: 'versions', file: site.config.configFile, message: `docs.versions["${version.name}"].api: ${message}`, hint };
  site.diagnostics.push(diagnostic);
  return undefined;
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

function locateVersionSdk(site: Site, ctx: BuildContext, version: DocsVersion, current: ApiPaths): VersionSdk | undefined {
  const source = version.api!;
  const versionsCache = path.join(ctx.cacheDir, 'api-versions');
  if ('path' in source) {
    const sdkDir = path.resolve(site.config.siteDir, source.path);
    if (!existsSync(sdkDir)) return configError(site, version, `the folder ${source.path} does not exist (looked for ${sdkDir}).`, 'Paths are relative to the site folder; the folder holds that version of the SDK folder (the one with its tsconfig).');
    return { sdkDir, sourceRoot: sdkDir, cacheDir: path.join(versionsCache, `folder-${sha1(sdkDir).slice(0, 16)}`) };
  }
  const currentSdkDir = path.dirname(current.tsconfig);
  const git = (...args: string[]) => spawnSync('git', ['-C', currentSdkDir, ...args], { encoding: 'utf8' });
  const top = git('rev-parse', '--show-toplevel');
  if (top.error || top.status !== 0) {
    return configError(site, version, `the SDK folder ${path.relative(site.config.siteDir, currentSdkDir) || '.'} is not in a git repository${top.error ? ' (git cannot be run)' : ''}.`, 'Use { path: "…" } with a folder holding that version of the SDK, or put the SDK under git.');
  }
  const repo = top.stdout.trim();
  const relativeSdkDir = path.relative(realpathSync(repo), realpathSync(currentSdkDir)).split(path.sep).join('/');
  const tree = git('rev-parse', '--verify', '--quiet', `${source.gitRef}^{commit}:${relativeSdkDir}`);
  if (tree.status !== 0) {
    const refExists = git('rev-parse', '--verify', '--quiet', `${source.gitRef}^{commit}`).status === 0;
    return configError(
      site,
      version,
      refExists ? `the ref "${source.gitRef}" has no folder ${relativeSdkDir || '.'} in ${repo}.` : `git finds no ref "${source.gitRef}" in ${repo}.`,
      refExists ? 'Name a ref at which the SDK folder existed.' : 'Name a tag, branch or commit of that repository, e.g. v1.4.0 (git tag lists them).',
    );
  }
  const treeHash = tree.stdout.trim();
  const cacheDir = path.join(versionsCache, `git-${treeHash}`);
  const extractRoot = path.join(cacheDir, 'tree');
  return {
    sdkDir: path.join(extractRoot, ...relativeSdkDir.split('/').filter(Boolean)),
    sourceRoot: extractRoot,
    cacheDir,
    gitTree: { repo, ref: source.gitRef, treeHash, relativeSdkDir },
  };
}

/**
 * The version's model: from this process, from its cache (for a git ref, by tree hash alone,
 * without reading the files), else TypeDoc on the version's SDK (extracted first for a git ref).
 */
async function loadVersionModel(site: Site, version: DocsVersion, sdk: VersionSdk, options: ApiModelOptions): Promise<ApiModel | undefined> {
  const settings = settingsHash(options);
  const key = `${sdk.cacheDir}\n${settings}`;
  const loaded = loadedModels.get(key);
  if (loaded && sdk.gitTree) return loaded;
  if (sdk.gitTree) {
    const cached = await readModel(path.join(sdk.cacheDir, 'api-model.json'), settings);
    if (cached) {
      loadedModels.set(key, cached);
      return cached;
    }
    const extracted = await extractTree(sdk);
    if (extracted) return configError(site, version, extracted, 'Check that git can read the repository.');
  }
  const result = await loadApiModel(options, { previous: loaded, cacheDir: sdk.cacheDir });
  site.diagnostics.push(...result.diagnostics);
  result.typeChecker?.close();
  if (result.model) loadedModels.set(key, result.model);
  return result.model;
}

async function readModel(file: string, settings: string): Promise<ApiModel | undefined> {
  try {
    const model = JSON.parse(await readFile(file, 'utf8')) as ApiModel;
    return model.version === apiModelVersion && model.inputs.settings === settings ? model : undefined;
  } catch {
    return undefined;
  }
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
    let archiveCode: number | null = null;
    archive.on('error', (error) => resolve(`git archive failed: ${error.message}`));
    untar.on('error', (error) => resolve(`tar failed: ${error.message}`));
    archive.on('close', (code) => (archiveCode = code));
    untar.on('close', (code) => resolve(code === 0 && archiveCode === 0 ? undefined : `extracting ${treeHash} failed: ${errors.trim() || `exit ${archiveCode}/${code}`}`));
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
async function addVersionApiPages(site: Site, version: DocsVersion, model: ApiModel, sourceRoot: string): Promise<void> {
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
}
