import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { ComponentType } from 'react';
import { placePageRoute } from './page-route.js';
import { siteFilesRead, themeOverridesDir } from './theme-overrides.js';
import { loadMarkdownImports, mdxAssetsPlugin } from '../core/mdx-modules.js';
import { siteStylesheetsPlugin } from '../core/site-stylesheets.js';
import { markdownPageFile, markdownPagesPlugin, pageFileOfEntry, pageModuleSpecifier } from '../core/markdown-pages.js';
import { parseFrontMatter } from './front-matter.js';
import { mdxPartialCompiler } from './mdx/mdx-partials.js';
import { provideThemeHost, themeHostKey, themeHostModules } from '../ssr/theme-host.js';
import { resolveSiteImports } from '../core/theme-imports.js';
import { nodeRequireBanner, resolveSharedReact } from '../ssr/shared-react.js';
import { siteReadRoots, siteServerRoots } from '../core/path-bounds.js';
import { addPage, mayHaveChanged, type BuildContext, type Site } from '../core/site.js';
import { loadSiteModule, SiteCodeStopped } from '../core/site-code.js';
import { UserError } from '../core/diagnostic.js';
import { joinUrlPath } from '../shared/paths.js';
import type { SiteData } from '../shared/types.js';

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
  const previous = ctx.previous;
  const compiledFromChanged = (previous?.customPageInputs ?? []).some((file) => mayHaveChanged(ctx, file));
  if (previous && !compiledFromChanged && !mayHaveChanged(ctx, pagesDir) && !mayHaveChanged(ctx, themeOverridesDir(site.config.siteDir))) {
    // serve --watch: compiling the pages again would give the same components (pages may import overrides).
    site.customPageInputs = previous.customPageInputs;
    for (const file of previous.customPageInputs ?? []) site.readFiles.add(file);
    for (const page of previous.pages) {
      if (!page.component || !page.sourceFile?.startsWith(pagesDir + path.sep)) continue;
      addPage(site, { ...page, data: { ...page.data, html: '' }, anchors: new Set(), links: [] });
    }
    return;
  }
  if (!existsSync(pagesDir)) return;
  const entries = (await readdir(pagesDir, { recursive: true, withFileTypes: true })).filter(
    (entry) => entry.isFile() && !isLeftOutOfPages(path.relative(pagesDir, path.join(entry.parentPath, entry.name))),
  );
  // React pages, and markdown pages as Docusaurus builds them (see core/markdown-pages.ts).
  const files = entries
    .filter((entry) => pageModuleFile.test(entry.name) || markdownPageFile.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  if (files.length === 0) return;
  const { modules, inputs } = await importPageModules(files, site);
  site.customPageInputs = inputs;
  for (const file of inputs) site.readFiles.add(file);
  for (const [file, module] of modules) {
    const relative = path.relative(pagesDir, file).split(path.sep).join('/').replace(pageModuleFile, '').replace(markdownPageFile, '');
    const routePart = relative === 'index' ? '' : relative.replace(/\/index$/, '');
    let route = joinUrlPath(site.config.routes.root, routePart);
    if (route.length > 1 && route.endsWith('/') && routePart !== '') route = route.slice(0, -1);
    if (routePart === '') route = site.config.routes.root;
    const placed = placePageRoute(site, route, { file, mayShareApiFolder: true });
    if (placed === undefined) continue;
    const markdown = markdownPageFile.test(file) ? await markdownPageMeta(file, site) : undefined;
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
        documentTitle: routePart === '' ? `${site.config.title}${site.config.tagline ? ` | ${site.config.tagline}` : ''}` : `${title} | ${site.config.title}`,
        description: markdown?.description ?? module.meta?.description ?? site.config.tagline,
        html: '',
        toc: [],
        breadcrumbs: [],
      },
    });
  }
}

/**
 * A markdown page's title and description, as Docusaurus takes them: front matter, else the
 * first `#` heading. Front matter problems are the page's diagnostics.
 */
async function markdownPageMeta(file: string, site: Site): Promise<{ title?: string; description?: string; draft: boolean }> {
  const { data, body, diagnostics } = parseFrontMatter(await readFile(file, 'utf8'), file);
  site.diagnostics.push(...diagnostics);
  const heading = /^ {0,3}#[ \t]+(.+?)[ \t#]*$/m.exec(body)?.[1];
  return {
    title: typeof data.title === 'string' ? data.title : heading,
    description: typeof data.description === 'string' ? data.description : undefined,
    draft: data.draft === true,
  };
}

async function importPageModules(files: string[], site: Site): Promise<{ modules: Map<string, CustomPageModule>; inputs: string[] }> {
  const overrides = site.themeOverrides?.files ?? new Map();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-pages-'));
  try {
    const result = await esbuild
      .build({
        entryPoints: files.map(pageModuleSpecifier),
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
        banner: { js: nodeRequireBanner },
        plugins: [
          markdownPagesPlugin(),
          siteStylesheetsPlugin({ siteDir: site.config.siteDir, staticDir: site.config.paths.static, target: 'server' }),
          {
            name: 'sdkdocs-shared-react',
            setup(build) {
              resolveSharedReact(build, sharedModules);
              loadMarkdownImports(build, mdxPartialCompiler(site));
              // `@theme/…` and `@docusaurus/…` as in MDX docs, reaching the modules the build renders with.
              resolveSiteImports(build, { siteDir: site.config.siteDir, readRoots: siteReadRoots(site.config), serverRoots: siteServerRoots(site.config), overrides: () => overrides, host: { ...themeHostModules, key: themeHostKey } });
            },
          },
          mdxAssetsPlugin(site.config.baseUrl),
        ],
      })
      .catch((error: esbuild.BuildFailure) => {
        throw new UserError(
          (error.errors ?? []).map((message) => ({
            severity: 'error' as const,
            code: 'page',
            message: `Cannot compile the page: ${message.text}`,
            file: message.location ? path.resolve(message.location.file) : undefined,
            line: message.location?.line,
            column: message.location ? message.location.column + 1 : undefined,
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
      if (meta.entryPoint) outputByEntry.set(pageFileOfEntry(meta.entryPoint), path.resolve(outputPath));
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
          hint: stopped?.hint ?? 'The page module, or a module it imports, threw when run at build time; code that needs the browser belongs in effects or <BrowserOnly>.',
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
    return { modules, inputs: siteFilesRead(result.metafile!, site.config.siteDir) };
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}
