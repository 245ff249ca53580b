import { open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** A file of the served site, found and ready to send: its contents in memory, or an open handle. */
export type SiteFile = {
  /** Path relative to the site root folder, with forward slashes: `docs/intro/index.html`. */
  relativePath: string;
  /** Bytes of the contents as stored. */
  size: number;
  mtime: Date;
  /** Differs whenever the contents may: goes into the ETag and the key of cached compressed copies. */
  version: string;
} & ({ contents: string | Uint8Array; handle?: undefined } | { contents?: undefined; handle: FileHandle });

/**
 * One complete published output: everything a request is answered from. The server takes the
 * current one when a request arrives and answers the whole request from it.
 */
export interface SiteFiles {
  /** The base URL the site lives under: `/sdk/`. */
  readonly baseUrl: string;
  /**
   * The file at a path relative to the site root (already checked to stay inside it), or
   * undefined. A file with a `handle` must be closed by the caller.
   */
  get(relativePath: string): Promise<SiteFile | undefined>;
}

/** Files up to this size are read whole: a page or a stylesheet is sent (and compressed) in one piece. */
export const wholeFileLimit = 1024 * 1024;

/**
 * The site as it is on disk under `{root}{baseUrl}` (plain `serve`). A file is opened before
 * anything is sent, and its size and date are read from the open file, so a build that replaces
 * the folder meanwhile makes a request see the old file or the new one, never half of each.
 * A file whose real path (symlinks followed) is outside the site folder is treated as missing.
 */
export function createDiskSiteFiles(root: string, baseUrl: string): SiteFiles {
  const siteRoot = path.join(root, ...baseUrl.split('/').filter(Boolean));
  return {
    baseUrl,
    async get(relativePath) {
      const file = path.join(siteRoot, ...relativePath.split('/'));
      if (!(await isInside(siteRoot, file))) return undefined;
      return openSiteFile(file, relativePath);
    },
  };
}

/**
 * Opens a file on disk for sending: small files are read at once, bigger ones keep an open handle.
 * Undefined when it is missing, not a regular file, or unreadable.
 */
export async function openSiteFile(file: string, relativePath: string): Promise<SiteFile | undefined> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  let keepOpen = false;
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return undefined;
    const described = { relativePath, mtime: stats.mtime, version: diskFileVersion(stats) };
    if (stats.size > wholeFileLimit) {
      keepOpen = true;
      return { ...described, size: stats.size, handle };
    }
    const contents = await handle.readFile();
    return { ...described, size: contents.length, contents };
  } catch {
    return undefined;
  } finally {
    if (!keepOpen) await handle.close().catch(() => undefined);
  }
}

/** The version of a file on disk, from its size and date: it goes into the ETag. */
export function diskFileVersion(stats: { size: number; mtimeMs: number }): string {
  return `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
}

/** Whether the real path of `file` (symlinks followed) lies inside the real path of `folder`; false when either is missing. */
async function isInside(folder: string, file: string): Promise<boolean> {
  try {
    const [realFolder, realFile] = await Promise.all([realpath(folder), realpath(file)]);
    const inside = path.relative(realFolder, realFile);
    return !(inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside));
  } catch {
    return false;
  }
}
