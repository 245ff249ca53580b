import { existsSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../core/diagnostic.js';
import { closest } from '../config/closest-name.js';
import { contentDirOf } from '../config/resolve.js';
import { categoryFileText, docSourceQuery, docsFolderListing } from '../content/docs-folder-queries.js';
import { compiledDocQuery } from '../content/parse-markdown.js';
import { apiPagesQuery } from '../api/generate-api.js';
import { linkedSamplesQuery } from '../api/link-sample-names.js';
import { formatExplanation, type Explanation } from '../engine/query-engine.js';
import { outputPathOfRoute } from '../render/document.js';
import { pageDocumentQuery, siteFileQuery } from '../render/render-queries.js';
import type { BuildResult } from './build.js';

/**
 * What `build --explain PATH` prints: the stage that made an output file and, as far as the
 * stages run on the query engine, the queries it came from and the files and inputs each read
 * (a page's document: its route data and what surrounds every page). A stage not on the engine
 * yet is named with a note that its inputs are not tracked.
 */
export function explainOutput(result: BuildResult, requested: string): string {
  const { site } = result;
  const { siteDir, paths, baseUrl } = site.config;
  const outputPath = outputPathOf(result, requested);
  const lines = [outputPath];
  const stage = result.outputStages?.get(outputPath);
  const page = site.pages.find((candidate) => outputPathOfRoute(candidate.route, baseUrl) === outputPath);
  const source = page?.sourceFile && path.relative(siteDir, page.sourceFile).split(path.sep).join('/');
  const staticFile = path.join(paths.static, ...outputPath.split('/'));
  const copied = !page && existsSync(staticFile) ? `, copied from ${path.relative(siteDir, staticFile).split(path.sep).join('/')}` : '';
  const made = stage ? `the ${stage} stage` : 'the output sink';
  lines.push(`  made by ${made}${copied}${page ? `, as the page ${page.route}${source ? ` from ${source}` : ''}` : ''}`);
  const rendered = stage === 'renderPages' ? renderExplanation(result, outputPath, page?.route) : undefined;
  if (rendered) lines.push(`  it was made from what the query read:`, formatExplanation(rendered, siteDir, '    '));
  else if (stage) lines.push(`  ${stage} is not on the query engine yet: the inputs it read are not tracked.`);
  if (page?.kind === 'api') lines.push(...apiPageExplanation(result));
  const linked = page && result.engine.explain(linkedSamplesQuery, page.route);
  if (linked) lines.push('  the names in its code samples were linked to the API by the query:', formatExplanation(linked, siteDir, '    '));
  if (!page?.sourceFile || !isInside(page.sourceFile, paths.docs)) return lines.join('\n');
  const found = result.engine.explain(docsFolderListing, { docsDir: paths.docs, siteDir: contentDirOf(site.config) });
  const categories = categoryExplanations(result, page.sourceFile, paths.docs);
  if (found) lines.push(`  ${source} was found by the query:`, formatExplanation(found, siteDir, '    '));
  const read = result.engine.explain(docSourceQuery, { file: page.sourceFile, docsDir: paths.docs });
  if (read) lines.push(`  and read by the query:`, formatExplanation(read, siteDir, '    '));
  // Past versions' docs compile in a scope of their own.
  const scopes = ['docs', ...(page.data.docsVersion ? [`docs-version-${page.data.docsVersion}`] : [])];
  const compiled = scopes.map((scope) => result.engine.explain(compiledDocQuery, { scope, file: page.sourceFile! })).find(Boolean);
  if (compiled) lines.push(`  and compiled to its content by the query:`, formatExplanation(compiled, siteDir, '    '));
  if (categories.length > 0) lines.push('  the category files of its folders were read by:', ...categories.map((category) => formatExplanation(category, siteDir, '    ')));
  return lines.join('\n');
}

/** The query a page's document or a site-wide file of renderPages came from. */
function renderExplanation({ engine }: BuildResult, outputPath: string, route: string | undefined): Explanation | undefined {
  return route === undefined ? engine.explain(siteFileQuery, outputPath) : engine.explain(pageDocumentQuery, route);
}

/** The query that made the API pages, and the SDK files the model it read was made from. */
function apiPageExplanation({ site, engine }: BuildResult): string[] {
  const explanation = engine.explain(apiPagesQuery, site.config.routes.api);
  if (!explanation) return [];
  const lines = ['  its content was made by the query:', formatExplanation(explanation, site.config.siteDir, '    ')];
  const files = site.api?.model.inputs.files.map(({ file }) => file) ?? [];
  const own = files.filter((file) => !file.split(path.sep).includes('node_modules'));
  if (files.length > 0) {
    lines.push(`  the input apiModel is what TypeDoc made of ${files.length} files, the SDK's own being:`);
    for (const file of own) lines.push(`    ${path.relative(site.config.siteDir, file).split(path.sep).join('/')}`);
  }
  return lines;
}

/** The output file a path names: relative to the output folder (or absolute inside it), a folder standing for its index.html. */
function outputPathOf({ site }: BuildResult, requested: string): string {
  const { siteOut } = site.config.paths;
  const relative = (path.isAbsolute(requested) ? path.relative(siteOut, requested) : requested).split(path.sep).join('/').replace(/^\.?\/+/, '');
  for (const candidate of [relative, `${relative.replace(/\/$/, '')}/index.html`]) if (site.outputs.has(candidate)) return candidate;
  const suggestion = closest(relative, [...site.outputs.keys()]);
  throw new UserError({
    severity: 'error',
    code: 'explain',
    message: `--explain ${requested}: the build made no such file in ${path.relative(process.cwd(), siteOut) || '.'}.`,
    hint: `${suggestion ? `Did you mean ${suggestion}? ` : ''}Give a path inside the output folder, such as docs/intro/index.html.`,
  });
}

/** What the engine knows of the category files in the folders between the docs folder and a doc. */
function categoryExplanations(result: BuildResult, docFile: string, docsDir: string): Explanation[] {
  const explanations: Explanation[] = [];
  for (let folder = path.dirname(docFile); isInside(folder, docsDir) || folder === docsDir; folder = path.dirname(folder)) {
    for (const name of ['_category_.json', '_category_.yml', '_category_.yaml']) {
      const explanation = result.engine.explain(categoryFileText, path.join(folder, name));
      if (explanation) explanations.push(explanation);
    }
    if (folder === docsDir) break;
  }
  return explanations;
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
