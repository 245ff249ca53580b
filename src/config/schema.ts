import { z } from 'zod';
import { urlPathProblem } from '../core/route-safety.js';
import { isCssColor } from './css-color.js';
import { defineKeyPattern } from '../core/site-bundle-settings.js';

/** A CSS colour the palette can be derived from: hex, `rgb()` or `hsl()`. */
const cssColor = z.string().refine(isCssColor, 'expected an opaque colour such as "#2e8555", "rgb(46 133 85)" or "hsl(147 49% 35%)"');

/** A value that goes into the generated stylesheet as it is: a character that ends a declaration would let it write other rules. */
const cssValue = (example: string) => z.string().min(1).regex(/^[^;{}<>\\]*$/, `may not hold ; { } < > or \\, e.g. ${example}`);

/** A colour or font setting of a Prism theme, written into the theme stylesheet as it is. */
const prismStyleValue = cssValue('"#393A34" or "italic"');

/**
 * A theme of prism-react-renderer: `plain` for the code's text and background, and a style per
 * list of token types. Other keys (a style's `languages`, extra properties) are read as far as
 * sdkdocs needs them.
 */
const prismTheme = z.looseObject({
  plain: z.looseObject({ color: prismStyleValue.optional(), backgroundColor: prismStyleValue.optional() }).default({}),
  styles: z
    .array(
      z.looseObject({
        types: z.array(z.string()),
        style: z.looseObject({ color: prismStyleValue.optional(), fontStyle: prismStyleValue.optional() }),
        languages: z.array(z.string()).optional(),
      }),
    )
    .default([]),
});

/** A Prism theme as the config holds it. */
export type PrismTheme = z.output<typeof prismTheme>;

/** A Google tag or container ID, written into an inline script: letters, digits and dashes only. */
const googleTagId = (example: string) => z.string().regex(/^[A-Za-z0-9-]+$/, `expected an ID of letters, digits and dashes, e.g. ${example}`);

/** An HTML attribute of a head element: a string, a number, or a boolean (true writes the bare attribute, false leaves it out). */
const attributeValue = z.union([z.string(), z.number(), z.boolean()]);

/** HTML attributes by name; names are checked so that one cannot close the tag. */
const attributes = z.record(z.string(), attributeValue).superRefine((record, ctx) => {
  for (const name of Object.keys(record)) {
    if (!/^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/.test(name)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `${JSON.stringify(name)} is not an attribute name: use letters, digits, "-", "_", ":" or "."` });
    }
  }
});

/** The elements HTML allows in `<head>`: any other would end the head and start the body. */
export const headTagNames = ['base', 'link', 'meta', 'noscript', 'script', 'style', 'template', 'title'] as const;

const headTag = z.strictObject({
  /** @example 'link' */
  tagName: z.enum(headTagNames),
  /** @example { rel: 'preconnect', href: 'https://fonts.gstatic.com' } */
  attributes: attributes.default({}),
  /** Content of the element, as raw HTML (e.g. an inline script). */
  innerHTML: z.string().optional(),
});

/** A `scripts` entry: a URL, or the attributes of the `<script>` element. */
const scriptEntry = z
  .union([
    z.string().min(1),
    z
      .object({
        /** @example 'https://plausible.io/js/script.js' */
        src: z.string().min(1),
        /** Run as soon as loaded; without it the script is deferred. */
        async: z.boolean().optional(),
        /** @defaultValue true unless `async` is set */
        defer: z.boolean().optional(),
      })
      .catchall(attributeValue),
  ])
  .transform((entry) => (typeof entry === 'string' ? { src: entry } : entry));

/** A `stylesheets` entry: a URL, or the attributes of the `<link rel="stylesheet">` element. */
const stylesheetEntry = z
  .union([
    z.string().min(1),
    z
      .object({
        /** @example 'https://cdn.jsdelivr.net/npm/katex@0.16.11/dist/katex.min.css' */
        href: z.string().min(1),
      })
      .catchall(attributeValue),
  ])
  .transform((entry) => (typeof entry === 'string' ? { href: entry } : entry));

const fontStack = cssValue(`"'Inter', system-ui, sans-serif"`);

/** What to do when a link, markdown link or anchor does not resolve. */
const brokenLinkAction = z.enum(['throw', 'warn', 'ignore']);

/**
 * A URL path that routes are built on (`baseUrl`, a `routeBasePath`): it becomes a folder of the
 * output, so it may not climb out of it or hold characters that are not plain path segments.
 */
function urlPath(example: string) {
  return z.string().superRefine((value, ctx) => {
    const problem = urlPathProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)} cannot be used: ${problem}; write plain segments, e.g. ${example}` });
  });
}

/** A path of the site that a redirect leaves from: a route, so plain segments only. */
const redirectFrom = urlPath('"/docs/old-page"').regex(/^\/./, 'a redirect leaves from a path of the site: it starts with "/", e.g. "/docs/old-page"');

/**
 * Whether `value` parses as an absolute URL, or is a path from the site's root, which Docusaurus
 * takes in `href` too: its Link puts the base URL in front and navigates within the site.
 */
function isUrlOrSitePath(value: string): boolean {
  if (value.startsWith('/')) return true;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const linkTarget = {
  /** Internal route, with or without the base URL. @example '/docs/intro' */
  to: z.string().optional(),
  /** External URL, or a path from the site's root (given the base URL, as `to` is). @example 'https://github.com/playkit/sdk' */
  href: z
    .string()
    .superRefine((value, ctx) => {
      if (!isUrlOrSitePath(value)) ctx.addIssue({ code: 'custom', message: `expected a URL (https://…) or a path from the site's root ("/docs/intro"), found ${JSON.stringify(value)}` });
    })
    .optional(),
};

/** The first value in `value` that JSON cannot carry to the browser as it is, with its path. */
function notJsonData(value: unknown, at: (string | number)[], seen = new Set<unknown>()): { path: (string | number)[]; found: string } | undefined {
  // An unset value (`process.env.X` where X is not set) is left out, as JSON leaves it.
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { path: at, found: String(value) };
  if (typeof value !== 'object') return { path: at, found: typeof value === 'function' ? 'a function' : `a ${typeof value}` };
  if (seen.has(value)) return { path: at, found: 'a circular reference' };
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
    return { path: at, found: `an instance of ${(value as object).constructor?.name ?? 'a class'}` };
  }
  seen.add(value);
  for (const [key, item] of Object.entries(value)) {
    const problem = notJsonData(item, [...at, Array.isArray(value) ? Number(key) : key], seen);
    if (problem) return problem;
  }
  seen.delete(value);
  return undefined;
}

const apiOutputOption = 'sdkdocs renders the API pages from the model itself and TypeDoc writes no files; remove it';
const sourceLinkOption = 'sdkdocs makes source links from `api.sourceLinkTemplate` and `api.sourceRoot`; set those instead';

/** TypeDoc options that `api.typedocOptions` may not set, with why: sdkdocs sets them, or they would write or serve files. */
export const sdkdocsOwnedTypeDocOptions: ReadonlyMap<string, string> = new Map([
  ['entryPoints', 'set `api.entryPoints`'],
  ['entryPointStrategy', 'entry points are the files of `api.entryPoints`; list each one there'],
  ['tsconfig', 'set `api.tsconfig`'],
  ['name', 'the reference is named by `api.packageName` or the site title'],
  ['plugin', "sdkdocs loads its own TypeDoc plugin first; the SDK's plugins are named in its tsconfig's `typedocOptions.plugin`"],
  ['options', 'TypeDoc reads the SDK tsconfig only, so a typedoc.json does not change the site; write its options here'],
  ['readme', 'the API index is made by sdkdocs; write the overview as a doc'],
  ['logLevel', "TypeDoc's warnings and errors are reported as the build's own"],
  ['skipErrorChecking', 'set `api.skipTypeCheck`'],
  ...['treatWarningsAsErrors', 'treatValidationWarningsAsErrors'].map((name) => [name, "TypeDoc's warnings and errors are reported as the build's own, at their lines; errors fail the build"] as const),
  ['watch', 'use `sdkdocs serve`, which reruns TypeDoc when the SDK changes'],
  ['preserveWatchOutput', 'use `sdkdocs serve`, which reruns TypeDoc when the SDK changes'],
  ...['out', 'outputs', 'json', 'html', 'emit', 'theme', 'pretty', 'cleanOutputDir', 'customCss', 'customJs', 'lightHighlightTheme', 'darkHighlightTheme', 'githubPages', 'hostedBaseUrl', 'router'].map(
    (name) => [name, apiOutputOption] as const,
  ),
  ...['disableGit', 'disableSources', 'sourceLinkTemplate', 'gitRevision', 'gitRemote', 'sourceLinkExternal'].map((name) => [name, sourceLinkOption] as const),
]);

/** An `<img>` size attribute: pixels, or what the attribute takes as a string. */
const imageSize = z.union([z.number().positive(), z.string().regex(/^\d+(\.\d+)?(px)?$/, 'a size in pixels, e.g. 160 or "160"')]).optional();

/** Navbar item types the theme has a component for. */
export const navbarItemTypes = ['default', 'dropdown', 'docSidebar', 'doc', 'html', 'docsVersionDropdown', 'localeDropdown'] as const;

/** Attributes a navbar or footer link passes to its element, as Docusaurus passes them. */
const linkAttributes = {
  /** Classes added to the element (a site's icon link: `header-github-link`). */
  className: z.string().optional(),
  /** null for none, where another site's link gets `_blank` (Docusaurus spreads it over that default). @example '_blank' */
  target: z.string().nullable().optional(),
  /** null for none, where another site's link gets `noopener noreferrer` (capacitorjs.com's docs). @example 'noopener noreferrer' */
  rel: z.string().nullable().optional(),
  /** The accessible name of an item whose label is an icon. @example 'GitHub repository' */
  'aria-label': z.string().optional(),
  /** The link's tooltip (`title` attribute). */
  title: z.string().optional(),
};

/** A regular expression over the page's path (base URL included) that alone decides whether an item is active. @example '^/docs/(?!api)' */
const activeBaseRegex = z
  .string()
  .refine((pattern) => {
    try {
      new RegExp(pattern);
      return true;
    } catch {
      return false;
    }
  }, 'not a valid regular expression')
  .optional();

const navbarItemBase = {
  /** @example 'Docs' */
  label: z.string().optional(),
  /** The label as HTML (an icon beside the text), instead of `label`. @example '<b>New</b> API' */
  html: z.string().optional(),
  ...linkTarget,
  ...linkAttributes,
  /** Side of the navbar. @defaultValue 'right' */
  position: z.enum(['left', 'right']).default('right'),
  /** Route prefix that marks a plain link as active. @example '/docs' */
  activeBasePath: z.string().optional(),
  activeBaseRegex,
  /** Of a dropdown: never mark it active, even when one of its entries is. */
  dropdownActiveClassDisabled: z.boolean().optional(),
};

/**
 * A link shows its `label` or `html`, or is an icon the site's CSS draws from its `className`
 * (`header-github-link`, as trpc.io and many Docusaurus sites write it), named by `aria-label`.
 */
function hasVisibleName(item: { label?: string; html?: string; className?: string }): boolean {
  return item.label !== undefined || item.html !== undefined || item.className !== undefined;
}
const iconLinkHint = 'a link item needs a "label" (or, for an icon drawn by the site\'s CSS, a "className", with an "aria-label" naming it)';

/** Item types a dropdown may hold: any but another dropdown. */
export const dropdownChildTypes = ['default', 'doc', 'docSidebar', 'html'] as const;

const dropdownChild = z
  .strictObject({
    /** `default` (a link), `doc`, `docSidebar` or `html`. @defaultValue 'default' */
    type: z.enum(dropdownChildTypes).optional(),
    label: z.string().optional(),
    html: z.string().optional(),
    ...linkTarget,
    ...linkAttributes,
    sidebarId: z.string().optional(),
    docId: z.string().optional(),
    value: z.string().optional(),
    activeBasePath: z.string().optional(),
    activeBaseRegex,
  })
  .superRefine((child, ctx) => {
    const type = child.type ?? 'default';
    if (type === 'default' && !hasVisibleName(child)) ctx.addIssue({ code: 'custom', path: ['label'], message: iconLinkHint });
    if (type === 'default' && child.to === undefined && child.href === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'a dropdown link needs "to" (internal route) or "href" (external URL)' });
    if (type === 'doc' && child.docId === undefined) ctx.addIssue({ code: 'custom', path: ['docId'], message: 'a doc item needs "docId"' });
    if (type === 'docSidebar' && child.sidebarId === undefined) ctx.addIssue({ code: 'custom', path: ['sidebarId'], message: 'a docSidebar item needs "sidebarId"' });
    if (type === 'html' && child.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'an html item needs "value"' });
  });

/** The type of a site's own navbar item, drawn by the component its `src/theme/NavbarItem/ComponentTypes` maps the type to. */
export const customNavbarItemType = /^custom-./;

/**
 * A `custom-…` item's keys but `type` and `position` are its component's props: they move under
 * `props`. An item with `items` and no type (or `default`) is a dropdown, as Docusaurus draws it.
 */
function gatherCustomItemProps(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const { type, position, ...props } = value as Record<string, unknown>;
  if ((type === undefined || type === 'default') && Array.isArray(props.items)) return { ...value, type: 'dropdown' };
  if (typeof type !== 'string' || !customNavbarItemType.test(type)) return value;
  return { type, ...(position !== undefined ? { position } : {}), props };
}

/**
 * One navbar entry. The `type` picks the component; checked separately so that an unknown type
 * gets the theme's own message instead of a union error.
 */
const navbarItem = z.preprocess(
  gatherCustomItemProps,
  z
  .strictObject({
    /**
     * `default` (a link), `dropdown`, `doc`, `docSidebar`, `html`, `docsVersionDropdown`, `localeDropdown`, or
     * `custom-<name>` for a component of the site's `src/theme/NavbarItem/ComponentTypes`. @defaultValue 'default'
     */
    type: z.string().default('default'),
    ...navbarItemBase,
    /** For `docSidebar`: the sidebar whose first doc the item links to. @example 'docsSidebar' */
    sidebarId: z.string().optional(),
    /** For `doc`: the id of the doc to link to. @example 'intro' */
    docId: z.string().optional(),
    /** For `dropdown`: its entries. */
    items: z.array(dropdownChild).optional(),
    /** For `docsVersionDropdown` and `localeDropdown`: entries before and after the versions or the locale (Docusaurus' options). */
    dropdownItemsBefore: z.array(dropdownChild).optional(),
    /** For `docsVersionDropdown` and `localeDropdown`: entries after the versions or the locale. */
    dropdownItemsAfter: z.array(dropdownChild).optional(),
    /** For `html`: raw HTML to show. */
    value: z.string().optional(),
    /** For `localeDropdown`: Docusaurus' query string for the other locales' links; with the one locale built, unused. */
    queryString: z.string().optional(),
    /** For a `custom-…` item: the keys written beside `type` and `position`, gathered here. */
    props: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((item, ctx) => {
    if (customNavbarItemType.test(item.type)) return;
    if (!(navbarItemTypes as readonly string[]).includes(item.type)) {
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: `No NavbarItem component found for type "${item.type}". Use one of: ${navbarItemTypes.join(', ')}, or custom-<name> for a component of the site's src/theme/NavbarItem/ComponentTypes`,
      });
      return;
    }
    if (item.props !== undefined) ctx.addIssue({ code: 'custom', path: ['props'], message: 'only a custom-… item takes "props"' });
    const need = (key: keyof typeof item, why: string) => {
      if (item[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: why });
    };
    if (item.type === 'default' && item.to === undefined && item.href === undefined) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'a link item needs "to" (internal route) or "href" (external URL)' });
    }
    if (item.type === 'dropdown' && item.html === undefined) need('label', 'a "dropdown" item needs a "label"');
    if (item.type === 'default' && !hasVisibleName(item)) need('label', iconLinkHint);
    if (item.type === 'dropdown') need('items', 'a dropdown needs "items"');
    if (item.type === 'docSidebar') need('sidebarId', 'a docSidebar item needs "sidebarId"');
    if (item.type === 'doc') need('docId', 'a doc item needs "docId"');
    if (item.type === 'html') need('value', 'an html item needs "value"');
  }),
);

const localeConfig = z.strictObject({
  /** @example 'English' */
  label: z.string().optional(),
  /** @defaultValue 'ltr' */
  direction: z.enum(['ltr', 'rtl']).optional(),
  /** @example 'en' */
  htmlLang: z.string().optional(),
  /** @defaultValue 'gregory' */
  calendar: z.string().optional(),
  /** URL path segment of the locale. @example 'en' */
  path: z.string().optional(),
});

/** The doc files of a docs folder, as Docusaurus finds them. */
export const defaultDocsInclude = ['**/*.{md,mdx}'] as const;

/** Files of the docs folder that are no docs, as Docusaurus leaves them out: `_partial.mdx`, `_drafts/`, tests. */
export const defaultDocsExclude = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'] as const;

/** What Docusaurus passes a function `docs.editUrl`, for one doc. */
export interface EditUrlArguments {
  /** `current`, or a name of `versions.json`. */
  version: string;
  /** The version's docs folder relative to the site, with forward slashes: `docs`, `versioned_docs/version-1.4.0`. */
  versionDocsDirPath: string;
  /** The doc's path in that folder: `guides/install.md`. */
  docPath: string;
  /** The doc's URL path, with the base URL: `/docs/guides/install`. */
  permalink: string;
  /** The locale being built. */
  locale: string;
}

/** A function `docs.editUrl`: the doc's edit link, or undefined for none. */
export type EditUrlFunction = (args: EditUrlArguments) => string | undefined;

/** Docusaurus' `numberPrefixParser`: a file or folder name → the name without its number prefix, and the number. */
export type NumberPrefixParser = (filename: string) => { filename: string; numberPrefix?: number };

/**
 * A unified plugin as Docusaurus' `remarkPlugins` take one: the plugin (a function, or a module
 * whose default export is one), or `[plugin, options]`; `false` and `null` (a plugin switched off
 * by a condition) are skipped.
 */
const unifiedPlugin = z.custom<(...args: never[]) => unknown>(
  (value) => typeof value === 'function' || (typeof value === 'object' && value !== null && typeof (value as { default?: unknown }).default === 'function'),
  'expected a plugin function (or a module whose default export is one)',
);
const markdownPluginList = z.array(z.union([z.literal(false), z.null(), unifiedPlugin, z.tuple([unifiedPlugin], z.unknown())]));

const numberPrefixParser = z.union([z.boolean(), z.custom<NumberPrefixParser>((value) => typeof value === 'function', 'expected true, false or a function')]);

/** A PostCSS plugin as `postcss()` takes it: an object with `postcssPlugin`, or a plugin package's function. */
export type PostcssPlugin = object | ((...args: never[]) => unknown);

/** Old paths that lead to `existingPath`, as Docusaurus' `createRedirects` returns them. */
export type CreateRedirects = (existingPath: string) => string | string[] | null | undefined;

/** Where an import leads in the site's bundles: a package or path, several to try in order, or false (an empty module). */
const bundleTarget = z.union([z.literal(false), z.string().min(1), z.array(z.string().min(1)).min(1)]);

const editUrlFunction = z.custom<EditUrlFunction>((value) => typeof value === 'function', 'expected a URL or a function that returns one');

/**
 * Docs versions, as Docusaurus' docs plugin options: only read when the site has a `versions.json`
 * (written by `sdkdocs docs:version`). A version is `current` (the `docs` folder) or a name of
 * `versions.json`.
 */
const docsVersionOptions = {
  /** The version served at the docs root. @defaultValue the newest built name of `versions.json`, else current @example 'current' */
  lastVersion: z.string().optional(),
  /**
   * Build the `docs` folder as the version `current`. When false, only the versions of
   * `versions.json` are built (the `docs` folder may then be missing), and the last version
   * defaults to the newest of them. @defaultValue true @example false
   */
  includeCurrentVersion: z.boolean().optional(),
  /** Build the `docs` folder alone, as a site without `versions.json` (which must exist). @defaultValue false @example true */
  disableVersioning: z.boolean().optional(),
  /** Build only these versions, of `current` and the names of `versions.json` (faster builds while writing). @example ['current', '1.4.0'] */
  onlyIncludeVersions: z.array(z.string()).min(1).optional(),
  /** Per-version settings. @example { current: { label: '2.0 (beta)', banner: 'unreleased' }, '1.4.0': { path: '1.4' } } */
  versions: z
    .record(
      z.string(),
      z.strictObject({
        /** @defaultValue the version's name; `Next` (docs.versionLabel) for current */
        label: z.string().optional(),
        /** URL segment under the docs route. @defaultValue '' for the last version, 'next' for current, else the name */
        path: z.string().regex(/^[\w.-]*$/, 'a version path is one plain URL segment, e.g. "1.4"').optional(),
        /** @defaultValue 'unreleased' for versions newer than the last, 'unmaintained' for older ones */
        banner: z.enum(['unreleased', 'unmaintained', 'none']).optional(),
        /** "Version: {label}" above the title of the version's docs. @defaultValue true when more than one version is built */
        badge: z.boolean().optional(),
        /** Keep search engines off the version's pages (a robots meta tag) and out of the sitemap. @defaultValue false */
        noIndex: z.boolean().optional(),
        /**
         * The SDK as it was at this version, for an API reference at `/api/<version>`: the folder
         * of `api.tsconfig` at a git ref of its repository (read with git, the working tree left
         * alone), or a folder holding that version of it, relative to the site.
         * @example { gitRef: 'v1.4.0' } @example { path: 'sdk-versions/1.4.0' }
         */
        api: z.union([z.strictObject({ gitRef: z.string().min(1) }), z.strictObject({ path: z.string().min(1) })]).optional(),
      }),
    )
    .optional(),
};

/**
 * `docs.sidebar.collapsible` / `collapsed` with their defaults, taken from Docusaurus' top-level
 * names when the config uses those; a value given both ways is an error, as one would be ignored.
 */
function withSidebarDefaults<Docs extends { sidebar: { id: string; collapsible?: boolean; collapsed?: boolean }; sidebarCollapsible?: boolean; sidebarCollapsed?: boolean }>(
  { sidebarCollapsible, sidebarCollapsed, ...docs }: Docs,
  ctx: z.RefinementCtx,
) {
  const pick = (docusaurusKey: 'sidebarCollapsible' | 'sidebarCollapsed', docusaurusValue: boolean | undefined, ownKey: 'collapsible' | 'collapsed') => {
    const own = docs.sidebar[ownKey];
    if (docusaurusValue !== undefined && own !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [docusaurusKey],
        message: `it and docs.sidebar.${ownKey} say the same thing: keep one of them (${docusaurusKey} is Docusaurus' name)`,
      });
    }
    return docusaurusValue ?? own ?? true;
  };
  const sidebar = { ...docs.sidebar, collapsible: pick('sidebarCollapsible', sidebarCollapsible, 'collapsible'), collapsed: pick('sidebarCollapsed', sidebarCollapsed, 'collapsed') };
  return { ...docs, sidebar };
}

const feedType = z.enum(['rss', 'atom', 'json']);
const blogIssueAction = z.enum(['throw', 'warn', 'ignore']);

/** The blog's options: Docusaurus' `@docusaurus/plugin-content-blog` options of the same names. */
const blogOptions = z.strictObject({
  /** Folder of the posts, relative to the site. @defaultValue 'blog' */
  path: z.string().default('blog'),
  /** URL segment of the blog; '/' makes a blog-only site. @defaultValue 'blog' */
  routeBasePath: z.string().default('blog'),
  /** Segment of the tag pages under the blog. @defaultValue 'tags' */
  tagsBasePath: z.string().default('tags'),
  /** Segment of the archive page under the blog; null for none. @defaultValue 'archive' */
  archiveBasePath: z.string().nullable().default('archive'),
  /** Segment of the author pages under the blog. @defaultValue 'authors' */
  authorsBasePath: z.string().default('authors'),
  /** Segment of the list's further pages (`/blog/page/2`). @defaultValue 'page' */
  pageBasePath: z.string().default('page'),
  /** Post files, as globs relative to the blog folder. @defaultValue ['**\/*.{md,mdx}'] */
  include: z.array(z.string()).default(['**/*.{md,mdx}']),
  /** Files left out. @defaultValue partials (`_*`), tests and `__tests__` folders */
  exclude: z.array(z.string()).default(['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**']),
  /** Posts per list page, or 'ALL' for one page. @defaultValue 10 */
  postsPerPage: z.union([z.number().int().positive(), z.literal('ALL')]).default(10),
  /** Title of the list pages. @defaultValue 'Blog' */
  blogTitle: z.string().default('Blog'),
  /** Description of the list pages. @defaultValue 'Blog' */
  blogDescription: z.string().default('Blog'),
  /** Recent posts in the blog sidebar, 'ALL', or 0 for no sidebar. @defaultValue 5 */
  blogSidebarCount: z.union([z.number().int().min(0), z.literal('ALL')]).default(5),
  /** Title of the blog sidebar. @defaultValue 'Recent posts' */
  blogSidebarTitle: z.string().default('Recent posts'),
  /** "N min read" on each post. @defaultValue true */
  showReadingTime: z.boolean().default(true),
  /** "Edit this page" links: the folder's URL the post's path is added to, or a function of the post. @example 'https://github.com/org/repo/edit/main/website/' */
  editUrl: z.union([z.string().url('expected a URL such as "https://github.com/org/repo/edit/main/website/"'), z.custom<(args: { blogDirPath: string; blogPath: string; permalink: string; locale: string }) => string | undefined>((value) => typeof value === 'function', 'expected a URL or a function that returns one')]).optional(),
  /** The authors file, relative to the blog folder. @defaultValue 'authors.yml' */
  authorsMapPath: z.string().default('authors.yml'),
  /** The tags file, relative to the blog folder; false or null for none. @defaultValue 'tags.yml', when it exists */
  tags: z.union([z.string(), z.literal(false), z.null()]).optional(),
  /** A post's tag that the tags file does not list. @defaultValue 'warn' */
  onInlineTags: blogIssueAction.default('warn'),
  /** A post's author written in its front matter instead of the authors file. @defaultValue 'warn' */
  onInlineAuthors: blogIssueAction.default('warn'),
  /** A post without a truncate marker (`<!-- truncate -->`), shown whole in the lists. @defaultValue 'warn' */
  onUntruncatedBlogPosts: blogIssueAction.default('warn'),
  /** Order of the posts by date. @defaultValue 'descending' */
  sortPosts: z.enum(['descending', 'ascending']).default('descending'),
  /** "Last updated on {date}" under posts with front matter `last_update`. @defaultValue false */
  showLastUpdateTime: z.boolean().default(false),
  /** "… by {author}". @defaultValue false */
  showLastUpdateAuthor: z.boolean().default(false),
  /** Remark plugins of the posts, as the docs' `remarkPlugins`. */
  remarkPlugins: markdownPluginList.optional(),
  /** Rehype plugins of the posts, as the docs' `rehypePlugins`. */
  rehypePlugins: markdownPluginList.optional(),
  /** As the docs' `beforeDefaultRemarkPlugins`, for the posts. */
  beforeDefaultRemarkPlugins: markdownPluginList.optional(),
  /** As the docs' `beforeDefaultRehypePlugins`, for the posts. */
  beforeDefaultRehypePlugins: markdownPluginList.optional(),
  /** The feeds (RSS at `/blog/rss.xml`, Atom at `/blog/atom.xml`, JSON at `/blog/feed.json`). */
  feedOptions: z
    .strictObject({
      /** Which feeds: a list, 'all', one name, or null for none. @defaultValue ['rss', 'atom'] */
      type: z.union([z.array(feedType), z.literal('all'), feedType, z.null()]).default(['rss', 'atom']),
      /** The feeds' title. @defaultValue the site title */
      title: z.string().optional(),
      /** The feeds' description. @defaultValue '{site title} Blog' */
      description: z.string().optional(),
      /** The feeds' copyright notice. @example 'Copyright © 2025 Playkit' */
      copyright: z.string().default(''),
      /** Feed language. @defaultValue the site's locale */
      language: z.string().optional(),
      /** Posts in each feed; false or null for all. @defaultValue 20 */
      limit: z.union([z.number().int().positive(), z.literal(false), z.null()]).default(20),
      /** A stylesheet that shows the feeds readably in a browser: true for sdkdocs' own, or a file of the static folder. @defaultValue false */
      xslt: z.union([z.boolean(), z.string(), z.strictObject({ rss: z.union([z.boolean(), z.string(), z.null()]).optional(), atom: z.union([z.boolean(), z.string(), z.null()]).optional() })]).default(false),
    })
    .default({ type: ['rss', 'atom'], copyright: '', limit: 20, xslt: false }),
});

export type BlogOptions = z.output<typeof blogOptions>;

/** The schema of `sdkdocs.config.ts`. */
export const configSchema = z.strictObject({
  /** Site title, shown in the navbar and in every `<title>`. @example 'Playkit' */
  title: z.string().min(1),
  /** One line under the title on the landing page. @example 'Delightful game development toolkit' */
  tagline: z.string().default(''),
  /**
   * The site's origin, for canonical URLs, Open Graph URLs and images, and the sitemap; without it
   * they are left out (with one warning). @example 'https://docs.playkit.dev'
   */
  url: z.string().url().optional(),
  /** Path the site is served under; starts and ends with `/`, plain segments only (no `.`, `..`, `//`). @example '/sdk/' */
  baseUrl: urlPath('"/sdk/"')
    .regex(/^\/(.*\/)?$/, 'baseUrl must start and end with "/", e.g. "/sdk/"')
    .default('/'),
  /**
   * The link-preview image (`og:image`, `twitter:image` with a large card) of every page that has
   * no front matter `image`: a path in the static folder or a URL. @example 'img/social-card.png'
   */
  image: z.string().min(1).optional(),
  /**
   * Favicon, relative to the static folder; or a set of icons for different sizes and devices,
   * each a `<link>` in every page's head. @example 'img/favicon.svg'
   * @example [{ href: 'img/favicon.svg', type: 'image/svg+xml' }, { href: 'img/apple-touch-icon.png', rel: 'apple-touch-icon', sizes: '180x180' }]
   */
  favicon: z
    .union([
      z.string().min(1),
      z
        .array(
          z.strictObject({
            /** Relative to the static folder (the base URL is added), or a URL. @example 'img/favicon-32.png' */
            href: z.string().min(1),
            /** @defaultValue 'icon' @example 'apple-touch-icon' */
            rel: z.string().regex(/^[a-z][a-z -]*$/, 'a link relation is lowercase words, e.g. "icon" or "apple-touch-icon"').default('icon'),
            /** @example '32x32' */
            sizes: z.string().regex(/^(any|\d+x\d+( \d+x\d+)*)$/, 'sizes is "any" or sizes such as "32x32" or "16x16 32x32"').optional(),
            /** @example 'image/png' */
            type: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, 'type is a media type such as "image/png"').optional(),
          }),
        )
        .min(1),
    ])
    .optional(),
  /** Folder of files copied as they are to the site root. @defaultValue 'static' */
  staticDir: z.string().default('static'),
  /** Folder of custom React pages (`index.tsx` → `/`). @defaultValue 'src/pages' */
  pagesDir: z.string().default('src/pages'),
  /**
   * Output folder, relative to the site folder; the site lands in `{outDir}/{baseUrl}`. Each build
   * replaces it whole, so it may not be, hold or lie in a source of the site, and a non-empty
   * folder without sdkdocs' `.sdkdocs-output` marker is never replaced. @defaultValue 'out'
   */
  outDir: z.string().default('out'),

  /**
   * Languages, as Docusaurus' `i18n`: the default locale is built (its `htmlLang`, `direction` and
   * label); other locales are not built yet, with a warning.
   */
  i18n: z
    .strictObject({
      /** The locale the site is written in. @defaultValue 'en' */
      defaultLocale: z.string().default('en'),
      /** Every locale of the site; only the default one is built. @defaultValue ['en'] */
      locales: z.array(z.string()).default(['en']),
      /** Per-locale settings. @example { en: { label: 'English', direction: 'ltr' } } */
      localeConfigs: z.record(z.string(), localeConfig).default({}),
    })
    .default({ defaultLocale: 'en', locales: ['en'], localeConfigs: {} }),

  /** The docs: where they are, their URLs, sidebar, markdown plugins, edit links and versions (Docusaurus' docs plugin options). */
  docs: z
    .strictObject({
      /** Folder of the markdown docs, relative to the site. @defaultValue 'docs' */
      path: z.string().default('docs'),
      /** URL segment of the docs. @defaultValue 'docs' */
      routeBasePath: urlPath('"docs"').default('docs'),
      /** The autogenerated sidebar's id and how its categories fold. */
      sidebar: z
        .strictObject({
          /** Id of the one autogenerated sidebar (a sidebars file names its own sidebars). @defaultValue 'docsSidebar' */
          id: z.string().default('docsSidebar'),
          /** Categories can be collapsed (Docusaurus' `sidebarCollapsible`). @defaultValue true */
          collapsible: z.boolean().optional(),
          /** Categories start collapsed, the active page's always open (Docusaurus' `sidebarCollapsed`). @defaultValue true */
          collapsed: z.boolean().optional(),
          /** A button at the sidebar's foot hides it, and one in its place shows it again (Docusaurus' `themeConfig.docs.sidebar.hideable`). @defaultValue false */
          hideable: z.boolean().default(false),
          /** Opening a category closes the others at its level (Docusaurus' `themeConfig.docs.sidebar.autoCollapseCategories`). @defaultValue false */
          autoCollapseCategories: z.boolean().default(false),
        })
        .default({ id: 'docsSidebar', hideable: false, autoCollapseCategories: false }),
      /** Docusaurus' name of `docs.sidebar.collapsible`. @example false */
      sidebarCollapsible: z.boolean().optional(),
      /** Docusaurus' name of `docs.sidebar.collapsed`. @example false */
      sidebarCollapsed: z.boolean().optional(),
      /**
       * The sidebars file, relative to the site (Docusaurus' option): its sidebars replace the
       * autogenerated one. @defaultValue `sidebars.{js,cjs,mjs,ts,json}` in the site folder, when
       * there is one @example './sidebars.js'
       */
      sidebarPath: z.string().optional(),
      /**
       * Globs of the doc files in each version's folder, relative to it (Docusaurus' option; picomatch
       * syntax, files and folders starting with `.` left out). @defaultValue {@link defaultDocsInclude}
       */
      include: z.array(z.string().min(1)).min(1).default([...defaultDocsInclude]),
      /**
       * Globs of files `include` matches that are no docs: partials a doc imports, tests.
       * @defaultValue {@link defaultDocsExclude} @example ['**\/_*.{md,mdx}', '**\/drafts/**']
       */
      exclude: z.array(z.string().min(1)).default([...defaultDocsExclude]),
      /**
       * How a number before a doc's or folder's name is read, as Docusaurus does: `01-intro.md` is
       * the doc `intro`, first in its folder's sidebar. `false` keeps names as written (no
       * positions from them); a function of the name returns `{ filename, numberPrefix }`.
       * @defaultValue true (`2021-01-15-x` and `7.0-x` keep their names) @example false
       */
      numberPrefixParser: numberPrefixParser.optional(),
      /**
       * The `:::name` admonitions, as Docusaurus' option: `keywords` of the site's own (drawn as
       * Docusaurus' theme draws a type it has no component for, like `info`, with the class
       * `admonition-<name>`; the site's Admonition component gets the name), beside the default ones
       * unless `extendDefaults: false`; `false` for none. @defaultValue true
       * @example { keywords: ['release-note'], extendDefaults: true }
       */
      /** The site's remark plugins, run after sdkdocs' own (Docusaurus' option). @example [[require('remark-math'), {}]] */
      remarkPlugins: markdownPluginList.optional(),
      /** The site's rehype plugins, run after sdkdocs' own. @example [require('rehype-katex')] */
      rehypePlugins: markdownPluginList.optional(),
      /** Remark plugins run before sdkdocs' own (admonitions, links, heading ids). */
      beforeDefaultRemarkPlugins: markdownPluginList.optional(),
      /** Rehype plugins run before sdkdocs' own (code highlighting, images, heading anchors). */
      beforeDefaultRehypePlugins: markdownPluginList.optional(),
      /**
       * Admonitions (`:::note`), as Docusaurus reads the option: `false` turns them off; `keywords` adds
       * names of the site's own, beside the default ones unless `extendDefaults: false`.
       * @example { keywords: ['release-note'] }
       */
      admonitions: z
        .union([
          z.boolean(),
          z.strictObject({
            /** Admonition names of the site's own. @example ['release-note'] */
            keywords: z.array(z.string().regex(/^[A-Za-z][\w-]*$/, 'a keyword is a name such as "release-note"')).optional(),
            /** Keep the default names beside `keywords`. @defaultValue true */
            extendDefaults: z.boolean().optional(),
          }),
        ])
        .optional(),
      /** Show breadcrumbs on docs pages. @defaultValue true */
      breadcrumbs: z.boolean().default(true),
      /**
       * "Edit this page" links, as Docusaurus reads `editUrl`: the URL of the site folder in the
       * repository, to which the doc's folder (`docs/`, `versioned_docs/version-1.4.0/`) and its
       * path in it are appended; or a function of {@link EditUrlArguments} that returns the link
       * (undefined for none). @example 'https://github.com/playkit/sdk/edit/main/website/'
       * @example ({ versionDocsDirPath, docPath }) => `https://github.com/playkit/sdk/edit/main/website/${versionDocsDirPath}/${docPath}`
       */
      editUrl: z.union([z.string().url('expected a URL such as "https://github.com/org/repo/edit/main/website/"'), editUrlFunction]).optional(),
      /** Edit links of every version lead to the current version's doc (`docs/`). Only with a string `editUrl`. @defaultValue false */
      editCurrentVersion: z.boolean().default(false),
      /** Label of the current version. @defaultValue 'Next' */
      versionLabel: z.string().default('Next'),
      /**
       * The docs' entry point, where the landing page's "Get started" leads.
       * @defaultValue the doc at the docs root, else the first doc of the sidebar @example 'intro'
       */
      mainDocId: z.string().optional(),
      /**
       * "Last updated on {date}" under each doc: the date of the last commit that changed it (one
       * `git log` for the docs folder), or front matter `last_update.date`. @defaultValue true
       */
      showLastUpdateTime: z.boolean().default(true),
      /** "… by {author}": the author of that commit, or front matter `last_update.author`. @defaultValue true */
      showLastUpdateAuthor: z.boolean().default(true),
      ...docsVersionOptions,
    })
    .transform(withSidebarDefaults)
    .default({
      path: 'docs',
      routeBasePath: 'docs',
      sidebar: { id: 'docsSidebar', collapsible: true, collapsed: true, hideable: false, autoCollapseCategories: false },
      include: [...defaultDocsInclude],
      exclude: [...defaultDocsExclude],
      breadcrumbs: true,
      editCurrentVersion: false,
      versionLabel: 'Next',
      showLastUpdateTime: true,
      showLastUpdateAuthor: true,
    }),

  /**
   * The blog, with Docusaurus' blog plugin options and defaults: posts from the `blog/` folder (when
   * it exists), each at `/blog/{slug}`, listed on `/blog` with tag, author and archive pages and
   * RSS and Atom feeds. `false` builds no blog. @example { blogTitle: 'Releases', postsPerPage: 5 }
   */
  blog: z.union([z.literal(false), blogOptions]).default(() => blogOptions.parse({})),

  /** Heading levels listed in the table of contents. @defaultValue { minHeadingLevel: 2, maxHeadingLevel: 3 } */
  tableOfContents: z
    .strictObject({
      /** The highest level listed (2 is `##`). @defaultValue 2 */
      minHeadingLevel: z.number().int().min(2).max(6).default(2),
      /** The deepest level listed. @defaultValue 3 */
      maxHeadingLevel: z.number().int().min(2).max(6).default(3),
    })
    .refine((toc) => toc.minHeadingLevel <= toc.maxHeadingLevel, {
      message: 'minHeadingLevel must not be greater than maxHeadingLevel',
    })
    .default({ minHeadingLevel: 2, maxHeadingLevel: 3 }),

  /** Markdown features that cost build time, off unless asked for. */
  markdown: z
    .strictObject({
      /** Prerender ```mermaid blocks to inline SVG. @defaultValue false */
      mermaid: z.boolean().default(false),
    })
    .default({ mermaid: false }),

  /** Links to pages that do not exist. @defaultValue 'throw' */
  onBrokenLinks: brokenLinkAction.default('throw'),
  /** Relative `.md` links to files that do not exist. @defaultValue 'warn' */
  onBrokenMarkdownLinks: brokenLinkAction.default('warn'),
  /** `#fragments` that match no heading on their page. @defaultValue 'warn' */
  onBrokenAnchors: brokenLinkAction.default('warn'),
  /**
   * Two pages at one route (two docs with one `slug`, a doc and a custom page): `throw` fails the
   * build; `warn` builds the first and warns, naming both (Docusaurus' default, taken for a
   * Docusaurus config that does not set it). @defaultValue 'throw'
   */
  onDuplicateRoutes: brokenLinkAction.default('throw'),
  /**
   * Docusaurus' `trailingSlash: true`: a page's URL ends with a slash, so a relative link in a doc
   * (`../models/data-types`) resolves from the page's folder, `/docs/querying/operators/`, not from
   * `/docs/querying/`. Unset, as in Docusaurus, only a folder's index doc without a `slug`
   * (`guides/index.md`, at `/docs/guides/`) has the slash; `false`: no page has it. Pages are
   * written as `{route}/index.html` and linked without the slash either way. @defaultValue undefined
   */
  trailingSlash: z.boolean().optional(),

  /** The bar at the top of every page: title, logo, items (Docusaurus' `themeConfig.navbar`). */
  navbar: z
    .strictObject({
      /** @example 'Playkit' (defaults to the site title) */
      title: z.string().optional(),
      /** Docusaurus' shape. @example { alt: 'Playkit', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg' } */
      logo: z
        .strictObject({
          /**
           * The logo's text for screen readers. @defaultValue `''` when `navbar.title` is set (the title
           * beside it names the link), else the site title @example 'Playkit'
           */
          alt: z.string().optional(),
          /** Relative to the static folder, or a URL. @example 'img/logo.svg' */
          src: z.string(),
          /** Shown instead of `src` in dark mode. @example 'img/logo-dark.svg' */
          srcDark: z.string().optional(),
          /** Where the logo and title lead. @defaultValue the landing page @example 'https://playkit.dev' */
          href: z.string().optional(),
          /**
           * The image's width, as the `<img>` attribute (a wordmark wider than it is high).
           * @defaultValue 32 px by 32 px when neither is set; the other follows the image when one is @example 120
           */
          width: imageSize,
          /** The image's height, as the `<img>` attribute. @example 32 */
          height: imageSize,
        })
        .optional(),
      /**
       * The navbar's colours, as Docusaurus' `navbar.style`: `'primary'` fills it with the primary
       * colour, `'dark'` makes it dark in both colour modes. @defaultValue the page colours
       */
      style: z.enum(['primary', 'dark']).optional(),
      /** Hide the navbar while scrolling down. @defaultValue false */
      hideOnScroll: z.boolean().default(false),
      /**
       * Links, dropdowns, doc and sidebar links, version and locale dropdowns, HTML, as Docusaurus' navbar
       * items. @example [{ type: 'docSidebar', sidebarId: 'docsSidebar', label: 'Docs', position: 'left' }, { to: '/api', label: 'API' }]
       */
      items: z.array(navbarItem).default([]),
    })
    .default({ hideOnScroll: false, items: [] }),

  /** The footer of every page: link columns, logo, copyright and licence (Docusaurus' `themeConfig.footer`). */
  footer: z
    .strictObject({
      /** @defaultValue 'dark' */
      style: z.enum(['light', 'dark']).default('dark'),
      /** Columns of links, each with a title. @example [{ title: 'Docs', items: [{ label: 'Introduction', to: '/docs/intro' }] }] */
      links: z
        .array(
          z.strictObject({
            /** The column's heading. @example 'Docs' */
            title: z.string().optional(),
            /**
             * The column's links: a `label` and `to` (a route) or `href` (a URL, or a path from the
             * site's root); or `html`, written into the column as it is (a badge, a form).
             */
            items: z.array(z.union([z.strictObject({ label: z.string(), ...linkTarget, ...linkAttributes }), z.strictObject({ html: z.string() })])),
          }),
        )
        .default([]),
      /** A logo above the copyright. @example { alt: 'Playkit', src: 'img/logo.svg', href: 'https://playkit.dev' } */
      logo: z
        .strictObject({
          /** The logo's text for screen readers. @defaultValue the site title @example 'Playkit' */
          alt: z.string().optional(),
          /** Relative to the static folder, or a URL. @example 'img/logo.svg' */
          src: z.string(),
          /** The logo shown in dark mode instead. @example 'img/logo-dark.svg' */
          srcDark: z.string().optional(),
          /** Where the logo leads. @example 'https://playkit.dev' */
          href: z.string().optional(),
          /** The image's size, as the `<img>` attributes. @defaultValue a height of 32 px @example 160 */
          width: imageSize,
          /** The image's height, as the `<img>` attribute. @defaultValue a height of 32 px @example 32 */
          height: imageSize,
        })
        .optional(),
      /** HTML, as in Docusaurus. @example 'Copyright © 2025 Playkit. Built with <a href="https://sdkdocs.dev">sdkdocs</a>.' */
      copyright: z.string().optional(),
      /** The content licence notice. @example 'Content licensed under CC BY 4.0.' */
      license: z.string().optional(),
    })
    .optional(),

  /** A bar above the navbar with a message, which readers may close (Docusaurus' `themeConfig.announcementBar`). @example { content: 'Version 2 is out: <a href="/docs/migrate">migrate</a>.' } */
  announcementBar: z
    .strictObject({
      /** Changing the id shows the bar again to readers who closed it. */
      id: z.string().default('announcement-bar'),
      /** HTML content. */
      content: z.string(),
      /** A CSS colour. @defaultValue '#fff' */
      backgroundColor: z.string().default('#fff'),
      /** A CSS colour. @defaultValue '#000' */
      textColor: z.string().default('#000'),
      /** Show a close button; a closed bar stays closed until its `id` changes. @defaultValue true */
      isCloseable: z.boolean().default(true),
    })
    .optional(),

  /** Light and dark mode: the first mode, the toggle, the system preference. */
  colorMode: z
    .strictObject({
      /** The mode of a first visit without a system preference. @defaultValue 'light' */
      defaultMode: z.enum(['light', 'dark']).default('light'),
      /** Hide the light/dark toggle. @defaultValue false */
      disableSwitch: z.boolean().default(false),
      /** Follow the system preference while the reader has not chosen. @defaultValue true */
      respectPrefersColorScheme: z.boolean().default(true),
    })
    .default({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true }),

  /** The search box and the search page (`/search`), built into the site: no service needed. */
  search: z
    .strictObject({
      /** Most results shown for one query. @defaultValue 8 */
      maxHits: z.number().int().positive().default(8),
    })
    .default({ maxHits: 8 }),

  /**
   * A markdown copy of every doc, category index and API page beside its HTML (`/docs/intro.md` for
   * `/docs/intro`), announced in the page's head, and a "Copy page as Markdown" button that copies
   * it. @defaultValue true
   */
  markdownPages: z.boolean().default(true),
  /**
   * `llms.txt` (https://llmstxt.org: title, summary, a link list of the docs and API pages with
   * their descriptions) and `llms-full.txt` (every page's markdown) at the site root. @defaultValue true
   */
  llmsTxt: z.boolean().default(true),

  /**
   * Old paths that lead to new ones (Docusaurus' client-redirects shape): each `from` gets a small
   * page that sends the reader to `to`, keeping the query and fragment; it works on any static host.
   * Paths are without the base URL. @example [{ from: '/docs/old-page', to: '/docs/new-page' }]
   */
  redirects: z
    .array(
      z.strictObject({
        /** One old path or several. @example '/docs/old-page' */
        from: z.union([redirectFrom, z.array(redirectFrom).min(1)]),
        /** A route of the site, or another site's URL. @example '/docs/new-page' */
        to: z.string().min(1),
      }),
    )
    .default([]),

  /**
   * Redirects made from the site's routes, as Docusaurus' client-redirects plugin makes them: called
   * with each page's path (without the base URL), it returns the old path or paths that lead to that
   * page, or nothing. A path that is already a page keeps its page (a warning names it).
   * @example (path) => path.startsWith('/docs/guides/') ? path.replace('/docs/guides/', '/docs/tutorials/') : undefined
   */
  createRedirects: z
    .custom<CreateRedirects>((value) => typeof value === 'function', 'expected a function (path) => string | string[] | undefined')
    .optional(),

  /**
   * The default landing page (a site's `src/pages/index.tsx` replaces it). Without this key it shows
   * cards for the guides, the API reference and search, and the install command of `api.packageName`.
   */
  landing: z
    .strictObject({
      /** Feature cards under the hero. @example [{ title: 'Events', description: 'Talk to the launcher.', link: '/docs/wrapper/launcher' }] */
      features: z
        .array(
          z.strictObject({
            /** The card's title. @example 'Events' */
            title: z.string().min(1),
            /** One or two sentences. */
            description: z.string(),
            /** A route of the site (the base URL is added) or a URL. @example '/docs/getting-started/quick-start' */
            link: z.string().min(1).optional(),
          }),
        )
        .optional(),
      /** A code sample beside the quick links, highlighted at build time. @example { language: 'bash', code: 'npm install @playkit/sdk' } */
      snippet: z
        .strictObject({
          /** A highlight.js language name. @example 'ts' */
          language: z.string(),
          /** The code, as it is shown and copied. @example 'npm install @playkit/sdk' */
          code: z.string().min(1),
          /** @example 'Install' */
          title: z.string().optional(),
        })
        .optional(),
    })
    .optional(),

  /** Colours and fonts of the theme; each also is a CSS custom property (website/docs/reference/css-properties.md) a stylesheet may override. */
  theme: z
    .strictObject({
      /**
       * The brand colour; its hover, active, lighter and darker shades are derived from it. One colour
       * is used in light mode and lightened for dark mode, or give one per mode.
       * @example '#2e8555' @example { light: '#2e8555', dark: '#25c2a0' }
       */
      primaryColor: z.union([cssColor, z.strictObject({ light: cssColor, dark: cssColor })]).optional(),
      /** Font stacks (CSS `font-family` values). */
      fonts: z
        .strictObject({
          /** @example "'Inter', system-ui, sans-serif" */
          body: fontStack.optional(),
          /** @defaultValue the body font @example "'Fraunces', Georgia, serif" */
          headings: fontStack.optional(),
          /** @example "'JetBrains Mono', ui-monospace, monospace" */
          code: fontStack.optional(),
        })
        .default({}),
      /** Self-hosted fonts: files in the static folder, each an `@font-face` rule. */
      fontFaces: z
        .array(
          z.strictObject({
            /** The name `fonts` use. @example 'Inter' */
            family: z.string().min(1).regex(/^[^'";{}<>\\]+$/, 'a family name may not hold quotes, ; { } < > or \\, e.g. "Inter"'),
            /** Font file(s), relative to the static folder. @example 'fonts/inter-var.woff2' */
            src: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
            /** @example '100 900' */
            weight: cssValue('"400" or "100 900"').optional(),
            /** @defaultValue 'normal' */
            style: z.enum(['normal', 'italic', 'oblique']).default('normal'),
            /** @defaultValue 'swap' */
            display: z.enum(['auto', 'block', 'swap', 'fallback', 'optional']).default('swap'),
          }),
        )
        .default([]),
      /**
       * Code blocks' colours, per colour mode, as Prism themes of prism-react-renderer (what a
       * Docusaurus site sets as `themeConfig.prism.theme` and `darkTheme`): `plain` gives the text
       * and background, `styles` the colour of each kind of token. A mode left out keeps sdkdocs'
       * colours. @example { light: themes.github, dark: themes.dracula }
       */
      codeColors: z
        .strictObject({
          light: prismTheme.optional(),
          dark: prismTheme.optional(),
        })
        .optional(),
    })
    .default({ fonts: {}, fontFaces: [] }),

  /**
   * The site's own stylesheets, relative to the site folder: bundled into the theme's stylesheet,
   * after it, so their rules win. @example './src/css/custom.css'
   */
  customCss: z.union([z.string().min(1), z.array(z.string().min(1))]).default([]),

  /**
   * What stands between a page's title and the site's in the browser's tab (Docusaurus'
   * `titleDelimiter`). @defaultValue '|' @example '·'
   */
  titleDelimiter: z.string().min(1).max(8).regex(/^[^<>]*$/, 'may not hold < or >, e.g. "·"').default('|'),

  /**
   * Modules every page loads in the browser before it renders, as Docusaurus' `clientModules`: a
   * script's side effects run once, a stylesheet (or one a script imports) applies to every page,
   * and a script's `onRouteUpdate` and `onRouteDidUpdate` exports are called with `{ location,
   * previousLocation }` once the first page and each page navigated to is on screen. Paths relative
   * to the site folder, or packages the site installed. @example ['./src/client/analytics.js']
   */
  clientModules: z.array(z.string().min(1)).default([]),

  /**
   * PostCSS plugins that every stylesheet of the site goes through before it is bundled: customCss,
   * the stylesheets its code imports, CSS modules and the CSS that Sass compiles to (Tailwind, for
   * one). A Docusaurus site sets them in a plugin's `configurePostCss`. Each is a plugin as
   * `postcss()` takes it. @example [require('tailwindcss'), require('autoprefixer')]
   */
  postcssPlugins: z
    .array(z.custom<PostcssPlugin>((value) => typeof value === 'function' || (typeof value === 'object' && value !== null), 'expected a PostCSS plugin (a plugin object or the function a plugin package exports)'))
    .default([]),

  /**
   * How the site's code is bundled, beyond what sdkdocs sets: what a Docusaurus plugin's
   * `configureWebpack` gives as webpack's `resolve.alias`, `resolve.fallback`, `DefinePlugin` and
   * `ProvidePlugin`, with the same meaning. A target is a package name (resolved from the importing
   * file), a path (relative to the site folder), several to try in order, or `false` for an empty
   * module. @example { fallback: { path: 'path-browserify' }, define: { 'process.env.API_URL': '"https://api.example.com"' }, provide: { Buffer: ['buffer', 'Buffer'] } }
   */
  bundle: z
    .strictObject({
      /**
       * Imports to lead elsewhere in every bundle of the site's code (browser and build): a key
       * matches its name and the paths under it (`lodash` and `lodash/get`), or only its name when
       * it ends with `$`. @example { process: 'process/browser.js', '@components': './src/components' }
       */
      alias: z.record(z.string().min(1), bundleTarget).default({}),
      /**
       * Where an import the browser bundle cannot resolve leads instead: Node's built-ins, which
       * browsers lack. Imports that resolve (an installed package) are left as they are.
       * @example { path: 'path-browserify', crypto: false }
       */
      fallback: z.record(z.string().min(1), bundleTarget).default({}),
      /**
       * Names replaced by a JavaScript expression in the site's code, at build time, in every
       * bundle: the code of a value, as webpack's `DefinePlugin` takes it (a string is written
       * with its quotes). @example { 'process.env.API_URL': '"https://api.example.com"', __DEV__: 'false' }
       */
      define: z.record(z.string().regex(defineKeyPattern, 'a name or a member chain such as process.env.API_URL (esbuild replaces no other expression)'), z.string().min(1)).default({}),
      /**
       * Globals of the browser bundle taken from a module where code uses them without importing
       * them, as webpack's `ProvidePlugin`: a module (its exports), or a module and the export to take.
       * @example { process: 'process/browser', Buffer: ['buffer', 'Buffer'] }
       */
      provide: z.record(z.string().regex(defineKeyPattern, 'a global name such as Buffer, or a member chain such as window.Buffer'), z.union([z.string().min(1), z.array(z.string().min(1)).min(1)])).default({}),
    })
    .default({ alias: {}, fallback: {}, define: {}, provide: {} }),

  /**
   * The site's own values for its components (Docusaurus' `customFields`), which
   * `useDocusaurusContext().siteConfig.customFields` gives them; JSON data only, since pages carry
   * it to the browser. @example { playgroundUrl: 'https://play.playkit.dev' }
   */
  customFields: z
    .record(z.string(), z.unknown())
    .superRefine((fields, ctx) => {
      const problem = notJsonData(fields, []);
      if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: `expected JSON data (text, numbers, booleans, null, arrays and objects of them), found ${problem.found}` });
    })
    .default({}),

  /** Extra elements for every page's `<head>` (Docusaurus' shape). @example [{ tagName: 'link', attributes: { rel: 'preconnect', href: 'https://example.com' } }] */
  headTags: z.array(headTag).default([]),
  /**
   * Scripts for every page's `<head>`: a URL or `{ src, async?, defer?, ...attributes }`. They are
   * deferred unless `async` is set, so they never hold up the first paint. @example ['https://plausible.io/js/script.js']
   */
  scripts: z.array(scriptEntry).default([]),
  /**
   * Analytics, as Docusaurus' Google plugins add them: `gtag` (Google Analytics 4 through gtag.js;
   * a page view is sent for each page the reader goes to in the client, as for the first) and
   * `googleTagManager` (its container script; page views are then set up in the container, with a
   * History Change trigger). Left out of `serve --watch`, whose previews are no readers' visits,
   * as Docusaurus leaves them out of `start`. @example { gtag: { trackingID: 'G-XXXXXXXXXX', anonymizeIP: true } }
   */
  analytics: z
    .strictObject({
      gtag: z
        .strictObject({
          /** One measurement ID or several; the first loads gtag.js. @example 'G-XXXXXXXXXX' */
          trackingID: z.union([googleTagId('"G-XXXXXXXXXX"'), z.array(googleTagId('"G-XXXXXXXXXX"')).min(1)]),
          /** @defaultValue false */
          anonymizeIP: z.boolean().default(false),
        })
        .optional(),
      googleTagManager: z
        .strictObject({
          /** @example 'GTM-XXXXXXX' */
          containerId: googleTagId('"GTM-XXXXXXX"'),
        })
        .optional(),
    })
    .default({}),
  /** Stylesheets for every page's `<head>`, after the theme's: a URL or `{ href, ...attributes }`. @example ['https://cdn.jsdelivr.net/npm/katex@0.16.11/dist/katex.min.css'] */
  stylesheets: z.array(stylesheetEntry).default([]),

  /**
   * The API reference, generated from the SDK's TypeScript source with TypeDoc: an index at `/api` and a
   * page per declaration. @example { entryPoints: ['../src/index.ts'], tsconfig: '../tsconfig.json' }
   */
  api: z
    .strictObject({
      /** SDK entry points, relative to the site. @example ['sdk/src/index.ts'] */
      entryPoints: z.array(z.string()).min(1),
      /** The SDK's tsconfig, relative to the site. @example 'sdk/tsconfig.json' */
      tsconfig: z.string(),
      /** URL segment of the API reference. @defaultValue 'api' */
      routeBasePath: urlPath('"api"').default('api'),
      /** Source links: `{path}` and `{line}` are filled in. @example 'https://github.com/playkit/sdk/blob/main/{path}#L{line}' */
      sourceLinkTemplate: z.string().optional(),
      /**
       * The folder `{path}` is relative to, relative to the site: the SDK's repository root, e.g. an
       * installed package's folder. Declarations outside it (dependencies, TypeScript's own lib)
       * get no source link. @defaultValue the site folder @example '../node_modules/some-sdk'
       */
      sourceRoot: z.string().optional(),
      /** Skip type checking, for third-party sources whose dependencies are not installed. @defaultValue false */
      skipTypeCheck: z.boolean().default(false),
      /**
       * Type-check every ```ts block of the docs, and of the SDK's `@example`s, against the SDK; a
       * block marked ```ts no-check is left out. @defaultValue false
       */
      checkDocSamples: z.boolean().default(false),
      /** Module name that doc samples import the SDK by. @example '@playkit/sdk' */
      packageName: z.string().optional(),
      /**
       * TypeDoc options, on top of the SDK's tsconfig `typedocOptions` (these win): which tags the
       * comments use, what to leave out, what to validate. `blockTags`, `inlineTags` and
       * `modifierTags` add to TypeDoc's (so listing `@warning` keeps `@param`). Options sdkdocs sets
       * itself (entry points, output, plugins, theme…) are refused. JSON data only: TypeDoc runs on a worker.
       * @example { blockTags: ['@warning'], excludeProtected: true, validation: { notExported: false } }
       */
      typedocOptions: z
        .record(z.string(), z.unknown())
        .superRefine((options, ctx) => {
          for (const [name, value] of Object.entries(options)) {
            const reason = sdkdocsOwnedTypeDocOptions.get(name);
            if (reason) ctx.addIssue({ code: 'custom', path: [name], message: `sdkdocs sets this TypeDoc option itself: ${reason}` });
            const problem = notJsonData(value, [name]);
            if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: `expected JSON data (text, numbers, booleans, null, arrays and objects of them), found ${problem.found}` });
          }
        })
        .default({}),
      /**
       * Inline tags that link as `{@link}` does, for comments written for another tool (the
       * `{@apilink Actor}` of docusaurus-plugin-typedoc-api). They are declared to TypeDoc as
       * inline tags. Other inline tags show their text. @defaultValue [] @example ['@apilink']
       */
      linkTags: z.array(z.string().regex(/^@[A-Za-z][\w-]*$/, 'expected a tag name such as "@apilink"')).default([]),
    })
    .optional(),
});

/** What a user writes in `sdkdocs.config.ts`. */
export type UserConfig = z.input<typeof configSchema>;
/** The validated config with defaults filled in (paths still relative; see {@link ResolvedConfig}). */
export type ParsedConfig = z.output<typeof configSchema>;
export type NavbarItemConfig = ParsedConfig['navbar']['items'][number];
export type BrokenLinkAction = z.infer<typeof brokenLinkAction>;
