import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addPage, deferCheck, type BuildContext, type Site } from '../core/site.js';
import { apiModelOptions, placeTypeDocOptionProblems, resolveApiPaths } from './api-options.js';
import { makeApiPages, type ApiPages, type ApiPagesConfig } from './api-pages.js';
import { createQueryEngine, type Query, type QueryContext, type QueryEngine } from '../engine/query-engine.js';
import { fingerprintOf } from '../engine/fingerprint.js';
import { configSliceFingerprint } from '../config/config-fingerprint.js';
import type { ApiInputs, ApiModel } from '../core/api-model.js';
import type { ApiPrefetch } from '../model/api-prefetch.js';
import type { SampleTypeChecker } from '../core/doc-samples.js';
import type { SourceFile as TypeScriptSourceFile } from 'typescript';
import { fingerprint, heldByMemory } from '../core/item-store.js';
import type { ApiModelOptions } from './api-inputs.js';
import type { MarkdownFragmentCompiler } from '../model/markdown-fragments.js';
import { apiSidebarName } from '../core/api-display.js';
import { checkDocSamples, collectDocSamples, collectExampleSamples, compiledDocsOf } from './check-doc-samples.js';
import { loadApiModel, settingsHash, type ApiModelResult } from './load-api-model.js';
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
  const engine = ctx.engine ?? createQueryEngine();
  const asked = await askApiModel(engine, site, ctx, apiModelOptions(site.config, paths));
  const { result } = asked;
  const model = result.model;
  const checkedBefore = heldByMemory<CheckedSourceFiles>(ctx.memory, 'api-checked-source-files', () => ({}));
  const typeChecker = asked.madeTypeChecker ?? inProcessSampleTypeChecker(model && model === checkedBefore.model ? checkedBefore.sourceFiles : undefined);
  let keepTypeChecker = false;
  // TypeDoc's program (on the prefetch worker, maybe) is let go of however the stage ends.
  try {
    site.diagnostics.push(...placeTypeDocOptionProblems(site.config, result.diagnostics));
    if (!model) return;
    site.api = { model };
    for (const { file } of model.inputs.files) site.readFiles.add(file);
    for (const { folder } of model.inputs.folders) site.readFiles.add(folder);
    ctx.logger.debug(`generateApi: ${model.symbols.length} symbols, model from ${asked.reused ? 'memory' : result.from} (${(performance.now() - started).toFixed(0)} ms)`);

    started = performance.now();
    // Started before the pages: on the prefetch worker the samples compile while this thread renders.
    const checking = packageName
      ? await checkDocSamples([...docSamples, ...collectExampleSamples(model, (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined))], {
          tsconfig: paths.tsconfig,
          entryPoint: paths.entryPoints[0],
          packageName,
          inputs: model.inputs,
          typeChecker,
          engine,
        })
      : undefined;
    const pages = await askApiPages(site, engine);
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
          // The next check of this model in the session parses none of the files this one did.
          checkedBefore.model = model;
          checkedBefore.sourceFiles = sourceFiles;
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

/** How the {@link apiModelQuery} makes the model this build (the settings hash stands for it). */
interface ApiModelRequest {
  options: ApiModelOptions;
  cacheDir: string;
  prefetch?: ApiPrefetch;
  /** Set when the query ran in this build and TypeDoc's program can check the samples: the stage owns it. */
  madeTypeChecker?: SampleTypeChecker;
}

/** The TypeScript files a session's last doc-sample check parsed, valid while the model is the same. */
interface CheckedSourceFiles {
  model?: ApiModel;
  sourceFiles?: ReadonlyMap<string, TypeScriptSourceFile>;
}

/**
 * The API model: TypeDoc's view of the SDK. It reads the settings (input `apiModelOptions`,
 * fingerprinted by `settingsHash`: the options, TypeDoc's and TypeScript's versions, the
 * converter's code) and every file and folder TypeDoc read, recorded from the model's list of its
 * inputs, so a watch rebuild that touched no SDK file answers it without hashing the SDK again.
 */
export const apiModelQuery: Query<string, Omit<ApiModelResult, 'typeChecker'>> = {
  name: 'apiModel',
  // The model is what its inputs make: no need to hash the whole of it.
  fingerprint: (result) => fingerprintOf({ inputs: result.model?.inputs, diagnostics: result.diagnostics }),
  async run(context) {
    const request = context.input<ApiModelRequest>('apiModelOptions');
    const { typeChecker, ...result } = await loadApiModel(request.options, { cacheDir: request.cacheDir, prefetch: request.prefetch });
    request.madeTypeChecker = typeChecker;
    if (result.model) recordModelInputs(context, result.model.inputs);
    else context.untracked('TypeDoc failed before it listed the files it read');
    return result;
  },
};

/**
 * Reads through the engine every file and folder the model was made from. One that differs from
 * what TypeDoc read (saved while it ran) makes the result untracked, so it is made again.
 */
function recordModelInputs(context: QueryContext, inputs: ApiInputs): void {
  for (const { file, hash } of inputs.files) {
    const bytes = context.readBytes(file);
    if ((bytes ? fingerprint(bytes) : 'missing') !== hash) context.untracked(`${file} changed while TypeDoc read it`);
  }
  for (const { folder, hash } of inputs.folders) {
    const entries = context.listFolder(folder);
    const names = entries?.map((entry) => entry.replace(/\/$/, '')).sort();
    if ((names ? fingerprint(names) : 'missing') !== hash) context.untracked(`${folder} changed while TypeDoc read it`);
  }
}

/** Asks the {@link apiModelQuery}; `madeTypeChecker` when it ran now and TypeDoc's program is there to check samples. */
async function askApiModel(
  engine: QueryEngine,
  site: Site,
  ctx: BuildContext,
  options: ApiModelOptions,
): Promise<{ result: Omit<ApiModelResult, 'typeChecker'>; reused: boolean; madeTypeChecker?: SampleTypeChecker }> {
  const request: ApiModelRequest = { options: { ...options, debug: (message) => ctx.logger.debug(message) }, cacheDir: ctx.cacheDir, prefetch: ctx.apiPrefetch };
  engine.setInput('apiModelOptions', request, settingsHash(options));
  const answer = await engine.answer(apiModelQuery, site.config.routes.api);
  return { ...answer, madeTypeChecker: request.madeTypeChecker };
}

/**
 * The API reference's pages and sidebar, made of the {@link apiModelQuery}'s model. TSDoc comments
 * link docs by their files, which resolve through the docs' routes: the query reads them, so a doc
 * given a new slug makes the pages again.
 */
export const apiPagesQuery: Query<string, ApiPages> = {
  name: 'apiPages',
  // Hashing every page's view is a good share of making them, and no query reads them to cut off.
  fingerprint: () => randomUUID(),
  async run(context, apiRoute) {
    const { model } = await context.query(apiModelQuery, apiRoute);
    if (!model) throw new Error('generateApi: the API pages were asked for without a model.');
    const compile = context.input<MarkdownFragmentCompiler>('markdownFragmentCompiler');
    let routesRead = false;
    return makeApiPages(context.input<ApiPagesConfig>('apiPagesConfig'), model, (markdown, place) => {
      // Only markdown resolves links to docs: pages of plain comments do not depend on the routes.
      if (!routesRead) context.input('docRoutes');
      routesRead = true;
      return compile(markdown, place);
    });
  },
};

/** Sets what {@link apiPagesQuery} reads and asks it; `reused` when the engine kept the last build's. */
function askApiPages(site: Site, engine: QueryEngine): Promise<{ result: ApiPages; reused: boolean }> {
  const compileMarkdown = site.compileMarkdownFragment;
  if (!compileMarkdown) throw new Error('generateApi: parseMarkdown, which sets site.compileMarkdownFragment, has not run.');
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
  const { title, titleDelimiter, baseUrl, siteDir, routes, docs, api } = config;
  return { title, titleDelimiter, baseUrl, siteDir, routes: { api: routes.api }, docs: { breadcrumbs: docs.breadcrumbs }, api: api && { sourceRoot: api.sourceRoot, sourceLinkTemplate: api.sourceLinkTemplate } };
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
