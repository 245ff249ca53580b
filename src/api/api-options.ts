import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { locateConfigKey } from '../config/locate-key.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { ApiModelOptions } from './api-inputs.js';

/** Absolute entry points and tsconfig of the SDK named by `api` in the config. */
export interface ApiPaths {
  entryPoints: string[];
  tsconfig: string;
}

/**
 * The SDK's paths made absolute; a missing one is a config error naming its key (then `paths`
 * is absent). Undefined without `api` in the config.
 */
export function resolveApiPaths(config: ResolvedConfig): { paths?: ApiPaths; problems: Diagnostic[] } | undefined {
  const { api, siteDir, configFile } = config;
  if (!api) return undefined;
  const problems: Diagnostic[] = [];
  const missing = (key: string, value: string, what: string): Diagnostic => ({
    severity: 'error',
    code: 'config',
    message: `${key}: the ${what} ${value} does not exist (looked for ${path.resolve(siteDir, value)}).`,
    file: configFile,
    ...positionIn(configFile, value),
    hint: 'Paths in `api` are relative to the site folder.',
  });
  const entryPoints = api.entryPoints.map((entry, index) => {
    const absolute = path.resolve(siteDir, entry);
    // Globs are TypeDoc's to expand; it reports a glob that matches nothing.
    if (!/[*?{[]/.test(entry) && !existsSync(absolute)) problems.push(missing(`api.entryPoints[${index}]`, entry, 'entry point'));
    return absolute;
  });
  const tsconfig = path.resolve(siteDir, api.tsconfig);
  if (!existsSync(tsconfig)) problems.push(missing('api.tsconfig', api.tsconfig, 'tsconfig'));
  return { paths: problems.length > 0 ? undefined : { entryPoints, tsconfig }, problems };
}

/** TypeDoc's options for the SDK: the same for the generateApi stage and for `prefetchApi`, so that one's run serves the other. */
export function apiModelOptions(config: ResolvedConfig, paths: ApiPaths): ApiModelOptions {
  return {
    entryPoints: paths.entryPoints,
    tsconfig: paths.tsconfig,
    skipTypeCheck: config.api?.skipTypeCheck ?? false,
    name: config.api?.packageName ?? config.title,
    typedocOptions: config.api?.typedocOptions ?? {},
    linkTags: config.api?.linkTags ?? [],
    configFile: config.configFile,
  };
}

/** The code of a diagnostic about `api.typedocOptions`; TypeDoc reports it on its worker, which cannot read the config. */
export const typedocOptionCode = 'typedoc-option';

/** Places each of TypeDoc's refusals of an `api.typedocOptions` key at that key in the config (it names the key first). */
export function placeTypeDocOptionProblems(config: ResolvedConfig, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((diagnostic) => {
    const name = diagnostic.code === typedocOptionCode && diagnostic.line === undefined ? /^api\.typedocOptions\.([^:]+):/.exec(diagnostic.message)?.[1] : undefined;
    return name === undefined ? diagnostic : { ...diagnostic, file: config.configFile, ...locateConfigKey(config, ['api', 'typedocOptions', name]) };
  });
}

/** Where a string value is written in the config file, to point the reader at it. */
function positionIn(file: string, value: string): { line?: number; column?: number } {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  const index = [`'${value}'`, `"${value}"`, `\`${value}\``].map((quoted) => text.indexOf(quoted)).find((i) => i !== -1);
  if (index === undefined) return {};
  const before = text.slice(0, index).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
