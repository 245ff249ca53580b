import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runSiteCode, SiteCodeStopped } from '../core/site-code.js';
import { settleWithin, siteModuleTimeoutSeconds } from '../core/site-module.js';

/*
 * Presets other than preset-classic. Many sites use a company's preset that wraps preset-classic
 * (it adds remark plugins and a theme, then calls preset-classic with the rest of its options), so
 * knowing only preset-classic's name would lose the whole docs folder. A Docusaurus preset is a
 * function of the site's context and its options that returns the themes and plugins it stands
 * for; sdkdocs runs it as Docusaurus does, as trusted as the config that names it, and translates
 * what it returns as if the config had listed those plugins itself.
 */

/** What running a preset gave: its plugin and theme entries, or why it could not be run. */
export type PresetRun = ({ plugins: unknown[]; themes: unknown[] } | { failure: string }) & { file?: string };

const classicPreset = /(^|[\\/])(classic|@docusaurus[\\/]preset-classic|docusaurus-preset-classic)([\\/]|$)/;

/** Whether a preset entry names preset-classic, which sdkdocs reads from its options without running it. */
export function isClassicPreset(name: string): boolean {
  return classicPreset.test(name);
}

/** The modules Docusaurus tries for a preset, plugin or theme name, in its order (`@acme` → `@acme/docusaurus-preset`). */
export function docusaurusModuleCandidates(name: string, kind: 'preset' | 'plugin' | 'theme'): string[] {
  if (name.startsWith('.') || path.isAbsolute(name)) return [name];
  if (name.startsWith('@')) {
    const slash = name.indexOf('/');
    if (slash < 0) return [`${name}/docusaurus-${kind}`];
    return [name, `${name.slice(0, slash)}/docusaurus-${kind}-${name.slice(slash + 1)}`];
  }
  return [name, `@docusaurus/${kind}-${name}`, `docusaurus-${kind}-${name}`];
}

/** The modules Docusaurus tries for a preset name. */
export function presetModuleCandidates(name: string): string[] {
  return docusaurusModuleCandidates(name, 'preset');
}

/**
 * Runs each preset of the config that is not preset-classic, by its index in `presets`. Only
 * presets named by a string are run: a preset given as a function is site code sdkdocs keeps to
 * the notice it gives for any unknown entry.
 */
export async function runThirdPartyPresets(raw: unknown, siteDir: string, configFile: string): Promise<{ runs: Map<number, PresetRun>; inputs: string[] }> {
  const runs = new Map<number, PresetRun>();
  const presets = raw && typeof raw === 'object' ? (raw as { presets?: unknown }).presets : undefined;
  if (!Array.isArray(presets)) return { runs, inputs: [] };
  for (const [index, entry] of presets.entries()) {
    const [name, options] = Array.isArray(entry) ? (entry as unknown[]) : [entry, undefined];
    if (typeof name !== 'string' || isClassicPreset(name)) continue;
    runs.set(index, await runPreset(name, options, raw as Record<string, unknown>, siteDir, configFile));
  }
  // A preset of the site's own (`./preset.js`) is an input of the config, as its imports are;
  // a package's files are covered by the lock files.
  const inputs = [...runs.values()].flatMap((run) => (run.file && !/[\\/]node_modules[\\/]/.test(run.file) ? [run.file] : []));
  return { runs, inputs };
}

async function runPreset(name: string, options: unknown, siteConfig: Record<string, unknown>, siteDir: string, configFile: string): Promise<PresetRun> {
  const requireFromConfig = createRequire(configFile);
  const candidates = presetModuleCandidates(name);
  const resolved = candidates.map((candidate) => resolveQuietly(requireFromConfig, candidate)).find((file) => file !== undefined);
  if (resolved === undefined) return { failure: `it is not installed (tried ${candidates.join(', ')} from ${path.dirname(configFile)})` };
  const seconds = siteModuleTimeoutSeconds();
  try {
    const preset = await settleWithin(loadSiteFunction(requireFromConfig, resolved, seconds), seconds, (reason) => new Error(reason === 'idle' ? 'loading it never finished' : `loading it took over ${seconds} s`));
    if (typeof preset !== 'function') return { failure: 'its module exports no preset function', file: resolved };
    const context = presetContext(siteConfig, siteDir, configFile);
    const returned = await settleWithin(Promise.resolve(runSiteCode(() => (preset as (context: unknown, options: unknown) => unknown)(context, options ?? {}), seconds)), seconds, (reason) =>
      new Error(reason === 'idle' ? 'it never finished' : `it took over ${seconds} s`),
    );
    if (!returned || typeof returned !== 'object') return { failure: 'it returned no plugins or themes', file: resolved };
    const { plugins, themes } = returned as { plugins?: unknown; themes?: unknown };
    return { plugins: Array.isArray(plugins) ? plugins : [], themes: Array.isArray(themes) ? themes : [], file: resolved };
  } catch (error) {
    if (error instanceof SiteCodeStopped) return { failure: `it was stopped: ${error.message}`, file: resolved };
    return { failure: `it threw: ${String((error as Error)?.message ?? error).split('\n')[0]}`, file: resolved };
  }
}

/** Where `request` resolves from a require function's folder, or undefined where it does not. */
export function resolveQuietly(requireFromConfig: NodeJS.Require, request: string): string | undefined {
  try {
    return requireFromConfig.resolve(request);
  } catch {
    return undefined;
  }
}

export async function loadSiteFunction(requireFromConfig: NodeJS.Require, file: string, seconds: number): Promise<unknown> {
  let exported: unknown;
  // A site's own plugin or preset file is read again each time the config is (serve --watch reloads it when the file changes).
  if (!/[\\/]node_modules[\\/]/.test(file)) delete requireFromConfig.cache[file];
  try {
    exported = runSiteCode(() => requireFromConfig(file) as unknown, seconds);
  } catch (error) {
    // An ES module preset: Node 20's require cannot load it.
    if ((error as NodeJS.ErrnoException).code !== 'ERR_REQUIRE_ESM') throw error;
    exported = await import(pathToFileURL(file).href);
  }
  const withDefault = exported as { default?: unknown } | undefined;
  return typeof exported === 'function' ? exported : withDefault?.default;
}

/**
 * The part of Docusaurus' load context a preset reads. The site config gets the defaults
 * Docusaurus' validation would have filled in where presets look (preset-classic reads
 * `themeConfig.algolia` and `future.v4`).
 */
export function presetContext(siteConfig: Record<string, unknown>, siteDir: string, configFile: string): Record<string, unknown> {
  const future = (siteConfig.future ?? {}) as Record<string, unknown>;
  const i18n = (siteConfig.i18n ?? {}) as { defaultLocale?: string; locales?: string[] };
  const defaultLocale = i18n.defaultLocale ?? 'en';
  return {
    siteDir,
    siteConfigPath: configFile,
    siteConfig: {
      baseUrl: '/',
      ...siteConfig,
      themeConfig: siteConfig.themeConfig ?? {},
      future: { ...future, v4: { removeLegacyPostBuildHeadAttribute: false, useCssCascadeLayers: false, ...(future.v4 as object | undefined) } },
    },
    baseUrl: typeof siteConfig.baseUrl === 'string' ? siteConfig.baseUrl : '/',
    outDir: path.join(siteDir, 'build'),
    generatedFilesDir: path.join(siteDir, '.docusaurus'),
    localizationDir: path.join(siteDir, 'i18n', defaultLocale),
    i18n: { defaultLocale, locales: i18n.locales ?? [defaultLocale], currentLocale: defaultLocale, path: 'i18n', localeConfigs: {} },
    codeTranslations: {},
  };
}
