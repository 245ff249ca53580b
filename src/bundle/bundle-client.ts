import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { babelConfigFileOf } from '../core/site-babel.js';
import { packageRoot } from '../core/package-root.js';
import { heldByMemory, type HeldByMemory, type ItemMemory } from '../core/item-store.js';
import { type Diagnostic, UserError } from '../core/diagnostic.js';
import { bundleReadFiles } from '../core/read-files.js';
import { type BuildContext, type OutputFile, type Site, assetsDir } from '../core/site.js';
import { readCacheFile, storeCacheFile } from '../core/cache-file.js';
import { createQueryEngine, type Query, type QueryAsker, type QueryEngine } from '../engine/query-engine.js';
import { joinUrlPath } from '../shared/paths.js';
import { themeStrings } from '../shared/theme-strings.js';
import { reactAsEsmPlugin } from './react-esm.js';
import { mayOverflowNavbar } from './navbar-width.js';
import { siteReadRoots, siteServerRoots } from '../core/path-bounds.js';
import { mdxAssetsPlugin, mdxModulesOf, mdxModulesPlugin, mdxNamespace, siteModulesFolders, type MdxModuleEntry } from '../core/mdx-modules.js';
import { markdownPagesPlugin, pageModuleSpecifier } from '../core/markdown-pages.js';
import type { MdxPartialCompiler } from '../model/compiled-doc.js';
import type { ThemeComponentName } from '../shared/theme-components.js';
import type { FooterData, NavbarItemData } from '../shared/types.js';
import { primaryContrastWarnings, themeSettingsCss } from './theme-stylesheet.js';
import { customCssProblems } from '../config/check-config-paths.js';
import { configSliceFingerprint } from '../config/config-fingerprint.js';
import { analyticsAdditions } from '../config/analytics.js';
import { chromeSelectorWarnings, classDrawnBy } from './chrome-selectors.js';
import { linkInfimaStylesheet } from './infima-stylesheet.js';
import { scopedStylesheetErrorPlace, siteStylesheetsPlugin, stylesheetAssetLoaders } from '../core/site-stylesheets.js';
import { sassFile, siteSassQuery } from '../core/site-sass.js';
import { hasPostcssPlugins, setSitePostcssPlugins } from '../core/site-postcss.js';
import { siteBundleOptions, type SiteBundleSettings } from '../core/site-bundle-settings.js';

/** What templates/NavbarItem.tsx reads to leave out of a plain navbar's bundle the code it does not use. */
const navbarExtrasFlag = ['globalThis', '__sdkdocsNavbarExtras'].join('.');

/** What templates/Sidebar.tsx and App.tsx read to leave out the code of `docs.sidebar.hideable` and `autoCollapseCategories` where neither is set. */
const sidebarOptionsFlag = ['globalThis', '__sdkdocsSidebarOptions'].join('.');

/** What templates/Navbar.tsx reads to leave out the code that fits a crowded navbar where it surely fits. */
const navbarCrowdedFlag = ['globalThis', '__sdkdocsNavbarCrowded'].join('.');

/** Whether no navbar item (nor a dropdown's entry) has HTML, classes or attributes of its own, nor is the site's own (`custom-…`). */
function isPlainNavbar(items: readonly NavbarItemData[]): boolean {
  return items.every(
    (item) =>
      item.html === undefined &&
      item.className === undefined &&
      item.attributes === undefined &&
      item.props === undefined &&
      item.activeBaseRegex === undefined &&
      item.dropdownActiveClassDisabled === undefined &&
      isPlainNavbar([...(item.items ?? []), ...(item.itemsBefore ?? []), ...(item.itemsAfter ?? [])]),
  );
}

/** Footer links without classes or attributes of their own need none of the code for them either. */
function isPlainFooter(footer: FooterData | undefined): boolean {
  return (footer?.links ?? []).every((column) => column.items.every((item) => 'html' in item || (item.className === undefined && item.attributes === undefined)));
}

/** Entry points, relative to the package root (as esbuild's metafile names them). */
const clientEntry = 'src/client/entry.tsx';
/** Wraps a custom page as Docusaurus passes it props; shared with the server's render of the page. */
const pagePropsModule = 'templates/theme/docusaurus/page-props.ts';
/**
 * Site overrides the theme wraps to give them the props Docusaurus gives them, as the server's
 * render does (theme-host.ts): each wrapper's module and export, bundled only for a site that
 * overrides that component.
 */
const overrideWrappers: Partial<Record<ThemeComponentName, { module: string; name: string }>> = {
  ColorModeToggle: { module: 'templates/theme/color-mode-choice.tsx', name: 'withColorModeChoice' },
  TOC: { module: 'templates/theme/toc-props.tsx', name: 'withDocusaurusTocProps' },
};
const themeStylesheet = 'templates/theme.css';
/** The stylesheet entry: the theme's, then the config's theme settings, then the site's customCss. */
const themeNamespace = 'sdkdocs-theme';
const themeEntry = `${themeNamespace}:theme.css`;
const themeSettingsModule = `${themeNamespace}:settings.css`;
const themeModulePattern = new RegExp(`^${themeNamespace}:`);

const themeStringsFile = path.join('src', 'shared', 'theme-strings.ts');

/** Beside the scripts: the license of every npm package bundled into them (React's MIT, fuse.js's Apache 2.0…). */
export const thirdPartyLicensesFile = 'third-party-licenses.txt';
/** Each script names the licenses file, instead of carrying the packages' license comments. */
const licensesBanner = `/*! Licenses of bundled packages: ${thirdPartyLicensesFile} */`;

/** Module id of the generated map of custom React pages (route → lazy import). */
const pagesModuleId = 'sdkdocs:pages';
/** Module id of the site's theme overrides, by component name (an empty object on most sites). */
const themeOverridesModuleId = 'sdkdocs:theme-overrides';
/** Module id of the MDX hydration code, or of nothing on a site without MDX docs. */
const mdxRuntimeModuleId = 'sdkdocs:mdx-runtime';
const mdxRuntimeFile = path.join('src', 'client', 'mdx-content.tsx');
const mdxModuleLoaderFile = path.join('src', 'client', 'mdx-module.ts');
/** Module id of the code that switches pages' own stylesheets, or of nothing on a site whose pages have none. */
const pageStylesheetsModuleId = 'sdkdocs:page-stylesheets';
/** The module of the site's client modules, as main imports it and as the entry point of their stylesheet. */
const clientModulesEntry = 'sdkdocs:client-modules';
const clientModulesFile = path.join('src', 'client', 'client-modules.ts');
const pageStylesheetsFile = path.join('src', 'client', 'page-stylesheets.ts');
/** React must be sdkdocs's own copy, wherever a site's custom pages live (the ids {@link reactAsEsmPlugin} leaves). */
const sharedModules = /^(react|react-dom|scheduler)(\/.*)?$/;

export interface ClientBundleOptions {
  /** The site's custom pages folder; its pages are bundled as lazily loaded chunks. */
  pagesDir: string;
  /** The site has PostCSS plugins (config `postcssPlugins`), which its stylesheets go through. */
  withPostcss: boolean;
  /** The site's `clientModules`, resolved, in order: every page imports them before it hydrates. */
  clientModules: string[];
  /** The site's aliases, fallbacks, constants and provided globals (config `bundle`). */
  bundle: SiteBundleSettings;
  /** The site folder, which `@site/…` imports of MDX docs name. */
  siteDir: string;
  /** The folders the site's imports may reach (`siteReadRoots`). */
  readRoots: readonly string[];
  /** Where imports written from the root are looked up (`siteServerRoots`). */
  serverRoots: readonly string[];
  /** The site's base URL: files that MDX docs import get URLs under it. */
  baseUrl: string;
  /** The static folder, where a stylesheet's root-relative `url(/img/x.png)` is looked for. */
  staticDir: string;
  /** The keys of the MDX docs' modules: each is an entry point of its own, loaded only by its page. */
  mdxKeys: string[];
  /** The site's theme overrides (`src/theme/…`): component name and file, sorted by name. */
  themeOverrides: [ThemeComponentName, string][];
  /** The site's own stylesheets (absolute paths), bundled after the theme's. */
  customCss: string[];
  /**
   * The stylesheets the theme overrides import (`@import` specifiers), bundled after customCss:
   * the overrides are on every page. (The main script's own stylesheet would not do: esbuild puts
   * the stylesheets of every custom page in it, as it follows their dynamic imports.)
   */
  themeOverrideStylesheets: string[];
  /** The site has past docs versions (`versions.json`): the version dropdown and banner are bundled. */
  versioned: boolean;
  /** No navbar item has HTML, classes or attributes of its own: the browser bundle leaves out the code for them. */
  plainNavbar: boolean;
  /** The navbar might not fit the narrowest desktop layout: the bundle carries the code that hides what does not fit. */
  crowdedNavbar: boolean;
  /** `docs.sidebar.hideable` or `autoCollapseCategories` is set: the bundle carries their code. */
  sidebarOptions: boolean;
}

/** A custom page the client renders as a React component: its route and source file. */
export interface ClientPage {
  route: string;
  file: string;
}

/** One reusable esbuild context and the page list its generated module reads on each rebuild. */
interface ClientBundler {
  context: esbuild.BuildContext<{ metafile: true; write: false }>;
  pages: ClientPage[];
  mdxModules: Map<string, MdxModuleEntry>;
  /** The build's compiler of the markdown partials MDX docs import. */
  compilePartial?: MdxPartialCompiler;
  /** Files MDX docs and their components import, by output path: written beside the scripts. */
  importedFiles: Map<string, string>;
  /** The theme strings the bundled code names; the rest of the table stays out of the browser. */
  themeKeys?: string[];
  /** The stylesheet made from the config's theme settings. */
  themeSettings: string;
  /** Some page links a stylesheet of its own (Infima's classes): the client switches them. */
  pageStylesheets: boolean;
  /** The files the stylesheets of the last bundle were compiled from (Sass partials among them), which its metafile does not name. */
  stylesheetInputs: Set<string>;
  /** The context of the query the bundle runs in, while it runs: the CSS modules' compiles are asked through it. */
  queries?: QueryAsker;
  /** The build's debug log. */
  debug: (message: string) => void;
  /** The cache file that keeps the theme strings the last bundle of the site named, for the next run's first bundle. */
  themeKeysFile?: string;
}

type BundleResult = esbuild.BuildResult<{ metafile: true; write: false }>;

/** An esbuild context as a session holds it: made once per set of options. */
interface HeldBundler extends HeldByMemory {
  bundler: Promise<ClientBundler>;
  release(): Promise<void>;
}

const bundlerKeyPrefix = 'client-bundler:';

/**
 * The esbuild context for these options. serve --watch keeps it in the session's memory, so a
 * rebuild calls `rebuild()` on it, which only redoes what changed; a one-off build makes its own
 * and releases it when the stage ends, so nothing of it outlives the build.
 */
function clientBundler(options: ClientBundleOptions, memory: ItemMemory | undefined): HeldBundler {
  const key = `${bundlerKeyPrefix}${JSON.stringify(options)}`;
  return heldByMemory(memory, key, () => {
    const bundler = createClientBundler(options);
    const held: HeldBundler = { bundler, release: async () => (await bundler.catch(() => undefined))?.context.dispose() };
    // A context that could not be made is made again by the next build.
    bundler.catch(() => {
      if (memory?.held.get(key) === held) memory.held.delete(key);
    });
    return held;
  });
}

async function createClientBundler(options: ClientBundleOptions): Promise<ClientBundler> {
  const root = packageRoot();
  const require = createRequire(path.join(root, 'package.json'));
  const holder: ClientBundler = { context: undefined!, pages: [], mdxModules: new Map(), importedFiles: new Map(), themeSettings: '', pageStylesheets: false, stylesheetInputs: new Set(), debug: () => undefined };
  const overrideFiles = new Map(options.themeOverrides);
  // What the bundle compiles of the site's code on the engine (CSS modules, the Flow stripper), asked by the query that runs it.
  const queries: QueryAsker = {
    query: (query, key) => {
      if (!holder.queries) throw new Error('sdkdocs: the client bundle compiles site code only while its query runs');
      return holder.queries.query(query, key);
    },
  };
  const customPagesPlugin: esbuild.Plugin = {
    name: 'sdkdocs-client',
    setup(build) {
      build.onResolve({ filter: /^sdkdocs:pages$/ }, () => ({ path: pagesModuleId, namespace: 'sdkdocs' }));
      build.onLoad({ filter: /^sdkdocs:pages$/, namespace: 'sdkdocs' }, () => ({
        contents: pagesModuleSource(holder.pages),
        resolveDir: options.pagesDir,
        loader: 'js',
      }));
      // The client's page root, `<App>`, inside the site's providers where the site has them; a
      // site without them bundles the theme's App module as it is.
      // (Registered only then: a resolve callback can change the order esbuild reads modules in, and
      // with it the minified names, which the first-load budget feels.)
      if (hasLayoutProvider(options)) {
        build.onResolve({ filter: /\/templates\/App\.js$/ }, (args) => (args.importer.endsWith(`${path.sep}ClientApp.tsx`) ? { path: path.join(packageRoot(), 'templates', 'AppWithProviders.tsx') } : undefined));
      }
      build.onResolve({ filter: /^sdkdocs:theme-overrides$/ }, () => ({ path: themeOverridesModuleId, namespace: 'sdkdocs' }));
      build.onLoad({ filter: /^sdkdocs:theme-overrides$/, namespace: 'sdkdocs' }, () => ({
        // The MDX components map reaches the browser through the MDX root's import, not the layout's slots.
        contents: themeOverridesModuleSource(options.themeOverrides.filter(([name]) => name !== 'MDXComponents')),
        resolveDir: options.siteDir,
        loader: 'js',
      }));
      // The code that hydrates MDX content is bundled only for a site that has MDX docs: loaded
      // on demand instead, it would split React out of the main chunk on every site.
      build.onResolve({ filter: /^sdkdocs:mdx-runtime$/ }, () => ({ path: mdxRuntimeModuleId, namespace: 'sdkdocs' }));
      build.onLoad({ filter: /^sdkdocs:mdx-runtime$/, namespace: 'sdkdocs' }, () => ({
        contents:
          options.mdxKeys.length > 0
            ? `export { hydrateMdxContent } from ${JSON.stringify(path.join(root, mdxRuntimeFile))};\nexport { loadMdxModule } from ${JSON.stringify(path.join(root, mdxModuleLoaderFile))};`
            : 'export const hydrateMdxContent = undefined, loadMdxModule = undefined;',
        resolveDir: root,
        loader: 'js',
      }));
      // Empty on a site without client modules, so that the main script stays as it was.
      build.onResolve({ filter: /^sdkdocs:client-modules$/ }, () => ({ path: clientModulesEntry.slice('sdkdocs:'.length), namespace: 'sdkdocs' }));
      build.onLoad({ filter: /^client-modules$/, namespace: 'sdkdocs' }, () => ({
        contents: clientModulesSource(options.clientModules, path.join(root, clientModulesFile)),
        resolveDir: options.siteDir,
        loader: 'js',
      }));
      build.onResolve({ filter: /^sdkdocs:page-stylesheets$/ }, () => ({ path: pageStylesheetsModuleId, namespace: 'sdkdocs' }));
      build.onLoad({ filter: /^sdkdocs:page-stylesheets$/, namespace: 'sdkdocs' }, () => ({
        contents: holder.pageStylesheets
          ? `export { loadPageStylesheets, usePageStylesheets } from ${JSON.stringify(path.join(root, pageStylesheetsFile))};`
          : 'export const loadPageStylesheets = undefined, usePageStylesheets = undefined;',
        resolveDir: root,
        loader: 'js',
      }));
      // On a site with one docs version, the version dropdown, banner and hook draw nothing, in
      // the build's render as here: the browser gets stand-ins that say so in a few bytes.
      if (!options.versioned) {
        build.onLoad({ filter: /[\\/]templates[\\/]DocsVersion\.tsx$/ }, () => ({
          contents: 'export const useReadDocsVersion = () => undefined, useDocsVersionDropdownItem = () => undefined, DocsVersionBanner = () => null, DocsVersionBadge = () => null;',
          loader: 'js',
        }));
      }
      // The one table of theme strings also holds what only the build renders (API pages, 404
      // text): the browser gets the entries its code names, found from the previous pass's inputs.
      build.onLoad({ filter: /theme-strings\.ts$/ }, async (args) => {
        if (!holder.themeKeys || !args.path.endsWith(themeStringsFile)) return undefined;
        const source = await readFile(args.path, 'utf8');
        const table = /export const themeStrings = \{[\s\S]*?\n\} as const;/;
        if (!table.test(source)) return undefined;
        const used = Object.fromEntries(
          Object.entries(themeStrings).map(([locale, strings]) => [
            locale,
            Object.fromEntries(Object.entries(strings).filter(([key]) => holder.themeKeys!.includes(key))),
          ]),
        );
        return { contents: source.replace(table, () => `export const themeStrings = ${JSON.stringify(used)} as const;`), loader: 'ts' };
      });
      // Named as esbuild names a module of a namespace, so that the metafile's entry point is `themeEntry`.
      build.onResolve({ filter: themeModulePattern }, (args) => ({ path: args.path.slice(themeNamespace.length + 1), namespace: themeNamespace }));
      build.onLoad({ filter: /.*/, namespace: themeNamespace }, (args) => ({
        contents:
          `${themeNamespace}:${args.path}` === themeEntry
            ? [path.join(root, themeStylesheet), themeSettingsModule, ...options.customCss, ...options.themeOverrideStylesheets].map((file) => `@import ${JSON.stringify(file)};`).join('\n')
            : holder.themeSettings,
        resolveDir: root,
        loader: 'css',
      }));
      build.onStart(() => holder.stylesheetInputs.clear());
      // A site's pages import React from wherever they are; all must share sdkdocs's copy.
      build.onResolve({ filter: sharedModules }, (args) =>
        args.importer.startsWith(root) ? undefined : { path: require.resolve(args.path) },
      );
    },
  };
  const siteSettings = siteBundleOptions(options.bundle, options.siteDir, 'browser');
  holder.context = await esbuild.context({
    absWorkingDir: root,
    nodePaths: siteModulesFolders(options.siteDir),
    entryPoints: {
      main: clientEntry,
      theme: themeEntry,
      // Its own entry only for the stylesheet of what it imports, which every page links; its code runs from main's import.
      ...(options.clientModules.length > 0 ? { 'client-modules': clientModulesEntry } : {}),
      ...Object.fromEntries(options.mdxKeys.map((key) => [key, `${mdxNamespace}:${key}`])),
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    // Named, so that a require() of a package takes its `module` build as webpack's does: left to
    // itself, esbuild takes `main` there, and a UMD `main` (jsonc-parser's) hands `require` to a factory it cannot bundle.
    mainFields: ['browser', 'module', 'main'],
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    // webpack 5, and so Docusaurus, makes Node's `global` the global object in the browser (its `node.global` default).
    define: { global: 'globalThis', ...siteSettings.define, 'process.env.NODE_ENV': '"production"', [navbarExtrasFlag]: String(!options.plainNavbar), [navbarCrowdedFlag]: String(options.crowdedNavbar), [sidebarOptionsFlag]: String(options.sidebarOptions) },
    legalComments: 'none',
    banner: { js: licensesBanner },
    charset: 'utf8',
    write: false,
    metafile: true,
    outdir: path.join(root, assetsDir),
    entryNames: '[ext]/[name].[hash]',
    chunkNames: '[ext]/chunk.[hash]',
    assetNames: 'media/[name].[hash]',
    loader: stylesheetAssetLoaders,
    logLevel: 'silent',
    inject: siteSettings.inject,
    plugins: [
      // Before all: webpack applies the site's aliases before anything else resolves an import.
      ...siteSettings.plugins,
      // Then: it sees the stylesheet imports before the resolvers of `@site/…` and relative paths, which it asks in turn.
      siteStylesheetsPlugin({
        siteDir: options.siteDir,
        staticDir: options.staticDir,
        target: 'browser',
        onInputs: (files) => files.forEach((file) => holder.stylesheetInputs.add(file)),
        queries,
        withPostcss: options.withPostcss,
      }),
      reactAsEsmPlugin(root),
      customPagesPlugin,
      markdownPagesPlugin(),
      mdxModulesPlugin({
        siteDir: options.siteDir,
        readRoots: options.readRoots,
        serverRoots: options.serverRoots,
        modules: () => holder.mdxModules,
        overrides: () => overrideFiles,
        queries,
        compilePartial: (file) => (holder.compilePartial ? holder.compilePartial(file) : Promise.resolve({ error: { message: 'MDX partials are compiled within a build.' } })),
      }),
      mdxAssetsPlugin(options.baseUrl, (outputPath, file) => holder.importedFiles.set(outputPath, file)),
    ],
  });
  return holder;
}

/** The site's overrides by name, those Docusaurus gives props of its own wrapped ({@link overrideWrappers}). */
/** Whether the site has its own `src/theme/Layout/Provider`, which the page and MDX content are rendered inside. */
function hasLayoutProvider(options: Pick<ClientBundleOptions, 'themeOverrides'>): boolean {
  return options.themeOverrides.some(([name]) => name === 'Layout/Provider');
}

function themeOverridesModuleSource(overrides: [ThemeComponentName, string][]): string {
  const imports = overrides.map(([, file], index) => `import o${index} from ${JSON.stringify(file)};`);
  const entries = overrides.map(([name], index) => {
    const wrapper = overrideWrappers[name];
    if (wrapper) imports.push(`import { ${wrapper.name} } from ${JSON.stringify(path.join(packageRoot(), wrapper.module))};`);
    return `${JSON.stringify(name)}: ${wrapper ? `${wrapper.name}(o${index})` : `o${index}`}`;
  });
  return `${imports.join('\n')}\nexport const themeOverrides = { ${entries.join(', ')} };\n`;
}

/**
 * The custom pages, each loaded on demand and wrapped as the server wrapped it when it rendered
 * the page (page-props.ts); the wrapper is loaded with the first page, not with every doc.
 */
function pagesModuleSource(pages: ClientPage[]): string {
  if (pages.length === 0) return 'export const pages = {};\n';
  const wrapper = JSON.stringify(path.join(packageRoot(), pagePropsModule));
  const withProps = `const withProps = (page) => import(${wrapper}).then(({ withDocusaurusPageProps }) => ({ ...page, default: withDocusaurusPageProps(page.default) }));`;
  const entries = pages.map((page) => `  ${JSON.stringify(page.route)}: () => import(${JSON.stringify(pageModuleSpecifier(page.file))}).then(withProps),`);
  return `${withProps}\nexport const pages = {\n${entries.join('\n')}\n};\n`;
}

/**
 * The client bundle, made again only when what the build hands it changed (input
 * `clientBundleContents`: the pages, the MDX docs' code, the theme settings) or a site file the
 * last bundle read did: the components MDX docs and pages import, stylesheets, the Sass files they
 * `@use`. Installed packages and sdkdocs' own files do not change while a site is built or watched.
 */
const clientBundleQuery: Query<string, BundleResult> = {
  name: 'clientBundle',
  // The result is megabytes of code that no query reads: hashing it would buy no early cutoff.
  fingerprint: () => randomUUID(),
  async run(context, siteDir) {
    const bundler = context.input<ClientBundler>('clientBundler');
    context.input('clientBundlerOptions');
    context.input('clientBundleContents');
    // The partials MDX docs import are compiled in the bundle with the site's plugins.
    context.input('clientBundlePartialCompiler');
    bundler.queries = context;
    const result = await rebuildWithUsedThemeStrings(bundler, siteDir).finally(() => {
      bundler.queries = undefined;
    });
    const own = packageRoot() + path.sep;
    for (const file of bundleReadFiles(result.metafile, packageRoot())) {
      if ((file.startsWith(siteDir + path.sep) || !file.startsWith(own)) && !file.split(path.sep).includes('node_modules')) context.readBytes(file);
    }
    // The Sass files that the site's stylesheets `@use`, which no metafile names.
    for (const file of bundler.stylesheetInputs) context.readBytes(file);
    // The site's Babel config, which strips Flow before esbuild reads a file.
    context.readBytes(babelConfigFileOf(siteDir));
    return result;
  },
};

/** Sets what {@link clientBundleQuery} reads of the build and asks it. */
function askClientBundle(engine: QueryEngine, contents: unknown[], siteDir: string) {
  engine.setInput('clientBundleContents', contents);
  return engine.answer(clientBundleQuery, siteDir);
}

/**
 * Bundles the client runtime (from the same React templates the pages are rendered with) and the
 * theme CSS with esbuild: minified ES modules with code splitting, content-hashed under
 * `assets/js/` and `assets/css/`. Custom React pages become lazily loaded chunks.
 */
export async function bundleClient(site: Site, ctx: BuildContext): Promise<void> {
  const mdx = mdxModulesOf(site);
  const { config } = site;
  const options: ClientBundleOptions = {
    pagesDir: config.paths.pages,
    siteDir: config.siteDir,
    readRoots: siteReadRoots(config),
    serverRoots: siteServerRoots(config),
    baseUrl: config.baseUrl,
    staticDir: config.paths.static,
    mdxKeys: [...mdx.keys()].sort(),
    customCss: config.paths.customCss,
    withPostcss: hasPostcssPlugins(config.postcssPlugins),
    // Analytics' own client module is left out of serve --watch's previews, with its head scripts.
    clientModules: [...config.paths.clientModules, ...(ctx.watch ? [] : analyticsAdditions(config.analytics).clientModules)],
    bundle: config.bundle,
    themeOverrideStylesheets: site.themeOverrides?.stylesheets ?? [],
    themeOverrides: [...(site.themeOverrides?.files ?? [])].sort(([a], [b]) => a.localeCompare(b)),
    versioned: site.docsVersions !== undefined,
    plainNavbar: isPlainNavbar(site.siteData?.navbar.items ?? []) && isPlainFooter(site.siteData?.footer),
    crowdedNavbar: site.siteData ? mayOverflowNavbar(site.siteData.navbar) : true,
    sidebarOptions: config.docs.sidebar.hideable || config.docs.sidebar.autoCollapseCategories,
  };
  const held = clientBundler(options, ctx.memory);
  const engine = ctx.engine ?? createQueryEngine();
  engine.setInput('clientBundlerOptions', options);
  // The pipeline sets it on the build's engine (fingerprinting the config's code once a build);
  // an engine of this stage's own has it from here.
  if (!ctx.engine) setSitePostcssPlugins(engine, config.postcssPlugins, configSliceFingerprint(config, config.postcssPlugins));
  try {
    await bundleWith(await held.bundler, engine, mdx, site, ctx);
  } finally {
    // A one-off build lets the process exit; a session keeps the context for its next build.
    if (!ctx.memory) await held.release();
  }
}

async function bundleWith(bundler: ClientBundler, engine: QueryEngine, mdx: ReturnType<typeof mdxModulesOf>, site: Site, ctx: BuildContext): Promise<void> {
  const { config } = site;
  // serve --watch keeps the config it loaded: a customCss file deleted since is found here, at its key.
  const missingCss = customCssProblems(config);
  if (missingCss.length > 0) throw new UserError(missingCss);
  bundler.themeSettings = themeSettingsCss(config);
  site.diagnostics.push(...primaryContrastWarnings(config));
  site.diagnostics.push(...(await siteChromeSelectorWarnings(site, engine)));
  bundler.pages = site.pages
    .filter((page) => page.component && page.sourceFile)
    .map((page) => ({ route: page.route, file: page.sourceFile! }));
  bundler.mdxModules = new Map([...mdx].map(([key, { entry }]) => [key, entry]));
  bundler.compilePartial = site.compileMdxPartial;
  bundler.debug = (message) => ctx.logger.debug(message);
  bundler.themeKeysFile = path.join(ctx.cacheDir, themeKeysCacheFile);
  engine.setInput('clientBundlePartialCompiler', null, site.compileMdxPartial ? (site.compileMdxPartial.fingerprint ?? randomUUID()) : 'none');
  // Once a site's pages have stylesheets of their own (CSS they import, Infima's classes), serve --watch keeps the loader.
  bundler.pageStylesheets = (await linkInfimaStylesheet(site)) || bundler.pageStylesheets;
  // A context made again (after one that could not be made) has bundled nothing yet.
  engine.setComparedInput('clientBundler', bundler, (last, now) => last === now);
  const contents = () => [bundler.pages, [...mdx.values()].map(({ entry }) => entry.code), bundler.themeSettings, bundler.pageStylesheets];
  const rebuild = engine.holds(clientBundleQuery, config.siteDir);
  const answer = await askClientBundle(engine, contents(), config.siteDir);
  let result = answer.result;
  if (rebuild) ctx.logger.debug(`bundleClient: ${answer.reused ? 'kept the last bundle' : 'bundled again'}`);
  for (const file of bundleReadFiles(result.metafile, packageRoot())) site.readFiles.add(file);
  const outdir = path.join(packageRoot(), assetsDir);
  const url = (file: string) => joinUrlPath(site.config.baseUrl, relativeOutput(outdir, file));
  let linked = linkStylesheets(site, result.metafile, mdx, url);
  // The client's loader of pages' own stylesheets is bundled only for sites that have some: a page
  // that imports CSS is known once the bundle is made, so the first such bundle is made again with it.
  if (!bundler.pageStylesheets && site.pages.some((page) => (page.data.stylesheets?.length ?? 0) > 0)) {
    bundler.pageStylesheets = true;
    for (const page of site.pages) page.data.stylesheets = page.data.stylesheets?.filter((href) => href.includes('/infima.'));
    result = (await askClientBundle(engine, contents(), config.siteDir)).result;
    linked = linkStylesheets(site, result.metafile, mdx, url);
  }
  const clientModulesScripts = new Set(
    Object.entries(result.metafile.outputs)
      .filter(([file, output]) => output.entryPoint === clientModulesEntry && file.endsWith('.js'))
      .map(([file]) => path.resolve(packageRoot(), file)),
  );
  for (const file of result.outputFiles) {
    if (file.path.endsWith('.map')) continue;
    // A stylesheet no page links (the main entry's, which esbuild makes of every custom page's) is left out.
    if (file.path.endsWith('.css') && !linked.has(file.path)) continue;
    // The client modules' entry script: main imports their code, so no page loads it.
    if (clientModulesScripts.has(file.path)) continue;
    const relative = relativeOutput(outdir, file.path);
    site.outputs.set(relative, { path: relative, contents: file.contents });
  }
  for (const [outputPath, file] of bundler.importedFiles) site.outputs.set(outputPath, { path: outputPath, contents: await readFile(file) });
  const licenses = path.posix.join(assetsDir, 'js', thirdPartyLicensesFile);
  site.outputs.set(licenses, await licensesFileOf(result.metafile, licenses));
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const absolute = path.resolve(packageRoot(), file);
    if (output.entryPoint === clientEntry) {
      site.assets.js.push(url(absolute));
      // The entry's static imports are needed at once: preloading them saves a round trip.
      for (const imported of output.imports) {
        if (imported.kind === 'import-statement' && !imported.external) {
          site.assets.inlineHead.push(`<link rel="modulepreload" href="${url(path.resolve(packageRoot(), imported.path))}">`);
        }
      }
    } else if (output.entryPoint?.startsWith(`${mdxNamespace}:`)) {
      const page = mdx.get(output.entryPoint.slice(mdxNamespace.length + 1))?.page;
      if (page) page.data.mdxModule = url(absolute);
    }
  }
}

/**
 * Links the stylesheets from the pages that use them, in each page's `<head>` (no flash of
 * unstyled content) and its route data (for the client's navigation to it): every page the theme's
 * stylesheet (with those of the theme overrides); a custom page or an MDX doc the stylesheets its
 * own code imports, which esbuild gathers for its chunk or entry (`cssBundle`). Returns the
 * absolute paths of the linked stylesheets.
 */
function linkStylesheets(site: Site, metafile: esbuild.Metafile, mdx: ReturnType<typeof mdxModulesOf>, url: (file: string) => string): Set<string> {
  const linked = new Set<string>();
  const link = (output: string) => {
    const absolute = path.resolve(packageRoot(), output);
    linked.add(absolute);
    return url(absolute);
  };
  const pagesByFile = new Map(site.pages.filter((page) => page.component && page.sourceFile).map((page) => [page.sourceFile!, page]));
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const entry = output.entryPoint;
    if (entry === undefined) continue;
    if (entry === themeEntry && file.endsWith('.css')) site.assets.css.push(link(file));
    if (entry === clientModulesEntry && output.cssBundle) {
      site.assets.css.push(link(output.cssBundle));
      continue;
    }
    if (!output.cssBundle) continue;
    const page = entry.startsWith(`${mdxNamespace}:`) ? mdx.get(entry.slice(mdxNamespace.length + 1))?.page : pagesByFile.get(path.resolve(packageRoot(), entry));
    // After Infima's, which this build's Infima pass has just set or cleared.
    if (page) page.data.stylesheets = [...(page.data.stylesheets ?? []), link(output.cssBundle)];
  }
  return linked;
}

/**
 * The theme strings the last bundle of this process named. The first pass of a new context keeps
 * those the site's last build named (from its cache folder) or, failing that, these, so that a
 * cold bundle like the last one (most sites name the same strings) is made once, not twice.
 * Only a guess: what the pass bundled is checked against it, and a wrong guess costs the second
 * pass that every cold bundle made before. The bytes never depend on it, as the module graph does
 * not depend on the table's contents.
 */
let lastUsedThemeKeys: string[] | undefined;

const themeKeysCacheFile = 'client-theme-keys.json';

function storedThemeKeys(file: string | undefined): string[] | undefined {
  const text = file && readCacheFile(file);
  if (!text) return undefined;
  try {
    const keys: unknown = JSON.parse(text);
    return Array.isArray(keys) && keys.every((key) => typeof key === 'string') ? keys : undefined;
  } catch {
    return undefined;
  }
}

/** Rebuilds; when the bundled code names other theme strings than the last pass kept, once more with those. */
async function rebuildWithUsedThemeStrings(bundler: ClientBundler, siteDir: string) {
  const rebuild = () =>
    bundler.context.rebuild().catch((error: esbuild.BuildFailure) => {
      const inSite = siteCodeErrors(error, siteDir, bundler.mdxModules);
      if (inSite.length > 0) throw new UserError(inSite);
      const messages = (error.errors ?? []).map((message) => `${message.location ? `${message.location.file}:${message.location.line}: ` : ''}${message.text}`);
      throw new Error(`Cannot bundle the client runtime:\n${messages.join('\n') || String(error)}`, { cause: error });
    });
  const stored = storedThemeKeys(bundler.themeKeysFile);
  bundler.themeKeys ??= stored ?? lastUsedThemeKeys;
  let result = await rebuild();
  const keys = await usedThemeKeys(Object.keys(result.metafile.inputs));
  if (keys.join() !== bundler.themeKeys?.join()) {
    bundler.debug(`bundleClient: bundled again with the ${keys.length} theme strings the code names`);
    bundler.themeKeys = keys;
    result = await rebuild();
  }
  if (bundler.themeKeysFile && keys.join() !== stored?.join()) storeCacheFile(bundler.themeKeysFile, JSON.stringify(keys));
  lastUsedThemeKeys = keys;
  return result;
}

/**
 * Errors in the site's own code (overrides, custom pages, components of MDX docs) that only the
 * browser bundle meets, such as an import of a Node module, and in the site's stylesheets (a Sass
 * error, in customCss or a partial it uses, wherever that lies): located errors, not a crash.
 */
function siteCodeErrors(error: esbuild.BuildFailure, siteDir: string, mdxModules: ReadonlyMap<string, MdxModuleEntry>): Diagnostic[] {
  return (error.errors ?? []).flatMap((message): Diagnostic[] => {
    const inMdx = mdxDocErrorPlace(message, mdxModules);
    if (inMdx) {
      return [
        {
          severity: 'error',
          code: 'bundle',
          ...inMdx,
          message: `Cannot bundle for the browser: ${message.text}.`.replace(/\.\.$/, '.'),
          hint: /"node:|"(fs|os|path|child_process|crypto|http|https|net|worker_threads)"/.test(message.text)
            ? 'An MDX doc runs in the browser too: it may import only browser-safe modules, not Node modules. Compute the value in a build step and import the result (JSON), or show it with a component that needs no Node.'
            : 'An MDX doc runs in the browser too: it may import only browser-safe modules.',
        },
      ];
    }
    const { file, line, column } = scopedStylesheetErrorPlace(message) ?? {
      file: message.location && path.resolve(packageRoot(), message.location.file),
      line: message.location?.line,
      column: message.location ? message.location.column + 1 : undefined,
    };
    if (!file) return [];
    const inStylesheet = /\.(css|s[ac]ss)$/i.test(file) && !file.startsWith(packageRoot() + path.sep);
    // A package the site installed is the site's too (one written for Node, imported by a
    // component); only sdkdocs' own files are its internal errors.
    if (!inStylesheet && (!file.startsWith(siteDir + path.sep) || file.startsWith(packageRoot() + path.sep))) return [];
    const place = { severity: 'error' as const, code: 'bundle', file, line, column };
    if (inStylesheet) return [{ ...place, message: `${message.text}.`.replace(/\.\.$/, '.'), ...(typeof message.detail === 'string' ? { hint: message.detail } : {}) }];
    const inPackage = file.includes(`${path.sep}node_modules${path.sep}`);
    return [
      {
        ...place,
        message: `Cannot bundle for the browser: ${message.text}.`.replace(/\.\.$/, '.'),
        hint: inPackage
          ? 'Overrides, custom pages and the components of MDX docs run in the browser too: a package they import must work in the browser (this one needs Node).'
          : 'Overrides, custom pages and the components of MDX docs run in the browser too: they may import only browser-safe modules (no node:* modules).',
      },
    ];
  });
}

/**
 * An error inside a compiled MDX doc's module (`sdkdocs-mdx:KEY`) is the doc's: placed at the
 * import of the module that could not be bundled, or at the doc when no import names it.
 */
function mdxDocErrorPlace(message: esbuild.Message, mdxModules: ReadonlyMap<string, MdxModuleEntry>): Pick<Diagnostic, 'file' | 'line' | 'column'> | undefined {
  const location = message.location?.file;
  if (!location?.startsWith(`${mdxNamespace}:`)) return undefined;
  const entry = mdxModules.get(location.slice(mdxNamespace.length + 1));
  if (!entry) return undefined;
  const specifier = /Could not resolve "([^"]+)"/.exec(message.text)?.[1];
  const imported = entry.imports.find((candidate) => candidate.source === specifier);
  return imported ? { file: entry.file, line: imported.line, column: imported.column } : { file: entry.file };
}

/** Theme-string keys written as string literals in the bundled source files. */
/**
 * The prefix of a metafile input a plugin loaded (a package's CSS module, a raw-loader import):
 * `namespace:path`. A namespace has two letters or more, so a Windows drive is no namespace.
 * esbuild's own `(disabled):` marks a file a package's `browser` field leaves out (object-inspect's
 * `util.inspect`): an empty module, its path after the prefix.
 */
const pluginNamespace = /^(?:[a-z][\w-]+|\(disabled\)):(?!\/\/)/i;
const disabledModulePrefix = '(disabled):';

async function usedThemeKeys(inputs: string[]): Promise<string[]> {
  const keys = Object.keys(themeStrings.en);
  const used = new Set<string>();
  // A plugin's module (`sdkdocs-asset:/site/x.ts`, a file imported through `!!raw-loader!`) is not a file to read, and not code either.
  const sources = inputs.filter((input) => /\.(tsx?|jsx?)$/.test(input) && !pluginNamespace.test(input) && !input.includes('node_modules') && !input.endsWith(themeStringsFile));
  for (const input of sources) {
    const text = await readFile(path.resolve(packageRoot(), input), 'utf8');
    for (const match of text.matchAll(/['"`](\w+)['"`]/g)) used.add(match[1]);
  }
  return keys.filter((key) => used.has(key));
}

/**
 * The license texts (and NOTICE files, which Apache 2.0 asks to pass on) of the npm packages the
 * scripts bundle, one section per package.
 */
/** serve --watch keeps the last bundle while its inputs are unchanged, and with it the file of its licenses. */
const licensesFiles = new WeakMap<esbuild.Metafile, Promise<OutputFile>>();

function licensesFileOf(metafile: esbuild.Metafile, outputPath: string): Promise<OutputFile> {
  let file = licensesFiles.get(metafile);
  if (!file) {
    file = thirdPartyLicenses(metafile).then((contents) => ({ path: outputPath, contents }));
    licensesFiles.set(metafile, file);
    file.catch(() => licensesFiles.delete(metafile));
  }
  return file;
}

async function thirdPartyLicenses(metafile: esbuild.Metafile): Promise<string> {
  const packageDirs = new Set<string>();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    for (const written of Object.keys(output.inputs)) {
      // A module a package's `browser` field maps to false is named `(disabled):<its path>` and bundles nothing.
      if (written.startsWith(disabledModulePrefix)) continue;
      const input = written.replace(pluginNamespace, '');
      // The last node_modules folder in the path is the package's own (nested installs have several).
      const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) packageDirs.add(path.resolve(packageRoot(), match[1]));
    }
  }
  const sections = await Promise.all(
    [...packageDirs].sort().map(async (dir) => {
      const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
      const files = (await readdir(dir)).filter((name) => /^(licen[cs]e|notice)(\.(md|txt))?$/i.test(name)).sort();
      const texts = await Promise.all(files.map((name) => readFile(path.join(dir, name), 'utf8')));
      const body = texts.length > 0 ? texts.map((text) => text.trim()).join('\n\n') : `License: ${manifest.license ?? 'not stated'}`;
      return `${manifest.name} ${manifest.version}\n${'='.repeat(40)}\n${body}\n`;
    }),
  );
  return `The scripts in this folder bundle these npm packages, under these licenses.\n\n${sections.join('\n')}`;
}

function relativeOutput(outdir: string, file: string): string {
  return path.join(assetsDir, path.relative(outdir, file)).split(path.sep).join('/');
}

/**
 * The warnings of one customCss file (and of the partials a Sass one imports) for rules that aim
 * at Docusaurus' chrome markup, which the site's own swizzled parts (input `themeOverrideCode`) do
 * not draw. The files are read through the engine, so a watch build that touched no stylesheet
 * reads none of them again.
 */
const chromeSelectorsQuery: Query<string, Diagnostic[]> = {
  name: 'chromeSelectors',
  async run(context, file) {
    const overrides = context.input<string>('themeOverrideCode');
    // A Sass customCss is often `@import`s alone: its rules are in the partials (Detox's `_navbar.scss`).
    // One that does not compile is checked alone; the bundle reports the error at its place.
    const files = sassFile.test(file)
      ? await context.query(siteSassQuery, [context.input<string>('chromeSelectorsSiteDir'), file]).then(
          (compiled) => compiled.files,
          () => {
            // What the failed compile would have read is unknown: check again once it compiles.
            context.untracked('its Sass does not compile');
            return [file];
          },
        )
      : [file];
    const stylesheets = files.flatMap((source) => {
      const css = context.readFile(source);
      return css === undefined ? [] : [{ file: source, css }];
    });
    return chromeSelectorWarnings(stylesheets, classDrawnBy(overrides));
  },
};

async function siteChromeSelectorWarnings(site: Site, engine: QueryEngine): Promise<Diagnostic[]> {
  engine.setInput('themeOverrideCode', site.themeOverrides?.code ?? '');
  engine.setInput('chromeSelectorsSiteDir', site.config.siteDir);
  const warnings = await Promise.all(site.config.paths.customCss.map((file) => engine.query(chromeSelectorsQuery, file)));
  return warnings.flat();
}

/**
 * The module main imports first: each client module, a script's lifecycles handed to the code
 * that calls them on each route. Nothing without client modules.
 */
function clientModulesSource(modules: readonly string[], lifecyclesFile: string): string {
  if (modules.length === 0) return '';
  const scripts = modules.filter((file) => !/\.(css|s[ac]ss)$/i.test(file));
  const lines = modules.map((file) => (scripts.includes(file) ? `import * as m${scripts.indexOf(file)} from ${JSON.stringify(file)};` : `import ${JSON.stringify(file)};`));
  if (scripts.length > 0) {
    lines.push(`import { runClientModules } from ${JSON.stringify(lifecyclesFile)};`, `runClientModules([${scripts.map((_, index) => `m${index}`).join(', ')}]);`);
  }
  return lines.join('\n');
}
