import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { UserError, type Diagnostic } from '../core/diagnostic.js';
import { generatedOutputAt, generatedOutputNames, isRouteInside } from '../core/route-safety.js';
import { missingSidebarsFile } from './sidebars-file.js';
import { currentVersionName } from '../core/docs-version.js';
import { resolveDocsVersions } from './docs-versions.js';
import { locateConfigKey } from './locate-key.js';
import { installSassHint, sassFile, siteHasSass } from '../core/site-sass.js';
import type { ResolvedConfig } from './resolve.js';

/**
 * Refuses a config whose folders would let a build destroy the site: each build replaces its
 * output folder whole, so that folder may not be, hold or lie inside a source of the site; and
 * the docs and the API reference each need a URL folder that nothing else writes to.
 */
export function checkConfigPaths(config: ResolvedConfig): void {
  const missingSidebars = buildsCurrentDocs(config) ? missingSidebarsFile(config) : undefined;
  const diagnostics = [...outputFolderProblems(config), ...routeBaseProblems(config), ...customCssProblems(config), ...clientModuleProblems(config), ...(missingSidebars ? [missingSidebars] : [])];
  if (diagnostics.length > 0) throw new UserError(diagnostics);
}

/**
 * Whether the build reads the `docs` folder, whose sidebars `docs.sidebarPath` names: Docusaurus
 * checks that file only then (past versions have their own). A versions problem says so itself,
 * when the docs are collected, so it does not count here.
 */
function buildsCurrentDocs(config: ResolvedConfig): boolean {
  try {
    const versions = resolveDocsVersions(config);
    return !versions || versions.some((version) => version.name === currentVersionName);
  } catch (error) {
    if (error instanceof UserError) return false;
    throw error;
  }
}

/** A source of the site that the output folder must keep away from. */
interface SiteSource {
  path: string;
  what: string;
  /** Published as it is (the static folder): an output folder inside it would be copied into itself. */
  publishedWhole?: boolean;
}

function siteSources(config: ResolvedConfig): SiteSource[] {
  const { siteDir } = config;
  const sources: SiteSource[] = [
    { path: config.configFile, what: 'the config file' },
    { path: config.paths.docs, what: 'the docs folder (docs.path)' },
    { path: config.paths.static, what: 'the static folder (staticDir)', publishedWhole: true },
    { path: config.paths.pages, what: 'the custom pages folder (pagesDir)' },
    { path: path.join(siteDir, 'node_modules'), what: "the site's node_modules (dependencies and build caches)" },
    { path: path.join(siteDir, 'versioned_docs'), what: 'the versioned docs (versioned_docs)' },
    { path: path.join(siteDir, 'versioned_sidebars'), what: 'the versioned sidebars (versioned_sidebars)' },
    { path: path.join(siteDir, 'versions.json'), what: 'the list of docs versions (versions.json)' },
  ];
  if (config.docs.sidebarPath !== undefined) sources.push({ path: path.resolve(siteDir, config.docs.sidebarPath), what: 'the sidebars file (docs.sidebarPath)' });
  if (config.api) {
    for (const entryPoint of config.api.entryPoints) {
      const file = path.resolve(siteDir, entryPoint);
      sources.push({ path: file, what: 'an API entry point (api.entryPoints)' }, { path: path.dirname(file), what: 'the folder of an API entry point' });
    }
    sources.push({ path: path.resolve(siteDir, config.api.tsconfig), what: "the SDK's tsconfig (api.tsconfig)" });
    if (config.api.sourceRoot) sources.push({ path: path.resolve(siteDir, config.api.sourceRoot), what: 'the SDK source root (api.sourceRoot)' });
  }
  return sources;
}

function outputFolderProblems(config: ResolvedConfig): Diagnostic[] {
  const out = realPathOfNearest(config.paths.outRoot);
  const site = realPathOfNearest(config.siteDir);
  const problems: Diagnostic[] = [];
  for (const source of siteSources(config)) {
    const real = realPathOfNearest(source.path);
    // The site folder, or a folder around it, is where an output folder normally lives.
    const holdsSite = !source.publishedWhole && isSameOrInside(site, real);
    const relation = out === real ? 'is' : isSameOrInside(real, out) ? 'contains' : !holdsSite && isSameOrInside(out, real) ? 'lies inside' : undefined;
    if (!relation) continue;
    problems.push(
      outDirDiagnostic(
        config,
        `the output folder ${displayPath(config.paths.outRoot)} ${relation} ${displayPath(source.path)}, ${source.what}; each build replaces the output folder whole.`,
      ),
    );
    break;
  }
  return problems;
}

/**
 * A diagnostic about the output folder, located where it was named: the `outDir` key of the
 * config, or the `--out-dir` option.
 */
export function outDirDiagnostic(config: ResolvedConfig, problem: string, hint?: string): Diagnostic {
  if (config.outDirFrom === 'option') {
    return {
      severity: 'error',
      code: 'config',
      message: `--out-dir: ${problem}`,
      hint:
        hint ??
        `--out-dir is taken relative to the current folder (${process.cwd()}). Pass a folder of its own, outside the site's sources, e.g. --out-dir ${displayPath(path.join(config.siteDir, 'out'))}.`,
    };
  }
  const location = locateConfigKey(config, ['outDir']);
  return {
    severity: 'error',
    code: 'config',
    message: `outDir${location.line === undefined ? ` (default "${config.outDir}")` : ''}: ${problem}`,
    file: config.configFile,
    ...location,
    hint: hint ?? `outDir is relative to the site folder. Use a folder of its own that holds no sources, such as the default "out".`,
  };
}

function routeBaseProblems(config: ResolvedConfig): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const at = (keys: string[], message: string, hint: string): Diagnostic => ({
    severity: 'error',
    code: 'config',
    message,
    hint,
    file: config.configFile,
    ...locateConfigKey(config, keys),
  });
  const generatedHint = `These names are written by the build itself: ${[...generatedOutputNames.keys()].join(', ')}.`;
  const docsBase = config.routes.docs;
  const docsGenerated = generatedOutputAt(docsBase.slice(config.baseUrl.length));
  if (docsGenerated) {
    problems.push(at(['docs', 'routeBasePath'], `docs.routeBasePath: ${docsBase} is ${generatedOutputNames.get(docsGenerated)}.`, generatedHint));
  }
  if (!config.api) return problems;
  const apiBase = config.routes.api;
  if (apiBase === config.baseUrl || `${apiBase}/` === config.baseUrl) {
    problems.push(at(['api', 'routeBasePath'], 'api.routeBasePath: the API reference needs a URL folder of its own, not the site root.', 'Use e.g. "api".'));
    return problems;
  }
  const apiGenerated = generatedOutputAt(apiBase.slice(config.baseUrl.length));
  if (apiGenerated) {
    problems.push(at(['api', 'routeBasePath'], `api.routeBasePath: ${apiBase} is ${generatedOutputNames.get(apiGenerated)}.`, generatedHint));
  }
  // Docs at the site root share it with every page; their routes are checked one by one.
  const docsAtRoot = docsBase === config.baseUrl || `${docsBase}/` === config.baseUrl;
  if (isRouteInside(docsBase, apiBase) || (!docsAtRoot && isRouteInside(apiBase, docsBase))) {
    problems.push(
      at(
        ['docs', 'routeBasePath'],
        `docs.routeBasePath: the docs (${docsBase}) and the API reference (api.routeBasePath, ${apiBase}) share URLs, so docs and API pages would overwrite each other.`,
        'Give each its own folder, e.g. docs.routeBasePath "docs" and api.routeBasePath "api".',
      ),
    );
  }
  return problems;
}

/**
 * Each `customCss` file must be there: a stylesheet that silently went missing would change how
 * every page looks. A Sass one (`./src/css/custom.scss`, as docusaurus-plugin-sass sites list it)
 * needs the site's `sass` package.
 */
export function customCssProblems(config: ResolvedConfig): Diagnostic[] {
  const listed = Array.isArray(config.customCss);
  return config.paths.customCss.flatMap((file, index) => {
    const key = listed ? `customCss[${index}]` : 'customCss';
    const at = { severity: 'error' as const, code: 'config', file: config.configFile, ...locateConfigKey(config, listed ? ['customCss', index] : ['customCss']) };
    if (!statSync(file, { throwIfNoEntry: false })?.isFile()) {
      return [{ ...at, message: `${key}: no stylesheet at ${displayPath(file)}.`, hint: 'customCss paths are relative to the site folder, e.g. "./src/css/custom.css".' }];
    }
    if (sassFile.test(file) && !siteHasSass(config.siteDir)) {
      return [{ ...at, message: `${key}: ${displayPath(file)} is Sass, and the site has no \`sass\` package to compile it.`, hint: installSassHint }];
    }
    return [];
  });
}

/** Each `clientModules` entry must be a file: a module that went missing would drop its code from every page. */
export function clientModuleProblems(config: ResolvedConfig): Diagnostic[] {
  return config.paths.clientModules.flatMap((file, index) => {
    if (statSync(file, { throwIfNoEntry: false })?.isFile()) return [];
    return [
      {
        severity: 'error' as const,
        code: 'config',
        file: config.configFile,
        ...locateConfigKey(config, ['clientModules', index]),
        message: `clientModules[${index}]: no module at ${displayPath(file)}.`,
        hint: 'Give a path relative to the site folder ("./src/client/analytics.js") or a module of a package the site installed.',
      },
    ];
  });
}

/** The real path of `file`, or of its nearest existing folder with the rest appended, so links cannot hide an overlap. */
function realPathOfNearest(file: string): string {
  const rest: string[] = [];
  for (let current = path.resolve(file); ; current = path.dirname(current)) {
    try {
      return path.join(realpathSync(current), ...rest);
    } catch {
      if (path.dirname(current) === current) return path.resolve(file);
      rest.unshift(path.basename(current));
    }
  }
}

function isSameOrInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative === '' ? '.' : relative === '..' || relative.startsWith(`..${path.sep}`) ? file : relative;
}
