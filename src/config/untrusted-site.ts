import { existsSync, lstatSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { UserError, type Diagnostic } from '../core/diagnostic.js';
import { isInsideFolder } from '../core/path-bounds.js';
import { checkConfigPaths } from './check-config-paths.js';
import { docusaurusConfigFileNames } from './docusaurus-config.js';
import { configFileNames, loadConfig } from './load.js';
import type { ResolvedConfig, ResolveOptions } from './resolve.js';

/*
 * Safe mode (`--untrusted`): building a pull request's docs without running anything the pull
 * request wrote. Every config form sdkdocs reads (sdkdocs.config.ts/.mts/.js/.mjs,
 * docusaurus.config.js/.ts/…) is a module that runs when it is read, and so are sidebars files of
 * code, theme overrides, components, React pages and markdown plugins. They all come from a
 * trusted checkout (the base branch); the pull request's checkout gives only content: the docs,
 * versioned docs, blog, static files and sidebars files of data (JSON).
 */

/** What `--untrusted` asks for: the pull request's folder, and the trusted checkout named by `--trusted-site`. */
export interface UntrustedSiteOptions extends ResolveOptions {
  /** The folder given as `[siteDir]`: the pull request's checkout, read as content only. */
  contentDir: string;
  /** `--trusted-site`: the base branch's checkout, whose config and code run. */
  trustedSiteDir: string | undefined;
}

/**
 * Loads the trusted checkout's config and points its content folders into the pull request's
 * checkout (the same paths, relative to it). The output folder, without `--out-dir`, lies in the
 * pull request's folder, as a build of that folder would put it; the build caches live apart from
 * the trusted site's, so that no entry made in one mode is taken in the other.
 */
export async function loadUntrustedSiteConfig(options: UntrustedSiteOptions): Promise<ResolvedConfig> {
  const contentDir = path.resolve(options.contentDir);
  if (options.trustedSiteDir === undefined) throw new UserError(missingTrustedSite(contentDir));
  const trustedDir = path.resolve(options.trustedSiteDir);
  if (!statSync(contentDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UserError({
      severity: 'error',
      code: 'untrusted',
      message: `The pull request's folder ${contentDir} does not exist.`,
      hint: 'Pass the folder the pull request is checked out in: `sdkdocs build pr --untrusted --trusted-site base`.',
    });
  }
  if (trustedDir === contentDir || isInsideFolder(contentDir, trustedDir) || isInsideFolder(trustedDir, contentDir)) {
    throw new UserError({
      severity: 'error',
      code: 'untrusted',
      message: `--trusted-site ${options.trustedSiteDir}: the trusted site and the pull request's folder ${contentDir} overlap.`,
      hint: 'Check out the base branch and the pull request into two separate folders (`base` and `pr`), then run `sdkdocs build pr --untrusted --trusted-site base`.',
    });
  }
  const trusted = await loadConfig(trustedDir, { outDir: options.outDir });
  const inContent = (trustedPath: string) => path.resolve(contentDir, path.relative(trustedDir, trustedPath));
  const outRoot = options.outDir ? trusted.paths.outRoot : path.resolve(contentDir, trusted.outDir);
  const config: ResolvedConfig = {
    ...trusted,
    untrusted: { contentDir },
    paths: {
      ...trusted.paths,
      docs: inContent(trusted.paths.docs),
      static: inContent(trusted.paths.static),
      blog: trusted.paths.blog === undefined ? undefined : inContent(trusted.paths.blog),
      outRoot,
      siteOut: path.join(outRoot, path.relative(trusted.paths.outRoot, trusted.paths.siteOut)),
      cache: path.join(trustedDir, 'node_modules', '.cache', 'sdkdocs-untrusted'),
    },
  };
  checkConfigPaths(config);
  refuseLinkedContent(config, contentDir);
  const notApplied = codeChangesNotApplied(trustedDir, contentDir);
  if (notApplied) config.configWarnings = [...(config.configWarnings ?? []), notApplied];
  return config;
}

/** The files and folders of a site that are code, which safe mode takes from the trusted checkout. */
const codeFiles = [...configFileNames, ...docusaurusConfigFileNames, 'sidebars.js', 'sidebars.cjs', 'sidebars.mjs', 'sidebars.ts'];
const codeFolders = ['src/theme', 'src/components', 'src/pages'];

/** How many files of each code folder are compared at most: a warning, not a scan of a whole tree. */
const maxComparedFiles = 2000;

/**
 * A warning naming the code the pull request changes (by bytes, never by running it): the preview
 * shows the trusted checkout's config, sidebars, theme, components and pages, and a reviewer
 * should know that what the pull request changes there is not in it.
 */
function codeChangesNotApplied(trustedDir: string, contentDir: string): Diagnostic | undefined {
  const changed: string[] = [];
  const compare = (relative: string) => {
    const ours = readPlainFile(path.join(contentDir, relative));
    if (ours !== undefined && !ours.equals(readPlainFile(path.join(trustedDir, relative)) ?? Buffer.alloc(0))) changed.push(relative);
  };
  for (const name of codeFiles) compare(name);
  for (const folder of codeFolders) {
    const root = path.join(contentDir, folder);
    if (!lstatSync(root, { throwIfNoEntry: false })?.isDirectory()) continue;
    const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).slice(0, maxComparedFiles);
    for (const entry of files) compare(path.relative(contentDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  }
  if (changed.length === 0) return undefined;
  const listed = changed.length > 5 ? `${changed.slice(0, 5).join(', ')} and ${changed.length - 5} more` : changed.join(', ');
  return {
    severity: 'warning',
    code: 'untrusted',
    message: `Safe mode (--untrusted): the pull request changes code this build does not run (${listed}); the pages show the trusted site's instead.`,
    hint: 'Review those changes as code; a default build shows them once merged.',
  };
}

/** A regular file's bytes (a symbolic link is not followed), or undefined. */
function readPlainFile(file: string): Buffer | undefined {
  return lstatSync(file, { throwIfNoEntry: false })?.isFile() ? readFileSync(file) : undefined;
}

/**
 * The pull request's content folders and data files must be its own: a `docs` or `static` that is
 * a symbolic link (or lies under one) would let the pull request choose where the build reads,
 * and so publish `/etc` or the runner's home folder. The default mode allows a docs folder outside
 * the site (`docs.path: '../docs'`); safe mode allows it too, when no link leads there.
 */
function refuseLinkedContent(config: ResolvedConfig, contentDir: string): void {
  const realContentDir = realpathSync(contentDir);
  const content: [string, string | undefined][] = [
    ['the docs folder (docs.path)', config.paths.docs],
    ['the static folder (staticDir)', config.paths.static],
    ['the blog folder (blog.path)', config.paths.blog],
    ['the versioned docs (versioned_docs)', path.join(contentDir, 'versioned_docs')],
    ['the versioned sidebars (versioned_sidebars)', path.join(contentDir, 'versioned_sidebars')],
    ['the list of docs versions (versions.json)', path.join(contentDir, 'versions.json')],
  ];
  const { blog } = config;
  if (blog !== false && config.paths.blog) {
    content.push(['the blog authors file (blog.authorsMapPath)', path.resolve(config.paths.blog, blog.authorsMapPath)]);
    if (typeof blog.tags === 'string') content.push(['the blog tags file (blog.tags)', path.resolve(config.paths.blog, blog.tags)]);
    else if (blog.tags !== false && blog.tags !== null) content.push(['the blog tags file (blog.tags)', path.resolve(config.paths.blog, 'tags.yml')]);
  }
  for (const [what, written] of content) {
    if (written === undefined || !existsSync(written)) continue;
    const real = realpathSync(written);
    if (real === path.resolve(realContentDir, path.relative(contentDir, written))) continue;
    throw new UserError({
      severity: 'error',
      code: 'untrusted',
      message: `Safe mode (--untrusted): ${what} ${written} leads through a symbolic link to ${real}; a pull request's content must be its own files.`,
      file: written,
      hint: 'Commit the folder itself instead of a link to it, or build without --untrusted once the change is reviewed.',
    });
  }
}

/**
 * Without a trusted checkout there is no config to use: each form sdkdocs reads is code, so the
 * pull request's own would run. Refused, naming the file that would have run.
 */
function missingTrustedSite(contentDir: string) {
  const configFile = [...configFileNames, ...docusaurusConfigFileNames].map((name) => path.join(contentDir, name)).find((file) => existsSync(file));
  return {
    severity: 'error' as const,
    code: 'untrusted',
    message: `--untrusted needs --trusted-site: ${configFile ? path.basename(configFile) : 'the site config'} is code (every sdkdocs and Docusaurus config is a JavaScript or TypeScript module), and safe mode runs none from the pull request.`,
    ...(configFile && { file: configFile }),
    hint: 'Check out the base branch into a folder of its own and pass it: `sdkdocs build pr --untrusted --trusted-site base`. Its config, sidebars, theme, components and pages are used; the docs, blog and static files come from the pull request.',
  };
}
