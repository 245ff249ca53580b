import path from 'node:path';
import { runSiteCode } from '../core/site-code.js';
import { siteModuleTimeoutSeconds } from '../core/site-module.js';
import { defineKeyPattern, type BundleTarget, type SiteBundleSettings } from '../core/site-bundle-settings.js';

/*
 * A Docusaurus plugin's `configureWebpack`, called as Docusaurus calls it for the browser bundle:
 * with a webpack configuration to change in place, `isServer` false, and the utilities
 * (`currentBundler`, `getStyleLoaders`, `getJSLoader`). What it returns is merged into that
 * configuration as webpack-merge does (objects key by key, arrays appended). sdkdocs bundles with
 * esbuild, so it takes from the result what esbuild can do, as config `bundle`: resolve.alias,
 * resolve.fallback, DefinePlugin and ProvidePlugin; rules that only stop webpack from requiring
 * file extensions (esbuild never does) need nothing. The rest is named, for the plugin's warning.
 */

/** What a plugin's configureWebpack gave: the settings sdkdocs applies, and the parts it does not. */
export interface WebpackSettingsTaken {
  settings: SiteBundleSettings;
  notApplied: string[];
}

/** Names a plugin instance the stand-in bundler made: its class, and what it was constructed with. */
const recordedPlugin = Symbol('sdkdocs recorded webpack plugin');

interface RecordedPlugin {
  [recordedPlugin]: { name: string; args: unknown[] };
}

/** What `DefinePlugin.runtimeValue()` gives: code computed at each compile, which has no constant to take. */
class RuntimeValue {
  constructor(readonly compute: unknown) {}
}

/** A class of the stand-in bundler whose instances record their name and arguments. */
function recordingPluginClass(name: string): new (...args: unknown[]) => RecordedPlugin {
  const pluginClass = class {
    [recordedPlugin]: { name: string; args: unknown[] };
    constructor(...args: unknown[]) {
      this[recordedPlugin] = { name, args };
    }
    apply(): void {}
  };
  Object.defineProperty(pluginClass, 'name', { value: name.split('.').at(-1) });
  return pluginClass;
}

/**
 * The stand-in of `currentBundler.instance` (webpack's module): every capitalised name is a plugin
 * class that records how it was made (`ProvidePlugin`, `DefinePlugin`, `optimize.LimitChunkCountPlugin`).
 */
function standInBundler(prefix = ''): unknown {
  const classes = new Map<string, unknown>();
  return new Proxy(
    {},
    {
      get(_target, property) {
        if (typeof property !== 'string' || property === 'then') return undefined;
        if (!prefix && property === 'version') return '5.0.0';
        const name = `${prefix}${property}`;
        if (!classes.has(name)) {
          if (/^[A-Z]/.test(property)) {
            const made = recordingPluginClass(name);
            if (name === 'DefinePlugin') Object.assign(made, { runtimeValue: (compute: unknown) => new RuntimeValue(compute) });
            classes.set(name, made);
          } else {
            classes.set(name, standInBundler(`${name}.`));
          }
        }
        return classes.get(name);
      },
    },
  );
}

/** Docusaurus' configureWebpack utilities; the loaders only ever reach a rule sdkdocs names as not applied. */
function configureWebpackUtils() {
  return {
    currentBundler: { name: 'webpack', instance: standInBundler() },
    getStyleLoaders: (_isServer: boolean, cssOptions: Record<string, unknown> = {}) => [{ loader: 'css-loader', options: cssOptions }],
    getJSLoader: ({ babelOptions }: { isServer?: boolean; babelOptions?: unknown } = {}) => ({ loader: 'babel-loader', options: babelOptions ?? {} }),
  };
}

/** The client configuration the hook is handed: what plugins read and add to, empty where they add. */
function clientWebpackConfig(siteDir: string, baseUrl: string): Record<string, unknown> {
  return {
    mode: 'production',
    name: 'client',
    target: 'web',
    devtool: false,
    entry: {},
    output: { path: path.join(siteDir, 'build'), publicPath: baseUrl },
    resolve: { alias: {}, fallback: {}, extensions: ['.wasm', '.mjs', '.js', '.jsx', '.ts', '.tsx', '.json'], modules: ['node_modules', path.join(siteDir, 'node_modules')] },
    module: { rules: [] },
    plugins: [],
    optimization: {},
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** webpack-merge's default: objects merged key by key, arrays appended, anything else replaced. */
function mergeWebpackConfig(base: unknown, addition: unknown): unknown {
  if (Array.isArray(base) && Array.isArray(addition)) return [...base, ...addition];
  if (isPlainObject(base) && isPlainObject(addition)) {
    const merged: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(addition)) merged[key] = key in merged ? mergeWebpackConfig(merged[key], value) : value;
    return merged;
  }
  return addition === undefined ? base : addition;
}

/** A value as text, to tell whether the hook changed a part of the configuration sdkdocs does not take. */
function snapshot(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'function' ? `function ${inner.name}` : inner instanceof RegExp ? String(inner) : inner)) ?? 'undefined';
  } catch {
    // A value that cannot be written out (it refers to itself) is none of the configuration's own.
    return 'unreadable';
  }
}

/**
 * Calls a plugin's configureWebpack for the browser bundle and takes what esbuild can do. Throws
 * what the hook throws.
 */
export function takeWebpackSettings(configureWebpack: (...args: unknown[]) => unknown, plugin: unknown, siteDir: string, baseUrl: string): WebpackSettingsTaken {
  const config = clientWebpackConfig(siteDir, baseUrl);
  const handed = clientWebpackConfig(siteDir, baseUrl);
  const returned = runSiteCode(() => configureWebpack.call(plugin, handed, false, configureWebpackUtils(), undefined), siteModuleTimeoutSeconds());
  // Docusaurus reads its merge strategy off the result; sdkdocs' own configuration has nothing the strategy could order.
  const { mergeStrategy: _mergeStrategy, ...given } = isPlainObject(returned) ? returned : {};
  const merged = mergeWebpackConfig(handed, given) as Record<string, unknown>;
  const settings: SiteBundleSettings = { alias: {}, fallback: {}, define: {}, provide: {} };
  const notApplied: string[] = [];
  for (const [key, value] of Object.entries(merged)) {
    if (key === 'resolve') takeResolve(value, config.resolve as Record<string, unknown>, settings, notApplied);
    else if (key === 'module') takeModule(value, config.module as Record<string, unknown>, notApplied);
    else if (key === 'plugins') takePlugins(value, settings, notApplied);
    else if (snapshot(value) !== snapshot(config[key])) notApplied.push(key);
  }
  return { settings, notApplied };
}

function takeResolve(resolve: unknown, original: Record<string, unknown>, settings: SiteBundleSettings, notApplied: string[]): void {
  if (!isPlainObject(resolve)) {
    notApplied.push('resolve');
    return;
  }
  for (const [key, value] of Object.entries(resolve)) {
    if (key === 'alias' || key === 'fallback') takeTargets(value, key, settings[key], notApplied);
    else if (snapshot(value) !== snapshot(original[key])) notApplied.push(`resolve.${key}`);
  }
}

/** resolve.alias or resolve.fallback: an object of targets, or webpack's list of `{ name, alias, onlyModule }`. */
function takeTargets(value: unknown, key: 'alias' | 'fallback', into: Record<string, BundleTarget>, notApplied: string[]): void {
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.filter(isPlainObject).map((item) => [`${String(item.name)}${item.onlyModule === true ? '$' : ''}`, item.alias])
    : isPlainObject(value)
      ? Object.entries(value)
      : [];
  if (!Array.isArray(value) && !isPlainObject(value)) notApplied.push(`resolve.${key}`);
  for (const [name, target] of entries) {
    if (target === false || (typeof target === 'string' && target !== '')) into[name] = target;
    else if (Array.isArray(target) && target.length > 0 && target.every((item) => typeof item === 'string' && item !== '')) into[name] = target as string[];
    else notApplied.push(`resolve.${key}[${JSON.stringify(name)}]`);
  }
}

/** A rule that only lets `import './x'` leave out the extension, as esbuild always does. */
function onlyLeavesOutExtensions(rule: unknown): boolean {
  if (!isPlainObject(rule) || !isPlainObject(rule.resolve)) return false;
  const selecting = new Set(['test', 'include', 'exclude', 'resource', 'resourceQuery', 'issuer', 'resolve']);
  return Object.keys(rule).every((key) => selecting.has(key)) && Object.keys(rule.resolve).length === 1 && rule.resolve.fullySpecified === false;
}

function takeModule(module: unknown, original: Record<string, unknown>, notApplied: string[]): void {
  if (!isPlainObject(module)) {
    notApplied.push('module');
    return;
  }
  for (const [key, value] of Object.entries(module)) {
    if (key !== 'rules') {
      if (snapshot(value) !== snapshot(original[key])) notApplied.push(`module.${key}`);
      continue;
    }
    for (const rule of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (!onlyLeavesOutExtensions(rule)) notApplied.push(describeRule(rule));
    }
  }
}

/** A module rule as the warning names it: what it matches and the loaders it runs. */
function describeRule(rule: unknown): string {
  if (!isPlainObject(rule)) return 'a module rule';
  const loaders = new Set<string>();
  const collect = (use: unknown): void => {
    if (typeof use === 'string') loaders.add(use.split('?')[0]!);
    else if (Array.isArray(use)) use.forEach(collect);
    else if (isPlainObject(use)) {
      collect(use.loader);
      collect(use.use);
      if (Array.isArray(use.oneOf)) use.oneOf.forEach(collect);
    } else if (typeof use === 'function') loaders.add('a loader function');
  };
  collect(rule);
  const matches = rule.test instanceof RegExp || typeof rule.test === 'string' ? ` for ${String(rule.test)}` : '';
  return `a module rule${matches}${loaders.size > 0 ? ` (${[...loaders].join(', ')})` : ''}`;
}

function takePlugins(plugins: unknown, settings: SiteBundleSettings, notApplied: string[]): void {
  for (const plugin of Array.isArray(plugins) ? (plugins as unknown[]) : [plugins]) {
    const recorded = typeof plugin === 'object' && plugin !== null ? (plugin as Partial<RecordedPlugin>)[recordedPlugin] : undefined;
    if (recorded?.name === 'DefinePlugin') takeDefinitions(recorded.args[0], '', settings.define, notApplied);
    else if (recorded?.name === 'ProvidePlugin') takeProvided(recorded.args[0], settings.provide, notApplied);
    else notApplied.push(`the plugin ${recorded?.name ?? pluginClassName(plugin)}`);
  }
}

function pluginClassName(plugin: unknown): string {
  if (typeof plugin === 'function') return plugin.name || 'a function';
  const constructorName = (plugin as { constructor?: { name?: string } } | null)?.constructor?.name;
  return constructorName && constructorName !== 'Object' ? constructorName : 'an object';
}

/** DefinePlugin's definitions: code as text, other values as webpack writes them, objects member by member. */
function takeDefinitions(definitions: unknown, prefix: string, into: Record<string, string>, notApplied: string[]): void {
  if (!isPlainObject(definitions)) return;
  for (const [key, value] of Object.entries(definitions)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (!defineKeyPattern.test(name)) {
      notApplied.push(`DefinePlugin's ${JSON.stringify(name)} (esbuild replaces names and member chains only)`);
      continue;
    }
    if (isPlainObject(value)) takeDefinitions(value, name, into, notApplied);
    const code = definitionCode(value);
    if (code !== undefined) into[name] = code;
    else if (!isPlainObject(value)) notApplied.push(`DefinePlugin's ${name} (a value computed at each compile)`);
  }
}

function definitionCode(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined || value instanceof RegExp) return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value) || isPlainObject(value)) {
    const members = Object.entries(value).map(([key, member]) => [key, definitionCode(member)] as const);
    if (members.some(([, code]) => code === undefined)) return undefined;
    return Array.isArray(value) ? `[${members.map(([, code]) => code).join(', ')}]` : `{${members.map(([key, code]) => `${JSON.stringify(key)}: ${code}`).join(', ')}}`;
  }
  return undefined;
}

function takeProvided(definitions: unknown, into: Record<string, string | string[]>, notApplied: string[]): void {
  if (!isPlainObject(definitions)) return;
  for (const [name, from] of Object.entries(definitions)) {
    const usable = (typeof from === 'string' && from !== '') || (Array.isArray(from) && from.length > 0 && from.every((item) => typeof item === 'string' && item !== ''));
    if (usable && defineKeyPattern.test(name)) into[name] = from as string | string[];
    else notApplied.push(`ProvidePlugin's ${JSON.stringify(name)}`);
  }
}
