import { lstat, readdir, realpath, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Site, StaticFolderFile } from '../core/site.js';
import { openSiteFile, wholeFileLimit, type SiteFile, type SiteFiles } from './site-files.js';
import { isHashedAsset } from './static-server.js';
import { isSameContents } from '../core/same-data.js';
import { createRetiredAssets } from './retired-assets.js';

export interface SiteGenerationsOptions {
  /**
   * How long a hashed asset (stylesheet, script, route data) that a rebuild dropped is still
   * served: a page loaded just before the rebuild may still ask for it.
   * @defaultValue five minutes
   */
  graceMs?: number;
  /** At most this many bytes of dropped assets are kept (the oldest go first). @defaultValue 64 MiB */
  graceBytes?: number;
}

/**
 * What serve --watch serves: each good build becomes an immutable generation (the build's outputs,
 * which watch builds keep in memory, plus the static files), and the current one is replaced in one
 * step once it is complete. A request is answered from the generation that was current when it
 * arrived, so it never sees a half-updated output folder; hashed assets of earlier generations stay
 * reachable for a grace period. The output folder on disk is written as before, for the user.
 */
export interface SiteGenerations {
  /** The current generation, undefined until a build has been published. */
  current(): SiteFiles | undefined;
  /**
   * Makes a good build's output the current generation. `staticFiles` are the static folder's
   * files as the build found them, with their fingerprints: a file whose fingerprint the current
   * generation has already is not read again. Without them every static file is read.
   */
  publish(site: Site, staticFiles?: ReadonlyMap<string, StaticFolderFile>): Promise<void>;
}

interface Entry {
  /** Contents in memory; undefined for a large static file, read from `source` when asked for. */
  contents?: string | Uint8Array;
  /** The static file it came from (absolute path), undefined for a build output. */
  source?: string;
  /** `{size}-{mtime}` of a large static file when it was listed, to keep its version while it is unchanged. */
  sourceState?: string;
  /** The static file's fingerprint when the build gave one (see {@link SiteGenerations.publish}). */
  sourceFingerprint?: string;
  version: string;
  mtime: Date;
  /** Bytes of `contents`, counted when first needed. */
  size?: number;
}

interface Generation extends SiteFiles {
  readonly entries: ReadonlyMap<string, Entry>;
}

export function createSiteGenerations(options: SiteGenerationsOptions = {}): SiteGenerations {
  let current: Generation | undefined;
  /** Hashed assets that left the current generation. */
  const retired = createRetiredAssets<Entry>(options);
  // Versions only need to differ within this process (ETags and cached compressed copies).
  let lastVersion = 0;
  const epoch = Date.now().toString(36);
  const nextVersion = () => `${epoch}-${(++lastVersion).toString(36)}`;

  const makeGeneration = (baseUrl: string, entries: Map<string, Entry>): Generation => ({
    baseUrl,
    entries,
    async get(relativePath) {
      const entry = entries.get(relativePath) ?? (isHashedAsset(relativePath) ? retired.get(relativePath) : undefined);
      return entry ? toSiteFile(relativePath, entry) : undefined;
    },
  });

  return {
    current: () => current,
    async publish(site, staticFiles) {
      const previous = current?.baseUrl === site.config.baseUrl ? current : undefined;
      const entries = new Map<string, Entry>();
      const now = new Date();
      for (const [key, output] of site.outputs) {
        const earlier = previous?.entries.get(key);
        const unchanged = earlier?.contents !== undefined && !earlier.source && isSameContents(earlier.contents, output.contents);
        // The entry holds this build's contents either way, so an older build's can be collected.
        entries.set(key, { contents: output.contents, version: unchanged ? earlier.version : nextVersion(), mtime: unchanged ? earlier.mtime : now });
      }
      for (const [key, entry] of await staticEntries(site.config.paths.static, previous, staticFiles, nextVersion, now)) {
        // A page or asset the build emits wins over a static file of the same name, as in a full build.
        if (!entries.has(key)) entries.set(key, entry);
      }

      const retiredAt = Date.now();
      if (previous) {
        for (const [key, entry] of previous.entries) {
          if (!isHashedAsset(key) || entries.get(key)?.version === entry.version) continue;
          retired.retire(key, entry, entry.contents === undefined ? 0 : byteLength(entry.contents), retiredAt);
        }
      } else {
        retired.clear();
      }
      for (const key of entries.keys()) retired.forget(key);
      retired.prune(retiredAt);
      current = makeGeneration(site.config.baseUrl, entries);
    },
  };
}

async function toSiteFile(relativePath: string, entry: Entry): Promise<SiteFile | undefined> {
  if (entry.contents !== undefined) {
    entry.size ??= byteLength(entry.contents);
    return { relativePath, contents: entry.contents, size: entry.size, mtime: entry.mtime, version: entry.version };
  }
  // A large static file is read from where it is; its own size and date describe what is sent.
  return openSiteFile(entry.source!, relativePath);
}

/**
 * The static files of a generation: the previous generation's where the build found the same file,
 * the others read (all of them without a previous generation or the build's static files). Small
 * files are held in memory; larger ones are read from the static folder when asked for.
 */
async function staticEntries(
  staticDir: string,
  previous: Generation | undefined,
  staticFiles: ReadonlyMap<string, StaticFolderFile> | undefined,
  nextVersion: () => string,
  now: Date,
): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  const earlierStatic = new Map<string, Entry>();
  for (const [key, entry] of previous?.entries ?? []) if (entry.source) earlierStatic.set(key, entry);

  let toRead: Array<{ key: string; source: string; fingerprint?: string }> = [];
  if (staticFiles) {
    for (const file of staticFiles.values()) {
      const earlier = earlierStatic.get(file.path);
      if (earlier && earlier.source === file.source && earlier.sourceFingerprint === file.fingerprint) entries.set(file.path, earlier);
      else toRead.push({ key: file.path, source: file.source, fingerprint: file.fingerprint });
    }
  } else {
    toRead = (await listFiles(staticDir)).map((source) => ({ key: path.relative(staticDir, source).split(path.sep).join('/'), source }));
  }
  const realStaticDir = await realpath(staticDir).catch(() => staticDir);
  await Promise.all(
    toRead.map(async ({ key, source, fingerprint }) => {
      const entry = await readStaticFile(source, realStaticDir, earlierStatic.get(key), nextVersion, now);
      if (entry) entries.set(key, { ...entry, sourceFingerprint: fingerprint });
    }),
  );
  return entries;
}

/** Every file under `folder` (none when it is missing). */
async function listFiles(folder: string): Promise<string[]> {
  const stats = await lstat(folder).catch(() => undefined);
  if (!stats?.isDirectory()) return [];
  const found = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return found.filter((entry) => !entry.isDirectory()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * One static file as an entry: undefined when it is gone, not a file, or a link that leads out of
 * the static folder (a static host would not publish what lies outside the site).
 */
async function readStaticFile(
  source: string,
  realStaticDir: string,
  earlier: Entry | undefined,
  nextVersion: () => string,
  now: Date,
): Promise<Entry | undefined> {
  try {
    const real = await realpath(source);
    if (!real.startsWith(realStaticDir + path.sep)) return undefined;
    const stats = await lstat(real);
    if (!stats.isFile()) return undefined;
    const sourceState = `${stats.size}-${stats.mtimeMs}`;
    if (stats.size > wholeFileLimit) {
      const same = earlier?.sourceState === sourceState;
      return { source, sourceState, version: same ? earlier!.version : nextVersion(), mtime: same ? earlier!.mtime : now };
    }
    const contents = await readFile(real);
    const same = earlier?.contents !== undefined && isSameContents(earlier.contents, contents);
    return { source, sourceState, contents, version: same ? earlier!.version : nextVersion(), mtime: same ? earlier!.mtime : now };
  } catch {
    return undefined;
  }
}

function byteLength(contents: string | Uint8Array): number {
  return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
}
