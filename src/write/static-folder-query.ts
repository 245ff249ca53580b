import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { StaticFolderFile } from '../core/site.js';
import type { Query, QueryContext } from '../engine/query-engine.js';

/**
 * The static folder's files, each with its contents' fingerprint, as a query on the build's engine:
 * a serve --watch session told that a static path changed walks the folders and fingerprints the
 * files again, and otherwise has the last answer at once. What changed in the static folder is the
 * difference between two answers, whatever the watcher reported (a file replaced by a folder of
 * its name, a save during a build).
 *
 * Links are followed as a disk build publishes them (see listStaticFiles, which also says what is
 * wrong with one): a link to a folder it lies in is not walked again, and anything that is neither
 * a file nor a folder is left out.
 */
export const staticFolderQuery: Query<string, StaticFolderFile[]> = {
  name: 'staticFolderFiles',
  run(context, staticDir) {
    const files: StaticFolderFile[] = [];
    walkStaticFolder(context, staticDir, '', new Set([realPathOf(staticDir)]), files);
    return files;
  },
};

function walkStaticFolder(context: QueryContext, folder: string, relative: string, foldersOnTheWay: ReadonlySet<string>, files: StaticFolderFile[]): void {
  for (const entry of context.listFolder(folder) ?? []) {
    const name = entry.endsWith('/') ? entry.slice(0, -1) : entry;
    const source = path.join(folder, name);
    const outputPath = relative ? `${relative}/${name}` : name;
    const fingerprint = entry.endsWith('/') ? undefined : context.fileFingerprint(source);
    if (fingerprint !== undefined) {
      files.push({ path: outputPath, source, fingerprint });
      continue;
    }
    // A folder, or a link to one (a link to nothing lists nothing).
    const real = realPathOf(source);
    if (foldersOnTheWay.has(real)) continue;
    walkStaticFolder(context, source, outputPath, new Set([...foldersOnTheWay, real]), files);
  }
}

function realPathOf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}
