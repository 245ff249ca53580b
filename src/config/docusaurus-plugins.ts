import { createRequire } from 'node:module';
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
 * plugins every stylesheet of the site goes through; `configureWebpack` gives the aliases, the
 * browser fallbacks of Node's modules, the constants and the provided globals of config `bundle`
 * (see docusaurus-webpack.ts). A plugin whose hooks are all taken is no longer warned of; one with
 * others, or with webpack settings esbuild cannot take, keeps its warning, which then names them.
 */

/** Hooks that do nothing a built site shows: the dev server's, the CLI's. */
const hooksWithoutLoss = new Set(['name', 'getPathsToWatch', 'postStart', 'extendCli', 'validateOptions', 'validateThemeConfig', 'options', 'version']);

/** The options object Docusaurus hands `configurePostCss`, with its own plugin (autoprefixer) left out. */
const postcssOptionsGiven = () => ({ ident: 'postcss', plugins: [] as unknown[] });

/** The hooks sdkdocs applies, and what each gives, for the plugin's warning. */
const appliedHooks = {
  configurePostCss: 'its PostCSS plugins (configurePostCss)',
  configureWebpack: 'its aliases, fallbacks, constants and provided globals (configureWebpack)',
} as const;

type AppliedHook = keyof typeof appliedHooks;

/**
 * Runs the plugins the translation could not take for the hooks sdkdocs applies, and applies them
 * to the translated config (`postcssPlugins`, `bundle`). Returns the site's own plugin files,
 * inputs of the config as its imports are.
 */
export async function applyPluginHooks(translation: DocusaurusTranslation, siteConfig: Record<string, unknown>, siteDir: string, configFile: string): Promise<string[]> {
  const inputs: string[] = [];
  const postcssPlugins: unknown[] = [];
  const bundle: SiteBundleSettings = { alias: {}, fallback: {}, define: {}, provide: {} };
  const firstGiver: Partial<Record<AppliedHook, PluginEntryNotRun>> = {};
  const baseUrl = typeof siteConfig.baseUrl === 'string' ? siteConfig.baseUrl : '/';
  for (const entry of translation.pluginEntriesNotRun) {
    const run = await runPluginFunction(entry, siteConfig, siteDir, configFile);
    if (!run) continue;
    if (run.file && !/[\\/]node_modules[\\/]/.test(run.file)) inputs.push(run.file);
    const what = `the ${entry.kind === 'themes' ? 'theme' : 'plugin'} ${entry.name}`;
    const applied: AppliedHook[] = [];
    const webpackNotApplied: string[] = [];
    let threw: { hook: AppliedHook; error: unknown } | undefined;
    const { configurePostCss, configureWebpack } = run.hooks;
    if (typeof configurePostCss === 'function') {
      try {
        // Docusaurus' hook may change the options it is given, or return new ones.
        const handed: { plugins?: unknown } = postcssOptionsGiven();
        const returned = runSiteCode(() => (configurePostCss as (options: unknown) => unknown).call(run.hooks, handed), siteModuleTimeoutSeconds()) as { plugins?: unknown } | undefined;
        const given = returned ?? handed;
        postcssPlugins.push(...(Array.isArray(given.plugins) ? given.plugins : []));
        applied.push('configurePostCss');
      } catch (error) {
        threw = { hook: 'configurePostCss', error };
      }
    }
    if (typeof configureWebpack === 'function' && !threw) {
      try {
        const taken = takeWebpackSettings(configureWebpack as (...args: unknown[]) => unknown, run.hooks, siteDir, baseUrl);
        for (const key of ['alias', 'fallback', 'define', 'provide'] as const) Object.assign(bundle[key], taken.settings[key]);
        webpackNotApplied.push(...taken.notApplied);
        applied.push('configureWebpack');
      } catch (error) {
        threw = { hook: 'configureWebpack', error };
      }
    }
    if (threw) {
      const given = threw.hook === 'configurePostCss' ? 'stylesheet' : 'webpack';
      entry.notice.message = `${formatKeyPath(entry.at)}: ${what}'s ${threw.hook} threw: ${firstLine(threw.error)}; its ${given} settings are not applied, nor are its other hooks.`;
      continue;
    }
    if (applied.length === 0) continue;
    for (const hook of applied) firstGiver[hook] ??= entry;
    const notApplied = Object.entries(run.hooks)
      .filter(([hook, value]) => !(hook in appliedHooks) && !hooksWithoutLoss.has(hook) && value !== undefined)
      .map(([hook]) => hook);
    if (notApplied.length === 0 && webpackNotApplied.length === 0) {
      translation.notices.splice(translation.notices.indexOf(entry.notice), 1);
      translation.pluginsNotRun.splice(translation.pluginsNotRun.indexOf(entry.name), 1);
      continue;
    }
    const parts = [`${formatKeyPath(entry.at)}: ${what} gives ${applied.map((hook) => appliedHooks[hook]).join(' and ')}, which sdkdocs applies`];
    if (webpackNotApplied.length > 0) {
      parts.push(`its webpack settings ${webpackNotApplied.join(', ')} ${webpackNotApplied.length === 1 ? 'is' : 'are'} not applied (sdkdocs bundles with esbuild), so what ${webpackNotApplied.length === 1 ? 'it does' : 'they do'} is missing from the built site`);
      entry.notice.hint ??= "Do what they do another way: config `bundle` takes aliases, fallbacks, constants and provided globals; a file a loader turned into code can be imported as a component or an asset. Or leave them out of the plugin's configureWebpack when the site does without them.";
    }
    if (notApplied.length > 0) {
      parts.push(`its ${notApplied.join(', ')} ${notApplied.length === 1 ? 'is' : 'are'} not run, so the pages, routes, scripts or settings ${notApplied.length === 1 ? 'it makes are' : 'they make are'} missing`);
    }
    entry.notice.message = `${parts.join('; ')}.`;
  }
  if (firstGiver.configurePostCss) translation.take(['postcssPlugins'], firstGiver.configurePostCss.at, postcssPlugins);
  if (firstGiver.configureWebpack) translation.take(['bundle'], firstGiver.configureWebpack.at, bundle);
  return inputs;
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
    entry.notice.message = entry.notice.message.replace(/\.$/, ` (sdkdocs called it to take its PostCSS plugins and webpack settings, and ${why}).`);
    return undefined;
  }
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!;
}
