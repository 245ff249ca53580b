import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { packageRoot } from '../core/package-root.js';
import { createReadBounds, isInsideFolder, outsideSiteHint, outsideSiteMessage, repositoryFilesOf, type RepositoryFiles } from './path-bounds.js';
import { flowStripperQuery } from './site-babel.js';
import type { QueryAsker } from '../engine/query-engine.js';
import { scopedStylesheetNamespace } from './site-stylesheets.js';
import { isThemeComponentName, themeComponentNames, type ThemeComponentName } from '../shared/theme-components.js';

/** Docusaurus modules that sdkdocs provides, by the name docs import them with. */
export const docusaurusModuleNames = [
  'Link',
  'useBaseUrl',
  'useDocusaurusContext',
  'BrowserOnly',
  'ExecutionEnvironment',
  'useIsBrowser',
  'router',
  'Head',
  'Translate',
  'Interpolate',
  'isInternalUrl',
  'theme-common',
  'useGlobalData',
  'useBrokenLinks',
  'plugin-content-docs/client',
] as const;
export type DocusaurusModuleName = (typeof docusaurusModuleNames)[number];

export interface SiteImportOptions {
  /** The site folder: what `@site/…` names. */
  siteDir: string;
  /** The folders the site's code may import files from (`siteReadRoots`); the site folder when not given. */
  readRoots?: readonly string[];
  /** Where an import written from the root (`/img/a.png`) is looked up (`siteServerRoots`); the site folder when not given. */
  serverRoots?: readonly string[];
  /** The site's own components (`src/theme/…`), by the name of the theme component each replaces. */
  overrides: () => ReadonlyMap<ThemeComponentName, string>;
  /**
   * The names the running build's own theme modules export, when the bundle runs inside the build
   * (its render): theme imports then reach those modules instead of copies bundled in.
   */
  host?: { theme: Record<string, Record<string, unknown>>; docusaurus: Record<string, Record<string, unknown>>; key: string };
  /** Where the site's Flow stripper is asked for: the query the bundle runs in, or the build's engine. */
  queries: QueryAsker;
}

const hostNamespace = 'sdkdocs-theme-host';

function themeFolder(): string {
  return path.join(packageRoot(), 'templates', 'theme');
}

function moduleFile(base: string): string | undefined {
  for (const extension of ['.tsx', '.ts']) if (existsSync(base + extension)) return base + extension;
  return undefined;
}

/**
 * How a site's `.js` file with JSX is read: as JSX, or as TSX when only TypeScript's parser reads
 * it. Docusaurus' faster mode (`future.experimental_faster`) compiles every JS file with SWC's TSX
 * parser, so such sites have TypeScript annotations in `.jsx` files (docs.dyte.io). A file neither
 * reads is read as JSX, whose error is the one shown.
 */
async function jsxOrTsx(contents: string): Promise<'jsx' | 'tsx'> {
  const parses = (loader: 'jsx' | 'tsx') =>
    esbuild.transform(contents, { loader, logLevel: 'silent' }).then(
      () => true,
      () => false,
    );
  return (await parses('jsx')) || !(await parses('tsx')) ? 'jsx' : 'tsx';
}

/**
 * Resolves the imports of a site's code as Docusaurus does: `@site/…` is the site folder, `@theme/X` is the site's own `src/theme/X`
 * when it has one (except inside that file), else the theme's; `@theme-original/X` is always the
 * theme's; `@docusaurus/Link` and friends are sdkdocs' minimal versions. One resolver for MDX
 * docs, custom pages and overrides, in the browser bundle and in the build's render.
 */
export function resolveSiteImports(build: esbuild.PluginBuild, options: SiteImportOptions): void {
  const loaderByFile = new Map<string, { contents: string; loader: Promise<'jsx' | 'tsx'> }>();
  resolveFromServerRoots(build, options.serverRoots ?? [options.siteDir]);
  refuseImportsOutsideSite(build, options.readRoots ?? [options.siteDir], options.siteDir);
  build.onResolve({ filter: /^@site\// }, async (args) => {
    const resolved = await build.resolve(`./${args.path.slice('@site/'.length)}`, { kind: args.kind, resolveDir: options.siteDir, importer: args.importer });
    if (resolved.errors.length > 0) return { errors: [{ text: `Could not resolve "${args.path}"` }] };
    return { path: resolved.path, namespace: resolved.namespace, external: resolved.external, sideEffects: resolved.sideEffects, suffix: resolved.suffix, pluginData: resolved.pluginData };
  });
  const original = (kind: 'theme' | 'docusaurus', name: string): esbuild.OnResolveResult => {
    if (options.host) return { path: `${kind}/${name}`, namespace: hostNamespace };
    const file = moduleFile(kind === 'theme' ? path.join(themeFolder(), name) : path.join(themeFolder(), 'docusaurus', name));
    return file ? { path: file } : { errors: [{ text: `sdkdocs is missing its theme module ${kind}/${name}` }] };
  };
  const unknownComponent = (specifier: string) => ({
    errors: [{ text: `Could not resolve "${specifier}": sdkdocs has no such theme component (it has ${[...themeComponentNames].sort().map((name) => `@theme/${name}`).join(', ')})` }],
  });
  build.onResolve({ filter: /^sdkdocs:mdx-provider$/ }, () => {
    const file = moduleFile(path.join(themeFolder(), 'mdx-provider'));
    return file ? { path: file } : { errors: [{ text: 'sdkdocs is missing its MDX provider module' }] };
  });
  // The theme's MDX root imports the map of MDX components by its relative path: the site's own
  // map, when it has one, takes its place there (in the build's render and in the browser alike).
  build.onResolve({ filter: /^\.\/MDXComponents(\.js)?$/ }, (args) => {
    if (path.dirname(args.importer) !== themeFolder()) return undefined;
    const override = options.overrides().get('MDXComponents');
    return override ? { path: override } : undefined;
  });
  // So are the site's providers, which its components in MDX content may need (contributing.bitwarden.com's dev mode).
  build.onResolve({ filter: /^\.\/Layout\/Provider(\.js)?$/ }, (args) => {
    if (path.dirname(args.importer) !== themeFolder()) return undefined;
    const override = options.overrides().get('Layout/Provider');
    return override ? { path: override } : undefined;
  });
  build.onResolve({ filter: /^@theme(-original)?\// }, async (args) => {
    const originalOnly = args.path.startsWith('@theme-original/');
    const name = args.path.slice(args.path.indexOf('/') + 1);
    if (!isThemeComponentName(name)) {
      // Docusaurus resolves `@theme/X` to the site's own src/theme/X whatever X is: swizzled parts
      // (`@theme/Footer/Links`) and the site's own theme modules import each other so.
      const own = originalOnly ? undefined : await build.resolve(`./${name}`, { kind: args.kind, resolveDir: path.join(options.siteDir, 'src', 'theme'), importer: args.importer });
      if (own && own.errors.length === 0) return { path: own.path, namespace: own.namespace };
      return unknownComponent(args.path);
    }
    const override = originalOnly ? undefined : options.overrides().get(name);
    // An override that imports its own name means the theme's component, not itself.
    if (override && path.resolve(args.importer) !== override) return { path: override };
    return original('theme', name);
  });
  // The classic theme's own files, which some components import by their package path: Docusaurus
  // resolves them to the theme's component, the one `@theme-original/X` names, whatever the site swizzled.
  build.onResolve({ filter: /^@docusaurus\/theme-classic\/lib\/theme\// }, (args) => {
    const name = args.path.slice('@docusaurus/theme-classic/lib/theme/'.length).replace(/\/index(\.js)?$|\.js$/, '');
    return isThemeComponentName(name) ? original('theme', name) : unknownComponent(args.path);
  });
  build.onResolve({ filter: /^@docusaurus\// }, (args) => {
    const name = args.path.slice('@docusaurus/'.length);
    if ((docusaurusModuleNames as readonly string[]).includes(name)) return original('docusaurus', name);
    return { errors: [{ text: `Could not resolve "${args.path}": sdkdocs provides only ${docusaurusModuleNames.map((module) => `@docusaurus/${module}`).join(', ')}` }] };
  });
  // Docusaurus sites write their components as `.js` files with JSX in them (Babel reads them so):
  // the site's own `.js` files are read as JSX here too, without the Flow types its Babel config
  // strips; packages in node_modules are left as they are.
  const siteFolder = path.resolve(options.siteDir) + path.sep;
  build.onLoad({ filter: /\.[cm]?jsx?$/ }, async (args) => {
    if (args.namespace !== 'file' || !args.path.startsWith(siteFolder) || args.path.slice(siteFolder.length).split(path.sep).includes('node_modules')) return undefined;
    const stripFlow = await options.queries.query(flowStripperQuery, options.siteDir);
    const jsx = args.path.endsWith('.js') || args.path.endsWith('.jsx');
    if (!stripFlow) {
      if (!jsx) return undefined;
      const contents = await readFile(args.path, 'utf8');
      // serve --watch loads every file again on each rebuild: an unchanged file is not parsed twice more.
      let known = loaderByFile.get(args.path);
      if (known?.contents !== contents) loaderByFile.set(args.path, (known = { contents, loader: jsxOrTsx(contents) }));
      return { contents, loader: await known.loader };
    }
    const outcome = await stripFlow(args.path, await readFile(args.path, 'utf8'));
    if ('error' in outcome) {
      const { text, line, column } = outcome.error;
      return { errors: [{ text, location: line === undefined ? { file: args.path } : { file: args.path, line, column: column ?? 0 } }] };
    }
    return { contents: outcome.code, loader: jsx ? 'jsx' : 'js' };
  });
  const host = options.host;
  if (host) {
    build.onLoad({ filter: /.*/, namespace: hostNamespace }, (args) => {
      const [kind, ...rest] = args.path.split('/');
      const name = rest.join('/');
      const exports = (kind === 'theme' ? host.theme : host.docusaurus)[name];
      if (!exports) return { errors: [{ text: `sdkdocs is missing its theme module ${args.path}` }] };
      const named = Object.keys(exports).filter((key) => key !== 'default' && /^[A-Za-z_$][\w$]*$/.test(key));
      const lines = [`const m = globalThis[Symbol.for(${JSON.stringify(host.key)})][${JSON.stringify(kind)}][${JSON.stringify(name)}];`];
      if ('default' in exports) lines.push('export default m.default;');
      if (named.length > 0) lines.push(`export const { ${named.join(', ')} } = m;`);
      return { contents: lines.join('\n'), loader: 'js' };
    });
  }
}

/** The extensions esbuild tries for an import written without one: the file found may be a symbolic link. */
const importExtensions = ['.js', '.jsx', '.ts', '.tsx', '.mjs', '.cjs', '.json', '.md', '.mdx'];

/**
 * An import written from the root (`require('/static/img/clip.png')`, `import logo from
 * '/img/logo.svg'`) means a file of the first of `roots` that has it, as webpack's `resolve.roots`
 * reads it for Docusaurus (the static folders, then the site folder); react-native-skia's docs
 * show their images so. One that none has is left to be what it says: an absolute path.
 */
function resolveFromServerRoots(build: esbuild.PluginBuild, roots: readonly string[]): void {
  build.onResolve({ filter: /^\/[^/]/ }, async (args) => {
    if (!args.resolveDir || args.importer.split(/[\\/]/).includes('node_modules')) return undefined;
    const written = args.path.replace(/[?#].*$/, '');
    for (const root of roots) {
      const candidate = path.join(root, written);
      if (!isInsideFolder(root, candidate) || ![candidate, ...importExtensions.map((extension) => candidate + extension)].some((file) => existsSync(file))) continue;
      // Resolved again as the absolute path, which the other resolvers (assets, bounds) see; its
      // root is not joined to it once more, as no root holds a copy of itself.
      const resolved = await build.resolve(candidate + args.path.slice(written.length), { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, namespace: args.namespace, pluginData: args.pluginData });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: resolved.path, namespace: resolved.namespace, external: resolved.external, sideEffects: resolved.sideEffects, suffix: resolved.suffix, pluginData: resolved.pluginData };
    }
    return undefined;
  });
}

/** A module of code (a component, a page, an override), as against content (MDX, markdown, CSS). */
const codeModule = /\.[cm]?[jt]sx?$/i;

/**
 * A relative or absolute import written in the site's own code (an MDX doc, a partial, a
 * component, a custom page) must name a file of the site: `import secret from
 * '../../../../root/.npmrc'` would otherwise put the file's bytes into the bundle, or publish it as
 * an asset. Packages' own imports (inside node_modules) and sdkdocs' are theirs. A module of code
 * in the site's repository may also reach the repository's files that git does not ignore (see
 * `repositoryFilesOf`); content may not, so a doc of a pull request names only files of the site.
 * The error is esbuild's, so it is located at the import statement.
 */
function refuseImportsOutsideSite(build: esbuild.PluginBuild, roots: readonly string[], siteDir: string): void {
  const bounds = createReadBounds(roots);
  let repository: RepositoryFiles | undefined | null = null;
  const repositoryAdmits = (importer: string, file: string): boolean => {
    if (!codeModule.test(importer)) return false;
    repository ??= repositoryFilesOf(siteDir);
    return repository !== undefined && repository.admits(importer) && repository.admits(file);
  };
  const sdkdocsRoot = packageRoot();
  build.onResolve({ filter: /^(\.\.?(\/|$)|\/)/ }, (args) => {
    if (!args.resolveDir || args.importer.split(/[\\/]/).includes('node_modules')) return undefined;
    // A CSS module's stylesheet is the site's file too: its url()s are held to the same bounds.
    const inSiteFile = args.namespace === 'file' || args.namespace === scopedStylesheetNamespace;
    const siteCode = inSiteFile ? bounds.outside(args.importer) === undefined : args.namespace.startsWith('sdkdocs-mdx');
    if (!siteCode) return undefined;
    const written = path.resolve(args.resolveDir, args.path.replace(/[?#].*$/, ''));
    // sdkdocs' own modules, which the compiled MDX modules import by their absolute paths.
    if (isInsideFolder(sdkdocsRoot, written)) return undefined;
    let outside = bounds.outside(written);
    if (outside === undefined && !existsSync(written)) {
      const found = importExtensions.map((extension) => written + extension).find((file) => existsSync(file));
      if (found) outside = bounds.outside(found);
    }
    if (outside === undefined) return undefined;
    if (inSiteFile && repositoryAdmits(args.importer, outside)) return undefined;
    return { errors: [{ text: outsideSiteMessage('The import', args.path, outside, bounds.roots), detail: outsideSiteHint }] };
  });
}
