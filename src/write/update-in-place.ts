import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterPublished, mayHaveChanged, type BuildContext, type Site } from '../core/site.js';
import { resolveOutputPath } from './output-path.js';
import { assertStaticFileInside } from './copy-static.js';
import { forgetPublishedOutput } from './published-output.js';
import { isSameContents } from '../core/same-data.js';

/** What of the build's context the in-place update reads (the sink passes its own). */
type InPlaceContext = Pick<BuildContext, 'cacheDir' | 'onOutputsWritten' | 'logger' | 'changedFiles' | 'previous' | 'afterPublished'>;

/**
 * Writes only the outputs that differ from the previous build's and deletes the ones it no
 * longer has; static files are copied or deleted as they changed. Swapping in a fresh copy of a
 * 1,000-page folder would cost far more than one edit. Each file is written next to its place
 * and renamed over it, so the server never sends a half-written page.
 *
 * The site-wide files no page loads (sitemap, llms files, markdown copies; llms-full.txt alone is
 * megabytes at a thousand pages) are written after the build is published: serve --watch serves
 * from memory, and the open pages need not wait for them. Pages, data and static files are on
 * disk by the time the pages are told to reload.
 */
export async function updateOutputInPlace(site: Site, ctx: InPlaceContext, previous: Site): Promise<void> {
  forgetPublishedOutput(ctx.cacheDir);
  const { siteOut, static: staticDir } = site.config.paths;
  const changed = [...site.outputs.values()].filter((file) => {
    const earlier = previous.outputs.get(file.path);
    return earlier !== file && !(earlier && isSameContents(earlier.contents, file.contents));
  });
  const removed = [...previous.outputs.keys()].filter((key) => !site.outputs.has(key));
  const staticChanges = await changedStaticFiles(ctx, staticDir);
  const staticCopied = staticChanges.filter((change) => change.exists && !site.outputs.has(change.path));
  for (const change of staticCopied) await assertStaticFileInside(change.source, site.config.siteDir);
  const staticRemoved = staticChanges.filter((change) => !change.exists && !site.outputs.has(change.path));
  // Every target is resolved first: a path the output folder cannot hold fails the build before anything is written.
  const writes: OutputWrite[] = [
    ...changed.map((file) => ({ path: file.path, target: resolveOutputPath(siteOut, file.path), write: (temporary: string) => writeFile(temporary, file.contents) })),
    ...staticCopied.map((change) => ({ path: change.path, target: resolveOutputPath(siteOut, change.path), write: (temporary: string) => copyFile(change.source, temporary) })),
  ];
  const staticPaths = new Set(staticChanges.map((change) => change.path));
  const later = (outputPath: string) => !staticPaths.has(outputPath) && notNeededToReload(outputPath);
  const deletions = [...removed, ...staticRemoved.map((change) => change.path)];
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const apply = (some: OutputWrite[], someDeletions: string[]) =>
    Promise.all([...some.map((write) => replaceFile(write, stamp)), ...someDeletions.map((relative) => removeOutput(siteOut, relative))]);

  await apply(
    writes.filter((write) => !later(write.path)),
    deletions.filter((relative) => !later(relative)),
  );
  ctx.onOutputsWritten?.({ changed: writes.map((write) => write.path), removed: deletions });
  await afterPublished(ctx, async () => {
    await apply(
      writes.filter((write) => later(write.path)),
      deletions.filter((relative) => later(relative)),
    );
    ctx.logger.debug(`updated ${writes.length} and deleted ${deletions.length} files in ${siteOut}`);
  });
}

interface OutputWrite {
  /** Output path, relative to the site root folder. */
  path: string;
  target: string;
  write: (temporary: string) => Promise<void>;
}

/** Writes a file next to its place and renames it over it. */
async function replaceFile({ target, write }: OutputWrite, stamp: string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${stamp}.tmp`);
  await write(temporary);
  await rename(temporary, target);
}

/**
 * The generated files a reloading page does not load: the sitemap, the llms files and the
 * markdown copies of pages (the copy-page button fetches a copy on a click; serve --watch answers
 * it from the build in memory until it is on disk).
 */
function notNeededToReload(outputPath: string): boolean {
  return /\.(xml|txt|md)$/.test(outputPath);
}

interface StaticChange {
  /** Output path, relative to the site root folder. */
  path: string;
  source: string;
  exists: boolean;
}

/** The static files that were created, changed or deleted: the whole folder when the build was not told. */
async function changedStaticFiles(ctx: InPlaceContext, staticDir: string): Promise<StaticChange[]> {
  if (!mayHaveChanged(ctx, staticDir)) return [];
  const candidates = ctx.changedFiles
    ? [...ctx.changedFiles].filter((file) => file.startsWith(staticDir + path.sep))
    : existsSync(staticDir)
      ? (await readdir(staticDir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name))
      : [];
  return Promise.all(
    candidates.map(async (source) => ({
      path: path.relative(staticDir, source).split(path.sep).join('/'),
      source,
      exists: Boolean((await stat(source).catch(() => undefined))?.isFile()),
    })),
  );
}

/** Deletes an output file and the folders it leaves empty, up to the site root folder. */
async function removeOutput(siteOut: string, relative: string): Promise<void> {
  let target = resolveOutputPath(siteOut, relative);
  await rm(target, { force: true });
  for (target = path.dirname(target); target.startsWith(siteOut + path.sep); target = path.dirname(target)) {
    try {
      await rmdir(target);
    } catch {
      // Not empty (or already gone): the folders above are not empty either.
      return;
    }
  }
}
