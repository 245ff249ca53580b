import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { UserError, type Diagnostic } from '../core/diagnostic.js';

/** A file of the static folder: its output path (relative to the site root folder) and the file to copy. */
export interface StaticFile {
  path: string;
  source: string;
}

/**
 * The files of the static folder that the output sink publishes under the generated files (a
 * file the build wrote wins). A symbolic link is published as a copy of what it points to when
 * that lies inside the site folder; a link out of the site would publish files that are not the
 * site's, so it fails the build, as does anything that is not a file or a folder.
 */
export async function listStaticFiles(staticDir: string, siteDir: string): Promise<StaticFile[]> {
  const realSite = await realpath(siteDir);
  const problems: Diagnostic[] = [];
  const files: StaticFile[] = [];
  const copyFolder = async (source: string, relative: string, foldersOnTheWay: ReadonlySet<string>): Promise<void> => {
    for (const entry of await readdir(source, { withFileTypes: true })) {
      const entrySource = path.join(source, entry.name);
      const entryRelative = relative ? `${relative}/${entry.name}` : entry.name;
      let from = entrySource;
      let isFolder = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const target = await realpath(entrySource).catch(() => undefined);
        if (!target || !isInside(target, realSite)) {
          problems.push(staticLinkProblem(entrySource, target, siteDir));
          continue;
        }
        const stats = await stat(target);
        from = target;
        isFolder = stats.isDirectory();
        isFile = stats.isFile();
      }
      if (isFolder) {
        const real = await realpath(from);
        // A link to a folder it sits in would copy forever.
        if (foldersOnTheWay.has(real)) {
          problems.push({ ...staticLinkProblem(entrySource, real, siteDir), message: `${displayName(entrySource, siteDir)} is a symbolic link to a folder it lies in; it is not published.` });
          continue;
        }
        await copyFolder(from, entryRelative, new Set([...foldersOnTheWay, real]));
      } else if (isFile) {
        files.push({ path: entryRelative, source: from });
      } else {
        problems.push({
          severity: 'error',
          code: 'static',
          file: entrySource,
          message: `${displayName(entrySource, siteDir)} is neither a file nor a folder (a socket, pipe or device); it cannot be published.`,
          hint: 'Remove it from the static folder.',
        });
      }
    }
  };
  await copyFolder(staticDir, '', new Set([await realpath(staticDir)]));
  if (problems.length > 0) throw new UserError(problems);
  return files;
}

/**
 * Throws when a file of the static folder is a symbolic link out of the site (serve --watch
 * copies changed static files one by one).
 */
export async function assertStaticFileInside(file: string, siteDir: string): Promise<void> {
  const target = await realpath(file).catch(() => undefined);
  if (target && isInside(target, await realpath(siteDir))) return;
  throw new UserError(staticLinkProblem(file, target, siteDir));
}

function staticLinkProblem(link: string, target: string | undefined, siteDir: string): Diagnostic {
  return {
    severity: 'error',
    code: 'static',
    file: link,
    message: target
      ? `${displayName(link, siteDir)} is a symbolic link to ${target}, outside the site folder; sdkdocs publishes only files of the site.`
      : `${displayName(link, siteDir)} is a symbolic link to nothing (its target does not exist).`,
    hint: 'Copy the file into the static folder, or point the link at a file inside the site folder.',
  };
}

function displayName(file: string, siteDir: string): string {
  return path.relative(siteDir, file).split(path.sep).join('/');
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}
