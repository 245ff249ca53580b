import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type ts from 'typescript';
import type { Diagnostic } from '../core/diagnostic.js';
import { addPage, type BuildContext, type Site } from '../core/site.js';
import { apiSidebarName, createApiPages } from './api-pages.js';
import { checkDocSamples, collectDocSamples, collectExampleSamples } from './check-doc-samples.js';
import { loadApiModel } from './load-api-model.js';

/**
 * The API-reference stage: runs TypeDoc on the SDK named by `api` in the config (or reuses the
 * model of an unchanged SDK), adds the API index, a page per symbol and the API sidebar, and, with
 * `api.checkDocSamples`, type-checks every ```ts block of the docs and of the SDK's `@example`s
 * against the SDK. The sample check runs here rather than as a stage of its own because it needs
 * the SDK's resolved settings and reuses the files TypeDoc's program has already parsed.
 */
export async function generateApi(site: Site, ctx: BuildContext): Promise<void> {
  const api = site.config.api;
  if (!api) return;
  const paths = resolveApiPaths(site);
  if (!paths) return;

  let started = performance.now();
  const previous = ctx.previous?.api;
  // Always compared by content, not by the watcher's list of changes: an SDK may import files
  // from outside the folders serve --watch watches, and hashing them takes milliseconds.
  const result = await loadApiModel(
    {
      entryPoints: paths.entryPoints,
      tsconfig: paths.tsconfig,
      skipTypeCheck: api.skipTypeCheck,
      name: api.packageName ?? site.config.title,
      debug: (message) => ctx.logger.debug(message),
    },
    { previous: previous?.model, cacheDir: ctx.cacheDir },
  );
  site.diagnostics.push(...result.diagnostics);
  const model = result.model;
  if (!model) return;
  site.api = { model };
  ctx.logger.debug(`generateApi: ${model.symbols.length} symbols, model from ${result.from} (${(performance.now() - started).toFixed(0)} ms)`);

  started = performance.now();
  const previousPages = model === previous?.model ? ctx.previous?.pages.filter((page) => page.kind === 'api') : undefined;
  if (previousPages && ctx.previous?.sidebars[apiSidebarName]) {
    // The same model in the same config renders the same pages.
    for (const page of previousPages) addPage(site, page);
    site.sidebars[apiSidebarName] = ctx.previous.sidebars[apiSidebarName];
  } else {
    await createApiPages(site, model);
  }
  ctx.logger.debug(`generateApi: pages (${(performance.now() - started).toFixed(0)} ms)`);

  if (!api.checkDocSamples) return;
  started = performance.now();
  const packageName = api.packageName ?? packageNameNear(paths.tsconfig);
  if (!packageName) {
    site.diagnostics.push({
      severity: 'error',
      code: 'config',
      message: 'api.packageName: checkDocSamples needs the name the docs import the SDK by.',
      file: site.config.configFile,
      hint: "Set it, e.g. `packageName: '@playkit/sdk'`, or give the SDK a package.json with a name.",
    });
    return;
  }
  const samples = [...collectDocSamples(site.docs), ...collectExampleSamples(model, (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined))];
  const { result: checked, sourceFiles } = await checkDocSamples(samples, {
    tsconfig: paths.tsconfig,
    entryPoint: paths.entryPoints[0],
    packageName,
    inputs: model.inputs,
    sourceFiles: result.programs.length > 0 ? parsedFiles(result.programs) : model === previous?.model ? previous.sourceFiles : undefined,
    cacheDir: ctx.cacheDir,
    previous: previous?.docSamples,
  });
  site.api.docSamples = checked;
  site.api.sourceFiles = sourceFiles;
  site.diagnostics.push(...checked.diagnostics);
  ctx.logger.debug(`generateApi: ${checked.checked} doc samples checked, ${checked.compiled} compiled (${(performance.now() - started).toFixed(0)} ms)`);
}

/** The files TypeDoc's programs have parsed, by absolute path. */
function parsedFiles(programs: readonly ts.Program[]): Map<string, ts.SourceFile> {
  const files = new Map<string, ts.SourceFile>();
  for (const program of programs) for (const sourceFile of program.getSourceFiles()) files.set(path.resolve(sourceFile.fileName), sourceFile);
  return files;
}

/** Absolute entry points and tsconfig; a missing one is a config error naming its key. */
function resolveApiPaths(site: Site): { entryPoints: string[]; tsconfig: string } | undefined {
  const { api, siteDir, configFile } = site.config;
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
  site.diagnostics.push(...problems);
  return problems.length > 0 ? undefined : { entryPoints, tsconfig };
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

/** The `name` of the SDK's package.json, next to its tsconfig or above it. */
function packageNameNear(tsconfig: string): string | undefined {
  for (let folder = path.dirname(tsconfig); ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) {
      try {
        return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
      } catch {
        return undefined;
      }
    }
    if (path.dirname(folder) === folder) return undefined;
  }
}
