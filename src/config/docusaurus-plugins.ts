import { createRequire } from 'node:module';
import { fromHtml } from 'hast-util-from-html';
import { find, html } from 'property-information';
import { runSiteCode, SiteCodeStopped } from '../core/site-code.js';
import { settleWithin, siteModuleTimeoutSeconds } from '../core/site-module.js';
import { formatKeyPath } from './locate-key.js';
import type { DocusaurusTranslation, PluginEntryNotRun } from './docusaurus-config.js';
import { docusaurusModuleCandidates, loadSiteFunction, presetContext, resolveQuietly } from './docusaurus-presets.js';
import { takeWebpackSettings } from './docusaurus-webpack.js';
import type { SiteBundleSettings } from '../core/site-bundle-settings.js';

/*
 * The plugins and themes of a Docusaurus config that sdkdocs has no counterpart for. A plugin is a
 * function of the site's context and its options that returns its lifecycle hooks; most hooks
 * make content, routes or webpack settings that sdkdocs cannot take, but some only hand the build
 * settings sdkdocs applies itself. sdkdocs calls the plugin function, as trusted as the config
 * that names it, and takes those: `configurePostCss` (Tailwind's usual set-up) gives the PostCSS
 * plugins every stylesheet of the site goes through, `configureWebpack` the aliases, browser
 * fallbacks of Node's modules, constants and provided globals of config `bundle` (see
 * docusaurus-webpack.ts), `injectHtmlTags` head tags and scripts (analytics, widgets),
 * `getClientModules` client modules. A plugin whose hooks are all taken is no longer warned of;
 * one with others, or with webpack settings esbuild cannot take, keeps its warning, which then
 * names them.
 */

/** Hooks that do nothing a built site shows: the dev server's, the CLI's. */
const hooksWithoutLoss = new Set(['name', 'getPathsToWatch', 'postStart', 'extendCli', 'validateOptions', 'validateThemeConfig', 'options', 'version']);

/** What the plugins' hooks gave, gathered over all of them, and where the first of each came from. */
interface Gathered {
  postcssPlugins: unknown[];
  bundle: SiteBundleSettings;
  headTags: unknown[];
  clientModules: string[];
  firstAt: Partial<Record<'postcssPlugins' | 'bundle' | 'headTags' | 'clientModules', PluginEntryNotRun['at']>>;
  /** What a hook is called with of the site. */
  site: { siteDir: string; baseUrl: string };
}

/**
 * Each hook sdkdocs applies: it calls the hook and adds what it gives to `gathered`; it returns
 * what it could not apply (for the plugin's warning), or throws when the hook throws.
 */
type HookApplier = (hook: (...args: unknown[]) => unknown, hooks: Record<string, unknown>, gathered: Gathered, entry: PluginEntryNotRun) => string[];

const hookAppliers: Record<string, HookApplier> = {
  configurePostCss(hook, hooks, gathered, entry) {
    // Docusaurus' own plugin (autoprefixer) left out; the hook may change the options or return new ones.
    const given = { ident: 'postcss', plugins: [] as unknown[] };
    const returned = callHook(() => hook.call(hooks, given)) as { plugins?: unknown } | undefined;
    const plugins = (returned ?? given).plugins;
    gathered.postcssPlugins.push(...(Array.isArray(plugins) ? plugins : []));
    gathered.firstAt.postcssPlugins ??= entry.at;
    return [];
  },
  injectHtmlTags(hook, hooks, gathered, entry) {
    // Its loadContent is not run (a warning says so when it has one): the hook gets no content.
    const returned = (callHook(() => hook.call(hooks, { content: undefined })) ?? {}) as Record<string, unknown>;
    const left: string[] = [];
    for (const place of ['headTags', 'preBodyTags', 'postBodyTags'] as const) {
      for (const tag of htmlTagList(returned[place])) {
        const taken = headTagOf(tag);
        // A script is one wherever it is (the head's are deferred); other body elements have no place here.
        if (taken && (place === 'headTags' || taken.tagName === 'script')) {
          gathered.headTags.push(taken);
          gathered.firstAt.headTags ??= entry.at;
        } else left.push(`the ${place === 'headTags' ? 'head' : 'body'} element ${describeTag(tag)}`);
      }
    }
    return left;
  },
  configureWebpack(hook, hooks, gathered, entry) {
    const taken = takeWebpackSettings(hook, hooks, gathered.site.siteDir, gathered.site.baseUrl);
    for (const key of ['alias', 'fallback', 'define', 'provide'] as const) Object.assign(gathered.bundle[key], taken.settings[key]);
    gathered.firstAt.bundle ??= entry.at;
    if (taken.notApplied.length === 0) return [];
    entry.notice.hint ??=
      "Do what they do another way: config `bundle` takes aliases, fallbacks, constants and provided globals; a file a loader turned into code can be imported as a component or an asset. Or leave them out of the plugin's configureWebpack when the site does without them.";
    return [`its webpack settings ${taken.notApplied.join(', ')} (sdkdocs bundles with esbuild)`];
  },
  getClientModules(hook, hooks, gathered, entry) {
    const modules = callHook(() => hook.call(hooks));
    for (const module of Array.isArray(modules) ? modules : []) if (typeof module === 'string') gathered.clientModules.push(module);
    gathered.firstAt.clientModules ??= entry.at;
    return [];
  },
};

/**
 * Runs the plugins the translation could not take for the hooks sdkdocs applies, and applies what
 * they give to the translated config: `postcssPlugins`, `bundle`, `headTags`, `clientModules` (before the
 * config's own, as Docusaurus loads plugins' client modules first). Returns the site's own plugin
 * files, inputs of the config as its imports are.
 */
export async function applyPluginHooks(translation: DocusaurusTranslation, siteConfig: Record<string, unknown>, siteDir: string, configFile: string): Promise<string[]> {
  const inputs: string[] = [];
  const gathered: Gathered = {
    postcssPlugins: [],
    bundle: { alias: {}, fallback: {}, define: {}, provide: {} },
    headTags: [],
    clientModules: [],
    firstAt: {},
    site: { siteDir, baseUrl: typeof siteConfig.baseUrl === 'string' ? siteConfig.baseUrl : '/' },
  };
  for (const entry of translation.pluginEntriesNotRun) {
    const run = await runPluginFunction(entry, siteConfig, siteDir, configFile);
    if (!run) continue;
    if (run.file && !/[\\/]node_modules[\\/]/.test(run.file)) inputs.push(run.file);
    const applied: string[] = [];
    const notApplied: string[] = [];
    let failure: string | undefined;
    for (const [name, value] of Object.entries(run.hooks)) {
      if (value === undefined || hooksWithoutLoss.has(name)) continue;
      const applier = hookAppliers[name];
      if (!applier || typeof value !== 'function') {
        notApplied.push(name);
        continue;
      }
      try {
        notApplied.push(...applier(value as (...args: unknown[]) => unknown, run.hooks, gathered, entry));
        applied.push(name);
      } catch (error) {
        failure ??= `its ${name} threw: ${firstLine(error)}`;
        notApplied.push(name);
      }
    }
    if (applied.length === 0 && failure === undefined) continue;
    const what = `the ${entry.kind === 'themes' ? 'theme' : 'plugin'} ${entry.name}`;
    if (notApplied.length === 0) {
      translation.notices.splice(translation.notices.indexOf(entry.notice), 1);
      translation.pluginsNotRun.splice(translation.pluginsNotRun.indexOf(entry.name), 1);
    } else {
      const takenPart = applied.length > 0 ? `sdkdocs applies its ${applied.join(', ')}; ` : '';
      const failedPart = failure ? ` (${failure})` : '';
      entry.notice.message = `${formatKeyPath(entry.at)}: ${what}: ${takenPart}it does not apply ${notApplied.join(', ')}${failedPart}, so what ${notApplied.length === 1 ? 'that makes is' : 'those make is'} missing.`;
    }
  }
  if (gathered.firstAt.postcssPlugins) translation.take(['postcssPlugins'], gathered.firstAt.postcssPlugins, gathered.postcssPlugins);
  if (gathered.firstAt.bundle) translation.take(['bundle'], gathered.firstAt.bundle, gathered.bundle);
  if (gathered.firstAt.headTags) {
    const own = (translation.config.headTags as unknown[] | undefined) ?? [];
    translation.take(['headTags'], gathered.firstAt.headTags, [...own, ...gathered.headTags]);
  }
  if (gathered.firstAt.clientModules) {
    const own = (translation.config.clientModules as unknown[] | undefined) ?? [];
    translation.take(['clientModules'], gathered.firstAt.clientModules, [...gathered.clientModules, ...own]);
  }
  return inputs;
}

/** Calls a hook of site code within the time site code is given. */
function callHook(call: () => unknown): unknown {
  return runSiteCode(call, siteModuleTimeoutSeconds());
}

/** Docusaurus' `HtmlTags`: one tag (a string of HTML or a tag object) or a list of them. */
function htmlTagList(tags: unknown): unknown[] {
  if (tags === undefined || tags === null) return [];
  return Array.isArray(tags) ? tags : [tags];
}

/** The elements sdkdocs' `headTags` take. */
const headElements = new Set(['base', 'link', 'meta', 'noscript', 'script', 'style', 'template', 'title']);

/**
 * A tag of `injectHtmlTags` as a `headTags` entry: a tag object as it is, a string of HTML holding
 * one head element parsed into one. Undefined for anything else (a `<div>`, several elements).
 */
function headTagOf(tag: unknown): { tagName: string; attributes: Record<string, string | boolean>; innerHTML?: string } | undefined {
  if (typeof tag === 'object' && tag !== null) {
    const { tagName, attributes, innerHTML } = tag as { tagName?: unknown; attributes?: unknown; innerHTML?: unknown };
    if (typeof tagName !== 'string' || !headElements.has(tagName)) return undefined;
    return { tagName, attributes: (attributes ?? {}) as Record<string, string | boolean>, ...(typeof innerHTML === 'string' ? { innerHTML } : {}) };
  }
  if (typeof tag !== 'string') return undefined;
  const elements = fromHtml(tag, { fragment: true }).children.filter((node) => node.type !== 'text' || node.value.trim() !== '');
  const element = elements[0];
  if (elements.length !== 1 || element?.type !== 'element' || !headElements.has(element.tagName)) return undefined;
  const attributes: Record<string, string | boolean> = {};
  for (const [property, value] of Object.entries(element.properties)) {
    if (value === false || value === null || value === undefined) continue;
    attributes[find(html, property).attribute] = value === true ? true : Array.isArray(value) ? value.join(' ') : String(value);
  }
  const text = element.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
  return { tagName: element.tagName, attributes, ...(text !== '' ? { innerHTML: text } : {}) };
}

function describeTag(tag: unknown): string {
  if (typeof tag === 'string') return `\`${tag.length > 60 ? `${tag.slice(0, 57)}…` : tag}\``;
  const tagName = (tag as { tagName?: unknown } | null)?.tagName;
  return typeof tagName === 'string' ? `<${tagName}>` : String(tag);
}

/** A plugin function called with the site's context and its options: its hooks, and the file it came from. */
async function runPluginFunction(entry: PluginEntryNotRun, siteConfig: Record<string, unknown>, siteDir: string, configFile: string): Promise<{ hooks: Record<string, unknown>; file?: string } | undefined> {
  const seconds = siteModuleTimeoutSeconds();
  let pluginFunction: unknown = entry.plugin;
  let file: string | undefined;
  try {
    if (typeof entry.plugin === 'string') {
      const requireFromConfig = createRequire(configFile);
      file = docusaurusModuleCandidates(entry.plugin, entry.kind === 'themes' ? 'theme' : 'plugin')
        .map((candidate) => resolveQuietly(requireFromConfig, candidate))
        .find((resolved) => resolved !== undefined);
      // Not installed: the translation's notice already says it is not run.
      if (file === undefined) return undefined;
      pluginFunction = await settleWithin(loadSiteFunction(requireFromConfig, file, seconds), seconds, (reason) => new Error(reason === 'idle' ? 'loading it never finished' : `loading it took over ${seconds} s`));
    }
    if (typeof pluginFunction !== 'function') return undefined;
    const context = presetContext(siteConfig, siteDir, configFile);
    const returned = await settleWithin(Promise.resolve(runSiteCode(() => (pluginFunction as (context: unknown, options: unknown) => unknown)(context, entry.options ?? {}), seconds)), seconds, (reason) =>
      new Error(reason === 'idle' ? 'it never finished' : `it took over ${seconds} s`),
    );
    return returned && typeof returned === 'object' ? { hooks: returned as Record<string, unknown>, file } : undefined;
  } catch (error) {
    // Its notice already says it is not run; it now also says why sdkdocs could not look at it.
    const why = error instanceof SiteCodeStopped ? `it was stopped: ${error.message}` : `it threw: ${firstLine(error)}`;
    entry.notice.message = entry.notice.message.replace(/\.$/, ` (sdkdocs called it to take the settings it applies, and ${why}).`);
    return undefined;
  }
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!;
}
