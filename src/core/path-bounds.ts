import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { ReadBounds } from '../model/read-bounds.js';

export type { ReadBounds };

/*
 * The one rule for where a build may reach on disk: it writes only inside its output folder and
 * reads content (images, imports, partials) only inside the site. Writes (write/output-path.ts)
 * and reads (the image plugin, the import resolver) both ask `isInsideFolder`, so the two guards
 * cannot drift apart.
 */

/** Whether `target` is `folder` itself or lies below it, compared as written (no symlink followed). */
export function isInsideFolder(folder: string, target: string, options: { allowSelf?: boolean } = {}): boolean {
  const relative = path.relative(path.resolve(folder), path.resolve(target));
  if (relative === '') return options.allowSelf ?? true;
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/**
 * The folders whose files content may read: the site folder, and each docs folder the config
 * names (docs kept beside the site, `docs.path: '../docs'`, belong to it). Packages are read from
 * the site's `node_modules`, which lies inside the site folder.
 */
export function siteReadRoots(config: { siteDir: string; paths: { docs: string } }): string[] {
  return [config.siteDir, config.paths.docs];
}

/** Where the site's code finds a file it imports from the root (`/img/a.png`), in Docusaurus' order: the static folder, then the site folder. */
export function siteServerRoots(config: { siteDir: string; paths: { static: string } }): string[] {
  return [config.paths.static, config.siteDir];
}

/** The real path (symbolic links followed) of `file`, or of its nearest folder that exists. */
function realPathOf(file: string): string {
  let current = path.resolve(file);
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(realpathSync(current), ...rest);
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return path.join(current, ...rest);
      rest.unshift(path.basename(current));
      current = parent;
    }
  }
}

/**
 * Checks reads of content files against the site's read roots. Holds the roots' real paths, so a
 * build asks the file system once per root; a file is inside when it is, as written and after its
 * symbolic links are followed.
 */
export function createReadBounds(roots: readonly string[]): ReadBounds {
  const resolved = [...new Set(roots.map((root) => path.resolve(root)))];
  // A docs folder inside the site folder adds nothing to check, nor to say.
  const unique = resolved.filter((root) => !resolved.some((other) => other !== root && isInsideFolder(other, root)));
  const realRoots = unique.map(realPathOf);
  return {
    roots: unique,
    outside(file) {
      const written = path.resolve(file);
      if (!unique.some((root) => isInsideFolder(root, written))) return written;
      const real = realPathOf(written);
      return realRoots.some((root) => isInsideFolder(root, real)) ? undefined : real;
    },
    describeOutside: (what, written, real) => ({ message: outsideSiteMessage(what, written, real, unique), hint: outsideSiteHint }),
  };
}

/** The message for a content file outside the site: one wording for images, imports and partials. */
export function outsideSiteMessage(what: string, written: string, real: string, roots: readonly string[]): string {
  const folders = roots.length === 1 ? `the site folder ${roots[0]}` : `the site folder ${roots[0]} and the docs folder ${roots.slice(1).join(', ')}`;
  return `${what} ${JSON.stringify(written)} leads to ${real}, outside ${folders}: sdkdocs reads and publishes only files of the site.`;
}

/**
 * The git work tree around the site folder: the nearest folder at or above it that holds a
 * `.git` (a folder, or a file in a worktree or submodule). Undefined when the site is in none.
 */
export function repositoryRootOf(siteDir: string): string | undefined {
  let current = path.resolve(siteDir);
  for (;;) {
    if (existsSync(path.join(current, '.git'))) return current;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/**
 * Files of the site's repository that its code may import from outside the site folder, as
 * Docusaurus sites in monorepos do (`import pkg from '../../package.json'`, a table of error
 * codes kept at the repository's root). What git ignores stays out (`.env`, build output, keys),
 * and so does anything when git cannot answer: the rule only ever widens the site's bounds to
 * files its repository would publish.
 */
export interface RepositoryFiles {
  readonly root: string;
  /** Whether `file` (absolute) lies in the repository, its symbolic links followed, and git does not ignore it. */
  admits(file: string): boolean;
}

export function repositoryFilesOf(siteDir: string): RepositoryFiles | undefined {
  const root = repositoryRootOf(siteDir);
  if (!root) return undefined;
  const bounds = createReadBounds([root]);
  const answers = new Map<string, boolean>();
  return {
    root,
    admits(file) {
      if (bounds.outside(file) !== undefined) return false;
      const relative = path.relative(root, path.resolve(file));
      let admitted = answers.get(relative);
      if (admitted === undefined) {
        // `git check-ignore` exits 0 for an ignored path, 1 for one it does not ignore, 128 on errors.
        const checked = spawnSync('git', ['check-ignore', '--quiet', '--', relative], { cwd: root, stdio: 'ignore' });
        admitted = checked.status === 1;
        answers.set(relative, admitted);
      }
      return admitted;
    },
  };
}

export const outsideSiteHint =
  'Copy the file into the site (beside the doc, or into the static folder and link it as /name), or move the site folder so that it holds the file.';
