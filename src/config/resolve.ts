import { createRequire } from 'node:module';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import type { BlogOptions, ParsedConfig } from './schema.js';

/** The config after validation, with defaults filled in and every path made absolute. */
export type ResolvedConfig = ParsedConfig & {
  /** The site folder (where `sdkdocs.config.ts` is). */
  siteDir: string;
  /** The config file, for error messages. */
  configFile: string;
  paths: {
    docs: string;
    static: string;
    pages: string;
    /** The blog's posts folder (`blog.path`), when the blog is on. */
    blog?: string;
    /** The output root (`out/`): replaced whole by each build. */
    outRoot: string;
    /** Where the site's files go: `out/sdk/` for baseUrl `/sdk/`. */
    siteOut: string;
    /** Caches that survive between builds. */
    cache: string;
    /** The site's own stylesheets (`customCss`), in order. */
    customCss: string[];
    /** The modules of `clientModules`, in order, each resolved from the site folder (a path that names no file is kept as written, resolved). */
    clientModules: string[];
  };
  /** Where the output folder was named: the config's `outDir`, or the `--out-dir` option (relative to the current folder). */
  outDirFrom: 'config' | 'option';
  /** For a Docusaurus config: where a key path of this config was written in it (see locate-key.ts). */
  configKeyOrigin?: (keys: readonly PropertyKey[]) => PropertyKey[];
  /** Routes a Docusaurus config has content for that sdkdocs does not build yet (the blog): links into them are one warning each, not broken links. */
  unbuiltRoutes?: { route: string; what: string }[];
  /** The files the config module was made of: what plugins it gives may depend on (see markdown plugins' fingerprint). */
  configInputs?: string[];
  /** Warnings about the config itself (a Docusaurus config's options that sdkdocs does not apply), reported with the build's. */
  configWarnings?: Diagnostic[];
  /** Of a Docusaurus config: the plugins and themes it names that sdkdocs does not run (each already a warning). */
  pluginsNotRun?: string[];
  /** Routes with the base URL: `/sdk/docs`, `/sdk/api`. */
  routes: { docs: string; api: string; root: string };
  /**
   * Safe mode (`--untrusted`, see untrusted-site.ts): the content (docs, blog, static files,
   * versioned docs) comes from `contentDir`, a pull request's checkout, while `siteDir` is the
   * trusted checkout whose config, sidebars code, theme, components and pages are used.
   */
  untrusted?: { contentDir: string };
};

// The model names the config by these types without importing this layer (see src/model/config.ts).
// Inside the block a name would mean the model's own type of that name, hence the aliases.
type SchemaResolvedConfig = ResolvedConfig;
type SchemaBlogOptions = BlogOptions;
declare module '../model/config.js' {
  interface ConfigTypes {
    resolvedConfig: SchemaResolvedConfig;
    blogOptions: SchemaBlogOptions;
  }
}

/** The folder the site's content comes from: the site folder, or in safe mode the untrusted checkout. */
export function contentDirOf(config: Pick<ResolvedConfig, 'siteDir' | 'untrusted'>): string {
  return config.untrusted?.contentDir ?? config.siteDir;
}

export interface ResolveOptions {
  /** Overrides `outDir`, relative to the current directory (a command-line option, as `--out-dir`). */
  outDir?: string;
}

export function resolveConfig(
  parsed: ParsedConfig,
  siteDir: string,
  configFile: string,
  options: ResolveOptions = {},
): ResolvedConfig {
  const outRoot = options.outDir ? path.resolve(options.outDir) : path.resolve(siteDir, parsed.outDir);
  const baseSegments = parsed.baseUrl.split('/').filter(Boolean);
  const root = parsed.baseUrl;
  const trim = (segment: string) => segment.replace(/^\/+|\/+$/g, '');
  return {
    ...parsed,
    siteDir,
    configFile,
    outDirFrom: options.outDir ? 'option' : 'config',
    paths: {
      docs: path.resolve(siteDir, parsed.docs.path),
      static: path.resolve(siteDir, parsed.staticDir),
      pages: path.resolve(siteDir, parsed.pagesDir),
      blog: parsed.blog === false ? undefined : path.resolve(siteDir, parsed.blog.path),
      outRoot,
      siteOut: path.join(outRoot, ...baseSegments),
      cache: path.resolve(siteDir, 'node_modules', '.cache', 'sdkdocs'),
      customCss: (Array.isArray(parsed.customCss) ? parsed.customCss : [parsed.customCss]).map((file) => path.resolve(siteDir, file)),
      clientModules: parsed.clientModules.map((specifier) => resolveClientModule(siteDir, specifier)),
    },
    routes: {
      root,
      docs: `${root}${trim(parsed.docs.routeBasePath)}`,
      api: `${root}${trim(parsed.api?.routeBasePath ?? 'api')}`,
    },
  };
}

/**
 * Where a `clientModules` entry is: a path from the site folder, or a package's module as the
 * site's code would import it. One that cannot be found is the path it would be, for the check of
 * config paths to name.
 */
function resolveClientModule(siteDir: string, specifier: string): string {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) return path.resolve(siteDir, specifier);
  try {
    return createRequire(path.join(siteDir, 'package.json')).resolve(specifier);
  } catch {
    return path.resolve(siteDir, 'node_modules', specifier);
  }
}
