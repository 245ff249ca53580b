import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mayHaveChanged, type BuildContext, type Site } from '../core/site.js';
import { resolveOutputPath } from './output-path.js';
import { assertStaticFileInside } from './copy-static.js';
import { forgetPublishedOutput } from './published-output.js';
import { isSameContents } from '../core/same-data.js';

/** What of the build's context the in-place update reads (the sink passes its own). */
type InPlaceContext = Pick<BuildContext, 'cacheDir' | 'onOutputsWritten' | 'logger' | 'changedFiles' | 'previous'>;

/**
 * Writes only the outputs that differ from the previous build's and deletes the ones it no
 * longer has; static files are copied or deleted as they changed. Swapping in a fresh copy of a
 * 1,000-page folder would cost far more than one edit. Each file is written next to its place
 * and renamed over it, so the server never sends a half-written page.
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

  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const replace = async (target: string, write: (temporary: string) => Promise<void>) => {
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${stamp}.tmp`);
    await write(temporary);
    await rename(temporary, target);
  };
  await Promise.all([
    ...changed.map((file) => replace(resolveOutputPath(siteOut, file.path), (temporary) => writeFile(temporary, file.contents))),
    ...staticCopied.map((change) => replace(resolveOutputPath(siteOut, change.path), (temporary) => copyFile(change.source, temporary))),
    ...[...removed, ...staticRemoved.map((change) => change.path)].map((relative) => removeOutput(siteOut, relative)),
  ]);
  ctx.onOutputsWritten?.({
    changed: [...changed.map((file) => file.path), ...staticCopied.map((change) => change.path)],
    removed: [...removed, ...staticRemoved.map((change) => change.path)],
  });
  ctx.logger.debug(`updated ${changed.length + staticCopied.length} and deleted ${removed.length + staticRemoved.length} files in ${siteOut}`);
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
