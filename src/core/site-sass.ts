import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Query } from '../engine/query-engine.js';

/*
 * Sass, as docusaurus-plugin-sass gives it: `.scss` and `.sass` files compiled by the `sass`
 * package the site installed. sdkdocs does not depend on Sass; a site that uses it has it.
 */

/** A Sass stylesheet's file name: `custom.scss`, `styles.module.sass`. */
export const sassFile = /\.s[ac]ss$/i;

/** What the site does to get Sass, for messages that find none. */
export const installSassHint = 'Install Sass in the site folder: `npm install -D sass`.';

/** The part of the `sass` package's (modern, since 1.45) JavaScript API that sdkdocs calls. */
interface SassPackage {
  compile(
    file: string,
    options: {
      style: 'expanded';
      loadPaths: string[];
      importers: { findFileUrl(url: string): URL | null }[];
      logger: { warn(): void; debug(): void };
    },
  ): { css: string; loadedUrls: URL[] };
}

/** The error `compile` throws (`sass.Exception`): where in which file Sass stopped. */
interface SassException {
  sassMessage?: string;
  message: string;
  span?: { url?: URL; start: { line: number; column: number } };
}

/** A compiled Sass file: its CSS and every file it read (itself and what it `@use`s). */
export interface CompiledSass {
  css: string;
  files: string[];
}

/** A stylesheet that cannot be compiled, and where: 1-based line, 0-based column, as esbuild takes them. */
export class StylesheetError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

/**
 * The site's own `sass` package, looked for as the site's code would import it (its
 * `node_modules`, then those of the folders above); undefined when the site has none.
 */
function siteSassPackage(siteDir: string): SassPackage | undefined {
  const siteRequire = createRequire(path.join(siteDir, 'package.json'));
  const resolved = resolveSiteSass(siteDir);
  return resolved === undefined ? undefined : (siteRequire(resolved) as SassPackage);
}

/** Whether the site has a `sass` package to compile its Sass files with. */
export function siteHasSass(siteDir: string): boolean {
  return resolveSiteSass(siteDir) !== undefined;
}

function resolveSiteSass(siteDir: string): string | undefined {
  try {
    return createRequire(path.join(siteDir, 'package.json')).resolve('sass');
  } catch {
    return undefined;
  }
}

/**
 * The imports sass-loader hands to webpack's resolver and Sass alone cannot find: `@site/x`, the
 * alias Docusaurus gives the site folder, and `~x`, a package in the site's `node_modules`
 * (`~@site/x` is the site folder again). Sass then looks for `x`'s partial and extension itself.
 */
function webpackStyleImporter(siteDir: string): { findFileUrl(url: string): URL | null } {
  return {
    findFileUrl(url: string): URL | null {
      const request = url.startsWith('~') ? url.slice(1) : url;
      if (request.startsWith('@site/')) return pathToFileURL(path.join(siteDir, request.slice('@site/'.length)));
      return url.startsWith('~') ? pathToFileURL(path.join(siteDir, 'node_modules', request)) : null;
    },
  };
}

/**
 * Compiles a Sass file with the site's `sass`. Imports resolve as with docusaurus-plugin-sass
 * (sass-loader): from the file's folder, then the site's `node_modules` (`@use 'pkg/x'`, and the
 * webpack-style `~pkg/x`), and `@site/x` from the site folder. Warnings are not printed: the file is compiled by every bundle that
 * imports it, so each would be printed several times per build.
 */
export function compileSiteSass(file: string, siteDir: string): CompiledSass {
  const sass = siteSassPackage(siteDir);
  if (!sass) throw new StylesheetError(`${path.basename(file)} is Sass, and the site has no \`sass\` package to compile it. ${installSassHint}`, file);
  const modulesFolder = path.join(siteDir, 'node_modules');
  try {
    const result = sass.compile(file, { style: 'expanded', loadPaths: [modulesFolder], importers: [webpackStyleImporter(siteDir)], logger: { warn() {}, debug() {} } });
    const files = (result.loadedUrls ?? []).filter((url) => url.protocol === 'file:').map((url) => fileURLToPath(url));
    return { css: result.css, files: files.includes(file) ? files : [file, ...files] };
  } catch (error) {
    const exception = error as SassException;
    const span = exception.span;
    const at = span?.url?.protocol === 'file:' ? fileURLToPath(span.url) : file;
    const message = exception.sassMessage ?? exception.message ?? String(error);
    throw new StylesheetError(`Sass: ${message}`, at, span ? span.start.line + 1 : undefined, span?.start.column);
  }
}

/**
 * A Sass stylesheet compiled, by site folder and file. Sass reads its files itself: each is
 * recorded once the compile is done, so the result is made again only when one of them changed.
 * The browser bundle's global stylesheets, CSS modules written in Sass and the check of customCss
 * rules all ask this one query, so a build compiles each Sass file once. A compile that fails is
 * not kept (the engine keeps no thrown result): it runs again when asked again.
 */
export const siteSassQuery: Query<[siteDir: string, file: string], CompiledSass> = {
  name: 'siteSass',
  run(context, [siteDir, file]) {
    const compiled = compileSiteSass(file, siteDir);
    for (const input of compiled.files) context.fileFingerprint(input);
    return compiled;
  },
};
