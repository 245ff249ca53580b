import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { z } from 'zod';
import { UserError } from '../core/diagnostic.js';
import { addPage, mayHaveChanged, type BuildContext, type Category, type Doc, type DocSource, type Site } from '../core/site.js';
import { flattenSidebar, sidebarNeighbours, sidebarTrails, type SidebarNeighbours } from '../core/sidebar-queries.js';
import { buildSidebar } from './sidebar.js';
import { parseFrontMatter } from './front-matter.js';
import { controlCharacterIn, listDocsFolder, readSourceText } from './read-source.js';
import { createSiteData, resolveNavbar } from './site-data.js';
import { collectCustomPages } from './custom-pages.js';
import { collectThemeOverrides } from './theme-overrides.js';
import { collectTags, docTagLinks, tagsRoute } from '../core/tags.js';
import { firstH1Text } from '../core/doc-text.js';
import { formatThemeString } from '../shared/theme-strings.js';
import { joinUrlPath, withBaseUrl } from '../shared/paths.js';
import type { Crumb, NavLink, RouteData, SidebarCategoryItem } from '../shared/types.js';
import { closest } from '../config/load.js';
import { placePageRoute } from './page-route.js';
import { configForVersion, resolveDocsVersions, versionSidebarsWarning } from '../config/docs-versions.js';
import { currentVersionName, type DocsVersion } from '../core/docs-version.js';
import { applyDocsVersions } from './version-pages.js';
import { readGitHistory } from './git-last-update.js';
import { checkSocialImages } from './social-images.js';

const categorySchema = z.strictObject({
  label: z.string().optional(),
  position: z.number().optional(),
  collapsible: z.boolean().optional(),
  collapsed: z.boolean().optional(),
  className: z.string().optional(),
  customProps: z.record(z.string(), z.unknown()).optional(),
  /** Docusaurus' translation key for the category: nothing to do with one locale. */
  key: z.string().optional(),
  description: z.string().optional(),
  link: z
    .union([
      z.strictObject({
        type: z.literal('generated-index'),
        slug: z.string().optional(),
        title: z.string().optional(),
        description: z.string().optional(),
        keywords: z.array(z.string()).optional(),
        image: z.string().optional(),
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
  const versions = resolveDocsVersions(site.config);
  const unversionedConfig = site.config;
  const current = versions?.find((version) => version.name === currentVersionName);
  if (current) site.config = configForVersion(site.config, current);
  if (!(await readVersionDocs(site, ctx))) return;
  // Past versions are read like the current docs, each into a site of its own (its docs folder,
  // route and sidebar) whose pages land in this one's.
  const past: { version: DocsVersion; site: Site }[] = [];
  for (const version of versions ?? []) {
    if (version === current) continue;
    const sidebarsWarning = versionSidebarsWarning(site.config, version);
    if (sidebarsWarning) site.diagnostics.push(sidebarsWarning);
    const versionSite = pastVersionSite(site, version);
    if (!(await readVersionDocs(versionSite, { ...ctx, previous: undefined, changedFiles: undefined }))) return;
    past.push({ version, site: versionSite });
  }
  const navbarItems = resolveNavbar(site);
  site.siteData = createSiteData(site, navbarItems, findMainDoc(site));
  // A past version's MDX docs render with the site's data, as every page of the site does.
  for (const { site: versionSite } of past) versionSite.siteData = site.siteData;
  if (!site.config.url && !ctx.previous) warnNoSiteUrl(site);
  if (!ctx.previous) warnMissingGitHistory(site);
  checkSocialImages(site);

  const pageRanges = [{ name: currentVersionName, from: site.pages.length, to: 0 }];
  createVersionPages(site);
  pageRanges[0].to = site.pages.length;
  for (const { version, site: versionSite } of past) {
    const from = site.pages.length;
    createVersionPages(versionSite);
    pageRanges.push({ name: version.name, from, to: site.pages.length });
  }
  if (versions) {
    site.docsVersions = { versions, past };
    applyDocsVersions(site, unversionedConfig, pageRanges, (versionSite) => findMainDoc(versionSite, false));
  }
  await collectThemeOverrides(site, ctx);
  await collectCustomPages(site, ctx);
  createLandingAndNotFound(site);
  createSearchPage(site);
}

/** A past version's docs as a site of their own: its config, docs and categories, this site's pages, sidebars, outputs and diagnostics. */
function pastVersionSite(site: Site, version: DocsVersion): Site {
  return { ...site, config: configForVersion(site.config, version), docSources: [], categories: [], docs: [], docsVersions: undefined };
}

/** The pages of one version's docs: its docs, category indexes and tags. */
function createVersionPages(site: Site): void {
  const sidebar = site.sidebars[site.config.docs.sidebar.id];
  const navigation: SidebarNavigation = { neighbours: sidebarNeighbours(sidebar), trails: sidebarTrails(sidebar) };
  createDocPages(site, navigation);
  createCategoryPages(site, navigation);
  createTagPages(site);
}

/**
 * Reads one version's docs folder: its docs, categories and sidebar. False when an error stops
 * the build before pages are made.
 */
async function readVersionDocs(site: Site, ctx: BuildContext): Promise<boolean> {
  const { config } = site;
  const docsDir = config.paths.docs;
  if (!existsSync(docsDir)) {
    throw new UserError({
      severity: 'error',
      code: 'config',
      message: `docs.path: the docs folder ${path.relative(process.cwd(), docsDir) || docsDir} does not exist.`,
      file: config.configFile,
      hint: `Create it with at least one markdown file (e.g. ${config.docs.path}/${config.docs.mainDocId ?? 'intro'}.md), or point docs.path at your docs.`,
    });
  }
  // Runs while the docs are read; serve --watch keeps the history it read at start.
  const gitHistory = wantsLastUpdate(site) ? (ctx.previous?.gitHistory ? Promise.resolve(ctx.previous.gitHistory) : readGitHistory(docsDir)) : undefined;
  const listing = await listDocsFolder(docsDir, config.siteDir);
  site.diagnostics.push(...listing.diagnostics);
  const files = listing.files;

  const categoryFiles = files.filter(({ file }) => /^_category_\.(json|ya?ml)$/.test(path.basename(file))).map(({ file }) => file);
  const docFiles = files
    .filter(({ file, parts }) => /\.mdx?$/.test(file) && !path.basename(file).startsWith('_') && !parts.some((part) => part.startsWith('_')))
    .map(({ file }) => file);

  // serve --watch: a doc the previous build read is kept (the same object, which tells later
  // stages it is unchanged) unless the watcher saw it change and its text really differs.
  const previousSources = new Map(ctx.previous?.docSources.map((source) => [source.file, source]));
  const sources = await Promise.all(
    docFiles.map(async (file): Promise<DocSource | undefined> => {
      const earlier = previousSources.get(file);
      if (earlier && !mayHaveChanged(ctx, file)) return earlier;
      const { text: raw, diagnostics } = await readSourceText(file);
      site.diagnostics.push(...diagnostics);
      if (raw === undefined) return undefined;
      if (earlier?.raw === raw) return earlier;
      const relativePath = path.relative(docsDir, file).split(path.sep).join('/');
      const dir = path.posix.dirname(relativePath);
      return { file, relativePath, dir: dir === '.' ? '' : dir, raw };
    }),
  );
  site.docSources = sources.filter((source) => source !== undefined);
  ctx.logger.debug(`found ${site.docSources.length} docs and ${categoryFiles.length} categories`);

  site.categories = await readCategories(site, categoryFiles);
  site.docs = readDocs(site, ctx);
  if (site.diagnostics.some((d) => d.severity === 'error')) return false;
  linkCategoryDocs(site);
  site.sidebars[config.docs.sidebar.id] = buildSidebar(site.docs, site.categories, config.docs.sidebar);
  site.gitHistory = await gitHistory;
  return true;
}

/** Without `url` the pages cannot say where they live: said once, not once per page. */
function warnNoSiteUrl(site: Site): void {
  site.diagnostics.push({
    severity: 'warning',
    code: 'config',
    message: 'url is not set: pages have no canonical URL and no Open Graph URL or image, and there is no sitemap.xml.',
    file: site.config.configFile,
    hint: "Set url to the site's origin, e.g. url: 'https://docs.example.com'.",
  });
}

/**
 * The docs' entry point, as Docusaurus picks it: `docs.mainDocId`, else the doc at the docs root,
 * else the first doc of the sidebar, else the first doc. An id that matches no doc is a config error.
 */
function findMainDoc(site: Site, strict = true): Doc | undefined {
  const { config } = site;
  if (config.docs.mainDocId !== undefined) {
    const doc = site.docs.find((candidate) => candidate.id === config.docs.mainDocId);
    // A past version may predate the main doc: it then starts where its sidebar does.
    if (!doc && strict) {
      const suggestion = closest(config.docs.mainDocId, site.docs.map((candidate) => candidate.id));
      throw new UserError({
        severity: 'error',
        code: 'config',
        message: `docs.mainDocId: no doc has the id "${config.docs.mainDocId}".`,
        file: config.configFile,
        hint: suggestion ? `Did you mean "${suggestion}"?` : 'Leave it out to use the first doc of the sidebar, or set it to the id of a doc.',
      });
    }
    if (doc) return doc;
  }
  const docByRoute = new Map(site.docs.map((doc) => [doc.route, doc]));
  const firstInSidebar = flattenSidebar(site.sidebars[config.docs.sidebar.id] ?? [])
    .map((link) => docByRoute.get(link.to))
    .find((doc) => doc !== undefined);
  return docByRoute.get(config.routes.docs) ?? firstInSidebar ?? site.docs.find((doc) => !doc.unlisted) ?? site.docs[0];
}

async function readCategories(site: Site, files: string[]): Promise<Category[]> {
  const { docs: docsDir } = site.config.paths;
  const categories = new Map<string, Category>();
  const texts = await Promise.all(files.map((file) => readSourceText(file)));
  for (const [index, file] of files.entries()) {
    const dir = path.relative(docsDir, path.dirname(file)).split(path.sep).join('/');
    site.diagnostics.push(...texts[index].diagnostics);
    const raw = texts[index].text;
    if (raw === undefined) continue;
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
    const control = controlCharacterIn(data);
    if (control) {
      site.diagnostics.push({
        severity: 'error',
        code: 'category',
        message: `Invalid ${path.basename(file)}: ${control.key || '(root)'}: a value holds the control character ${control.character}, which no page can show.`,
        file,
        line: lineOfKey(raw, control.key),
        hint: 'Remove the escape (`\\u0000`…) from the value.',
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
    className: data.className,
    customProps: data.customProps,
    generatedIndex: false,
    metadata: data,
    file,
  };
  if (data.link && data.link.type === 'generated-index') {
    const slug = data.link.slug ?? `/category/${new GithubSlugger().slug(label)}`;
    const slugKey = data.link.slug === undefined ? undefined : 'slug';
    category.indexRoute = placePageRoute(site, joinUrlPath(site.config.routes.docs, slug), { file, key: slugKey, value: data.link.slug });
    category.generatedIndex = true;
    category.description = data.link.description ?? data.description;
  }
  return category;
}

/**
 * Gives each category the doc that is its page, as Docusaurus' autogenerated sidebars do: the doc
 * `link: {type: "doc", id}` names (an id local to the folder first, then a full id), else, when
 * `_category_.json` has no `link` at all, the folder's own index doc (`index.md`, `README.md` or
 * `<folder>/<folder>.md`). The category then takes the doc's route, and its label, position,
 * class and custom props unless `_category_.json` sets them.
 */
function linkCategoryDocs(site: Site): void {
  const byId = new Map(site.docs.map((doc) => [doc.id, doc]));
  const byDir = new Map<string, Doc[]>();
  for (const doc of site.docs) byDir.set(doc.source.dir, [...(byDir.get(doc.source.dir) ?? []), doc]);
  for (const category of site.categories) {
    const { link } = category.metadata;
    const inFolder = byDir.get(category.dir) ?? [];
    let doc: Doc | undefined;
    if (link === undefined) {
      doc = inFolder.find((candidate) => candidate.isCategoryIndex && !candidate.unlisted);
    } else if (link?.type === 'doc') {
      doc = inFolder.find((candidate) => candidate.id.split('/').pop() === link.id) ?? byId.get(link.id);
      if (!doc) {
        const localIds = inFolder.map((candidate) => candidate.id.split('/').pop()!);
        const suggestion = closest(link.id, localIds) ?? closest(link.id, [...byId.keys()]);
        site.diagnostics.push({
          severity: 'error',
          code: 'category',
          message: `Invalid ${path.basename(category.file ?? '_category_.json')}: link.id: no doc has the id "${link.id}".`,
          file: category.file,
          line: category.file ? lineOfKey(readFileSync(category.file, 'utf8'), 'id') : undefined,
          hint: suggestion
            ? `Did you mean "${suggestion}"?`
            : `Use the id of a doc in this folder (${localIds.join(', ') || 'it has none'}) or a full doc id.`,
        });
        continue;
      }
    }
    if (!doc) continue;
    const { metadata } = category;
    category.linkedDoc = doc;
    category.indexRoute = doc.route;
    category.label = metadata.label ?? doc.sidebarLabel;
    category.position = metadata.position ?? doc.sidebarPosition ?? folderNumberPrefix(category.dir);
    category.className = metadata.className ?? doc.frontMatter.sidebar_class_name;
    category.customProps = metadata.customProps ?? doc.frontMatter.sidebar_custom_props;
  }
}

function folderNumberPrefix(dir: string): number | undefined {
  const prefix = /^(\d+)[-_.\s]/.exec(path.posix.basename(dir));
  return prefix ? Number(prefix[1]) : undefined;
}

function readDocs(site: Site, ctx: BuildContext): Doc[] {
  const docs: Doc[] = [];
  // A doc depends only on its source and the config, and a config change is a fresh build.
  const previousDocs = new Map(ctx.previous?.docs.map((doc) => [doc.source, doc]));
  for (const source of site.docSources) {
    const earlier = previousDocs.get(source);
    if (earlier) {
      docs.push(earlier);
      continue;
    }
    const fm = parseFrontMatter(source.raw, source.file);
    site.diagnostics.push(...fm.diagnostics);
    if (fm.diagnostics.some((d) => d.severity === 'error')) continue;
    const data = fm.data;
    // As Docusaurus: drafts are shown while writing (serve --watch) and left out of production builds.
    if (data.draft === true && !ctx.watch) continue;
    const parseNumberPrefixes = data.parse_number_prefixes ?? true;
    const strip = (name: string) => (parseNumberPrefixes ? stripNumberPrefix(name) : name);
    const fileName = path.posix.basename(source.relativePath).replace(/\.mdx?$/, '');
    const baseName = strip(fileName);
    const folders = source.dir ? source.dir.split('/') : [];
    const dirPath = folders.map(strip).join('/');
    const id = [dirPath, data.id ?? baseName].filter(Boolean).join('/');
    const isCategoryIndex = isCategoryIndexFile(fileName, folders.at(-1));
    const title = data.title ?? firstH1Text(fm.body) ?? baseName;
    const numberPrefix = parseNumberPrefixes ? /^(\d+)[-_.\s]/.exec(fileName) : null;
    const routeKey = typeof data.slug === 'string' ? 'slug' : data.id !== undefined ? 'id' : undefined;
    // docRoute resolves '..' itself; a slug or id that climbs is handed over as written, so placePageRoute can refuse it.
    const written = routeKey ? String(data[routeKey]) : undefined;
    const climbs = written !== undefined && /(^|\/)\.\.(\/|$)/.test(written);
    const unchecked = climbs
      ? written.startsWith('/') ? joinUrlPath(site.config.routes.docs, written) : joinUrlPath(site.config.routes.docs, dirPath, written)
      : docRoute(site.config.routes.docs, dirPath, data.slug, data.id ?? baseName, isCategoryIndex);
    const route = placePageRoute(site, unchecked, {
      file: source.file,
      raw: source.raw,
      key: routeKey,
      value: routeKey && String(data[routeKey]),
    });
    if (route === undefined) continue;
    docs.push({
      source,
      id,
      frontMatter: data,
      frontMatterPositions: fm.keyPositions,
      title,
      sidebarLabel: data.sidebar_label ?? title,
      sidebarPosition: data.sidebar_position ?? (numberPrefix ? Number(numberPrefix[1]) : undefined),
      description: data.description ?? firstParagraph(fm.body),
      route,
      isCategoryIndex,
      unlisted: data.unlisted === true && !ctx.watch,
      draft: data.draft === true,
    });
  }
  const byId = new Map<string, Doc>();
  for (const doc of docs) {
    const other = byId.get(doc.id);
    if (other) {
      site.diagnostics.push({
        severity: 'error',
        code: 'duplicate-id',
        message: `Duplicate doc id "${doc.id}": ${doc.source.relativePath}:${doc.frontMatterPositions.id?.line ?? 1} and ${other.source.relativePath}:${other.frontMatterPositions.id?.line ?? 1} both have it.`,
        file: doc.source.file,
        ...(doc.frontMatterPositions.id ?? { line: 1, column: 1 }),
        hint: 'Change the `id` in the front matter of one of them.',
      });
    }
    byId.set(doc.id, doc);
  }
  return docs;
}

/**
 * Docusaurus' index doc convention: `index`, `readme` or the name of its own folder, in any case
 * and as written (number prefix included). Such a doc's route is its folder's.
 */
function isCategoryIndexFile(fileName: string, folder: string | undefined): boolean {
  const name = fileName.toLowerCase();
  return name === 'index' || name === 'readme' || (folder !== undefined && name === folder.toLowerCase());
}

/**
 * A doc's route, as Docusaurus computes its slug: an absolute `slug` is taken as it is, an index
 * doc without a slug gets its folder's route, anything else resolves `slug` (or the doc's id)
 * against its folder (number prefixes stripped), so `slug: ../other` works as a path would.
 */
function docRoute(docsRoute: string, dirPath: string, slug: string | undefined, baseId: string, isCategoryIndex: boolean): string {
  let route: string;
  if (slug?.startsWith('/')) route = joinUrlPath(docsRoute, slug);
  else if (!slug && isCategoryIndex) route = joinUrlPath(docsRoute, dirPath);
  else route = joinUrlPath(docsRoute, path.posix.join('/', dirPath, slug || baseId));
  return route.length > 1 && route.endsWith('/') ? route.slice(0, -1) : route;
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
  const { config } = site;
  const sidebarId = config.docs.sidebar.id;
  const docById = new Map(site.docs.map((doc) => [doc.id, doc]));
  const docByRoute = new Map(site.docs.map((doc) => [doc.route, doc]));
  const formatDate = lastUpdateDateFormat(site);
  const unknownSidebars = new Map<string, Doc[]>();
  for (const doc of site.docs) {
    const fm = doc.frontMatter;
    const neighbours = navigation.neighbours.get(doc.route) ?? {};
    // As Docusaurus labels pagination links: the target doc's pagination_label, else its sidebar label.
    const sidebarLink = (link: { label: string; to: string } | undefined): NavLink | undefined => {
      if (!link) return undefined;
      const target = docByRoute.get(link.to);
      return { label: target ? paginationLabel(target) : link.label, to: link.to };
    };
    const previous = fm.pagination_prev !== undefined ? paginationTarget(site, doc, 'pagination_prev', docById) : sidebarLink(neighbours.previous);
    const next = fm.pagination_next !== undefined ? paginationTarget(site, doc, 'pagination_next', docById) : sidebarLink(neighbours.next);
    const data: RouteData = {
      path: doc.route,
      kind: 'doc',
      title: doc.title,
      documentTitle: `${doc.title} | ${config.title}`,
      description: doc.description,
      html: '',
      toc: [],
      breadcrumbs: config.docs.breadcrumbs ? breadcrumbsFor(site, navigation, doc.route, doc.sidebarLabel) : [],
      sidebar: displayedSidebar(site, doc, unknownSidebars) ? sidebarId : undefined,
      previous,
      next,
      editUrl: editUrlOf(site, doc),
      docId: doc.id,
      keywords: fm.keywords,
      image: fm.image ? withBaseUrl(fm.image, config.baseUrl) : undefined,
      unlisted: doc.unlisted || undefined,
      draft: doc.draft || undefined,
      tags: fm.tags?.length ? docTagLinks(site, doc) : undefined,
      lastUpdate: lastUpdateOf(site, doc, formatDate),
    };
    addPage(site, {
      route: doc.route,
      kind: 'doc',
      sourceFile: doc.source.file,
      sourceLine: doc.frontMatter.slug !== undefined ? doc.frontMatterPositions.slug?.line : undefined,
      data,
      anchors: new Set(),
      links: [],
    });
  }
  warnUnknownSidebars(site, unknownSidebars);
}

function paginationLabel(doc: Doc): string {
  return doc.frontMatter.pagination_label ?? doc.sidebarLabel;
}

/** The link `pagination_next` / `pagination_prev` asks for: none for null, else the doc of that id. */
function paginationTarget(site: Site, doc: Doc, key: 'pagination_next' | 'pagination_prev', docById: Map<string, Doc>): NavLink | undefined {
  const id = doc.frontMatter[key];
  if (id === null || id === undefined) return undefined;
  const target = docById.get(id);
  if (target) return { label: paginationLabel(target), to: target.route };
  const suggestion = closest(id, [...docById.keys()]);
  site.diagnostics.push({
    severity: 'error',
    code: 'front-matter',
    message: `${key}: no doc has the id "${id}".`,
    file: doc.source.file,
    ...doc.frontMatterPositions[key],
    hint: suggestion ? `Did you mean "${suggestion}"? Ids are paths in the docs folder without number prefixes or extension.` : `Use a doc id such as "${doc.id}", or null to show no link.`,
  });
  return undefined;
}

/**
 * `displayed_sidebar: null` shows the doc without a sidebar. The site has one sidebar, so any other
 * name cannot be shown: the docs naming it are recorded in `unknown` and said once per name.
 */
function displayedSidebar(site: Site, doc: Doc, unknown: Map<string, Doc[]>): boolean {
  const wanted = doc.frontMatter.displayed_sidebar;
  if (wanted === null) return false;
  if (wanted !== undefined && wanted !== site.config.docs.sidebar.id) unknown.set(wanted, [...(unknown.get(wanted) ?? []), doc]);
  return true;
}

function warnUnknownSidebars(site: Site, unknown: Map<string, Doc[]>): void {
  const sidebarId = site.config.docs.sidebar.id;
  for (const [name, docs] of unknown) {
    const which = docs.length > 1 ? `this doc and ${docs.length - 1} more show` : 'this doc shows';
    site.diagnostics.push({
      severity: 'warning',
      code: 'front-matter',
      message: `displayed_sidebar: there is no sidebar "${name}"; ${which} the site's one sidebar, "${sidebarId}".`,
      file: docs[0].source.file,
      ...docs[0].frontMatterPositions.displayed_sidebar,
      hint: `sdkdocs builds one autogenerated sidebar: write displayed_sidebar: ${sidebarId} (docs.sidebar.id), null for no sidebar, or leave it out.`,
    });
  }
}

/** `custom_edit_url` wins (null or '' for none), else the doc's path under `docs.editUrl`. */
function editUrlOf(site: Site, doc: Doc): string | undefined {
  const custom = doc.frontMatter.custom_edit_url;
  if (custom !== undefined) return custom || undefined;
  const base = site.config.docs.editUrl;
  return base ? new URL(doc.source.relativePath, ensureSlash(base)).href : undefined;
}

function wantsLastUpdate(site: Site): boolean {
  return site.config.docs.showLastUpdateTime || site.config.docs.showLastUpdateAuthor;
}

/**
 * "Last updated on {date} by {author}", each part as Docusaurus picks it: front matter
 * `last_update` wins, else the last commit that changed the doc; a part switched off in the
 * config is left out (front matter too). A doc never committed has no git part.
 */
function lastUpdateOf(site: Site, doc: Doc, formatDate: (date: Date) => string): RouteData['lastUpdate'] {
  const { showLastUpdateTime, showLastUpdateAuthor } = site.config.docs;
  const written = doc.frontMatter.last_update;
  const committed = site.gitHistory?.kind === 'checkout' ? site.gitHistory.files.get(doc.source.relativePath) : undefined;
  const date = !showLastUpdateTime
    ? undefined
    : written?.date !== undefined
      ? new Date(written.date)
      : committed
        ? new Date(committed.timestamp * 1000)
        : undefined;
  const author = showLastUpdateAuthor ? (written?.author ?? committed?.author) : undefined;
  if (!date && !author) return undefined;
  return { date: date ? formatDate(date) : undefined, author };
}

/**
 * As Docusaurus does, said once: git is missing, or docs in a checkout were never committed (a
 * new doc: it gets its line with its first commit). Outside a checkout there is nothing to say.
 */
function warnMissingGitHistory(site: Site): void {
  const history = site.gitHistory;
  const hint = 'Commit the docs, set last_update in their front matter, or set docs.showLastUpdateTime and docs.showLastUpdateAuthor to false.';
  if (history?.kind === 'no-git') {
    site.diagnostics.push({
      severity: 'warning',
      code: 'last-update',
      message: 'git is not installed: docs show no "Last updated" date or author from their history.',
      file: site.config.configFile,
      hint: 'Install git, or set docs.showLastUpdateTime and docs.showLastUpdateAuthor to false.',
    });
    return;
  }
  if (history?.kind !== 'checkout') return;
  const { showLastUpdateTime, showLastUpdateAuthor } = site.config.docs;
  const writtenWhole = (doc: Doc) =>
    (!showLastUpdateTime || doc.frontMatter.last_update?.date !== undefined) && (!showLastUpdateAuthor || doc.frontMatter.last_update?.author !== undefined);
  const untracked = site.docs.filter((doc) => !history.files.has(doc.source.relativePath) && !writtenWhole(doc));
  if (untracked.length === 0) return;
  const message =
    untracked.length > 1
      ? `This doc and ${untracked.length - 1} more are not committed to git, so they show no "Last updated" line until they are.`
      : 'This doc is not committed to git, so it shows no "Last updated" line until it is.';
  site.diagnostics.push({
    severity: 'warning',
    code: 'last-update',
    message,
    file: untracked[0].source.file,
    hint,
  });
}

/** `last_update.date` as Docusaurus shows it (`Jan 31, 2025`), in the site's locale and calendar, at build time so the page and its hydration agree. */
function lastUpdateDateFormat(site: Site): (date: Date) => string {
  const { i18n } = site.config;
  const locale = i18n.localeConfigs[i18n.defaultLocale] ?? {};
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale.htmlLang ?? i18n.defaultLocale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC', calendar: locale.calendar ?? 'gregory' });
  } catch {
    format = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  }
  return (date) => format.format(date);
}

function ensureSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * Home, then each category on the way to the route (linked when it has a page), then the page.
 * A category's own page (its generated index or its index doc) ends with the category, as in Docusaurus.
 */
function breadcrumbsFor(site: Site, navigation: SidebarNavigation, route: string, label: string): Crumb[] {
  const trail = navigation.trails.get(route) ?? [];
  const home: Crumb = { label: formatThemeString('homePage'), to: site.config.baseUrl };
  const own = trail.at(-1);
  if (own && own.to === route) {
    return [home, ...trail.slice(0, -1).map((category) => ({ label: category.label, to: category.to })), { label: own.label }];
  }
  return [home, ...trail.map((category) => ({ label: category.label, to: category.to })), { label }];
}

/** Pages for categories with a generated index; a category whose page is a doc has it already. */
function createCategoryPages(site: Site, navigation: SidebarNavigation): void {
  const { config } = site;
  const sidebarId = config.docs.sidebar.id;
  // A category the sidebar left out (nothing in it) gets no generated index either.
  const inSidebar = new Set(flattenSidebar(site.sidebars[sidebarId] ?? []).map((link) => link.to));
  for (const category of site.categories) {
    if (!category.generatedIndex || !category.indexRoute || !inSidebar.has(category.indexRoute)) continue;
    const { previous, next } = navigation.neighbours.get(category.indexRoute) ?? {};
    const link = category.metadata.link?.type === 'generated-index' ? category.metadata.link : undefined;
    const title = link?.title ?? category.label;
    addPage(site, {
      route: category.indexRoute,
      kind: 'category',
      sourceFile: category.file,
      sourceLine: link?.slug !== undefined && category.file ? lineOfKey(readFileSync(category.file, 'utf8'), 'slug') : undefined,
      anchors: new Set(),
      links: [],
      data: {
        path: category.indexRoute,
        kind: 'category',
        title,
        documentTitle: `${title} | ${config.title}`,
        description: category.description ?? `Pages in ${category.label}.`,
        html: '',
        toc: [],
        breadcrumbs: config.docs.breadcrumbs ? breadcrumbsFor(site, navigation, category.indexRoute, category.label) : [],
        sidebar: sidebarId,
        previous: previous ? { label: previous.label, to: previous.to } : undefined,
        next: next ? { label: next.label, to: next.to } : undefined,
        keywords: link?.keywords,
        image: link?.image ? withBaseUrl(link.image, config.baseUrl) : undefined,
      },
    });
  }
}

/** Docusaurus' tag pages: one listing every tag, and one per tag listing its docs. */
function createTagPages(site: Site): void {
  const tags = collectTags(site);
  if (tags.length === 0) return;
  const { config } = site;
  const allTags = tagsRoute(site);
  const title = formatThemeString('tagsTitle');
  const tagsPage = (route: string, pageTitle: string, sourceFile?: string): void =>
    addPage(site, {
      route,
      kind: 'tags',
      sourceFile,
      anchors: new Set(),
      links: [],
      data: { path: route, kind: 'tags', title: pageTitle, documentTitle: `${pageTitle} | ${config.title}`, html: '', toc: [], breadcrumbs: [] },
    });
  tagsPage(allTags, title);
  for (const tag of tags) tagsPage(tag.route, formatThemeString('tagDocsTitle', { count: tag.docs.length, label: tag.label }), tag.docs[0].source.file);
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

/**
 * The search results page (`/sdk/search?q=…`): a static page whose content the client fills from
 * the query string, so it works on any static host. A custom page of that route wins.
 */
function createSearchPage(site: Site): void {
  const { config } = site;
  const route = joinUrlPath(config.routes.root, 'search');
  if (site.pages.some((page) => page.route === route)) return;
  const title = formatThemeString('searchPageTitle');
  addPage(site, {
    route,
    kind: 'search',
    anchors: new Set(),
    links: [],
    data: { path: route, kind: 'search', title, documentTitle: `${title} | ${config.title}`, html: '', toc: [], breadcrumbs: [], unlisted: true },
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

