import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { z } from 'zod';
import { describeValue, UserError, type Diagnostic } from '../core/diagnostic.js';
import { loadSiteModule, SiteCodeStopped, startMemoryWatchdog } from '../core/site-code.js';
import { bundleErrorDiagnostics, bundleInputs, bundleWorkingDir, loadFromTemporaryFile, settleWithin, siteModuleTimeoutSeconds } from '../core/site-module.js';
import { configSchema, type ParsedConfig } from './schema.js';
import { resolveConfig, type ResolvedConfig, type ResolveOptions } from './resolve.js';
import { checkConfigPaths } from './check-config-paths.js';
import { closest } from './closest-name.js';
import { withoutLiveScriptUrls } from './safe-config-urls.js';
import { formatKeyPath, locateKey } from './locate-key.js';
import { joinUrlPath } from '../shared/paths.js';
import { runThirdPartyPresets } from './docusaurus-presets.js';
import { applyPluginHooks } from './docusaurus-plugins.js';
import { docusaurusConfigFileNames, importDocusaurusConfig, translateDocusaurusConfig, type DocusaurusTranslation } from './docusaurus-config.js';

export const configFileNames = ['sdkdocs.config.ts', 'sdkdocs.config.mts', 'sdkdocs.config.js', 'sdkdocs.config.mjs'];

/** Finds, compiles, imports, validates and resolves the site's config. */
export async function loadConfig(siteDir: string, options: ResolveOptions = {}): Promise<ResolvedConfig> {
  // The config is the first site code a build runs.
  await startMemoryWatchdog();
  const absoluteSiteDir = path.resolve(siteDir);
  if (!existsSync(absoluteSiteDir)) {
    throw new UserError({
      severity: 'error',
      code: 'config',
      message: `Site folder ${absoluteSiteDir} does not exist.`,
      hint: 'Pass the folder that holds sdkdocs.config.ts: `sdkdocs build path/to/site`.',
    });
  }
  const configFile = configFileNames.map((name) => path.join(absoluteSiteDir, name)).find((file) => existsSync(file));
  if (!configFile) {
    const docusaurusFile = docusaurusConfigFileNames.map((name) => path.join(absoluteSiteDir, name)).find((file) => existsSync(file));
    if (docusaurusFile) return loadDocusaurusConfig(absoluteSiteDir, docusaurusFile, options);
    throw new UserError({
      severity: 'error',
      code: 'config',
      message: `No sdkdocs.config.ts (nor a docusaurus.config.js) in ${absoluteSiteDir}.`,
      hint: "Create one: `import { defineConfig } from 'sdkdocs'; export default defineConfig({ title: 'My SDK', url: 'https://example.com' });`",
    });
  }
  const { exported, inputs } = await importConfigModule(configFile);
  const parsed = validateConfig(exported, configFile, await readFile(configFile, 'utf8'));
  const config = resolveConfig(parsed, absoluteSiteDir, configFile, options);
  config.configInputs = inputs;
  config.configWarnings = withoutLiveScriptUrls(config);
  checkConfigPaths(config);
  return config;
}

/** A Docusaurus config as sdkdocs reads it: its translation (keys sdkdocs does not apply taken out) and the notices. */
export interface ReadDocusaurusConfig {
  translation: DocusaurusTranslation;
  parsed: ParsedConfig;
  inputs: string[];
  warnings: Diagnostic[];
}

/**
 * Runs and translates a Docusaurus site's config (see docusaurus-config.ts). Options sdkdocs has
 * no place for are left out, each with a warning at its line; what remains is validated as an
 * sdkdocs config, its errors placed where the Docusaurus config wrote the value.
 */
export async function readDocusaurusConfig(siteDir: string, configFile: string): Promise<ReadDocusaurusConfig> {
  const source = await readFile(configFile, 'utf8');
  const { exported, inputs } = await importDocusaurusConfig(configFile);
  const presets = await runThirdPartyPresets(exported, siteDir, configFile);
  const translation = translateDocusaurusConfig(exported, siteDir, presets.runs);
  // translateDocusaurusConfig refused anything but an object.
  const pluginFiles = await applyPluginHooks(translation, exported as Record<string, unknown>, siteDir, configFile);
  const parsed = validateTranslation(translation, configFile, source);
  const warnings = translation.notices.map(
    (notice): Diagnostic => ({ severity: 'warning', code: 'docusaurus-config', message: notice.message, file: configFile, ...locateKey(source, notice.keys), hint: notice.hint }),
  );
  return { translation, parsed, inputs: [...inputs, ...presets.inputs, ...pluginFiles], warnings };
}

async function loadDocusaurusConfig(siteDir: string, configFile: string, options: ResolveOptions): Promise<ResolvedConfig> {
  const { translation, parsed, inputs, warnings } = await readDocusaurusConfig(siteDir, configFile);
  const config = resolveConfig(parsed, siteDir, configFile, options);
  config.configKeyOrigin = translation.originOf;
  config.pluginsNotRun = translation.pluginsNotRun;
  config.configInputs = inputs;
  config.unbuiltRoutes = translation.unbuilt.map(({ routeBasePath, what }) => ({ route: joinUrlPath(config.baseUrl, routeBasePath.replace(/^\/+|\/+$/g, '')), what }));
  config.configWarnings = [...warnings, ...withoutLiveScriptUrls(config)];
  checkConfigPaths(config);
  return config;
}

/**
 * Validates a translated Docusaurus config. A key the schema does not know (`className` on a
 * navbar item, `remarkPlugins` of the docs) is a Docusaurus option sdkdocs does not apply: it is
 * taken out and becomes a notice, and the rest is validated again.
 */
function validateTranslation(translation: DocusaurusTranslation, configFile: string, source: string): ParsedConfig {
  for (let round = 0; round < 100; round++) {
    const result = configSchema.safeParse(translation.config, { reportInput: true });
    if (result.success) return result.data;
    const unknownKeys = result.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
    if (unknownKeys.length === 0) {
      throw new UserError(
        result.error.issues.flatMap((issue) => {
          const keys = translation.originOf(issue.path);
          return describeIssue({ ...issue, path: keys } as z.core.$ZodIssue, configFile).map(({ keys: _keys, ...diagnostic }) => ({ ...diagnostic, ...locateKey(source, keys) }));
        }),
      );
    }
    for (const issue of unknownKeys) {
      const holder = valueAt(translation.config, issue.path);
      for (const key of issue.keys) {
        const value = (holder as Record<string, unknown> | undefined)?.[key];
        if (holder && typeof holder === 'object') delete (holder as Record<string, unknown>)[key];
        // An empty list (`remarkPlugins: []`) asks for nothing, so nothing is lost.
        if (Array.isArray(value) && value.length === 0) continue;
        const keys = translation.originOf([...issue.path, key]);
        translation.notices.push({ keys, message: `${formatKeyPath(keys)}: not applied: sdkdocs has no such option here, so what it does is missing from the site.` });
      }
    }
  }
  return validateConfig(translation.config, configFile);
}

function valueAt(root: unknown, keys: readonly PropertyKey[]): unknown {
  return keys.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), root);
}

/**
 * Bundles the config with esbuild so that it may be TypeScript and import local files. The
 * `sdkdocs` import is served from a virtual module: the config only needs `defineConfig`, and the
 * site folder may not have sdkdocs installed where Node would find it.
 */
async function importConfigModule(configFile: string): Promise<{ exported: unknown; inputs: string[] }> {
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints: [configFile],
      absWorkingDir: bundleWorkingDir(configFile),
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      // CommonJS packages bundled into this ES module still call `require` (for Node's own
      // modules, or in a try block): it is given them, resolving from the config's folder.
      define: { require: '__sdkdocsRequire' },
      banner: { js: `import { createRequire as __sdkdocsCreateRequire } from 'node:module';\nconst __sdkdocsRequire = __sdkdocsCreateRequire(${JSON.stringify(pathToFileURL(configFile).href)});` },
      plugins: [
        {
          name: 'sdkdocs-virtual',
          setup(build: esbuild.PluginBuild) {
            build.onResolve({ filter: /^sdkdocs$/ }, () => ({ path: 'sdkdocs', namespace: 'sdkdocs-virtual' }));
            build.onLoad({ filter: /.*/, namespace: 'sdkdocs-virtual' }, () => ({
              contents: 'export function defineConfig(config) { return config; }',
              loader: 'js',
            }));
          },
        },
      ],
    });
  } catch (error) {
    const diagnostics = bundleErrorDiagnostics(error, configFile, 'config', 'the config');
    throw new UserError(diagnostics.length ? diagnostics : [{ severity: 'error', message: String(error), file: configFile }]);
  }
  try {
    const module = (await loadFromTemporaryFile(result.outputFiles[0].text, 'config.mjs', (compiled) =>
      configSettled(loadSiteModule(compiled, siteModuleTimeoutSeconds()), configFile),
    )) as { default?: unknown };
    if (module.default === undefined) {
      throw new UserError({
        severity: 'error',
        code: 'config',
        message: 'The config has no default export.',
        file: configFile,
        hint: 'End it with `export default defineConfig({ ... })`.',
      });
    }
    return { exported: module.default, inputs: bundleInputs(result.metafile, configFile) };
  } catch (error) {
    if (error instanceof UserError) throw error;
    if (error instanceof SiteCodeStopped) throw new UserError({ severity: 'error', code: 'config', message: `The config was stopped while loading: ${error.message}.`, file: configFile, hint: error.hint });
    throw new UserError({
      severity: 'error',
      code: 'config',
      message: `The config threw while loading: ${(error as Error).message}`,
      file: configFile,
    });
  }
}

/** Waits for the config module for `SDKDOCS_CONFIG_TIMEOUT` seconds at most (see {@link settleWithin}). */
function configSettled<T>(loading: Promise<T>, configFile: string): Promise<T> {
  const seconds = siteModuleTimeoutSeconds();
  return settleWithin(loading, seconds, (reason) =>
    new UserError({
      severity: 'error',
      code: 'config',
      message:
        reason === 'idle'
          ? 'The config never finished loading: a top-level `await` waits for something that can no longer happen.'
          : `The config did not finish loading within ${seconds} s: a top-level \`await\` still waits.`,
      file: configFile,
      hint: `Remove that \`await\` (it may be in a file the config imports) or give it a time limit. SDKDOCS_CONFIG_TIMEOUT sets how many seconds a config may take to load (${seconds} now).`,
    }),
  );
}

/** Validates raw config data; every problem becomes one diagnostic naming the key path. */
export function validateConfig(data: unknown, configFile: string, source?: string): ParsedConfig {
  const result = configSchema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  throw new UserError(
    result.error.issues.flatMap((issue) =>
      describeIssue(issue, configFile).map(({ keys, ...diagnostic }) =>
        source ? { ...diagnostic, ...locateKey(source, keys) } : diagnostic,
      ),
    ),
  );
}

/** A diagnostic plus the key path it is about, for locating it in the source. */
type KeyedDiagnostic = Diagnostic & { keys: readonly PropertyKey[] };

function describeIssue(issue: z.core.$ZodIssue, configFile: string): KeyedDiagnostic[] {
  const at = formatKeyPath(issue.path);
  const base = { severity: 'error' as const, code: 'config', file: configFile, keys: issue.path };
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'unrecognized_keys': {
      return issue.keys.map((key) => {
        const known = knownKeysAt(issue.path);
        const suggestion = closest(key, known);
        return {
          ...base,
          keys: [...issue.path, key],
          message: `${at ? `${at}.` : ''}${key}: unknown key.`,
          hint: suggestion
            ? `Did you mean "${suggestion}"?`
            : `Known keys here: ${known.join(', ') || '(none)'}.`,
        };
      });
    }
    case 'invalid_type':
      return [{ ...base, message: `${at || '(config)'}: expected ${issue.expected}, found ${describeValue(input)}.` }];
    case 'invalid_value':
      return [
        {
          ...base,
          message: `${at}: expected one of ${issue.values.map((v) => JSON.stringify(v)).join(' | ')}, found ${describeValue(input)}.`,
        },
      ];
    case 'custom':
      return [{ ...base, message: `${at}: ${issue.message}.`.replace(/\.\.$/, '.'), hint: undefined }];
    case 'invalid_union': {
      // The option the value was written for is the one whose problems lie inside it, not with its type.
      const isTypeMismatch = (inner: z.core.$ZodIssue) => inner.code === 'invalid_type' && inner.path.length === 0;
      const meant = issue.errors.filter((errors) => errors.length > 0 && !errors.some(isTypeMismatch));
      if (meant.length === 1) {
        return meant[0]!.flatMap((inner) => describeIssue({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue, configFile));
      }
      const expected = [...new Set(issue.errors.flat().filter(isTypeMismatch).map((inner) => (inner as { expected?: string }).expected))].filter(Boolean);
      return [{ ...base, message: `${at || '(config)'}: expected ${expected.length > 0 ? expected.join(' or ') : 'another value'}, found ${describeValue(input)}.` }];
    }
    default:
      return [{ ...base, message: `${at || '(config)'}: ${issue.message}${input === undefined ? '' : `, found ${describeValue(input)}`}.` }];
  }
}

/** The keys the schema allows at a path, for "did you mean". */
function knownKeysAt(segments: readonly PropertyKey[]): string[] {
  let schema: unknown = configSchema;
  for (const segment of segments) {
    schema = unwrap(schema);
    const def = (schema as { def?: { type?: string; shape?: Record<string, unknown>; element?: unknown; valueType?: unknown } }).def;
    if (!def) return [];
    if (def.type === 'object' && def.shape) schema = def.shape[String(segment)];
    else if (def.type === 'array') schema = def.element;
    else if (def.type === 'record') schema = def.valueType;
    else return [];
  }
  schema = unwrap(schema);
  const shape = (schema as { def?: { shape?: Record<string, unknown> } })?.def?.shape;
  return shape ? Object.keys(shape) : [];
}

function unwrap(schema: unknown): unknown {
  let current = schema as { def?: { type?: string; innerType?: unknown; in?: unknown; schema?: unknown } } | undefined;
  while (current?.def && ['default', 'optional', 'pipe', 'nullable', 'prefault'].includes(current.def.type ?? '')) {
    current = (current.def.innerType ?? current.def.in) as typeof current;
  }
  return current;
}

