import path from 'node:path';
import type * as esbuild from 'esbuild';

/*
 * The site's own bundle settings (config `bundle`, which a Docusaurus plugin's `configureWebpack`
 * gives as webpack's resolve.alias, resolve.fallback, DefinePlugin and ProvidePlugin), as esbuild
 * options for each bundle of the site's code. Aliases and constants hold in every bundle, as
 * Docusaurus' server build gets them too; fallbacks and provided globals stand in for Node's
 * built-ins and so only go into the browser bundle (the server bundles run in Node, which has them).
 */

/** Where an import leads: a package name or path, several to try in order, or false for an empty module. */
export type BundleTarget = string | false | string[];

/** The config's `bundle` key, as validated. */
export interface SiteBundleSettings {
  alias: Record<string, BundleTarget>;
  fallback: Record<string, BundleTarget>;
  define: Record<string, string>;
  provide: Record<string, string | string[]>;
}

/** The bundle of the site's code the options are for: the browser's, or one run by the build in Node. */
export type BundleSide = 'browser' | 'server';

/** What a bundle of the site's code adds to its esbuild options for the site's settings. */
export interface SiteBundleOptions {
  define: Record<string, string>;
  inject: string[];
  plugins: esbuild.Plugin[];
}

/** A define key esbuild takes: an identifier or a member chain of them. */
export const defineKeyPattern = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
const identifierPattern = /^[A-Za-z_$][\w$]*$/;

const emptyModuleNamespace = 'sdkdocs-empty-module';
const injectedNamespace = 'sdkdocs-bundle-settings';
const injectedModule = `${injectedNamespace}:injected`;
/** Marks a resolution this plugin asked for itself, so it does not alias or fall back again. */
const settledMark = 'sdkdocsBundleSettled';

/** Whether the config sets anything for the bundles of the site's code. */
export function hasBundleSettings(settings: SiteBundleSettings | undefined): boolean {
  return settings !== undefined && Object.values(settings).some((entries) => Object.keys(entries as object).length > 0);
}

/** The settings a server bundle reads: the aliases and constants (see the header). */
export function serverBundleSettings(settings: SiteBundleSettings | undefined): SiteBundleSettings {
  return { alias: settings?.alias ?? {}, fallback: {}, define: settings?.define ?? {}, provide: {} };
}

/**
 * The esbuild options of one bundle of the site's code for the site's settings. `define` is to be
 * spread under the bundle's own constants, `inject` and `plugins` added to its own (the plugin
 * first, since webpack applies aliases before anything else resolves).
 */
export function siteBundleOptions(settings: SiteBundleSettings | undefined, siteDir: string, side: BundleSide): SiteBundleOptions {
  const chosen = side === 'browser' ? settings : serverBundleSettings(settings);
  if (!chosen || !hasBundleSettings(chosen)) return { define: {}, inject: [], plugins: [] };
  const define: Record<string, string> = {};
  const injectedExports: string[] = [];
  for (const [key, code] of Object.entries(chosen.define)) {
    if (esbuildTakesDefineValue(code)) {
      define[key] = code;
    } else {
      // esbuild inlines only literals and names: any other expression is computed once, in the injected module.
      const name = `__sdkdocsDefined${injectedExports.length}`;
      injectedExports.push(`export var ${name} = (${code});`);
      define[key] = name;
    }
  }
  for (const [key, from] of Object.entries(chosen.provide)) {
    const [request, ...properties] = Array.isArray(from) ? from : [from];
    const value = `require(${JSON.stringify(siteRequest(request!, siteDir))})${properties.map((property) => `[${JSON.stringify(property)}]`).join('')}`;
    if (identifierPattern.test(key)) {
      injectedExports.push(`export var ${key} = ${value};`);
    } else {
      // A member chain (`window.Buffer`) is provided as webpack does it: the name replaced by a variable of the module.
      const name = `__sdkdocsProvided${injectedExports.length}`;
      injectedExports.push(`export var ${name} = ${value};`);
      define[key] = name;
    }
  }
  const inject = injectedExports.length > 0 ? [injectedModule] : [];
  return { define, inject, plugins: [siteResolvePlugin(chosen, siteDir, injectedExports.join('\n'))] };
}

/** What esbuild's `define` inlines as it is: a JSON value, `undefined`, or a name or member chain. */
function esbuildTakesDefineValue(code: string): boolean {
  const trimmed = code.trim();
  if (trimmed === 'undefined' || defineKeyPattern.test(trimmed)) return true;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** A request of the config: a path relative to the site folder made absolute, a package name kept. */
function siteRequest(request: string, siteDir: string): string {
  return /^\.\.?(\/|$)/.test(request) ? path.resolve(siteDir, request) : request;
}

/** An alias or fallback key, as webpack matches it: `name` and `name/…`, or `name$` for exactly `name`. */
interface TargetEntry {
  name: string;
  exact: boolean;
  target: BundleTarget;
}

function targetEntries(targets: Record<string, BundleTarget>): TargetEntry[] {
  return Object.entries(targets).map(([key, target]) => (key.endsWith('$') ? { name: key.slice(0, -1), exact: true, target } : { name: key, exact: false, target }));
}

/** The entry that applies to `request`, and the rest of the request after its name. */
function matchEntry(entries: TargetEntry[], request: string): { entry: TargetEntry; rest: string } | undefined {
  for (const entry of entries) {
    if (request === entry.name) return { entry, rest: '' };
    if (!entry.exact && request.startsWith(`${entry.name}/`)) {
      // webpack leaves a request that already names the alias' own target (`process` → `process/browser`) as it is.
      const targets = typeof entry.target === 'string' ? [entry.target] : entry.target === false ? [] : entry.target;
      if (targets.some((target) => request === target || request.startsWith(`${target}/`))) continue;
      return { entry, rest: request.slice(entry.name.length) };
    }
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The filter of the imports some entry may apply to, so that esbuild calls the plugin for those only. */
function entriesFilter(entries: TargetEntry[]): RegExp {
  return new RegExp(`^(?:${entries.map((entry) => `${escapeRegExp(entry.name)}${entry.exact ? '$' : '(?:/|$)'}`).join('|')})`);
}

function siteResolvePlugin(settings: SiteBundleSettings, siteDir: string, injectedSource: string): esbuild.Plugin {
  const aliases = targetEntries(settings.alias);
  const fallbacks = targetEntries(settings.fallback);
  return {
    name: 'sdkdocs-site-bundle-settings',
    setup(build) {
      const settled = (args: esbuild.OnResolveArgs) => typeof args.pluginData === 'object' && args.pluginData !== null && (args.pluginData as Record<string, unknown>)[settledMark] === true;
      const resolveOptions = (args: esbuild.OnResolveArgs): esbuild.ResolveOptions => ({
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir || siteDir,
        pluginData: { [settledMark]: true },
      });
      const resolveTarget = async (args: esbuild.OnResolveArgs, entry: TargetEntry, rest: string, key: 'alias' | 'fallback'): Promise<esbuild.OnResolveResult> => {
        if (entry.target === false) return { path: args.path, namespace: emptyModuleNamespace };
        const candidates = typeof entry.target === 'string' ? [entry.target] : entry.target;
        let firstError = '';
        for (const candidate of candidates) {
          const resolved = await build.resolve(siteRequest(candidate + rest, siteDir), resolveOptions(args));
          if (resolved.errors.length === 0) {
            // A package's `browser` field that maps the module to false resolves to no file.
            if (resolved.path === '') return { path: args.path, namespace: emptyModuleNamespace };
            return { path: resolved.path, namespace: resolved.namespace, external: resolved.external, sideEffects: resolved.sideEffects, suffix: resolved.suffix, pluginData: resolved.pluginData };
          }
          firstError ||= resolved.errors[0]!.text;
        }
        const written = `${entry.name}${entry.exact ? '$' : ''}`;
        return {
          errors: [
            {
              text: `Could not resolve "${args.path}": the config's bundle.${key}[${JSON.stringify(written)}] leads to ${candidates.map((candidate) => JSON.stringify(candidate + rest)).join(', ')}, which does not resolve (${firstError})`,
              detail: `Install the package it names in the site folder, or change bundle.${key} (a Docusaurus plugin's configureWebpack resolve.${key}).`,
            },
          ],
        };
      };
      if (aliases.length > 0) {
        build.onResolve({ filter: entriesFilter(aliases) }, (args) => {
          if (settled(args)) return undefined;
          const match = matchEntry(aliases, args.path);
          return match ? resolveTarget(args, match.entry, match.rest, 'alias') : undefined;
        });
      }
      if (fallbacks.length > 0) {
        build.onResolve({ filter: entriesFilter(fallbacks) }, async (args) => {
          if (settled(args)) return undefined;
          const match = matchEntry(fallbacks, args.path);
          if (!match) return undefined;
          // As webpack's fallback: only when the import does not resolve as it is (a Node built-in, in the browser).
          const asWritten = await build.resolve(args.path, resolveOptions(args));
          if (asWritten.errors.length === 0) return undefined;
          return resolveTarget(args, match.entry, match.rest, 'fallback');
        });
      }
      build.onLoad({ filter: /.*/, namespace: emptyModuleNamespace }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
      build.onResolve({ filter: new RegExp(`^${escapeRegExp(injectedModule)}$`) }, () => ({ path: 'injected', namespace: injectedNamespace }));
      build.onLoad({ filter: /.*/, namespace: injectedNamespace }, () => ({ contents: injectedSource, resolveDir: siteDir, loader: 'js' }));
    },
  };
}
