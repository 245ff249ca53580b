import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addPage, deferCheck, type BuildContext, type Site } from '../core/site.js';
import { apiModelOptions, placeTypeDocOptionProblems, resolveApiPaths } from './api-options.js';
import { makeApiPages, type ApiPages, type ApiPagesConfig } from './api-pages.js';
import { createQueryEngine, type Query } from '../engine/query-engine.js';
import { fingerprintOf } from '../engine/fingerprint.js';
import { configSliceFingerprint } from '../config/config-fingerprint.js';
import type { ApiModel } from '../core/api-model.js';
import type { MarkdownFragmentCompiler } from '../model/markdown-fragments.js';
import { apiSidebarName } from '../core/api-display.js';
import { checkDocSamples, collectDocSamples, collectExampleSamples, compiledDocsOf } from './check-doc-samples.js';
import { loadApiModel } from './load-api-model.js';
import { inProcessSampleTypeChecker } from './sample-type-checker.js';

/**
 * The API-reference stage: runs TypeDoc on the SDK named by `api` in the config (or reuses the
 * model of an unchanged SDK), adds the API index, a page per symbol and the API sidebar, and, with
 * `api.checkDocSamples`, type-checks every ```ts block of the docs and of the SDK's `@example`s
 * against the SDK. The sample check runs here rather than as a stage of its own because it needs
 * the SDK's resolved settings and reuses the files TypeDoc's program has already parsed.
 */
export async function generateApi(site: Site, ctx: BuildContext): Promise<void> {
  const api = site.config.api;
  const resolved = resolveApiPaths(site.config);
  if (!api || !resolved) return;
  site.diagnostics.push(...resolved.problems);
  const paths = resolved.paths;
  if (!paths) return;
  const packageName = api.checkDocSamples ? (api.packageName ?? packageNameNear(paths.tsconfig)) : undefined;
  if (api.checkDocSamples && !packageName) {
    site.diagnostics.push({
      severity: 'error',
      code: 'config',
      message: 'api.packageName: checkDocSamples needs the name the docs import the SDK by.',
      file: site.config.configFile,
      hint: "Set it, e.g. `packageName: '@playkit/sdk'`, or give the SDK a package.json with a name.",
    });
  }
  const docSamples = packageName ? collectDocSamples(compiledDocsOf(site)) : [];

  let started = performance.now();
  const previous = ctx.previous?.api;
  // serve --watch's memory tier holds the session's model (a previous build handed in without one
  // gives its own); it is always compared by content, not by the watcher's list of changes: an SDK
  // may import files from outside the folders serve --watch watches, and hashing them takes milliseconds.
  const result = await loadApiModel(
    { ...apiModelOptions(site.config, paths), debug: (message) => ctx.logger.debug(message) },
    { memory: ctx.memory, previous: ctx.memory ? undefined : previous?.model, cacheDir: ctx.cacheDir, prefetch: ctx.apiPrefetch },
  );
  const model = result.model;
  const typeChecker = result.typeChecker ?? inProcessSampleTypeChecker(model && model === previous?.model ? previous.sourceFiles : undefined);
  let keepTypeChecker = false;
  // TypeDoc's program (on the prefetch worker, maybe) is let go of however the stage ends.
  try {
    site.diagnostics.push(...placeTypeDocOptionProblems(site.config, result.diagnostics));
    if (!model) return;
    site.api = { model };
    for (const { file } of model.inputs.files) site.readFiles.add(file);
    for (const { folder } of model.inputs.folders) site.readFiles.add(folder);
    ctx.logger.debug(`generateApi: ${model.symbols.length} symbols, model from ${result.from} (${(performance.now() - started).toFixed(0)} ms)`);

    started = performance.now();
    // Started before the pages: on the prefetch worker the samples compile while this thread renders.
    const checking = packageName
      ? await checkDocSamples([...docSamples, ...collectExampleSamples(model, (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined))], {
          tsconfig: paths.tsconfig,
          entryPoint: paths.entryPoints[0],
          packageName,
          inputs: model.inputs,
          typeChecker,
          cacheDir: ctx.cacheDir,
          previous: previous?.docSamples,
        })
      : undefined;
    const pages = await askApiPages(site, ctx, model);
    site.sidebars[apiSidebarName] = pages.result.sidebar;
    for (const page of pages.result.pages) addPage(site, page);
    if (pages.reused) ctx.logger.debug('generateApi: pages kept from the previous build');
    ctx.logger.debug(`generateApi: pages (${(performance.now() - started).toFixed(0)} ms)`);

    if (!checking) return;
    // The samples finish compiling while the next stages run; the build waits for them before it writes.
    const siteApi = site.api;
    siteApi.sampleNames = checking.finished.then(
      ({ names }) => names,
      () => undefined,
    );
    const closing = typeChecker;
    deferCheck(
      ctx,
      checking.finished
        .then(({ result: checked, sourceFiles }) => {
          siteApi.docSamples = checked;
          siteApi.sourceFiles = sourceFiles;
          site.diagnostics.push(...checked.diagnostics);
          ctx.logger.debug(`generateApi: ${checked.checked} doc samples checked, ${checked.compiled} compiled (${(performance.now() - started).toFixed(0)} ms)`);
        })
        .finally(() => closing.close()),
    );
    keepTypeChecker = true;
  } finally {
    if (!keepTypeChecker) typeChecker.close();
  }
}

/**
 * The API reference's pages and sidebar. TSDoc comments link docs by their files, which resolve
 * through the docs' routes: the query reads them, so a doc given a new slug makes the pages again.
 */
export const apiPagesQuery: Query<string, ApiPages> = {
  name: 'apiPages',
  // Hashing every page's view is a good share of making them, and no query reads them to cut off.
  fingerprint: () => randomUUID(),
  run(context) {
    const compile = context.input<MarkdownFragmentCompiler>('markdownFragmentCompiler');
    let routesRead = false;
    return makeApiPages(context.input<ApiPagesConfig>('apiPagesConfig'), context.input<ApiModel>('apiModel'), (markdown, place) => {
      // Only markdown resolves links to docs: pages of plain comments do not depend on the routes.
      if (!routesRead) context.input('docRoutes');
      routesRead = true;
      return compile(markdown, place);
    });
  },
};

/** Sets what {@link apiPagesQuery} reads and asks it; `reused` when the engine kept the last build's. */
function askApiPages(site: Site, ctx: BuildContext, model: ApiModel): Promise<{ result: ApiPages; reused: boolean }> {
  const compileMarkdown = site.compileMarkdownFragment;
  if (!compileMarkdown) throw new Error('generateApi: parseMarkdown, which sets site.compileMarkdownFragment, has not run.');
  const engine = ctx.engine ?? createQueryEngine();
  // The model is what TypeDoc made of the SDK's files (their hashes, in its inputs) with its settings.
  engine.setInput('apiModel', model, fingerprintOf(model.inputs));
  const pagesConfig = apiPagesConfigOf(site.config);
  engine.setInput('apiPagesConfig', pagesConfig, configSliceFingerprint(site.config, pagesConfig));
  engine.setInput('docRoutes', site.docs.map((doc) => [doc.source.file, doc.route]));
  // The compiler stands for what it is made of (the config it reads, its code); what else it reads
  // (the docs' routes) the query reads as its own input. One that does not say is new each build.
  engine.setInput('markdownFragmentCompiler', compileMarkdown, compileMarkdown.fingerprint ?? randomUUID());
  return engine.answer(apiPagesQuery, site.config.routes.api);
}

/** The part of the config the API pages are made from. */
function apiPagesConfigOf(config: Site['config']): ApiPagesConfig {
  const { title, baseUrl, siteDir, routes, docs, api } = config;
  return { title, baseUrl, siteDir, routes: { api: routes.api }, docs: { breadcrumbs: docs.breadcrumbs }, api: api && { sourceRoot: api.sourceRoot, sourceLinkTemplate: api.sourceLinkTemplate } };
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
