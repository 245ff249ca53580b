import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Query } from '../engine/query-engine.js';

/*
 * Flow in a site's own components, as Docusaurus reads them: its webpack runs Babel over the
 * site's code with the site's `babel.config.js`, so a site whose config adds `@babel/preset-flow`
 * (or Hermes' parser) writes its components with Flow types (flow.org does). esbuild has no Flow
 * support: those plugins of the site's config, and only those, are run first with the site's own
 * `@babel/core`, and esbuild takes the code from there. sdkdocs does not depend on Babel; a
 * Docusaurus site has it (`@docusaurus/core` depends on it).
 */

/** The part of `@babel/core` that sdkdocs calls. */
interface BabelCore {
  loadPartialConfigAsync(options: Record<string, unknown>): Promise<{ options: { presets?: BabelConfigItem[]; plugins?: BabelConfigItem[] } } | null>;
  loadOptionsAsync(options: Record<string, unknown>): Promise<{ plugins?: BabelPlugin[]; parserOpts?: { plugins?: unknown[] } & Record<string, unknown> } | null>;
  transformAsync(code: string, options: Record<string, unknown>): Promise<{ code?: string | null } | null>;
}

/** A preset or plugin as the config names it, before Babel runs it. */
interface BabelConfigItem {
  file?: { resolved: string } | null;
}

/** A plugin of loaded options: Babel takes such an instance back as it is. */
interface BabelPlugin {
  key?: string | null;
}

/** A Babel error: where its parser stopped, 1-based line and 0-based column. */
interface BabelError {
  message: string;
  loc?: { line: number; column: number };
}

/** The outcome of reading one file: its code without Flow, or where it cannot be read. */
export type FlowStripOutcome = { code: string } | { error: { text: string; line?: number; column?: number } };

/** Strips the Flow types from one of the site's files. */
export type FlowStripper = (file: string, source: string) => Promise<FlowStripOutcome>;

/** Docusaurus reads this file of the site folder, and no other Babel config (`getCustomBabelConfigFilePath`). */
const babelConfigFileName = 'babel.config.js';

/**
 * The site's Babel config, which every compile of the site's code reads (whether it is there or
 * not): the queries that compile site code record it, so an edit, a new one or a removed one makes
 * them compile again under serve --watch.
 */
export function babelConfigFileOf(siteDir: string): string {
  return path.join(siteDir, babelConfigFileName);
}

/** The name a plugin goes by: its key, or the package of the file it was loaded from. */
function pluginName(key: string): string {
  if (!key.includes('/') && !key.includes('\\')) return key;
  const packages = key.split(/[\\/]node_modules[\\/]/);
  const last = packages.length > 1 ? packages[packages.length - 1]! : '';
  const [scope, name] = last.split(/[\\/]/);
  return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? '');
}

const flowPlugin = /flow|hermes/i;

const docusaurusPreset = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]babel[\\/]preset(\.js)?$/;

/**
 * The Flow stripper of the site's `babel.config.js`, by the site folder, or undefined when it has
 * none, names no Flow plugin, or the site has no `@babel/core`. It reads the config through the
 * engine: loaded once, and again when the file is edited, created or removed.
 */
export const flowStripperQuery: Query<string, FlowStripper | undefined> = {
  name: 'flowStripper',
  // A function, which a hash of the result would not tell from another: each load is new.
  fingerprint: () => randomUUID(),
  run(context, siteDir) {
    const configFile = babelConfigFileOf(siteDir);
    return context.fileFingerprint(configFile) === undefined ? undefined : loadFlowStripper(siteDir, configFile);
  },
};

async function loadFlowStripper(siteDir: string, configFile: string): Promise<FlowStripper | undefined> {
  let babel: BabelCore;
  try {
    babel = createRequire(path.join(siteDir, 'package.json'))('@babel/core') as BabelCore;
  } catch {
    return undefined;
  }
  // As Docusaurus gives it to babel-loader: this file alone, for the build's server side.
  const loadOptions = { cwd: siteDir, root: siteDir, babelrc: false, configFile, caller: { name: 'server' }, filename: path.join(siteDir, 'src', 'index.js') };
  // Docusaurus 2's template wrote a babel.config.js naming its preset alone, which has no Flow:
  // reading what the file names costs a fraction of loading preset-env's plugins.
  const partial = await babel.loadPartialConfigAsync(loadOptions);
  const named = [...(partial?.options.presets ?? []), ...(partial?.options.plugins ?? [])];
  if (named.every((item) => item.file && docusaurusPreset.test(item.file.resolved))) return undefined;
  const options = await babel.loadOptionsAsync(loadOptions);
  const plugins = (options?.plugins ?? []).filter((plugin) => flowPlugin.test(pluginName(plugin.key ?? '')));
  if (plugins.length === 0) return undefined;
  const parserOpts = { ...options?.parserOpts, plugins: [...(options?.parserOpts?.plugins ?? []), 'jsx'] };
  return async (file, source) => {
    try {
      const result = await babel.transformAsync(source, {
        filename: file,
        cwd: siteDir,
        babelrc: false,
        configFile: false,
        plugins,
        parserOpts,
        sourceType: 'unambiguous',
        // esbuild's errors in the code that comes out are then at the lines the file has.
        retainLines: true,
      });
      return { code: result?.code ?? source };
    } catch (error) {
      const { message, loc } = error as BabelError;
      // Babel's message starts with the file's name and ends with a frame of the code.
      const text = message.replace(`${file}: `, '').split('\n')[0]!.replace(/ \(\d+:\d+\)$/, '');
      return { error: { text: `Flow (the site's ${babelConfigFileName}): ${text}`, line: loc?.line, column: loc?.column } };
    }
  };
}
