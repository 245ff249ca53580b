import { createRequire, Module } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { UserError } from '../core/diagnostic.js';
import { runSiteCode, SiteCodeStopped } from '../core/site-code.js';
import { bundleErrorDiagnostics, bundleInputs, bundleWorkingDir, settleWithin, siteModuleTimeoutSeconds } from '../core/site-module.js';
import { docusaurusModuleCandidates, isClassicPreset, resolveQuietly, type PresetRun } from './docusaurus-presets.js';
import { formatKeyPath } from './locate-key.js';
import { customNavbarItemType } from './schema.js';

/*
 * A Docusaurus site builds from its own folder: its `docusaurus.config.*` is run as Docusaurus runs
 * it, and what it says is translated into sdkdocs' config. Whatever sdkdocs does not apply (a
 * plugin it does not run, an option it has no counterpart for) is a notice located at the key, so
 * nothing the site relies on disappears without a word.
 */

/** The names Docusaurus looks for, in its order. */
export const docusaurusConfigFileNames = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.cts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
];

/** A key path in a config object: `['themeConfig', 'navbar', 'items', 2]`. */
export type KeyPath = (string | number)[];

/** Something of the Docusaurus config that sdkdocs does not apply, at its key path there. */
export interface ConfigNotice {
  keys: KeyPath;
  message: string;
  hint?: string;
}

interface Origin {
  /** Prefix of a key path in the translated (sdkdocs) config. */
  to: KeyPath;
  /** Where that prefix's value sits in the Docusaurus config. */
  from: KeyPath;
  /** For an array some of whose items were left out: the Docusaurus index of each item kept. */
  indexes?: number[];
}

/** A plugin or theme entry of the config that the translation does not run, with its notice. */
export interface PluginEntryNotRun {
  kind: 'plugins' | 'themes';
  /** Its module name, expanded as Docusaurus expands a short one; a function's own name. */
  name: string;
  /** The entry's plugin: a module name or path, or the plugin function itself. */
  plugin: unknown;
  options: unknown;
  /** Where the entry is written. */
  at: KeyPath;
  /** The notice that says it is not run. */
  notice: ConfigNotice;
}

export interface DocusaurusTranslation {
  /** The sdkdocs config, before validation. */
  config: Record<string, unknown>;
  notices: ConfigNotice[];
  /** Where a key path of the translated config was written in the Docusaurus config. */
  originOf(keys: readonly PropertyKey[]): KeyPath;
  /** Content the Docusaurus site has that sdkdocs does not build yet, by its route base (without the base URL). */
  unbuilt: { routeBasePath: string; what: string }[];
  /** The plugins and themes named in the config that sdkdocs does not run. */
  pluginsNotRun: string[];
  /**
   * The entries of those whose loss is not known in advance: load.ts runs each for the hooks
   * sdkdocs applies (`configurePostCss`), which may take it off the list.
   */
  pluginEntriesNotRun: PluginEntryNotRun[];
  /** Sets a key of the translated config, written at `from` in the Docusaurus config. */
  take(to: KeyPath, from: KeyPath, value: unknown): void;
  /** The presets other than preset-classic that were run, by name and key path. */
  presetsRun: { name: string; keys: KeyPath }[];
}

/**
 * Runs a Docusaurus config as Docusaurus does: TypeScript or JavaScript, ES module or CommonJS,
 * an object, a promise or a (possibly async) function of nothing. It is compiled to CommonJS and
 * run as a module at its own path, so `require.resolve('./sidebars.js')`, `__dirname` and
 * its import.meta URL mean what they mean to Docusaurus, and packages come from the site's own
 * `node_modules`.
 */
export async function importDocusaurusConfig(configFile: string): Promise<{ exported: unknown; inputs: string[] }> {
  let code: string;
  let inputs: string[];
  const loadedAsIs: string[] = [];
  try {
    const result = await esbuild.build({
      entryPoints: [configFile],
      absWorkingDir: bundleWorkingDir(configFile),
      bundle: true,
      packages: 'external',
      write: false,
      metafile: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'silent',
      // The config's import.meta, which CommonJS lacks, read from the module's own path. (The keys
      // are joined because sdkdocs' own bundle rewrites that expression wherever it is written.)
      define: { [importMeta('url')]: '__sdkdocsConfigUrl', [importMeta('dirname')]: '__dirname', [importMeta('filename')]: '__filename' },
      banner: { js: `const __sdkdocsConfigUrl = require("node:url").pathToFileURL(${commonJsFileName}).href;` },
      plugins: [siteJavaScriptAsIs(loadedAsIs)],
    });
    code = result.outputFiles[0]!.text;
    inputs = [...bundleInputs(result.metafile, configFile), ...loadedAsIs];
  } catch (error) {
    const diagnostics = bundleErrorDiagnostics(error, configFile, 'config', 'the Docusaurus config');
    throw new UserError(diagnostics.length ? diagnostics : [{ severity: 'error', code: 'config', message: String(error), file: configFile }]);
  }
  const seconds = siteModuleTimeoutSeconds();
  const loading = (async () => {
    const exported = runSiteCode(() => runAsModule(code, configFile), seconds);
    const value = exported && typeof exported === 'object' && '__esModule' in exported && 'default' in exported ? (exported as { default: unknown }).default : exported;
    return typeof value === 'function' ? await runSiteCode(() => (value as () => unknown)(), seconds) : await value;
  })();
  try {
    return { exported: await settleWithin(loading, seconds, (reason) =>
      new UserError({
        severity: 'error',
        code: 'config',
        message: reason === 'idle' ? 'The Docusaurus config never finished loading: it waits for something that can no longer happen.' : `The Docusaurus config did not finish loading within ${seconds} s.`,
        file: configFile,
        hint: `SDKDOCS_CONFIG_TIMEOUT sets how many seconds a config may take to load (${seconds} now).`,
      }),
    ), inputs };
  } catch (error) {
    if (error instanceof UserError) throw error;
    if (error instanceof SiteCodeStopped) throw new UserError({ severity: 'error', code: 'config', message: `The Docusaurus config was stopped while loading: ${error.message}.`, file: configFile, hint: error.hint });
    const missing = (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' ? /Cannot find module '([^']+)'/.exec((error as Error).message)?.[1] : undefined;
    throw new UserError({
      severity: 'error',
      code: 'config',
      message: `The Docusaurus config threw while loading: ${(error as Error).message.split('\n')[0]}`,
      file: configFile,
      // A package, not a file of the site (`./sidebars.js`), is what installing brings.
      hint: missing && !/^[./]/.test(missing)
        ? `Install the site's dependencies first (\`npm install\` in ${path.dirname(configFile)}): the config requires ${missing}.`
        : 'Run it with Docusaurus to see where (`npx docusaurus build`); sdkdocs runs the config as Docusaurus does.',
    });
  }
}

/**
 * The site's own JavaScript files that the config requires (a local remark plugin, the sidebars)
 * are left to Node rather than bundled in: they keep their own `__dirname`, and stay the modules
 * they are (so `sdkdocs migrate` can import them by path). Only TypeScript, which Node cannot
 * load, is compiled into the config. `loaded` collects them, as the config's inputs.
 */
function siteJavaScriptAsIs(loaded: string[]): esbuild.Plugin {
  const inner = Symbol('resolving');
  return {
    name: 'sdkdocs-site-javascript-as-is',
    setup(build) {
      build.onResolve({ filter: /^\.{1,2}(\/|$)/ }, async (args) => {
        if (args.pluginData === inner) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: inner });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (!/\.(c|m)?js$|\.json$/.test(resolved.path)) {
          // `require.resolve('./sidebars.js')` names the file found, which may be sidebars.ts (as
          // TypeScript and Docusaurus' jiti read `.js` there; trpc.io does so): its path is written in.
          return args.kind === 'require-resolve' ? { path: resolved.path, external: true } : { path: resolved.path };
        }
        loaded.push(resolved.path);
        return { path: resolved.path, external: true };
      });
    },
  };
}

/** The file name CommonJS gives a module, named apart so that sdkdocs' own bundle check does not take it for a use of its own. */
const commonJsFileName = '__filename';

function importMeta(property: string): string {
  return ['import', 'meta', property].join('.');
}

function runAsModule(code: string, file: string): unknown {
  const internals = Module as unknown as { _nodeModulePaths(folder: string): string[] };
  const module = new Module(file) as Module & { _compile(code: string, file: string): void };
  module.filename = file;
  module.paths = internals._nodeModulePaths(path.dirname(file));
  module._compile(code, file);
  return module.exports;
}

/** A plugin's or theme's name as written, or the package a resolved path points into. */
function moduleName(entry: unknown, siteDir: string): string | undefined {
  if (typeof entry === 'string') {
    const packageInPath = /node_modules[\\/]((@[^\\/]+[\\/])?[^\\/]+)/.exec(entry)?.[1];
    return (packageInPath ?? entry).replace(/\\/g, '/');
  }
  if (typeof entry === 'function') {
    if (entry.name) return `${entry.name} (a function)`;
    // `plugins: [require('./webpack.plugin.js')]` (babeljs.io): the file that exports it names it.
    const file = fileExporting(entry);
    return file ? `of ${path.relative(path.resolve(siteDir), file).split(path.sep).join('/')} (an anonymous function)` : 'written as an anonymous function';
  }
  return undefined;
}

/** The module file, among those Node has loaded, whose export is `value`. */
function fileExporting(value: unknown): string | undefined {
  const cache = (Module as unknown as { _cache: Record<string, { exports?: unknown } | undefined> })._cache;
  for (const [file, loaded] of Object.entries(cache)) {
    const exported = loaded?.exports as { default?: unknown } | undefined;
    if (exported === value || (exported !== null && typeof exported === 'object' && exported.default === value)) return file;
  }
  return undefined;
}

/** Docusaurus' own plugins and themes, which a config may name by their short name (`content-docs`). */
const officialModules = new Set([
  'plugin-content-docs', 'plugin-content-blog', 'plugin-content-pages', 'plugin-client-redirects', 'plugin-ideal-image', 'plugin-pwa',
  'plugin-sitemap', 'plugin-google-gtag', 'plugin-google-analytics', 'plugin-google-tag-manager', 'plugin-debug', 'plugin-svgr',
  'plugin-vercel-analytics', 'plugin-rsdoctor', 'plugin-css-cascade-layers',
  'theme-classic', 'theme-mermaid', 'theme-search-algolia', 'theme-live-codeblock',
]);

/**
 * A plugin or theme by the package Docusaurus loads for it: `content-docs` is
 * `@docusaurus/plugin-content-docs`, and `sass` is `docusaurus-plugin-sass` when that is what the
 * site has installed (Docusaurus tries the name, then `@docusaurus/plugin-…`, then `docusaurus-plugin-…`).
 */
function expandShorthand(name: string, kind: 'plugins' | 'themes', siteDir: string): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) return name;
  const [, official, community] = docusaurusModuleCandidates(name, kind === 'themes' ? 'theme' : 'plugin');
  if (officialModules.has(official!.slice('@docusaurus/'.length))) return official!;
  const requireFromSite = createRequire(path.join(path.resolve(siteDir), 'package.json'));
  const installed = (request: string) => resolveQuietly(requireFromSite, request) !== undefined;
  return !name.startsWith('docusaurus-') && !installed(name) && installed(community!) ? community! : name;
}

/** Plugins whose work sdkdocs does itself, so nothing is lost when they are not run. */
const coveredPlugins = [
  /^@docusaurus\/(plugin-sitemap|theme-mermaid|theme-classic|theme-search-algolia|plugin-svgr|plugin-debug)$/,
  /search/i,
  /lunr/i,
  /^docusaurus-plugin-sass$/,
];

/** Docusaurus' plugin for Universal Analytics (analytics.js), which Google has turned off. */
const universalAnalyticsGone = {
  message: 'not applied: it loads Universal Analytics (analytics.js), which Google turned off in 2024.',
  hint: 'Use Google Analytics 4: `gtag: { trackingID: "G-…" }` in preset-classic\'s options (or `analytics.gtag` in an sdkdocs config).',
};

/** Plugins whose loss a reader notices, with what goes missing. */
const knownLosses: [RegExp, string][] = [
  [/analytics/i, 'no analytics script is added; add it with `scripts` in an sdkdocs config if the site needs it'],
  [/^@docusaurus\/plugin-pwa$/, 'no service worker or web app manifest is made'],
  [/^@docusaurus\/plugin-ideal-image$/, 'images are not resized into responsive sets'],
  [/^@docusaurus\/theme-live-codeblock$/, 'live code blocks are shown as static code'],
  [/typedoc/, "its API pages are not generated; sdkdocs' own API reference is set with `api` in an sdkdocs config"],
];

/**
 * Translates a loaded Docusaurus config into sdkdocs' config: preset-classic's docs, pages and
 * theme options, `themeConfig`, `markdown`, the client-redirects plugin and the keys both share.
 * `siteDir` is where docusaurus-plugin-typedoc-api's `projectRoot` is read from.
 */
export function translateDocusaurusConfig(raw: unknown, siteDir = '.', presetRuns: ReadonlyMap<number, PresetRun> = new Map()): DocusaurusTranslation {
  const config: Record<string, unknown> = {};
  const notices: ConfigNotice[] = [];
  const origins: Origin[] = [];
  const take: Take = (to, from, value, indexes) => {
    setAt(config, to, value);
    origins.push({ to, from, indexes });
  };
  // Head tags come from three places (headTags, noIndex, themeConfig.metadata): each item keeps its own origin.
  const appendHeadTags = (from: KeyPath, tags: unknown[], eachFrom: (index: number) => KeyPath) => {
    const list = ((config.headTags as unknown[] | undefined) ??= []);
    tags.forEach((tag, index) => {
      origins.push({ to: ['headTags', list.length], from: eachFrom(index) });
      list.push(tag);
    });
    if (!origins.some((origin) => origin.to.length === 1 && origin.to[0] === 'headTags')) origins.push({ to: ['headTags'], from });
  };
  const notice = (keys: KeyPath, message: string, hint?: string) => notices.push({ keys, message: `${formatKeyPath(keys)}: ${message}`, hint });
  if (!isRecord(raw)) {
    throw new UserError({ severity: 'error', code: 'config', message: `The Docusaurus config gives ${raw === null ? 'null' : typeof raw}, not an object.`, hint: 'Export the config object (`export default config` or `module.exports = config`).' });
  }
  let docsFrom: KeyPath | undefined;
  // Navbar items naming these by `docsPluginId` are left out: they have no docs to lead to.
  const unbuiltDocsIds = new Set<string>();
  const pluginsNotRun: string[] = [];
  const pluginEntriesNotRun: PluginEntryNotRun[] = [];
  const unbuilt: DocusaurusTranslation['unbuilt'] = [];
  // The blog sdkdocs builds: preset-classic's (on unless `blog: false`), else the first blog plugin.
  let blogTaken = false;
  const takeBlog = (from: KeyPath, options: unknown) => {
    if (options === false) take(['blog'], from, false);
    else if (isRecord(options)) take(['blog'], from, translateBlogOptions(options, from, notice));
    blogTaken = options !== false;
  };

  /** Docusaurus' gtag or Tag Manager options (the plugin's, or preset-classic's key): the same keys under `analytics`. */
  const takeAnalytics = (kind: 'gtag' | 'googleTagManager', from: KeyPath, options: unknown) => {
    if (!isRecord(options)) return;
    const known = kind === 'gtag' ? ['trackingID', 'anonymizeIP'] : ['containerId'];
    for (const [option, value] of Object.entries(options)) {
      if (value === undefined || option === 'id') continue;
      if (known.includes(option)) take(['analytics', kind, option], [...from, option], value);
      else notice([...from, option], 'not applied: sdkdocs has no such analytics option.');
    }
  };

  /**
   * One entry of `plugins` or `themes`, or one that a preset returned (`addedBy`): `at` is where
   * it is written, `optionsAt` where its options are.
   */
  const takePluginEntry = (kind: 'plugins' | 'themes', entry: unknown, at: KeyPath, optionsAt: KeyPath, addedBy?: string) => {
    if (!entry) return;
    const [plugin, options] = Array.isArray(entry) ? entry : [entry, undefined];
    const written = moduleName(plugin, siteDir);
    const name = written === undefined ? undefined : expandShorthand(written, kind, siteDir);
    if (name === undefined) return;
    if (name === '@docusaurus/theme-classic') {
      if (isRecord(options) && options.customCss !== undefined) take(['customCss'], [...optionsAt, 'customCss'], options.customCss);
      return;
    }
    if (name === '@docusaurus/plugin-content-pages') {
      if (isRecord(options)) translatePagesOptions(options, optionsAt, take, notice);
      return;
    }
    if (name === '@docusaurus/plugin-google-gtag' || name === '@docusaurus/plugin-google-tag-manager') {
      takeAnalytics(name === '@docusaurus/plugin-google-gtag' ? 'gtag' : 'googleTagManager', optionsAt, options);
      return;
    }
    if (name === '@docusaurus/plugin-google-analytics') {
      notice(at, universalAnalyticsGone.message, universalAnalyticsGone.hint);
      return;
    }
    if (coveredPlugins.some((pattern) => pattern.test(name))) return;
    if (name === '@docusaurus/plugin-client-redirects') {
      if (isRecord(options) && Array.isArray(options.redirects)) take(['redirects'], [...optionsAt, 'redirects'], options.redirects);
      if (isRecord(options) && options.createRedirects !== undefined) take(['createRedirects'], [...optionsAt, 'createRedirects'], options.createRedirects);
      return;
    }
    if (name === '@docusaurus/plugin-content-docs') {
      const id = isRecord(options) ? options.id : undefined;
      if (docsFrom === undefined && (id === undefined || id === 'default') && isRecord(options)) {
        docsFrom = optionsAt;
        take(['docs'], docsFrom, translateDocsOptions(options, docsFrom, notice));
      } else {
        const routeBasePath = isRecord(options) && typeof options.routeBasePath === 'string' ? options.routeBasePath.replace(/^\/+|\/+$/g, '') : '';
        if (routeBasePath !== '') unbuilt.push({ routeBasePath, what: `the docs instance${typeof id === 'string' ? ` "${id}"` : ''}` });
        if (typeof id === 'string') unbuiltDocsIds.add(id);
        notice(at, `a second docs instance${typeof id === 'string' ? ` (id "${id}")` : ''} is not built: sdkdocs builds one docs folder.`);
      }
      return;
    }
    if (name === '@docusaurus/plugin-content-blog') {
      const id = isRecord(options) ? options.id : undefined;
      if (!blogTaken) takeBlog(optionsAt, options ?? {});
      else {
        const routeBasePath = isRecord(options) && typeof options.routeBasePath === 'string' ? options.routeBasePath : 'blog';
        // Links into it are then one warning, not a broken link on every page that has one.
        unbuilt.push({ routeBasePath, what: `the blog instance${typeof id === 'string' ? ` "${id}"` : ''}` });
        notice(at, `a second blog instance${typeof id === 'string' ? ` (id "${id}")` : ''} is not built: sdkdocs builds one blog, so its posts, pages and feeds are missing.`, 'Move its posts into the main blog folder, with a tag of their own to list them.');
      }
      return;
    }
    if (typedocApiPluginName.test(name)) {
      if (config.api !== undefined) notice(at, 'a second API reference is not built: sdkdocs builds one, from the first docusaurus-plugin-typedoc-api.');
      else if (!isRecord(options)) notice(at, 'not run: without `projectRoot` and `packages` there is no SDK to document.');
      else translateTypeDocApiPlugin(options, optionsAt, siteDir, take, notice);
      return;
    }
    pluginsNotRun.push(name);
    const loss = knownLosses.find(([pattern]) => pattern.test(name))?.[1];
    notice(at, `${kind === 'themes' ? 'the theme' : 'the plugin'} ${name}${addedBy ? ` (added by the preset ${addedBy})` : ''} is not run: ${loss ?? 'the pages, routes, scripts or content it adds are missing'}.`);
    if (loss === undefined) pluginEntriesNotRun.push({ kind, name, plugin, options, at, notice: notices.at(-1)! });
  };

  /**
   * What a preset other than preset-classic returned. A wrapper of preset-classic hands on the
   * options it was given (`docs`, `blog`, `theme`…): where an entry's options are that very
   * object, a problem in them is located there; otherwise at the preset.
   */
  const presetsRun: DocusaurusTranslation['presetsRun'] = [];
  const takePresetResult = (run: { plugins: unknown[]; themes: unknown[] }, presetName: string, at: KeyPath, presetOptions: unknown) => {
    presetsRun.push({ name: presetName, keys: at });
    const optionsAt = (entryOptions: unknown): KeyPath => {
      if (isRecord(presetOptions)) {
        for (const [option, value] of Object.entries(presetOptions)) if (value === entryOptions && isRecord(value)) return [...at, 1, option];
      }
      return at;
    };
    for (const kind of ['themes', 'plugins'] as const) {
      for (const entry of run[kind]) {
        const options = Array.isArray(entry) ? (entry as unknown[])[1] : undefined;
        takePluginEntry(kind, entry, at, optionsAt(options), presetName);
      }
    }
  };

  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    switch (key) {
      case 'title':
      case 'tagline':
      case 'url':
      case 'baseUrl':
      case 'favicon':
      case 'scripts':
      case 'stylesheets':
      case 'customFields':
        take([key], [key], value);
        break;
      case 'onBrokenLinks':
      case 'onBrokenAnchors':
      case 'onBrokenMarkdownLinks':
      case 'onDuplicateRoutes':
        take([key], [key], reportingSeverity(value));
        break;
      case 'headTags':
        if (Array.isArray(value)) appendHeadTags([key], value, (index) => [key, index]);
        else take([key], [key], value);
        break;
      case 'staticDirectories':
        if (Array.isArray(value) && value.length > 0) {
          take(['staticDir'], [key, 0], value[0]);
          if (value.length > 1) notice([key, 1], `only the first static folder (${String(value[0])}) is published; ${value.slice(1).join(', ')} is not.`, 'Move its files into the first folder.');
        }
        break;
      case 'i18n':
        translateI18n(value, take, notice);
        break;
      case 'markdown':
        translateMarkdown(value, take, notice);
        break;
      case 'noIndex':
        if (value === true) appendHeadTags([key], [{ tagName: 'meta', attributes: { name: 'robots', content: 'noindex, nofollow' } }], () => [key]);
        break;
      case 'titleDelimiter':
        take([key], [key], value);
        break;
      case 'trailingSlash':
        if (typeof value === 'boolean') take([key], [key], value);
        notice([key], `partly applied: sdkdocs writes each page as {route}/index.html and links to routes without a trailing slash${value === true ? "; docs' relative links resolve from the page's URL with the slash, as in Docusaurus" : ''}.`);
        break;
      case 'clientModules':
        take([key], [key], value);
        break;
      case 'ssrTemplate':
      case 'webpack':
        notice([key], 'not applied: sdkdocs does not use webpack or a custom server template.');
        break;
      case 'presets':
        if (!Array.isArray(value)) break;
        value.forEach((entry, index) => {
          const [name, options] = Array.isArray(entry) ? entry : [entry, undefined];
          const written = moduleName(name, siteDir);
          if (written === undefined) return;
          if (!isClassicPreset(written)) {
            const run = presetRuns.get(index);
            if (run === undefined || 'failure' in run) {
              notice([key, index], `the preset ${written} is not run${run ? ` (${run.failure})` : ''}: the docs, pages and plugins it adds are missing.`);
              return;
            }
            takePresetResult(run, written, [key, index], options);
            return;
          }
          blogTaken ||= !isRecord(options) || options.blog !== false;
          if (!isRecord(options)) return;
          const at: KeyPath = [key, index, 1];
          for (const [option, optionValue] of Object.entries(options)) {
            if (optionValue === undefined) continue;
            const from = [...at, option];
            if (option === 'docs') {
              if (optionValue === false) notice(from, 'sdkdocs always builds the docs folder; `docs: false` is not applied.');
              else if (isRecord(optionValue)) {
                docsFrom = from;
                take(['docs'], from, translateDocsOptions(optionValue, from, notice));
              }
            } else if (option === 'blog') {
              takeBlog(from, optionValue);
            } else if (option === 'pages') {
              if (isRecord(optionValue)) translatePagesOptions(optionValue, from, take, notice);
            } else if (option === 'theme') {
              if (isRecord(optionValue) && optionValue.customCss !== undefined) take(['customCss'], [...from, 'customCss'], optionValue.customCss);
            } else if (option === 'gtag' || option === 'googleTagManager') {
              takeAnalytics(option, from, optionValue);
            } else if (option === 'googleAnalytics') {
              notice(from, universalAnalyticsGone.message, universalAnalyticsGone.hint);
            } else if (!['sitemap', 'svgr', 'debug'].includes(option)) {
              notice(from, 'not applied: preset-classic has no such option sdkdocs knows.');
            }
          }
        });
        break;
      case 'themes':
      case 'plugins':
        if (!Array.isArray(value)) break;
        value.forEach((entry, index) => takePluginEntry(key, entry, [key, index], [key, index, 1]));
        break;
      case 'themeConfig':
        // After the plugins, whatever the key order: the navbar needs to know which docs instances are built.
        break;
      // Deployment settings, and settings whose work sdkdocs always does its own way.
      case 'organizationName':
      case 'projectName':
      case 'deploymentBranch':
      case 'githubHost':
      case 'githubPort':
      case 'future':
      case 'baseUrlIssueBanner':
      case 'storage':
      case 'onBrokenMarkdownImages':
        break;
      default:
        notice([key], 'not applied: this is no Docusaurus config key sdkdocs knows.');
    }
  }
  if (isRecord(raw.themeConfig)) translateThemeConfig(raw.themeConfig, take, notice, appendHeadTags, unbuiltDocsIds);
  // Docusaurus builds a site whose pages share a route, warning: so does sdkdocs, unless told otherwise.
  config.onDuplicateRoutes ??= 'warn';
  return { config, notices, originOf: (keys) => originOf(origins, keys), unbuilt, pluginsNotRun, pluginEntriesNotRun, presetsRun, take: (to, from, value) => take(to, from, value) };
}

type Take = (to: KeyPath, from: KeyPath, value: unknown, indexes?: number[]) => void;
type Notice = (keys: KeyPath, message: string, hint?: string) => void;

function translateI18n(value: unknown, take: Take, notice: Notice): void {
  if (!isRecord(value)) return;
  const defaultLocale = typeof value.defaultLocale === 'string' ? value.defaultLocale : 'en';
  const others = Array.isArray(value.locales) ? value.locales.filter((locale) => locale !== defaultLocale) : [];
  if (others.length > 0) notice(['i18n', 'locales'], `only the default locale (${defaultLocale}) is built; ${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} not, and the locale dropdown offers only the default.`);
  take(['i18n', 'defaultLocale'], ['i18n', 'defaultLocale'], defaultLocale);
  take(['i18n', 'locales'], ['i18n', 'locales'], [defaultLocale]);
  const localeConfig = isRecord(value.localeConfigs) ? value.localeConfigs[defaultLocale] : undefined;
  if (isRecord(localeConfig)) take(['i18n', 'localeConfigs', defaultLocale], ['i18n', 'localeConfigs', defaultLocale], localeConfig);
}

function translateMarkdown(value: unknown, take: Take, notice: Notice): void {
  if (!isRecord(value)) return;
  for (const [key, option] of Object.entries(value)) {
    if (option === undefined) continue;
    const at: KeyPath = ['markdown', key];
    if (key === 'mermaid') take(['markdown', 'mermaid'], at, option);
    else if (key === 'format') {
      if (option !== 'detect') notice(at, 'not applied: sdkdocs reads .md files as markdown and .mdx files as MDX (as `detect` does).');
    } else if (key === 'hooks' && isRecord(option)) {
      const links = option.onBrokenMarkdownLinks;
      if (typeof links === 'string') take(['onBrokenMarkdownLinks'], [...at, 'onBrokenMarkdownLinks'], reportingSeverity(links));
      else if (links !== undefined) notice([...at, 'onBrokenMarkdownLinks'], 'a function here is not run; broken markdown links are reported as warnings.');
    } else if (key === 'anchors') {
      if (isRecord(option) && option.maintainCase === true) notice([...at, 'maintainCase'], 'not applied: heading ids are lower case.');
    } else if (key === 'preprocessor' || key === 'parseFrontMatter' || key === 'remarkRehypeOptions') {
      notice(at, 'not run: markdown is read as written, without this function or these options.');
    } else if (key !== 'mdx1Compat' && key !== 'emoji') {
      notice(at, 'not applied: sdkdocs has no such markdown option.');
    }
  }
}

/** Blog plugin options sdkdocs reads under the same name (see `blog` in schema.ts). */
const blogOptionNames = new Set([
  'path', 'routeBasePath', 'tagsBasePath', 'archiveBasePath', 'authorsBasePath', 'pageBasePath', 'include', 'exclude', 'postsPerPage',
  'blogTitle', 'blogDescription', 'blogSidebarCount', 'blogSidebarTitle', 'showReadingTime', 'editUrl', 'authorsMapPath', 'tags',
  'onInlineTags', 'onInlineAuthors', 'onUntruncatedBlogPosts', 'sortPosts', 'showLastUpdateTime', 'showLastUpdateAuthor',
  'remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins', 'beforeDefaultRehypePlugins',
]);

const reportingOptionNames = new Set(['onInlineTags', 'onInlineAuthors', 'onUntruncatedBlogPosts']);

/**
 * Docusaurus' `ReportingSeverity` has a fourth level, `log`: the problems are printed and the build
 * goes on, which is what sdkdocs' `warn` does (pnpm.io sets `onBrokenLinks: 'log'`).
 */
function reportingSeverity(value: unknown): unknown {
  return value === 'log' ? 'warn' : value;
}

/** The feed options sdkdocs reads; a function (`createFeedItems`) is not run. */
const feedOptionNames = new Set(['type', 'title', 'description', 'copyright', 'language', 'limit', 'xslt']);

/** Blog plugin options (preset-classic's `blog`, or the blog plugin's): what sdkdocs has no counterpart for is a notice. */
function translateBlogOptions(options: Record<string, unknown>, from: KeyPath, notice: Notice): Record<string, unknown> {
  const blog: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || key === 'id') continue;
    if (reportingOptionNames.has(key)) blog[key] = reportingSeverity(value);
    else if (blogOptionNames.has(key)) blog[key] = value;
    else if (key === 'feedOptions' && isRecord(value)) {
      const feed: Record<string, unknown> = {};
      for (const [option, optionValue] of Object.entries(value)) {
        if (optionValue === undefined) continue;
        if (feedOptionNames.has(option)) feed[option] = optionValue;
        else notice([...from, key, option], 'not applied: the feeds are written without it.');
      }
      blog[key] = feed;
    } else if (key === 'truncateMarker') notice([...from, key], 'not applied: posts are cut at `<!-- truncate -->` or `{/* truncate */}`.');
    else if (key === 'readingTime') notice([...from, key], "not run: reading time is the post's words at 200 a minute.");
    else if (key !== 'admonitions' && key !== 'editLocalizedFiles') notice([...from, key], 'not applied: the blog has no such option in sdkdocs.');
  }
  return blog;
}

/** Docs plugin options: most are sdkdocs' own under the same name; validation reports the rest. */
function translateDocsOptions(options: Record<string, unknown>, from: KeyPath, notice: Notice): Record<string, unknown> {
  const docs: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || key === 'id') continue;
    if (key === 'sidebarPath' && value === false) {
      notice([...from, key], 'sdkdocs gives every docs page a sidebar: without a sidebars file it is generated from the docs folder.');
      continue;
    }
    docs[key] = value;
  }
  return docs;
}

function translatePagesOptions(options: Record<string, unknown>, from: KeyPath, take: Take, notice: Notice): void {
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (key === 'path') take(['pagesDir'], [...from, key], value);
    else if (key === 'routeBasePath' && (value === '' || value === '/')) continue;
    else if (key !== 'include' && key !== 'exclude' && key !== 'id') notice([...from, key], 'not applied to custom pages by sdkdocs.');
  }
}

function translateThemeConfig(
  themeConfig: Record<string, unknown>,
  take: Take,
  notice: Notice,
  appendHeadTags: (from: KeyPath, tags: unknown[], eachFrom: (index: number) => KeyPath) => void,
  unbuiltDocsIds: ReadonlySet<string>,
): void {
  for (const [key, value] of Object.entries(themeConfig)) {
    if (value === undefined) continue;
    const at: KeyPath = ['themeConfig', key];
    switch (key) {
      case 'announcementBar':
      case 'colorMode':
      case 'tableOfContents':
      case 'image':
        take([key], at, value);
        break;
      case 'navbar':
        if (isRecord(value)) translateNavbar(value, take, notice, unbuiltDocsIds);
        break;
      case 'footer':
        if (isRecord(value)) translateFooter(value, take);
        break;
      case 'metadata':
        if (Array.isArray(value)) appendHeadTags(at, value.map((attributes: unknown) => ({ tagName: 'meta', attributes })), (index) => [...at, index]);
        break;
      case 'docs':
        if (isRecord(value) && isRecord(value.sidebar)) {
          for (const option of ['hideable', 'autoCollapseCategories'] as const) {
            if (value.sidebar[option] !== undefined) take(['docs', 'sidebar', option], [...at, 'sidebar', option], value.sidebar[option]);
          }
        }
        break;
      case 'prism':
        // Docusaurus colours dark mode with `theme` too when there is no `darkTheme`.
        if (isRecord(value) && value.theme !== undefined) take(['theme', 'codeColors', 'light'], [...at, 'theme'], value.theme);
        if (isRecord(value) && (value.darkTheme ?? value.theme) !== undefined) {
          take(['theme', 'codeColors', 'dark'], [...at, value.darkTheme !== undefined ? 'darkTheme' : 'theme'], value.darkTheme ?? value.theme);
        }
        if (isRecord(value) && Array.isArray(value.magicComments)) noticeMagicComments(value.magicComments, [...at, 'magicComments'], notice);
        break;
      case 'algolia':
        // sdkdocs builds its own search index, which replaces Algolia's search box.
        break;
      case 'mermaid':
        notice(at, "not applied: diagrams are drawn with sdkdocs' light and dark mermaid themes.");
        break;
      default:
        notice(at, 'not applied: sdkdocs has no such theme setting.');
    }
  }
}

/**
 * A site's own magic comments (sequelize.org's `// error-next-line`) are not applied: the comment
 * lines would stay in the code as written, and their lines unmarked, without a word.
 */
function noticeMagicComments(entries: unknown[], at: KeyPath, notice: Notice): void {
  entries.forEach((entry, index) => {
    if (!isRecord(entry)) return;
    const block = isRecord(entry.block) ? entry.block : {};
    const names = [entry.line, block.start, block.end].filter((name): name is string => typeof name === 'string');
    const own = names.filter((name) => !['highlight-next-line', 'highlight-start', 'highlight-end'].includes(name));
    if (own.length === 0) return;
    notice(
      [...at, index],
      `not applied: sdkdocs reads only the highlight-next-line, highlight-start and highlight-end comments, so ${own.map((name) => `\`${name}\``).join(', ')} comments stay in the code as written${typeof entry.className === 'string' ? ` and their lines do not get the class "${entry.className}"` : ''}.`,
      'Use the highlight comments, or mark such lines in the prose around the code block.',
    );
  });
}

/** Entry types a dropdown holds in sdkdocs. */
const dropdownChildTypes = new Set(['default', 'doc', 'docSidebar', 'html']);

/** Navbar item types sdkdocs draws; `search` is sdkdocs' own search box, always there. */
const navbarItemTypes = new Set(['default', 'dropdown', 'docSidebar', 'doc', 'html', 'docsVersionDropdown', 'localeDropdown']);

/** The docs instance an item or dropdown entry names by `docsPluginId`, when that instance is not built. */
function unbuiltDocsOf(item: unknown, unbuiltDocsIds: ReadonlySet<string>): string | undefined {
  return isRecord(item) && typeof item.docsPluginId === 'string' && unbuiltDocsIds.has(item.docsPluginId) ? item.docsPluginId : undefined;
}

function translateNavbar(navbar: Record<string, unknown>, take: Take, notice: Notice, unbuiltDocsIds: ReadonlySet<string>): void {
  for (const [key, value] of Object.entries(navbar)) {
    if (value === undefined) continue;
    const at: KeyPath = ['themeConfig', 'navbar', key];
    if (key !== 'items' || !Array.isArray(value)) {
      take(['navbar', key], at, value);
      continue;
    }
    const kept: unknown[] = [];
    const indexes: number[] = [];
    value.forEach((item, index) => {
      const written = isRecord(item) && typeof item.type === 'string' ? item.type : 'default';
      // Docusaurus draws an item with entries and no type of its own as a dropdown.
      const type = written === 'default' && isRecord(item) && Array.isArray(item.items) ? 'dropdown' : written;
      if (type === 'search') return;
      const unbuiltDocs = unbuiltDocsOf(item, unbuiltDocsIds);
      if (unbuiltDocs !== undefined) {
        notice([...at, index], `the navbar item is not shown: it leads into the docs instance "${unbuiltDocs}", which is not built.`);
        return;
      }
      // A site's own type: drawn if its src/theme/NavbarItem/ComponentTypes names it (collectContent warns otherwise).
      if (!navbarItemTypes.has(type) && !customNavbarItemType.test(type)) {
        notice([...at, index], `the navbar item of type "${type}" is not shown: sdkdocs draws ${[...navbarItemTypes].join(', ')} items.`);
        return;
      }
      if (type === 'dropdown' && isRecord(item) && Array.isArray(item.items)) {
        const children: unknown[] = [];
        const childIndexes: number[] = [];
        item.items.forEach((child, childIndex) => {
          const childType = isRecord(child) && typeof child.type === 'string' ? child.type : 'default';
          const childUnbuiltDocs = unbuiltDocsOf(child, unbuiltDocsIds);
          if (childUnbuiltDocs !== undefined) {
            notice([...at, index, 'items', childIndex], `the dropdown entry is not shown: it leads into the docs instance "${childUnbuiltDocs}", which is not built.`);
            return;
          }
          if (!dropdownChildTypes.has(childType)) {
            notice([...at, index, 'items', childIndex], `the dropdown entry of type "${childType}" is not shown: dropdowns hold ${[...dropdownChildTypes].join(', ')} entries.`);
            return;
          }
          children.push(child);
          childIndexes.push(childIndex);
        });
        take(['navbar', 'items', kept.length, 'items'], [...at, index, 'items'], children, childIndexes);
        item = { ...item, items: children };
      }
      kept.push(item);
      indexes.push(index);
    });
    take(['navbar', 'items'], at, kept, indexes);
  }
}

function translateFooter(footer: Record<string, unknown>, take: Take): void {
  for (const [key, value] of Object.entries(footer)) {
    if (value === undefined) continue;
    const at: KeyPath = ['themeConfig', 'footer', key];
    if (key !== 'links' || !Array.isArray(value)) {
      take(['footer', key], at, value);
      continue;
    }
    // Docusaurus' simple footer: links in one row, not in titled columns.
    const simple = value.every((entry) => isRecord(entry) && !Array.isArray(entry.items));
    const columns = simple ? [{ items: value }] : value;
    columns.forEach((column, columnIndex) => {
      if (!isRecord(column) || !Array.isArray(column.items)) return;
      const items: unknown[] = [];
      const indexes: number[] = [];
      const columnAt: KeyPath = simple ? at : [...at, columnIndex, 'items'];
      column.items.forEach((item, index) => {
        items.push(item);
        indexes.push(index);
      });
      if (!simple) take(['footer', 'links', columnIndex], [...at, columnIndex], column);
      take(['footer', 'links', columnIndex, 'items'], columnAt, items, indexes);
    });
  }
}

function originOf(origins: readonly Origin[], keys: readonly PropertyKey[]): KeyPath {
  const path = keys.map((key) => (typeof key === 'number' ? key : String(key)));
  let best: Origin | undefined;
  for (const origin of origins) {
    if (origin.to.length <= path.length && origin.to.every((key, index) => key === path[index]) && (!best || origin.to.length > best.to.length)) best = origin;
  }
  if (!best) return path;
  const rest = path.slice(best.to.length);
  if (best.indexes && typeof rest[0] === 'number') rest[0] = best.indexes[rest[0]] ?? rest[0];
  return [...best.from, ...rest];
}

function setAt(target: Record<string, unknown>, keys: KeyPath, value: unknown): void {
  let current: Record<string | number, unknown> = target;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) current[key] = value;
    else {
      const next = current[key];
      if (typeof next !== 'object' || next === null) current[key] = typeof keys[index + 1] === 'number' ? [] : {};
      current = current[key] as Record<string | number, unknown>;
    }
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** docusaurus-plugin-typedoc-api, from npm or a fork of it in the site (`./vendor/docusaurus-plugin-typedoc-api/`). */
const typedocApiPluginName = /(^|[\\/])docusaurus-plugin-typedoc-api([\\/]|$)/;

/** Its options that change nothing sdkdocs builds, or say what sdkdocs does anyway. */
const typedocApiPluginSilentOptions = new Set(['id', 'debug', 'minimal', 'breadcrumbs', 'packageJsonName', 'readmeName', 'changelogName', 'disableVersioning', 'includeCurrentVersion']);

/**
 * docusaurus-plugin-typedoc-api's options as sdkdocs' `api`: the packages' entry points under
 * `projectRoot`, its tsconfig, the TypeDoc options, and `{@apilink}` (that plugin's link tag) as a
 * link. Its routes are sdkdocs' own (`/api/class/Actor`) for one package.
 */
function translateTypeDocApiPlugin(options: Record<string, unknown>, from: KeyPath, siteDir: string, take: Take, notice: Notice): void {
  if (typeof options.projectRoot !== 'string') {
    notice(from, 'not run: without `projectRoot` there is no SDK to document.', 'Set it to the folder of the SDK\'s tsconfig, as the plugin expects.');
    return;
  }
  const projectRoot = path.resolve(siteDir, options.projectRoot);
  const relative = (file: string) => path.relative(siteDir, file).split(path.sep).join('/') || '.';
  const entryPoints: string[] = [];
  const entryOrigins: number[] = [];
  const typedocOptions: [key: string, from: KeyPath, value: unknown][] = [];
  const packages = Array.isArray(options.packages) ? options.packages : [];
  packages.forEach((written, index) => {
    const at: KeyPath = [...from, 'packages', index];
    const pkg = typeof written === 'string' ? { path: written } : isRecord(written) ? written : undefined;
    if (!pkg || typeof pkg.path !== 'string') {
      notice(at, 'not applied: a package is a folder (relative to `projectRoot`) or `{ path, entry }`.');
      return;
    }
    const folder = path.resolve(projectRoot, pkg.path);
    const entry = pkg.entry ?? 'src/index.ts';
    const files = typeof entry === 'string' ? [entry] : isRecord(entry) ? Object.values(entry).map((value) => (isRecord(value) ? value.path : value)) : [];
    for (const file of files) {
      if (typeof file !== 'string') continue;
      // A folder (`src/`) is the plugin's "deep imports": every file of it is a module to document.
      entryPoints.push(/[\\/]$/.test(file) ? `${relative(path.join(folder, file))}/**/*.{ts,tsx}` : relative(path.join(folder, file)));
      entryOrigins.push(index);
    }
    if (isRecord(entry) && Object.values(entry).some(isRecord)) {
      notice([...at, 'entry'], "the entry points' labels are not shown: each module is named by its file.");
    }
    if (pkg.slug !== undefined) notice([...at, 'slug'], 'not applied: API routes have no package segment (`/api/class/Actor`).');
    // Options per package are one set for the whole SDK here, as sdkdocs runs TypeDoc once.
    if (isRecord(pkg.typedocOptions)) for (const [key, value] of Object.entries(pkg.typedocOptions)) typedocOptions.push([key, [...at, 'typedocOptions', key], value]);
  });
  if (packages.length > 1) notice([...from, 'packages'], 'the packages are one API reference: their pages are at /api/<kind>/<Name>, not under /api/<package>/, and a name two packages export keeps its module in the route of the second.');
  take(['api'], from, {});
  take(['api', 'entryPoints'], [...from, 'packages'], entryPoints, entryOrigins);
  const tsconfigName = typeof options.tsconfigName === 'string' ? options.tsconfigName : 'tsconfig.json';
  take(['api', 'tsconfig'], [...from, options.tsconfigName === undefined ? 'projectRoot' : 'tsconfigName'], relative(path.join(projectRoot, tsconfigName)));
  take(['api', 'linkTags'], from, ['@apilink']);
  if (isRecord(options.typedocOptions)) for (const [key, value] of Object.entries(options.typedocOptions)) typedocOptions.push([key, [...from, 'typedocOptions', key], value]);
  for (const [key, at, value] of typedocOptions) take(['api', 'typedocOptions', key], at, value);

  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || ['projectRoot', 'packages', 'tsconfigName', 'typedocOptions'].includes(key) || typedocApiPluginSilentOptions.has(key)) continue;
    const at: KeyPath = [...from, key];
    if (key === 'routeBasePath') take(['api', 'routeBasePath'], at, value);
    else if (key === 'remarkPlugins' || key === 'rehypePlugins') {
      if (Array.isArray(value) && value.length > 0) notice(at, "not run on the API comments: they are compiled by sdkdocs' markdown pipeline.");
    } else if (key === 'versions' || key === 'lastVersion' || key === 'onlyIncludeVersions') {
      if (!isRecord(value) || Object.keys(value).length > 0) notice(at, "not applied: an older version's API is given per docs version, with `docs.versions.<name>.api` in an sdkdocs config.");
    } else if (key === 'readmes' || key === 'changelogs') {
      if (value === true) notice(at, `the packages' ${key === 'readmes' ? 'READMEs' : 'changelogs'} are not shown in the API reference; make them docs pages.`);
    } else if (key === 'gitRefName') notice(at, 'not applied: source links are made from `api.sourceLinkTemplate` in an sdkdocs config (`sdkdocs migrate` writes one).');
    else if (key === 'sortPackages' || key === 'sortSidebar') notice(at, 'not applied: the API sidebar lists declarations by kind (or `@category`), then by name.');
    else if (key === 'banner') notice(at, 'not shown: the API index has no banner.');
    else if (key === 'exclude' || key === 'removeScopes') notice(at, 'not applied: the API reference documents the entry points of `packages`, named by their files.');
    else notice(at, 'not applied: docusaurus-plugin-typedoc-api has no such option that sdkdocs knows.');
  }
}
