import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import * as esbuild from 'esbuild';
import type { Query, QueryAsker, QueryContext } from '../engine/query-engine.js';
import { isInsideFolder } from './path-bounds.js';
import { installSassHint, StylesheetError, sassFile, siteHasSass } from './site-sass.js';
import { siteStylesheetQuery } from './site-postcss.js';

/*
 * The stylesheets a site's code imports, as Docusaurus' webpack takes them: `*.module.css` (and
 * `.module.scss`) are CSS modules whose class names are scoped, other stylesheets are global; Sass
 * is compiled with the site's `sass`. Every bundle of the site's code (custom pages, theme
 * overrides, MDX docs for the build's render, and the browser bundle) uses this one plugin, so a
 * class name is the same in the prerendered HTML and in the browser, which hydrates that HTML.
 */

/** A stylesheet that JavaScript may import. */
const stylesheetImport = /\.(css|s[ac]ss)$/i;
/** A CSS module: its class names are its own, as with Docusaurus' css-loader. */
const cssModuleFile = /\.module\.(css|s[ac]ss)$/i;

/** esbuild namespace of a CSS module as its importers see it: the object of its class names. */
const classNamesNamespace = 'sdkdocs-css-module';
/** esbuild namespace of a CSS module's stylesheet, its class names scoped: what the browser bundle links. */
export const scopedStylesheetNamespace = 'sdkdocs-css-module-styles';
/** esbuild namespace of the stylesheets the build's render leaves out: an empty module. */
const unstyledNamespace = 'sdkdocs-stylesheet-unused';

/**
 * Files a stylesheet's `url()` may name, which the browser bundle copies beside the assets under
 * a content-hashed name (esbuild's `file` loader).
 */
export const stylesheetAssetLoaders: Record<string, 'file'> = Object.fromEntries(
  ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.ico', '.woff', '.woff2', '.ttf', '.otf', '.eot'].map((extension) => [extension, 'file' as const]),
);

export interface SiteStylesheetOptions {
  /** The site folder: `sass` is the one installed there, and scoped names hash paths relative to it. */
  siteDir: string;
  /** The static folder, where a root-relative `url(/img/x.png)` is looked for. */
  staticDir: string;
  /**
   * `browser`: stylesheets are bundled. `server` (the build's render): a CSS module gives its class
   * names, any other stylesheet nothing.
   */
  target: 'browser' | 'server';
  /** Told the files each stylesheet the bundle compiled was made of: it, the Sass files it uses, the modules it composes from. */
  onInputs?: (files: string[]) => void;
  /**
   * Where the bundle asks for its CSS modules' compiles: the query it runs in (which then records
   * each as an input) or the build's engine. Every bundle of a build, and the watch builds after,
   * compile the same modules: the engine compiles each once, and again when a file it read changed.
   */
  queries: QueryAsker;
  /**
   * The site has PostCSS plugins (config `postcssPlugins`): each of its stylesheets goes through
   * them, which the stylesheet queries read from the engine input the pipeline sets.
   */
  withPostcss?: boolean;
}

/** Marks esbuild's own resolution of an import this plugin looks at, so the plugin does not see it again. */
const resolving = 'sdkdocs-site-stylesheets';

const fromJavaScript = (kind: esbuild.ImportKind) => kind === 'import-statement' || kind === 'require-call' || kind === 'dynamic-import';

/** Stylesheets imported by the site's code (custom pages, components, theme overrides, MDX docs), for one bundle. */
export function siteStylesheetsPlugin(options: SiteStylesheetOptions): esbuild.Plugin {
  return {
    name: 'sdkdocs-site-stylesheets',
    setup(build) {
      // A module's class names and its stylesheet are loaded apart: one compile serves both.
      const compiling = new Map<string, Promise<ScopedStylesheet>>();
      const withPostcss = options.withPostcss === true;
      build.onStart(() => compiling.clear());
      const scoped = (file: string) => {
        let compiled = compiling.get(file);
        if (!compiled) {
          compiled = options.queries.query(cssModuleQuery, [options.siteDir, file, withPostcss]);
          compiling.set(file, compiled);
          compiled.then((result) => options.onInputs?.(result.files), () => undefined);
        }
        return compiled;
      };

      build.onResolve({ filter: stylesheetImport }, async (args) => {
        // `!!raw-loader!./x.css` is the file's text, which mdxAssetsPlugin gives.
        if (args.pluginData === resolving || !fromJavaScript(args.kind) || args.path.includes('!')) return undefined;
        const isModule = cssModuleFile.test(args.path);
        const isSass = sassFile.test(args.path);
        if (!isModule && !isSass && options.target === 'browser') return undefined;
        if (isSass && !siteHasSass(options.siteDir)) {
          return { errors: [{ text: `"${args.path}" is Sass, and the site has no \`sass\` package to compile it. ${installSassHint}` }] };
        }
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, namespace: args.namespace, pluginData: resolving });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (resolved.external || resolved.namespace !== 'file') return { path: resolved.path, namespace: resolved.namespace, external: resolved.external };
        if (isModule) return { path: resolved.path, namespace: classNamesNamespace };
        if (options.target === 'server') return { path: resolved.path, namespace: unstyledNamespace };
        return { path: resolved.path };
      });

      build.onLoad({ filter: /.*/, namespace: classNamesNamespace }, async (args) => {
        try {
          const { classes } = await scoped(args.path);
          return { contents: classNamesModule(classes, options.target === 'browser' ? args.path : undefined), loader: 'js', resolveDir: path.dirname(args.path) };
        } catch (error) {
          return { errors: [stylesheetErrorMessage(error, args.path)] };
        }
      });
      build.onLoad({ filter: /.*/, namespace: unstyledNamespace }, () => ({ contents: '', loader: 'js' }));
      build.onResolve({ filter: new RegExp(`^${scopedStylesheetNamespace}:`) }, (args) => ({
        path: args.path.slice(scopedStylesheetNamespace.length + 1),
        namespace: scopedStylesheetNamespace,
      }));
      // The stylesheet's url()s resolve from its own folder.
      build.onLoad({ filter: /.*/, namespace: scopedStylesheetNamespace }, async (args) => {
        try {
          return { contents: (await scoped(args.path)).css, loader: 'css', resolveDir: path.dirname(args.path) };
        } catch (error) {
          return { errors: [stylesheetErrorMessage(error, args.path)] };
        }
      });

      // A global Sass stylesheet, imported by the site's code or listed in customCss; with PostCSS
      // plugins, any global stylesheet of the site's own (not an installed package's).
      const globalStylesheet = withPostcss ? /\.(css|s[ac]ss)$/i : sassFile;
      build.onLoad({ filter: globalStylesheet, namespace: 'file' }, async (args) => {
        if (!sassFile.test(args.path) && !isSiteOwnFile(options.siteDir, args.path)) return undefined;
        try {
          const compiled = await options.queries.query(siteStylesheetQuery, [options.siteDir, args.path, withPostcss]);
          options.onInputs?.(compiled.files);
          return { contents: compiled.css, loader: 'css', resolveDir: path.dirname(args.path) };
        } catch (error) {
          return { errors: [stylesheetErrorMessage(error, args.path)] };
        }
      });

      // `url(/img/logo.png)` names a file of the static folder, as Docusaurus resolves it: bundled
      // under a hashed name when there is such a file, else left as written (served as it is).
      build.onResolve({ filter: /^\// }, (args) => {
        if (args.kind !== 'url-token') return undefined;
        const file = path.join(options.staticDir, args.path.replace(/[?#].*$/, ''));
        const isStaticFile = isInsideFolder(options.staticDir, file) && Object.hasOwn(stylesheetAssetLoaders, path.extname(file)) && statSync(file, { throwIfNoEntry: false })?.isFile();
        return isStaticFile ? { path: file } : { path: args.path, external: true };
      });
    },
  };
}

/** A file of the site folder that is not in an installed package. */
function isSiteOwnFile(siteDir: string, file: string): boolean {
  return isInsideFolder(siteDir, file) && !path.relative(siteDir, file).split(path.sep).includes('node_modules');
}

/**
 * Where in the site's files an esbuild error of the browser bundle lies, for one in a CSS module's
 * stylesheet (a url() that does not resolve, or leads outside the site): that stylesheet is the
 * module compiled, whose lines are not the file's, so the place is that of the import's text in
 * the file. Undefined for an error elsewhere.
 */
export function scopedStylesheetErrorPlace(message: esbuild.Message): { file: string; line?: number; column?: number } | undefined {
  const prefix = `${scopedStylesheetNamespace}:`;
  if (!message.location?.file.startsWith(prefix)) return undefined;
  const file = message.location.file.slice(prefix.length);
  const written = /"([^"]+)"/.exec(message.text)?.[1];
  let source = '';
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return { file };
  }
  const at = written === undefined ? -1 : source.indexOf(written);
  if (at < 0) return { file };
  const before = source.slice(0, at).split('\n');
  return { file, line: before.length, column: before.at(-1)!.length + 1 };
}

/**
 * The stylesheets that a bundle made for the build's render (`target: 'server'`) imports from
 * `entry`, in the order the browser bundle would put them in (the order their imports run), each
 * as a specifier that an `@import` of the browser bundle loads: a CSS module's scoped stylesheet,
 * or a global stylesheet's path.
 */
export function importedStylesheets(metafile: esbuild.Metafile, entry: string): string[] {
  const stylesheets: string[] = [];
  const visited = new Set<string>();
  const visit = (input: string) => {
    if (visited.has(input)) return;
    visited.add(input);
    if (input.startsWith(`${classNamesNamespace}:`)) stylesheets.push(`${scopedStylesheetNamespace}:${input.slice(classNamesNamespace.length + 1)}`);
    else if (input.startsWith(`${unstyledNamespace}:`)) stylesheets.push(input.slice(unstyledNamespace.length + 1));
    else for (const imported of metafile.inputs[input]?.imports ?? []) if (!imported.external) visit(imported.path);
  };
  visit(entry);
  return stylesheets;
}

/** A CSS module compiled: its stylesheet with scoped names, the names by the class written, and the files it was made of. */
interface ScopedStylesheet {
  css: string;
  classes: Record<string, string>;
  files: string[];
}

/** The module a CSS module is to JavaScript: its class names, as the default export and by name; in the browser it also brings its stylesheet. */
function classNamesModule(classes: Record<string, string>, stylesheet: string | undefined): string {
  const lines = stylesheet === undefined ? [] : [`import ${JSON.stringify(`${scopedStylesheetNamespace}:${stylesheet}`)};`];
  lines.push(`const classes = ${JSON.stringify(classes)};`, 'export default classes;');
  const names = Object.keys(classes).filter((name) => name !== 'default');
  names.forEach((name, index) => lines.push(`const c${index} = classes[${JSON.stringify(name)}];`));
  // `import { heroBanner } from './x.module.css'` works too, as with esbuild's own CSS modules.
  if (names.length > 0) lines.push(`export { ${names.map((name, index) => `c${index} as ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}`).join(', ')} };`);
  return lines.join('\n');
}

/**
 * A CSS module compiled, by the site folder (its names hash paths relative to it) and its file:
 * it reads the module, the modules it composes from and the Sass files they use through the
 * engine, so an edit of any of them, and only that, makes it compile again.
 */
const cssModuleQuery: Query<[siteDir: string, file: string, withPostcss: boolean], ScopedStylesheet> = {
  name: 'cssModule',
  run: (context, [siteDir, file, withPostcss]) => compileCssModule(file, siteDir, withPostcss, context),
};

/** esbuild names a local name `{file name}_{name}`: each source of the compile gets a file name that cannot be mistaken. */
const sourcePath = (index: number) => `/sdkdocsLocal${index}.css`;
const sourceIndex = (virtualPath: string) => Number(/(\d+)\.css$/.exec(virtualPath)?.[1] ?? 0);
const tokenNamespace = 'sdkdocs-css-module-source';
/** A name as esbuild scoped it: the source's token, then the name as written (CSS escapes and all). */
const tokenName = /sdkdocsLocal(\d+)_((?:[\w-]|\\[0-9a-fA-F]{1,6}[ \t\n]?|\\[^\n0-9a-fA-F]|[^\x00-\x7f])+)/g;

/**
 * Compiles a CSS module alone with esbuild's `local-css` loader, which knows what is local
 * (classes, ids, keyframes; not what `:global` marks) and what `composes` adds; then names each
 * local `{name}_{hash}` as Docusaurus does (`heroBanner_qdFl`), the hash of the module's path in
 * the site and the name. The names depend on nothing else, so every bundle gives the same, and a
 * site's `[class^='heroBanner_']` selectors keep working.
 */
async function compileCssModule(file: string, siteDir: string, withPostcss: boolean, context: QueryContext): Promise<ScopedStylesheet> {
  const sources = [file];
  const files = new Set<string>();
  const hashOf = (index: number, name: string) => {
    const relative = path.relative(siteDir, sources[index]!).split(path.sep).join('/');
    return createHash('sha256').update(`${relative}\0${name}`).digest('base64url').slice(0, 4);
  };
  const result = await esbuild
    .build({
      stdin: { contents: `export { default } from ${JSON.stringify(sourcePath(0))};`, loader: 'js', resolveDir: path.dirname(file) },
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'neutral',
      outdir: path.dirname(file),
      charset: 'utf8',
      minifyWhitespace: true,
      logLevel: 'silent',
      plugins: [
        {
          name: 'sdkdocs-css-module-sources',
          setup(build) {
            build.onResolve({ filter: /.*/ }, async (args) => {
              if (args.pluginData === resolving) return undefined;
              // Left to the bundle that takes the compiled stylesheet, which resolves them from the module's folder.
              if (args.kind === 'url-token' || args.kind === 'import-rule') return { path: args.path, external: true };
              if (args.importer === '<stdin>') return { path: sourcePath(0), namespace: tokenNamespace };
              // `composes: base from './base.module.css'`: that module's names, scoped as its own.
              const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: resolving });
              if (resolved.errors.length > 0) return { errors: resolved.errors };
              let index = sources.indexOf(resolved.path);
              if (index === -1) index = sources.push(resolved.path) - 1;
              return { path: sourcePath(index), namespace: tokenNamespace };
            });
            build.onLoad({ filter: /.*/, namespace: tokenNamespace }, async (args) => {
              const source = sources[sourceIndex(args.path)]!;
              let css: string;
              try {
                const made = await context.query(siteStylesheetQuery, [siteDir, source, withPostcss]);
                for (const input of made.files) files.add(input);
                css = made.css;
              } catch (error) {
                return { errors: [stylesheetErrorMessage(error, source)] };
              }
              return { contents: css, loader: 'local-css', resolveDir: path.dirname(source) };
            });
          },
        },
      ],
    })
    .catch((error: esbuild.BuildFailure) => {
      const first = error.errors?.[0];
      if (!first) throw error;
      const at = first.location?.file ?? `${tokenNamespace}:0`;
      const source = at.startsWith(`${tokenNamespace}:`) ? sources[sourceIndex(at.slice(tokenNamespace.length + 1))] : at;
      throw new StylesheetError(first.text, source ?? file, first.location?.line, first.location?.column);
    });
  const script = result.outputFiles.find((output) => output.path.endsWith('.js'))!.text;
  const stylesheet = result.outputFiles.find((output) => output.path.endsWith('.css'))?.text ?? '';
  const module: { exports: { default?: Record<string, string> } } = { exports: {} };
  runInNewContext(script, { module, exports: module.exports });
  const classes: Record<string, string> = {};
  for (const [name, value] of Object.entries(module.exports.default ?? {})) {
    classes[name] = value
      .split(' ')
      .map((scoped) => {
        const match = /^sdkdocsLocal(\d+)_(.*)$/s.exec(scoped);
        return match ? `${match[2]}_${hashOf(Number(match[1]), match[2]!)}` : scoped;
      })
      .join(' ');
  }
  const css = stylesheet.replace(tokenName, (_, index: string, written: string) => {
    const renamed = `${written}_${hashOf(Number(index), unescapeCss(written))}`;
    // A name that starts with a digit is written escaped where it starts a selector.
    return renamed.replace(/^(-?)(\d)/, (_digit, dash: string, digit: string) => `${dash}\\3${digit} `);
  });
  return { css, classes, files: [...files] };
}

/** An identifier as CSS reads it: `a\:b` is `a:b`, `\31 0` is `10`. */
function unescapeCss(written: string): string {
  return written.replace(/\\([0-9a-fA-F]{1,6})[ \t\n]?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : char!));
}

/** A stylesheet that cannot be compiled, as an esbuild error at its place (a Sass error's own line and column). */
function stylesheetErrorMessage(error: unknown, file: string): esbuild.PartialMessage {
  if (!(error instanceof StylesheetError)) return { text: `Cannot compile ${path.basename(file)}: ${error instanceof Error ? error.message : String(error)}`, location: { file } };
  return { text: error.message, location: { file: error.file, line: error.line, column: error.column } };
}
