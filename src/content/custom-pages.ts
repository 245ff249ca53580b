import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { ComponentType } from 'react';
import { placePageRoute } from './page-route.js';
import { setSiteCodeConfig, siteFilesRead, themeOverridesQuery, type SiteCodeConfig } from './theme-overrides.js';
import { loadMarkdownImports, mdxAssetsPlugin } from '../core/mdx-modules.js';
import { siteStylesheetsPlugin } from '../core/site-stylesheets.js';
import { siteBundleOptions } from '../core/site-bundle-settings.js';
import { markdownPageFile, markdownPagesPlugin, pageFileOfEntry, pageModuleSpecifier } from '../core/markdown-pages.js';
import { parseFrontMatter } from './front-matter.js';
import { mdxPartialCompiler, mdxPartialCompilerFingerprint } from './mdx/mdx-partials.js';
import { provideThemeHost, themeHostKey, themeHostModules } from '../ssr/theme-host.js';
import { resolveSiteImports } from '../core/theme-imports.js';
import { nodeRequireBanner, react18InternalsHint, resolveSharedReact } from '../ssr/shared-react.js';
import { siteReadRoots, siteServerRoots } from '../core/path-bounds.js';
import { addPage, type BuildContext, type Site, type SiteThemeOverrides } from '../core/site.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { MdxPartialCompiler } from '../model/compiled-doc.js';
import type { Query, QueryAsker } from '../engine/query-engine.js';
import { engineOf } from './docs-folder-queries.js';
import { loadSiteModule, SiteCodeStopped } from '../core/site-code.js';
import { UserError } from '../core/diagnostic.js';
import { joinUrlPath } from '../shared/paths.js';
import type { SiteData } from '../shared/types.js';
import { documentTitleOf } from '../shared/document-title.js';

/** What a custom page module exports. */
export interface CustomPageModule {
  default: ComponentType<{ site: SiteData }>;
  /** Optional page metadata. */
  meta?: { title?: string; description?: string };
}

/** React must be the same copy sdkdocs renders with, wherever the site folder is. */
const sharedModules = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/server'];

/** A page component's file: as in Docusaurus, `.js` files are React (JSX) too. */
const pageModuleFile = /\.(tsx|jsx|ts|js)$/;

/** Files of the pages folder that are not pages, as Docusaurus leaves them out: `_partials`, tests. */
function isLeftOutOfPages(relativePath: string): boolean {
  const parts = relativePath.split(path.sep);
  return parts.some((part) => part.startsWith('_')) || parts.includes('__tests__') || /\.test\.[jt]sx?$/.test(relativePath) || relativePath.endsWith('.d.ts');
}

/**
 * Compiles the React and markdown pages in the site's pages folder (`index.tsx` → `/`,
 * `about.tsx` → `/about`, `markdown-page.md` → `/markdown-page`) and adds a page for each;
 * renderPages renders the component to static HTML.
 */
export async function collectCustomPages(site: Site, ctx: BuildContext): Promise<void> {
  const pagesDir = site.config.paths.pages;
  const engine = engineOf(ctx);
  setSiteCodeConfig(engine, site.config);
  // What a markdown partial a page imports links to resolves through the docs' routes.
  engine.setInput('customPagesDocRoutes', site.docs.map((doc) => [doc.source.file, doc.route]));
  // The build's partial compiler, made when a page is compiled, stands for what it is made of.
  engine.setInput('mdxPartialCompiler', () => mdxPartialCompiler(site), mdxPartialCompilerFingerprint(site));
  const { result: compiled, reused } = await engine.answer(customPagesQuery, pagesDir).catch((error: unknown) => {
    // A page that uses what a broken override would have given it (a component of the site's
    // MDXComponents map) fails for that reason: the overrides' errors come first, so they are seen.
    const earlier = site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    throw error instanceof UserError && earlier.length > 0 ? new UserError([...earlier, ...error.diagnostics]) : error;
  });
  if (reused) ctx.logger.debug('collectContent: custom pages kept from the previous build');
  for (const file of compiled.inputs) site.readFiles.add(file);
  for (const { file, module, markdown } of compiled.pages) {
    const relative = path.relative(pagesDir, file).split(path.sep).join('/').replace(pageModuleFile, '').replace(markdownPageFile, '');
    const routePart = relative === 'index' ? '' : relative.replace(/\/index$/, '');
    let route = joinUrlPath(site.config.routes.root, routePart);
    if (route.length > 1 && route.endsWith('/') && routePart !== '') route = route.slice(0, -1);
    if (routePart === '') route = site.config.routes.root;
    const placed = placePageRoute(site, route, { file, mayShareApiFolder: true });
    if (placed === undefined) continue;
    site.diagnostics.push(...(markdown?.diagnostics ?? []));
    // As drafts of docs: left out of a build, shown while serve --watch runs.
    if (markdown?.draft && !ctx.watch) continue;
    const title = markdown?.title ?? module.meta?.title ?? (routePart === '' ? site.config.title : routePart);
    addPage(site, {
      route,
      kind: routePart === '' ? 'landing' : 'custom',
      sourceFile: file,
      component: module.default,
      anchors: new Set(),
      links: [],
      data: {
        path: route,
        kind: routePart === '' ? 'landing' : 'custom',
        title,
        documentTitle: routePart === '' ? (site.config.tagline ? documentTitleOf(site.config.title, site.config.tagline, site.config.titleDelimiter) : site.config.title) : documentTitleOf(title, site.config.title, site.config.titleDelimiter),
        description: markdown?.description ?? module.meta?.description ?? site.config.tagline,
        html: '',
        toc: [],
        breadcrumbs: [],
      },
    });
  }
}

/** A page file of the pages folder, compiled and loaded. */
interface CompiledCustomPage {
  file: string;
  module: CustomPageModule;
  /** A markdown page's front matter and first heading. */
  markdown?: MarkdownPageMeta;
}

/** The site's custom pages, compiled, with every site file their compile read. */
interface CompiledCustomPages {
  pages: CompiledCustomPage[];
  inputs: string[];
}

/**
 * The pages folder's pages, compiled again only when a folder under it gained, lost or renamed an
 * entry, a file esbuild read for them changed (components and stylesheets elsewhere in the site
 * among them), or the theme overrides they may import did. A compile that fails throws, which
 * leaves no result: the next build compiles again.
 */
export const customPagesQuery: Query<string, CompiledCustomPages> = {
  name: 'customPages',
  // Components are functions, which a hash of the result would not see: each compile is new.
  fingerprint: () => randomUUID(),
  async run(context, pagesDir) {
    const config = context.input<SiteCodeConfig>('siteCodeConfig');
    if (!context.listFolder(pagesDir)) return { pages: [], inputs: [] };
    const entries = await readdir(pagesDir, { recursive: true, withFileTypes: true });
    for (const entry of entries) if (entry.isDirectory()) context.listFolder(path.join(entry.parentPath, entry.name));
    // React pages, and markdown pages as Docusaurus builds them (see core/markdown-pages.ts).
    const files = entries
      .filter((entry) => entry.isFile() && !isLeftOutOfPages(path.relative(pagesDir, path.join(entry.parentPath, entry.name))))
      .filter((entry) => pageModuleFile.test(entry.name) || markdownPageFile.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    if (files.length === 0) return { pages: [], inputs: [] };
    const { overrides } = await context.query(themeOverridesQuery, config.siteDir);
    const { modules, inputs } = await importPageModules(files, config, overrides?.files ?? new Map(), context.input<() => MdxPartialCompiler>('mdxPartialCompiler')(), context);
    for (const file of inputs) context.readBytes(file);
    if (inputs.some((file) => /\.mdx?$/.test(file))) context.input('customPagesDocRoutes');
    const pages = [...modules].map(([file, module]) => {
      const text = markdownPageFile.test(file) ? context.readFile(file) : undefined;
      return { file, module, ...(text === undefined ? {} : { markdown: markdownPageMeta(text, file) }) };
    });
    return { pages, inputs };
  },
};

/** A markdown page's title, description and draft flag, with what is wrong with its front matter. */
interface MarkdownPageMeta {
  title?: string;
  description?: string;
  draft: boolean;
  diagnostics: Diagnostic[];
}

/**
 * A markdown page's title and description, as Docusaurus takes them: front matter, else the
 * first `#` heading. Front matter problems are the page's diagnostics.
 */
function markdownPageMeta(text: string, file: string): MarkdownPageMeta {
  const { data, body, diagnostics } = parseFrontMatter(text, file);
  const heading = /^ {0,3}#[ \t]+(.+?)[ \t#]*$/m.exec(body)?.[1];
  return {
    title: typeof data.title === 'string' ? data.title : heading,
    description: typeof data.description === 'string' ? data.description : undefined,
    draft: data.draft === true,
    diagnostics,
  };
}

async function importPageModules(
  files: string[],
  config: SiteCodeConfig,
  overrides: SiteThemeOverrides['files'],
  compilePartial: MdxPartialCompiler,
  queries: QueryAsker,
): Promise<{ modules: Map<string, CustomPageModule>; inputs: string[] }> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-pages-'));
  const siteSettings = siteBundleOptions(config.bundle, config.siteDir, 'server');
  try {
    const result = await esbuild
      .build({
        entryPoints: files.map(pageModuleSpecifier),
        // esbuild names files relative to this folder; left out, it is the working folder of the
        // moment esbuild was loaded, which a host that changed folders since no longer has.
        absWorkingDir: config.siteDir,
        bundle: true,
        write: false,
        outdir: tempDir,
        outbase: path.dirname(files[0]),
        platform: 'node',
        format: 'esm',
        target: 'node20',
        jsx: 'automatic',
        logLevel: 'silent',
        metafile: true,
        entryNames: '[dir]/[name]-[hash]',
        define: siteSettings.define,
        inject: siteSettings.inject,
        banner: { js: nodeRequireBanner },
        plugins: [
          ...siteSettings.plugins,
          markdownPagesPlugin(),
          siteStylesheetsPlugin({ siteDir: config.siteDir, staticDir: config.paths.static, target: 'server', queries, withPostcss: config.withPostcss }),
          {
            name: 'sdkdocs-shared-react',
            setup(build) {
              resolveSharedReact(build, sharedModules);
              loadMarkdownImports(build, compilePartial);
              // `@theme/…` and `@docusaurus/…` as in MDX docs, reaching the modules the build renders with.
              resolveSiteImports(build, { siteDir: config.siteDir, readRoots: siteReadRoots(config), serverRoots: siteServerRoots(config), overrides: () => overrides, queries, host: { ...themeHostModules, key: themeHostKey } });
            },
          },
          mdxAssetsPlugin(config.baseUrl),
        ],
      })
      .catch((error: esbuild.BuildFailure) => {
        throw new UserError(
          (error.errors ?? []).map((message) => ({
            severity: 'error' as const,
            code: 'page',
            message: `Cannot compile the page: ${message.text}`,
            file: message.location ? path.resolve(config.siteDir, message.location.file) : undefined,
            // esbuild says line 0 for an error its plugin gave no position (a remark plugin's throw).
            line: message.location?.line || undefined,
            column: message.location?.line ? message.location.column + 1 : undefined,
            ...(typeof message.detail === 'string' ? { hint: message.detail } : {}),
          })),
        );
      });
    const modules = new Map<string, CustomPageModule>();
    const outputs = result.outputFiles.filter((output) => output.path.endsWith('.js'));
    for (const output of outputs) await writeFile(output.path, output.text).catch(async () => {
      await (await import('node:fs/promises')).mkdir(path.dirname(output.path), { recursive: true });
      await writeFile(output.path, output.text);
    });
    const outputByEntry = new Map<string, string>();
    for (const [outputPath, meta] of Object.entries(result.metafile!.outputs)) {
      if (meta.entryPoint) outputByEntry.set(pageFileOfEntry(meta.entryPoint, config.siteDir), path.resolve(config.siteDir, outputPath));
    }
    for (const file of files) {
      const output = { path: outputByEntry.get(path.resolve(file))! };
      provideThemeHost();
      let module: Partial<CustomPageModule>;
      try {
        module = (await loadSiteModule(output.path)) as Partial<CustomPageModule>;
      } catch (error) {
        const stopped = error instanceof SiteCodeStopped ? error : undefined;
        throw new UserError({
          severity: 'error',
          code: 'page',
          message: `Loading the page's code ${stopped ? `was stopped: ${stopped.message}.` : `failed: ${(error as Error).message}`}`,
          file,
          hint: stopped?.hint ?? react18InternalsHint(error) ?? 'The page module, or a module it imports, threw when run at build time; code that needs the browser belongs in effects or <BrowserOnly>.',
        });
      }
      if (typeof module.default !== 'function') {
        throw new UserError({
          severity: 'error',
          code: 'page',
          message: 'A page must export a React component as its default export.',
          file,
          hint: 'Write `export default function MyPage() { return <main>…</main>; }`.',
        });
      }
      modules.set(file, module as CustomPageModule);
    }
    return { modules, inputs: siteFilesRead(result.metafile!, config.siteDir) };
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}
