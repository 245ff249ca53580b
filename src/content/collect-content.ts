import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { z } from 'zod';
import type { Diagnostic } from '../core/diagnostic.js';
import { UserError } from '../core/diagnostic.js';
import { addPage, mayHaveChanged, type BuildContext, type Category, type Doc, type DocSource, type Site } from '../core/site.js';
import { buildSidebar, sidebarNeighbours, sidebarTrails, type SidebarNeighbours } from './sidebar.js';
import { parseFrontMatter } from './front-matter.js';
import { createSiteData, resolveNavbar } from './site-data.js';
import { collectCustomPages } from './custom-pages.js';
import { firstH1Text } from './doc-title.js';
import { formatThemeString } from '../shared/theme-strings.js';
import { joinUrlPath } from '../shared/paths.js';
import type { Crumb, RouteData, SidebarCategoryItem } from '../shared/types.js';

const categorySchema = z.strictObject({
  label: z.string().optional(),
  position: z.number().optional(),
  collapsible: z.boolean().optional(),
  collapsed: z.boolean().optional(),
  className: z.string().optional(),
  description: z.string().optional(),
  link: z
    .union([
      z.strictObject({
        type: z.literal('generated-index'),
        slug: z.string().optional(),
        title: z.string().optional(),
        description: z.string().optional(),
      }),
      z.strictObject({ type: z.literal('doc'), id: z.string() }),
      z.null(),
    ])
    .optional(),
});

/**
 * Finds the docs and `_category_.json` files, reads front matter, assigns ids and routes, builds
 * the sidebar and creates a page for every doc, category index, custom page, the landing page and
 * the not-found page. Markdown bodies are parsed by the next stage.
 */
export async function collectContent(site: Site, ctx: BuildContext): Promise<void> {
  const { config } = site;
  const docsDir = config.paths.docs;
  if (!existsSync(docsDir)) {
    throw new UserError({
      severity: 'error',
      code: 'config',
      message: `docs.path: the docs folder ${path.relative(process.cwd(), docsDir) || docsDir} does not exist.`,
      file: config.configFile,
      hint: `Create it with at least one markdown file (e.g. ${config.docs.path}/${config.docs.mainDocId}.md), or point docs.path at your docs.`,
    });
  }
  const files = (await readdir(docsDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => ({ file: path.join(entry.parentPath, entry.name), parts: path.relative(docsDir, entry.parentPath).split(path.sep) }))
    .filter(({ parts }) => !parts.includes('node_modules'))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));

  const categoryFiles = files.filter(({ file }) => /^_category_\.(json|ya?ml)$/.test(path.basename(file))).map(({ file }) => file);
  const docFiles = files
    .filter(({ file, parts }) => /\.mdx?$/.test(file) && !path.basename(file).startsWith('_') && !parts.some((part) => part.startsWith('_')))
    .map(({ file }) => file);

  // serve --watch: a doc the previous build read is kept (the same object, which tells later
  // stages it is unchanged) unless the watcher saw it change and its text really differs.
  const previousSources = new Map(ctx.previous?.docSources.map((source) => [source.file, source]));
  site.docSources = await Promise.all(
    docFiles.map(async (file): Promise<DocSource> => {
      const earlier = previousSources.get(file);
      if (earlier && !mayHaveChanged(ctx, file)) return earlier;
      const raw = await readFile(file, 'utf8');
      if (earlier?.raw === raw) return earlier;
      const relativePath = path.relative(docsDir, file).split(path.sep).join('/');
      const dir = path.posix.dirname(relativePath);
      return { file, relativePath, dir: dir === '.' ? '' : dir, raw };
    }),
  );
  ctx.logger.debug(`found ${site.docSources.length} docs and ${categoryFiles.length} categories`);

  site.categories = await readCategories(site, categoryFiles);
  site.docs = readDocs(site, ctx.previous);
  if (site.diagnostics.some((d) => d.severity === 'error')) return;

  const sidebarId = config.docs.sidebar.id;
  site.sidebars[sidebarId] = buildSidebar(site.docs, site.categories, config.docs.sidebar);
  const navbarItems = resolveNavbar(site);
  site.siteData = createSiteData(site, navbarItems);

  const sidebar = site.sidebars[sidebarId];
  const navigation: SidebarNavigation = { neighbours: sidebarNeighbours(sidebar), trails: sidebarTrails(sidebar) };
  createDocPages(site, navigation);
  createCategoryPages(site, navigation);
  await collectCustomPages(site, ctx);
  createLandingAndNotFound(site);
}

async function readCategories(site: Site, files: string[]): Promise<Category[]> {
  const { docs: docsDir } = site.config.paths;
  const categories = new Map<string, Category>();
  const raws = await Promise.all(files.map((file) => readFile(file, 'utf8')));
  for (const [index, file] of files.entries()) {
    const dir = path.relative(docsDir, path.dirname(file)).split(path.sep).join('/');
    const raw = raws[index];
    let data: unknown;
    try {
      data = file.endsWith('.json') ? JSON.parse(raw) : (await import('yaml')).parse(raw);
    } catch (error) {
      const { line, column } = jsonErrorPosition(raw, (error as Error).message);
      site.diagnostics.push({
        severity: 'error',
        code: 'category',
        message: `Invalid ${path.basename(file)}: ${(error as Error).message.replace(/ in JSON at position \d+.*$/, '')}.`,
        file,
        line,
        column,
        hint: 'It must be JSON like {"label": "Getting Started", "position": 2, "link": {"type": "generated-index"}}.',
      });
      continue;
    }
    const parsed = categorySchema.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const at = issue.path.join('.') || '(root)';
        site.diagnostics.push({
          severity: 'error',
          code: 'category',
          message: `Invalid ${path.basename(file)}: ${at}: ${issue.message}.`,
          file,
          line: lineOfKey(raw, String(issue.path[0] ?? '')),
          hint: 'Allowed keys: label (string), position (number), collapsible, collapsed (booleans), description, link ({"type": "generated-index"} or {"type": "doc", "id": "..."}).',
        });
      }
      continue;
    }
    categories.set(dir, toCategory(site, dir, parsed.data, file));
  }
  // Folders without a _category_.json are categories too, labelled by their name.
  for (const source of site.docSources) {
    const parts = source.dir ? source.dir.split('/') : [];
    for (let i = 1; i <= parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (!categories.has(dir)) categories.set(dir, toCategory(site, dir, {}, undefined));
    }
  }
  return [...categories.values()];
}

function toCategory(site: Site, dir: string, data: z.infer<typeof categorySchema>, file: string | undefined): Category {
  const folder = path.posix.basename(dir);
  const numberPrefix = /^(\d+)[-_.\s]/.exec(folder);
  const label = data.label ?? stripNumberPrefix(folder);
  const category: Category = {
    dir,
    label,
    position: data.position ?? (numberPrefix ? Number(numberPrefix[1]) : undefined),
    collapsible: data.collapsible,
    collapsed: data.collapsed,
    description: data.description,
    file,
  };
  if (data.link && data.link.type === 'generated-index') {
    const slug = data.link.slug ?? `/category/${new GithubSlugger().slug(label)}`;
    category.indexRoute = joinUrlPath(site.config.routes.docs, slug);
    category.description = data.link.description ?? data.description;
  }
  return category;
}

function readDocs(site: Site, previous: Site | undefined): Doc[] {
  const docs: Doc[] = [];
  // A doc depends only on its source and the config, and a config change is a fresh build.
  const previousDocs = new Map(previous?.docs.map((doc) => [doc.source, doc]));
  for (const source of site.docSources) {
    const earlier = previousDocs.get(source);
    if (earlier) {
      docs.push(earlier);
      continue;
    }
    const fm = parseFrontMatter(source.raw, source.file);
    site.diagnostics.push(...fm.diagnostics);
    if (fm.diagnostics.length > 0) continue;
    const data = fm.data;
    const fileName = path.posix.basename(source.relativePath).replace(/\.mdx?$/, '');
    const baseName = stripNumberPrefix(fileName);
    const isIndex = /^(index|readme)$/i.test(baseName) || baseName === path.posix.basename(source.dir);
    const id = [source.dir ? source.dir.split('/').map(stripNumberPrefix).join('/') : '', data.id ?? baseName]
      .filter(Boolean)
      .join('/');
    let route: string;
    if (typeof data.slug === 'string') {
      route = data.slug.startsWith('/')
        ? joinUrlPath(site.config.routes.docs, data.slug)
        : joinUrlPath(site.config.routes.docs, source.dir, data.slug);
    } else {
      const dirPart = source.dir.split('/').map(stripNumberPrefix).join('/');
      route = joinUrlPath(site.config.routes.docs, dirPart, isIndex && !data.id ? '' : (data.id ?? baseName));
    }
    if (route.length > 1 && route.endsWith('/')) route = route.slice(0, -1);
    const title = data.title ?? firstH1Text(fm.body) ?? baseName;
    docs.push({
      source,
      id,
      frontMatter: data,
      title,
      sidebarLabel: data.sidebar_label ?? title,
      sidebarPosition: data.sidebar_position ?? (/^(\d+)[-_.\s]/.test(fileName) ? Number(/^(\d+)/.exec(fileName)![1]) : undefined),
      description: data.description ?? firstParagraph(fm.body),
      route,
    });
  }
  const byId = new Map<string, Doc>();
  for (const doc of docs) {
    const other = byId.get(doc.id);
    if (other) {
      site.diagnostics.push({
        severity: 'error',
        code: 'duplicate-id',
        message: `Duplicate doc id "${doc.id}": ${doc.source.relativePath} and ${other.source.relativePath} both have it.`,
        file: doc.source.file,
        hint: 'Change the `id` in the front matter of one of them.',
      });
    }
    byId.set(doc.id, doc);
  }
  return docs;
}

/** A short description from the first paragraph of plain prose, for meta tags and category cards. */
function firstParagraph(body: string): string | undefined {
  const withoutCode = body.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
  for (const block of withoutCode.split(/\r?\n\s*\r?\n/)) {
    const text = block.trim();
    if (!text || /^(#|:::|[-*+] |\d+\. |\||>|<|!\[|import |export )/.test(text)) continue;
    const plain = text
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*_~]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (plain) return plain.length > 200 ? `${plain.slice(0, 197).replace(/\s+\S*$/, '')}…` : plain;
  }
  return undefined;
}

export function stripNumberPrefix(name: string): string {
  return name.replace(/^\d+[-_.\s]+(?=\D)/, '');
}

/** Where each route sits in the sidebar, worked out once for all pages. */
interface SidebarNavigation {
  neighbours: Map<string, SidebarNeighbours>;
  trails: Map<string, SidebarCategoryItem[]>;
}

function createDocPages(site: Site, navigation: SidebarNavigation): void {
  const sidebarId = site.config.docs.sidebar.id;
  for (const doc of site.docs) {
    const { previous, next } = navigation.neighbours.get(doc.route) ?? {};
    const data: RouteData = {
      path: doc.route,
      kind: 'doc',
      title: doc.title,
      documentTitle: `${doc.title} | ${site.config.title}`,
      description: doc.description,
      html: '',
      toc: [],
      breadcrumbs: site.config.docs.breadcrumbs ? breadcrumbsFor(site, navigation, doc.route, doc.sidebarLabel) : [],
      sidebar: sidebarId,
      previous: previous ? { label: previous.label, to: previous.to } : undefined,
      next: next ? { label: next.label, to: next.to } : undefined,
      editUrl: site.config.docs.editUrl ? new URL(doc.source.relativePath, ensureSlash(site.config.docs.editUrl)).href : undefined,
      docId: doc.id,
    };
    addPage(site, { route: doc.route, kind: 'doc', sourceFile: doc.source.file, data, anchors: new Set(), links: [] });
  }
}

function ensureSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** Home, then each category on the way to the route (linked when it has an index), then the page. */
function breadcrumbsFor(site: Site, navigation: SidebarNavigation, route: string, label: string): Crumb[] {
  const trail = navigation.trails.get(route) ?? [];
  return [
    { label: formatThemeString('homePage'), to: site.config.baseUrl },
    ...trail.map((category) => ({ label: category.label, to: category.to })),
    { label },
  ];
}

function createCategoryPages(site: Site, navigation: SidebarNavigation): void {
  const sidebarId = site.config.docs.sidebar.id;
  for (const category of site.categories) {
    if (!category.indexRoute) continue;
    const { previous, next } = navigation.neighbours.get(category.indexRoute) ?? {};
    addPage(site, {
      route: category.indexRoute,
      kind: 'category',
      sourceFile: category.file,
      anchors: new Set(),
      links: [],
      data: {
        path: category.indexRoute,
        kind: 'category',
        title: category.label,
        documentTitle: `${category.label} | ${site.config.title}`,
        description: category.description ?? `Pages in ${category.label}.`,
        html: '',
        toc: [],
        breadcrumbs: site.config.docs.breadcrumbs ? breadcrumbsFor(site, navigation, category.indexRoute, category.label).slice(0, -1).concat({ label: category.label }).filter((crumb, i, all) => !(i === all.length - 2 && crumb.to === category.indexRoute)) : [],
        sidebar: sidebarId,
        previous: previous ? { label: previous.label, to: previous.to } : undefined,
        next: next ? { label: next.label, to: next.to } : undefined,
      },
    });
  }
}

function createLandingAndNotFound(site: Site): void {
  const { config } = site;
  if (!site.pages.some((page) => page.route === config.routes.root)) {
    addPage(site, {
      route: config.routes.root,
      kind: 'landing',
      anchors: new Set(),
      links: [],
      data: {
        path: config.routes.root,
        kind: 'landing',
        title: config.title,
        documentTitle: config.tagline ? `${config.title} | ${config.tagline}` : config.title,
        description: config.tagline,
        html: '',
        toc: [],
        breadcrumbs: [],
      },
    });
  }
  const notFoundTitle = formatThemeString('notFoundTitle');
  addPage(site, {
    route: joinUrlPath(config.routes.root, '404.html'),
    kind: 'notFound',
    anchors: new Set(),
    links: [],
    data: {
      path: joinUrlPath(config.routes.root, '404.html'),
      kind: 'notFound',
      title: notFoundTitle,
      documentTitle: `${notFoundTitle} | ${config.title}`,
      html: '',
      toc: [],
      breadcrumbs: [],
    },
  });
}

function jsonErrorPosition(raw: string, message: string): { line?: number; column?: number } {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const at = /position (\d+)/.exec(message);
  if (!at) return { line: 1, column: 1 };
  const before = raw.slice(0, Number(at[1]));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

function lineOfKey(raw: string, key: string): number | undefined {
  if (!key) return 1;
  const index = raw.indexOf(`"${key}"`);
  return index === -1 ? 1 : raw.slice(0, index).split('\n').length;
}

export type { Diagnostic };
