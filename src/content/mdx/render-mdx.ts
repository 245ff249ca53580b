import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { MdxRootProps } from '../../../templates/theme/MdxRoot.js';
import { mdxAssetsPlugin, mdxBundleDiagnostics, mdxModulesOf, mdxModulesPlugin, siteModulesFolders } from '../../core/mdx-modules.js';
import { packageRoot } from '../../core/package-root.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { loadSiteModule, runSiteCode, SiteCodeStopped } from '../../core/site-code.js';
import { siteStylesheetsPlugin } from '../../core/site-stylesheets.js';
import { nodeRequireBanner, react18InternalsHint, resolveSharedReact } from '../../ssr/shared-react.js';
import { siteReadRoots, siteServerRoots } from '../../core/path-bounds.js';
import type { BuildContext, Page, Site } from '../../core/site.js';
import { bundleReadFiles } from '../../core/read-files.js';
import { splitSections } from '../../markdown/content-sections.js';
import type { CollectedHead, SidebarItem, SiteData } from '../../shared/types.js';
import { categoryItemsAt } from '../../shared/sidebar-links.js';
import { takePageHead } from '../../ssr/page-head.js';
import { walkTree } from '../../markdown/plugins/walk-tree.js';
import { engineOf } from '../docs-folder-queries.js';
import { hasPostcssPlugins } from '../../core/site-postcss.js';
import { siteBundleOptions } from '../../core/site-bundle-settings.js';
import { isMdxDoc } from './detect-mdx.js';
import { mdxPartialCompiler } from './mdx-partials.js';
import { createJsxLocator, withLocatableJsx, type JsxPosition, type LocateWith } from './jsx-positions.js';

/** React must be the copy sdkdocs renders with, wherever the site's components are. */
const sharedModules = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server', 'react-dom/client'];

/** The file of the root every MDX doc renders in, on the server and in the browser. */
function mdxRootFile(): string {
  return path.join(packageRoot(), 'templates', 'theme', 'MdxRoot.tsx');
}

/** What a bundled MDX doc module exports for the build-time render. */
interface RenderableMdxModule {
  default: MdxRootProps['content'];
  __sdkdocsMdxRoot: (props: MdxRootProps) => ReturnType<typeof createElement>;
  __sdkdocsMdxIdPrefix: string;
  /** Absent when the doc wrote no element. */
  __sdkdocsLocateWith?: LocateWith;
}

/**
 * Renders every MDX doc to the HTML its page shows (and its route file carries): the compiled
 * modules are bundled with their components for Node by esbuild, imported, and rendered with
 * `renderToString` (hydratable) inside `<div data-mdx-content>`. Search text and element ids come
 * from that HTML, so what components render is searchable and linkable. An import that does not
 * resolve is an error at its line in the doc.
 */
export async function renderMdxDocs(site: Site, ctx: BuildContext): Promise<void> {
  // A past docs version's site shares the pages of every version: each renders its own.
  const modules = mdxModulesOf(site, true);
  if (modules.size === 0) return;
  // The render here runs the modules with their elements' places (see jsx-positions.ts); the browser bundle, as compiled.
  const entries = new Map([...modules].map(([key, { entry }]) => [key, { ...entry, code: withLocatableJsx(entry.code) }]));
  // The site code's compiles the bundle asks for (CSS modules, the Flow stripper), shared with the build's other bundles.
  const queries = engineOf(ctx);
  const outdir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-mdx-'));
  const siteSettings = siteBundleOptions(site.config.bundle, site.config.siteDir, 'server');
  try {
    const result = await esbuild
      .build({
        entryPoints: Object.fromEntries([...modules.keys()].map((key) => [key, `sdkdocs-mdx:${key}`])),
        absWorkingDir: site.config.siteDir,
        // Docs outside the site folder (`docs.path: '../docs'`) import what the site installed, as with Docusaurus.
        nodePaths: siteModulesFolders(site.config.siteDir),
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        jsx: 'automatic',
        outdir,
        entryNames: '[name]',
        write: true,
        metafile: true,
        logLevel: 'silent',
        define: { ...siteSettings.define, 'process.env.NODE_ENV': '"production"' },
        inject: siteSettings.inject,
        banner: { js: nodeRequireBanner },
        plugins: [
          ...siteSettings.plugins,
          siteStylesheetsPlugin({ siteDir: site.config.siteDir, staticDir: site.config.paths.static, target: 'server', queries, withPostcss: hasPostcssPlugins(site.config.postcssPlugins) }),
          {
            name: 'sdkdocs-shared-react',
            setup(build) {
              resolveSharedReact(build, sharedModules);
            },
          },
          mdxAssetsPlugin(site.config.baseUrl),
          mdxModulesPlugin({
            siteDir: site.config.siteDir,
            readRoots: siteReadRoots(site.config),
            serverRoots: siteServerRoots(site.config),
            modules: () => entries,
            compilePartial: mdxPartialCompiler(site),
            overrides: () => site.themeOverrides?.files ?? new Map(),
            queries,
            append: `export { MdxRoot as __sdkdocsMdxRoot, mdxIdentifierPrefix as __sdkdocsMdxIdPrefix } from ${JSON.stringify(mdxRootFile())};`,
          }),
        ],
      })
      .then(
        (built) => built,
        (error: esbuild.BuildFailure) => {
          site.diagnostics.push(...mdxBundleDiagnostics(error, entries, site.config.siteDir));
          return undefined;
        },
      );
    if (!result) return;
    for (const file of bundleReadFiles(result.metafile, site.config.siteDir)) site.readFiles.add(file);
    const { docs: _docs, ...docsVersion } = site.siteData!.docsVersion;
    const pageSite: SiteData = { ...site.siteData!, docsVersion };
    let left = modules.size;
    for (const [key, { page }] of modules) {
      left--;
      let module: RenderableMdxModule;
      try {
        module = (await loadSiteModule(path.join(outdir, `${key}.js`))) as RenderableMdxModule;
      } catch (error) {
        site.diagnostics.push(mdxRunFailure(error, page, 'loading'));
        // Code stopped for its time once would be waited for again by every doc that shares it.
        if (error instanceof SiteCodeStopped) return reportNotRendered(site, left);
        continue;
      }
      if (renderMdxPage(site, page, module, pageSite) === 'stopped') return reportNotRendered(site, left);
    }
    ctx.logger.debug(`renderMdxDocs: ${modules.size} MDX docs rendered`);
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

/** The MDX docs left unrendered after site code was stopped: the build has failed already. */
function reportNotRendered(site: Site, left: number): void {
  if (left === 0) return;
  site.diagnostics.push({ severity: 'error', code: 'mdx', message: `MDX: ${left} more MDX doc${left === 1 ? ' was' : 's were'} not rendered after that stop, and may hold errors of their own.` });
}

/**
 * An MDX doc whose module could not load (its top level, or a file it imports, threw, looped or
 * exited) or whose render was stopped: reported at the doc, as its other errors are.
 */
function mdxRunFailure(error: unknown, page: Page, doing: 'loading' | 'rendering'): Diagnostic {
  const stopped = error instanceof SiteCodeStopped ? error : undefined;
  return {
    severity: 'error',
    code: 'mdx',
    message: `MDX: ${doing === 'loading' ? 'loading the doc\'s code' : 'rendering the doc'} ${stopped ? `was stopped: ${stopped.message}.` : `failed: ${(error as Error).message}`}`,
    file: page.sourceFile,
    hint:
      stopped?.hint ??
      react18InternalsHint(error) ??
      'The doc\'s exports or a module it imports threw when run at build time; code that needs the browser belongs in effects or <BrowserOnly>.',
  };
}

/**
 * The place in the doc of the element whose rendering failed: the doc is rendered once more with
 * its elements recording their places (see jsx-positions.ts), and the innermost one open when the
 * render fails again is it. Undefined when the doc's elements were not what threw (its own
 * expressions, or a component that threw only once).
 */
function failingElementOf(module: RenderableMdxModule, render: () => string): JsxPosition | undefined {
  if (!module.__sdkdocsLocateWith) return undefined;
  const locator = createJsxLocator();
  module.__sdkdocsLocateWith(locator.locate);
  try {
    render();
    return undefined;
  } catch (error) {
    return error instanceof SiteCodeStopped ? undefined : locator.innermost();
  } finally {
    module.__sdkdocsLocateWith(undefined);
  }
}

/** Whether the page's doc is MDX itself, not markdown compiled to a module for the site's block overrides. */
function isWrittenAsMdx(site: Site, page: Page): boolean {
  const doc = site.docs.find((candidate) => candidate.route === page.route);
  return !doc || isMdxDoc(doc.source.file, doc.source.raw);
}

/** The page's own sidebar, by its name, as the browser has it when the content hydrates. */
function pageSidebars(site: Site, page: Page): Record<string, SidebarItem[]> {
  const name = page.data.sidebar;
  const items = name === undefined ? undefined : site.sidebars[name];
  return name !== undefined && items ? { [name]: items } : {};
}

/**
 * The descriptions of the docs a `<DocCardList />` without items shows on this page (those of the
 * sidebar category it is the index doc of), by route: the sidebars the client has carry none.
 * Only for a doc whose code names DocCardList, so that other pages' data stays as small as it was.
 */
function cardDescriptionsOf(site: Site, page: Page): Record<string, string> | undefined {
  if (!page.content?.mdx?.code.includes('DocCardList')) return undefined;
  const category = categoryItemsAt(site.sidebars[page.data.sidebar ?? ''] ?? [], page.route);
  if (!category) return undefined;
  const docByRoute = new Map(site.docs.map((doc) => [doc.route, doc]));
  const descriptions: Record<string, string> = {};
  for (const item of category) {
    const description = item.type === 'doc' || item.type === 'link' ? (item.to && docByRoute.get(item.to)?.description) : undefined;
    if (description) descriptions[item.to!] = description;
  }
  return Object.keys(descriptions).length > 0 ? descriptions : undefined;
}

function renderMdxPage(site: Site, page: Page, module: RenderableMdxModule, pageSite: SiteData): 'rendered' | 'failed' | 'stopped' {
  const compiled = page.content!;
  const cardDescriptions = cardDescriptionsOf(site, page);
  if (cardDescriptions) page.data.cardDescriptions = cardDescriptions;
  const figures = new Map(compiled.diagrams.map((diagram, index) => [index, diagram.figureHtml ?? '']));
  let inner: string;
  const head: CollectedHead = { tags: [], ignored: [] };
  // Rendered again only to find a failing element, when the head it collected is not used.
  const render = () =>
    runSiteCode(() =>
      renderToString(
        createElement(module.__sdkdocsMdxRoot, { content: module.default, site: pageSite, route: page.data, figures, head, sidebars: pageSidebars(site, page) }),
        { identifierPrefix: module.__sdkdocsMdxIdPrefix },
      ),
    );
  try {
    inner = render();
  } catch (error) {
    if (error instanceof SiteCodeStopped) {
      site.diagnostics.push(mdxRunFailure(error, page, 'rendering'));
      return 'stopped';
    }
    const place = failingElementOf(module, render);
    site.diagnostics.push({
      severity: 'error',
      code: 'mdx',
      message: `MDX: rendering the doc failed: ${(error as Error).message}`,
      file: page.sourceFile,
      ...place,
      hint: isWrittenAsMdx(site, page)
        ? 'A component of the doc threw while rendering at build time; it must render without the browser (use effects for window and document).'
        : 'The site\'s override of Admonition, CodeBlock or Details (src/theme/), which renders this doc\'s blocks, threw while rendering at build time; it must render without the browser (use effects for window and document).',
    });
    return 'failed';
  }
  takePageHead(site, page, head);
  const html = `<div class="mdx-content" data-mdx-content="">${inner}</div>`;
  const tree = fromHtml(inner, { fragment: true });
  const anchors = new Set(compiled.anchors);
  walkTree(tree, (node) => {
    const id = node.type === 'element' ? (node as Element).properties.id : undefined;
    if (typeof id === 'string') anchors.add(id);
  });
  page.content = { ...compiled, html, sections: splitSections(tree as Root), anchors: [...anchors] };
  page.data.html = html;
  page.anchors = anchors;
  return 'rendered';
}
