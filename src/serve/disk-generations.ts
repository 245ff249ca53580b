import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createDiskSiteFiles, diskFileVersion, wholeFileLimit, type SiteFile, type SiteFiles } from './site-files.js';
import { createRetiredAssets, defaultGraceBytes } from './retired-assets.js';
import { isHashedAsset } from './static-server.js';

export interface DiskGenerationsOptions {
  /** How long the hashed assets of a build that another build replaced are still served. @defaultValue five minutes */
  graceMs?: number;
  /** At most this many bytes of hashed assets are kept in memory (the replaced ones go first). @defaultValue 64 MiB */
  graceBytes?: number;
}

interface KeptAsset {
  contents: Buffer;
  mtime: Date;
  version: string;
}

/** How often, at most, a request checks whether a build has replaced the output folder. */
const replacementCheckMs = 100;

/**
 * What plain `serve` serves: the output folder as it is on disk, plus the hashed assets of the
 * builds that `sdkdocs build` replaced while it ran. A build swaps in a new output folder whole,
 * and a page loaded just before still asks for its own stylesheet, scripts and route data, whose
 * names the new build no longer has; a static host that keeps earlier deploys' assets answers
 * them, and so does this. The hashed assets of the folder being served are read into memory
 * (they are small and never change under their name) each time a build replaces it, so they can
 * still be answered once it is gone.
 */
export function createDiskGenerations(root: string, baseUrl: string, options: DiskGenerationsOptions = {}): SiteFiles {
  const graceBytes = options.graceBytes ?? defaultGraceBytes;
  const disk = createDiskSiteFiles(root, baseUrl);
  const siteRoot = path.join(root, ...baseUrl.split('/').filter(Boolean));
  const assetsFolder = path.join(siteRoot, 'assets');
  /** The hashed assets of the build on disk, read when it was swapped in. */
  let served = new Map<string, KeptAsset>();
  let servedBytes = 0;
  const retired = createRetiredAssets<KeptAsset>(options);
  let servedFolder: string | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;

  const keepAssetsOfNewBuild = async () => {
    const now = Date.now();
    for (const [key, asset] of served) retired.retire(key, asset, asset.contents.byteLength, now);
    served = new Map();
    servedBytes = 0;
    const files = await readdir(assetsFolder, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of files) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(siteRoot, file).split(path.sep).join('/');
      if (!isHashedAsset(key)) continue;
      const stats = await stat(file).catch(() => undefined);
      if (!stats || stats.size > wholeFileLimit || servedBytes + stats.size > graceBytes) continue;
      const contents = await readFile(file).catch(() => undefined);
      if (!contents) continue;
      retired.forget(key);
      served.set(key, { contents, mtime: stats.mtime, version: diskFileVersion(stats) });
      servedBytes += contents.byteLength;
    }
    // The build on disk comes first: replaced builds get what memory is left.
    retired.prune(now, graceBytes - servedBytes);
  };

  /** Notices a build that replaced the output folder since the last look, and keeps its assets. */
  const noticeReplacement = (): Promise<void> => {
    const now = Date.now();
    if (checking) return checking;
    if (now - checkedAt < replacementCheckMs) return Promise.resolve();
    checkedAt = now;
    checking = stat(siteRoot)
      .then(async (stats) => {
        const folder = `${stats.dev}:${stats.ino}:${stats.birthtimeMs}`;
        if (folder === servedFolder) return;
        servedFolder = folder;
        await keepAssetsOfNewBuild();
      })
      .catch(() => undefined)
      .finally(() => {
        checking = undefined;
      });
    return checking;
  };

  return {
    baseUrl,
    async get(relativePath) {
      // A request never waits for the assets to be read, except the very first.
      if (servedFolder === undefined) await noticeReplacement();
      else void noticeReplacement();
      const file = await disk.get(relativePath);
      if (file || !isHashedAsset(relativePath)) return file;
      const asset = served.get(relativePath) ?? retired.get(relativePath);
      if (!asset) return undefined;
      const answer: SiteFile = { relativePath, contents: asset.contents, size: asset.contents.byteLength, mtime: asset.mtime, version: asset.version };
      return answer;
    },
  };
}
