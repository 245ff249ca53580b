import { createRequire } from 'node:module';
import path from 'node:path';
import type { Query, QueryContext, QueryEngine } from '../engine/query-engine.js';
import { sassFile, siteSassQuery, StylesheetError } from './site-sass.js';

/*
 * The site's PostCSS plugins (config `postcssPlugins`, which a Docusaurus plugin's
 * `configurePostCss` gives), run over each of the site's stylesheets before esbuild bundles it, as
 * Docusaurus' postcss-loader does: Tailwind's `@tailwind` and `@apply`, for one. sdkdocs does not
 * depend on PostCSS; a site that has plugins for it has it installed.
 */

/** The engine input that holds the site's PostCSS plugins; the pipeline sets it with the config's. */
export const sitePostcssPluginsInput = 'sitePostcssPlugins';

/**
 * Sets the engine input of the site's PostCSS plugins, by the fingerprint of what made them (the
 * config's code, see configSliceFingerprint), for the stylesheet queries of every bundle.
 */
export function setSitePostcssPlugins(engine: QueryEngine, plugins: readonly unknown[], fingerprint: string): void {
  engine.setInput(sitePostcssPluginsInput, plugins, fingerprint);
}

/** What the site does to get PostCSS, for messages that find none. */
const installPostcssHint = 'Install PostCSS in the site folder (`npm install -D postcss`), or take the plugins out of `postcssPlugins` (a Docusaurus plugin\'s `configurePostCss`).';

/** A stylesheet as the bundle takes it: its CSS, and every file and folder it was made from. */
export interface SiteStylesheetSource {
  css: string;
  files: string[];
}

/** The part of the `postcss` package's API that sdkdocs calls. */
type PostcssPackage = (plugins: unknown[]) => {
  process(css: string, options: { from: string; map: false }): PromiseLike<PostcssResult>;
};

interface PostcssResult {
  css: string;
  messages: { type: string; file?: string; dir?: string }[];
}

/** The error PostCSS throws for CSS it cannot parse, or a plugin throws at a node (`CssSyntaxError`). */
interface PostcssError {
  name?: string;
  reason?: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  plugin?: string;
}

/**
 * One stylesheet of the site ready to bundle, by site folder and file: Sass compiled (with the
 * site's `sass`), then the site's PostCSS plugins run over it. What the plugins read (Tailwind's
 * config, and the files its `content` globs name) is recorded with what Sass read, so an edit to
 * any of them, and only that, makes it again.
 */
export const siteStylesheetQuery: Query<[siteDir: string, file: string, withPostcss: boolean], SiteStylesheetSource> = {
  name: 'siteStylesheet',
  run: (context, [siteDir, file, withPostcss]) => makeSiteStylesheet(context, siteDir, file, withPostcss),
};

/** Whether a site has PostCSS plugins, which each of its stylesheets then goes through. */
export function hasPostcssPlugins(plugins: readonly unknown[] | undefined): boolean {
  return plugins !== undefined && plugins.length > 0;
}

async function makeSiteStylesheet(context: QueryContext, siteDir: string, file: string, withPostcss: boolean): Promise<SiteStylesheetSource> {
  let css: string;
  const files: string[] = [];
  if (sassFile.test(file)) {
    const compiled = await context.query(siteSassQuery, [siteDir, file]);
    css = compiled.css;
    files.push(...compiled.files);
  } else {
    const text = context.readFile(file);
    if (text === undefined) throw new Error(`ENOENT: no such file or directory, open '${file}'`);
    css = text;
    files.push(file);
  }
  if (!withPostcss) return { css, files };
  const plugins = context.input<readonly unknown[]>(sitePostcssPluginsInput);
  const postcss = sitePostcssPackage(siteDir, file);
  let result: PostcssResult;
  try {
    result = await postcss([...plugins]).process(css, { from: file, map: false });
  } catch (error) {
    throw postcssError(error as PostcssError, file);
  }
  for (const message of result.messages) {
    if (message.type === 'dependency' && message.file) {
      context.fileFingerprint(message.file);
      files.push(message.file);
    } else if (message.type === 'dir-dependency' && message.dir) {
      // Tailwind names its content globs' folders: a file added under one changes the CSS too.
      recordFolder(context, path.resolve(message.dir));
    }
  }
  return { css: result.css, files };
}

/** Every file and folder under `folder`, but for installed packages and dot-folders, as inputs. */
function recordFolder(context: QueryContext, folder: string): void {
  for (const entry of context.listFolder(folder) ?? []) {
    if (entry.endsWith('/')) {
      if (entry === 'node_modules/' || entry.startsWith('.')) continue;
      recordFolder(context, path.join(folder, entry.slice(0, -1)));
    } else {
      context.fileFingerprint(path.join(folder, entry));
    }
  }
}

function sitePostcssPackage(siteDir: string, file: string): PostcssPackage {
  const siteRequire = createRequire(path.join(siteDir, 'package.json'));
  let resolved: string;
  try {
    resolved = siteRequire.resolve('postcss');
  } catch {
    throw new StylesheetError(`The site has PostCSS plugins, and no \`postcss\` package to run them with. ${installPostcssHint}`, file);
  }
  const loaded = siteRequire(resolved) as PostcssPackage | { default: PostcssPackage };
  return typeof loaded === 'function' ? loaded : loaded.default;
}

function postcssError(error: PostcssError, file: string): StylesheetError {
  const by = error.plugin ? ` (plugin ${error.plugin})` : '';
  const said = error.name === 'CssSyntaxError' ? (error.reason ?? error.message) : error.message;
  return new StylesheetError(`PostCSS${by}: ${said}`, error.file ?? file, error.line, error.column === undefined ? undefined : error.column - 1);
}
