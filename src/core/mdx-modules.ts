import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import type { Diagnostic } from './diagnostic.js';
import type { MdxImport, MdxPartialCompiler } from '../model/compiled-doc.js';
import type { Page, Site } from './site.js';
import { resolveSiteImports, type SiteImportOptions } from './theme-imports.js';

/*
 * The esbuild side of MDX docs: their compiled modules, the imports they make, and the assets
 * they import. Both the server render of MDX docs (content) and the client bundle build them.
 */

const noOverrides = () => new Map();

/** One MDX doc's compiled module, as the bundlers load it. */
export interface MdxModuleEntry {
  /** File-name-safe and unique in the build: the entry's name. */
  key: string;
  /** The doc's source file: relative imports resolve from its folder, errors point into it. */
  file: string;
  code: string;
  imports: MdxImport[];
}

const assetNamespace = 'sdkdocs-asset';

/**
 * Files JavaScript may import for their URL (`import logo from '@site/static/img/logo.png'`), as
 * Docusaurus' webpack file rules take them: images, media, fonts, documents and archives.
 */
const assetFile = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|mp4|webm|mov|m4v|ogv|mp3|wav|ogg|oga|m4a|aac|flac|opus|woff2?|ttf|otf|eot|pdf|zip|tar|gz|tgz|7z|epub)$/i;

/** `!!raw-loader!./snippet.js`: webpack's inline loaders, which Docusaurus sites use to import a file's text or URL. */
const inlineLoaderImport = /^-?!{0,2}((?:[\w@./-]+-loader(?:\?[^!]*)?!)+)(.+)$/;

/** What an import gives: a URL, the file's text (`raw-loader`), or for an SVG a React component drawing it (SVGR, as in Docusaurus). */
type AssetKind = 'url' | 'raw' | 'component';

/**
 * Makes a file imported by JavaScript (an MDX doc or a component) a module, as Docusaurus'
 * webpack does: an SVG is a React component that draws it inline (`import Logo from './logo.svg'`,
 * `require('…svg').default`); any other asset is its URL, `{baseUrl}assets/media/{name}.{hash}{ext}`,
 * reported to `emit` so the browser build writes it there. Inline loaders are read for their
 * meaning: `!!raw-loader!` gives the text, `!!url-loader!` and `!!file-loader!` the URL. The
 * build-time render and the browser bundle compute the same module.
 */
export function mdxAssetsPlugin(baseUrl: string, emit?: (outputPath: string, file: string) => void): esbuild.Plugin {
  return {
    name: 'sdkdocs-mdx-assets',
    setup(build) {
      const fromJavaScript = (kind: esbuild.ImportKind) => ['import-statement', 'dynamic-import', 'require-call'].includes(kind);
      const resolveAs = async (args: esbuild.OnResolveArgs, specifier: string, kind: AssetKind): Promise<esbuild.OnResolveResult> => {
        const resolved = await build.resolve(specifier, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, namespace: args.namespace, pluginData: assetNamespace });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        return { path: resolved.path, namespace: assetNamespace, pluginData: kind };
      };
      build.onResolve({ filter: /-loader(\?[^!]*)?!/ }, (args) => {
        const match = inlineLoaderImport.exec(args.path);
        if (!match || args.pluginData === assetNamespace) return undefined;
        const loaders = match[1]!.split('!').filter(Boolean).map((loader) => loader.replace(/\?.*$/, ''));
        const loader = loaders.at(-1)!;
        const kind: AssetKind | undefined = loader === 'raw-loader' ? 'raw' : loader === 'url-loader' || loader === 'file-loader' ? 'url' : undefined;
        if (!kind || loaders.length > 1) {
          return { errors: [{ text: `The webpack loader "${loaders.join('!')}" in "${args.path}" is not available: sdkdocs reads only !!raw-loader! (the file's text), !!url-loader! and !!file-loader! (its URL)` }] };
        }
        return resolveAs(args, match[2]!, kind);
      });
      // Only imports from JavaScript: the theme's CSS keeps esbuild's own handling of url().
      build.onResolve({ filter: assetFile }, (args) => {
        if (args.pluginData === assetNamespace || !fromJavaScript(args.kind)) return undefined;
        return resolveAs(args, args.path, /\.svg$/i.test(args.path) ? 'component' : 'url');
      });
      build.onLoad({ filter: /.*/, namespace: assetNamespace }, async (args) => {
        const contents = await readFile(args.path);
        const kind = (args.pluginData as AssetKind | undefined) ?? 'url';
        if (kind === 'raw') return { contents: `export default ${JSON.stringify(contents.toString('utf8'))};`, loader: 'js' };
        if (kind === 'component') return { contents: svgComponentModule(contents.toString('utf8')), loader: 'js', resolveDir: path.dirname(args.path) };
        const extension = path.extname(args.path);
        const name = path.basename(args.path, extension).replace(/[^\w-]+/g, '_');
        const outputPath = `assets/media/${name}.${createHash('sha256').update(contents).digest('hex').slice(0, 8)}${extension.toLowerCase()}`;
        emit?.(outputPath, args.path);
        return { contents: `export default ${JSON.stringify(`${baseUrl}${outputPath}`)};`, loader: 'js' };
      });
    },
  };
}

/**
 * An SVG file as a React component, as SVGR makes it for Docusaurus: the root `<svg>`'s attributes
 * become props (the caller's win: `className`, `role`, `width`), the rest is drawn as written.
 * Exported as the default and as `ReactComponent`, the two names sites import it by.
 */
export function svgComponentModule(svg: string): string {
  const open = /<svg\b((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/i.exec(svg);
  const close = svg.lastIndexOf('</svg>');
  const attributes: Record<string, unknown> = {};
  for (const [, name, double, single, bare] of (open?.[1] ?? '').matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const value = double ?? single ?? bare ?? '';
    const prop = reactPropName(name!);
    attributes[prop] = prop === 'style' ? styleObject(value) : value;
  }
  const inner = open && !open[2] && close > open.index ? svg.slice(open.index + open[0].length, close) : '';
  return [
    "import { createElement } from 'react';",
    `const attributes = ${JSON.stringify(attributes)};`,
    `const inner = { __html: ${JSON.stringify(inner.trim())} };`,
    'export default function SvgComponent(props) {',
    '  return createElement("svg", { ...attributes, ...props, dangerouslySetInnerHTML: inner });',
    '}',
    'export { SvgComponent as ReactComponent };',
  ].join('\n');
}

/** `stroke-width` → `strokeWidth`, `xlink:href` → `xlinkHref`, `class` → `className`; `data-*` and `aria-*` stay. */
function reactPropName(name: string): string {
  if (name === 'class') return 'className';
  if (/^(data|aria)-/.test(name)) return name;
  return name.replace(/[:-]([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function styleObject(style: string): Record<string, string> {
  const object: Record<string, string> = {};
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim();
    if (property) object[property.startsWith('--') ? property : property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = declaration.slice(colon + 1).trim();
  }
  return object;
}

/** esbuild namespace of the compiled MDX modules: `sdkdocs-mdx:{key}`. */
export const mdxNamespace = 'sdkdocs-mdx';

/** The key of an MDX doc's module: its path in the docs folder, in characters any file system takes. */
/**
 * Where an import of an MDX doc (or of the client bundle) is looked for after the folders above the
 * importing file: the site's own `node_modules`, as Docusaurus's webpack does. Docs kept beside the
 * site (`docs.path: '../docs'`) import what the site installed.
 */
export function siteModulesFolders(siteDir: string): string[] {
  return [path.join(siteDir, 'node_modules')];
}

export function mdxModuleKey(relativePath: string): string {
  return `mdx-${relativePath.replace(/\.mdx?$/i, '').replace(/[^\w-]+/g, '_')}`;
}

/**
 * Compiles the `.md`/`.mdx` files that site code imports (`import Intro from './_intro.mdx'`,
 * trpc.io's landing page importing docs/landing-intro/Step1.md) into React components, as
 * Docusaurus' MDX loader does; an error in one is located in that file.
 */
export function loadMarkdownImports(build: esbuild.PluginBuild, compilePartial: MdxPartialCompiler): void {
  build.onLoad({ filter: /\.mdx?$/i, namespace: 'file' }, async (args) => {
    const outcome = await compilePartial(args.path);
    if ('error' in outcome) {
      const { message, line, column } = outcome.error;
      return { errors: [{ text: message.replace(/^MDX: /, '').replace(/\.$/, ''), location: line === undefined ? { file: args.path } : { file: args.path, line, column: (column ?? 1) - 1 } }] };
    }
    return { contents: outcome.code, resolveDir: path.dirname(args.path), loader: 'js' };
  });
}

/**
 * Loads compiled MDX modules (`sdkdocs-mdx:{key}`) and resolves what docs import as in Docusaurus:
 * `@site/…` from the site folder, `@theme/Tabs` and the other theme components from sdkdocs'
 * templates, `@docusaurus/Link` and friends from their minimal versions there; relative imports
 * and packages from the doc's own folder. Used for the build-time render and the browser bundle.
 */
export function mdxModulesPlugin(options: {
  siteDir: string;
  /** The folders the site's imports may reach (`siteReadRoots`). */
  readRoots: readonly string[];
  /** Where imports written from the root are looked up (`siteServerRoots`). */
  serverRoots: readonly string[];
  modules: () => ReadonlyMap<string, MdxModuleEntry>;
  append?: string;
  /** Compiles a `.md`/`.mdx` file that a doc or component imports (a partial). */
  compilePartial?: MdxPartialCompiler;
  /** The site's theme overrides (`src/theme/…`), which `@theme/…` imports get instead of the theme's. */
  overrides?: SiteImportOptions['overrides'];
  queries: SiteImportOptions['queries'];
}): esbuild.Plugin {
  return {
    name: 'sdkdocs-mdx-modules',
    setup(build) {
      build.onResolve({ filter: /^sdkdocs-mdx:/ }, (args) => ({ path: args.path.slice(mdxNamespace.length + 1), namespace: mdxNamespace }));
      build.onLoad({ filter: /.*/, namespace: mdxNamespace }, (args) => {
        const entry = options.modules().get(args.path);
        if (!entry) return { errors: [{ text: `No MDX module ${args.path}` }] };
        return { contents: `${entry.code}\n${options.append ?? ''}`, resolveDir: path.dirname(entry.file), loader: 'js' };
      });
      if (options.compilePartial) loadMarkdownImports(build, options.compilePartial);
      resolveSiteImports(build, { siteDir: options.siteDir, readRoots: options.readRoots, serverRoots: options.serverRoots, overrides: options.overrides ?? noOverrides, queries: options.queries });
    },
  };
}

/**
 * esbuild's errors as diagnostics: one in a compiled MDX module (an import that does not resolve,
 * a name a module does not export) is reported at the import statement in the doc itself; one in
 * a file the docs import, at that file, named relative to `workingDir` (the bundle's `absWorkingDir`).
 */
export function mdxBundleDiagnostics(failure: esbuild.BuildFailure | Error, modules: ReadonlyMap<string, MdxModuleEntry>, workingDir: string): Diagnostic[] {
  const messages = (failure as esbuild.BuildFailure).errors ?? [];
  if (messages.length === 0) return [{ severity: 'error', code: 'mdx', message: `Cannot bundle MDX docs: ${failure.message}` }];
  return messages.map((message): Diagnostic => {
    const location = message.location;
    const key = location?.namespace === mdxNamespace || location?.file.startsWith(`${mdxNamespace}:`) ? location.file.replace(`${mdxNamespace}:`, '') : undefined;
    const entry = key === undefined ? undefined : modules.get(key);
    if (entry) {
      const specifier = /"([^"]+)"/.exec(message.text)?.[1];
      const imported =
        entry.imports.find((item) => item.source === specifier) ?? entry.imports.find((item) => location?.lineText.includes(JSON.stringify(item.source).slice(1, -1)));
      // Not about an import (a name exported twice): the doc's own statement, found by its text.
      if (!imported && location) {
        return {
          severity: 'error',
          code: 'mdx',
          message: `MDX: ${message.text}.`.replace(/\.\.$/, '.'),
          file: entry.file,
          ...statementInDoc(entry, location),
          hint: typeof message.detail === 'string' ? message.detail : duplicateName.test(message.text) ? 'Export or declare each name once per doc: rename or remove one of them.' : undefined,
        };
      }
      return {
        severity: 'error',
        code: 'mdx',
        message: `MDX: ${message.text}.`.replace(/\.\.$/, '.'),
        file: entry.file,
        line: imported?.line,
        column: imported?.column,
        hint: typeof message.detail === 'string' ? message.detail : importHint(imported?.source ?? specifier),
      };
    }
    return {
      severity: 'error',
      code: 'mdx',
      message: `MDX: ${message.text}.`.replace(/\.\.$/, '.'),
      file: location ? path.resolve(workingDir, location.file) : undefined,
      // esbuild gives line 0 to an error about a whole file (a partial that is too big).
      line: location?.line || undefined,
      column: location?.line ? location.column + 1 : undefined,
      ...(typeof message.detail === 'string' ? { hint: message.detail } : {}),
    };
  });
}

const duplicateName = /^(Multiple exports with the same name|The symbol "[^"]*" has already been declared)/;

/**
 * Where a statement of the compiled module was written in the doc: MDX keeps an ESM line
 * (`export const a = 1;`) as written, so the nth copy of the line in the module is the nth in the
 * source.
 */
function statementInDoc(entry: MdxModuleEntry, location: esbuild.Location): { line?: number; column?: number } {
  const statement = location.lineText.trim();
  if (!statement) return {};
  const copiesBefore = entry.code.split('\n').slice(0, location.line - 1).filter((line) => line.trim() === statement).length;
  let source: string;
  try {
    source = readFileSync(entry.file, 'utf8');
  } catch {
    return {};
  }
  const lines = source.split('\n');
  let seen = 0;
  for (const [index, line] of lines.entries()) {
    if (line.trim() !== statement) continue;
    if (seen++ === copiesBefore) return { line: index + 1, column: line.indexOf(statement) + 1 };
  }
  return {};
}

function importHint(written: string | undefined): string | undefined {
  if (!written) return undefined;
  // `!!raw-loader!@site/x.ts` names the file x.ts of the site (sequelize.org's docs), not a package.
  const specifier = inlineLoaderImport.exec(written)?.[2] ?? written;
  if (specifier.startsWith('@site/')) {
    const inSite = specifier.slice('@site/'.length);
    // `@site/src/css/x.css` names its file whole; `@site/src/components/X` leaves the extension to the resolver.
    const extensions = /\.[a-z0-9]+$/i.test(path.posix.basename(inSite)) ? '' : ' (with a .tsx, .jsx, .ts or .js extension)';
    return `\`@site/\` is the site folder: check that ${inSite} exists there${extensions}.`;
  }
  if (specifier.startsWith('.')) return 'Relative imports resolve from the doc\'s own folder.';
  if (specifier.startsWith('@theme/') || specifier.startsWith('@docusaurus/')) return undefined;
  return `Install the package in the site (npm install ${specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')}), or fix the name.`;
}

/**
 * The MDX modules of the site's pages, by key: what the browser bundle ships too. A page of a past
 * docs version (its doc is not among `site.docs`) is keyed by its path in the site folder, so that
 * `versioned_docs/version-1.0.0/intro.md` and `docs/intro.md` do not share one. `ownDocsOnly`:
 * only the pages of `site.docs` (one docs version's).
 */
export function mdxModulesOf(site: Site, ownDocsOnly = false): Map<string, { page: Page; entry: MdxModuleEntry }> {
  const modules = new Map<string, { page: Page; entry: MdxModuleEntry }>();
  const docByRoute = new Map(site.docs.map((doc) => [doc.route, doc]));
  for (const page of site.pages) {
    const mdx = page.content?.mdx;
    if (!mdx || !page.sourceFile) continue;
    const doc = docByRoute.get(page.route);
    const own = doc?.source.file === page.sourceFile;
    // A blog post is the site's own (a past docs version's site has no blog).
    const ownPost = page.blog?.type === 'post' && site.blog?.posts.includes(page.blog.post) === true;
    if (ownDocsOnly && !own && !ownPost) continue;
    const key = mdxModuleKey(own ? doc.source.relativePath : path.relative(site.config.siteDir, page.sourceFile).split(path.sep).join('/'));
    modules.set(key, { page, entry: { key, file: page.sourceFile, code: mdx.code, imports: mdx.imports } });
  }
  return modules;
}
