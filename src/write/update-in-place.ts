import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterPublished, mayHaveChanged, type BuildContext, type OutputFile, type Site, type WrittenOutputs } from '../core/site.js';
import { resolveOutputPath } from './output-path.js';
import { assertStaticFileInside } from './copy-static.js';
import { forgetPublishedOutput } from './published-output.js';
import { isSameContents } from '../core/same-data.js';
import { isLateOutput } from '../core/planned-outputs.js';
import { contentDirOf } from '../config/resolve.js';

/** What of the build's context the in-place update reads (the sink passes its own). */
type InPlaceContext = Pick<BuildContext, 'cacheDir' | 'onOutputsWritten' | 'logger' | 'changedFiles' | 'previous' | 'afterPublished'>;

/** What the output folder holds of the build's outputs, by output path: the file written there, or the equal one found there. */
export type OutputsOnDisk = Map<string, OutputFile>;

/**
 * Writes only the outputs that differ from the previous build's and deletes the ones it no
 * longer has; static files are copied or deleted as they changed. Swapping in a fresh copy of a
 * 1,000-page folder would cost far more than one edit. Each file is written next to its place
 * and renamed over it, so the server never sends a half-written page.
 *
 * The site-wide files no page loads (sitemap, llms files, markdown copies; llms-full.txt alone is
 * megabytes at a thousand pages) are left to {@link catchUpOutput}, once the build is published:
 * serve --watch serves from memory, and the open pages need not wait for them. Pages, data and
 * static files are on disk by the time the pages are told to reload.
 */
export async function updateOutputInPlace(site: Site, ctx: InPlaceContext, previous: Site): Promise<void> {
  forgetPublishedOutput(ctx.cacheDir);
  const { siteOut, static: staticDir } = site.config.paths;
  const staticChanges = await changedStaticFiles(ctx, staticDir);
  const staticCopied = staticChanges.filter((change) => change.exists && !site.outputs.has(change.path));
  for (const change of staticCopied) await assertStaticFileInside(change.source, contentDirOf(site.config));
  const staticRemoved = staticChanges.filter((change) => !change.exists && !site.outputs.has(change.path));
  const staticPaths = new Set(staticChanges.map((change) => change.path));
  // Until it is replaced, the folder holds the previous build's file.
  const onDisk: OutputsOnDisk = new Map([...previous.outputs].filter(([outputPath]) => !staticPaths.has(outputPath)));
  const { writes, deletions } = outputChanges(site, onDisk, (outputPath) => staticPaths.has(outputPath) || !isLateOutput(outputPath));
  // Every target is resolved first: a path the output folder cannot hold fails the build before anything is written.
  writes.push(...staticCopied.map((change) => ({ path: change.path, target: resolveOutputPath(siteOut, change.path), write: (temporary: string) => copyFile(change.source, temporary) })));
  deletions.push(...staticRemoved.map((change) => change.path));
  await applyOutputChanges(siteOut, writes, deletions, onDisk);
  const written: WrittenOutputs = { changed: writes.map((write) => write.path), removed: deletions };
  ctx.onOutputsWritten?.(written);
  await catchUpOutput(site, ctx, onDisk, written);
}

/**
 * Once the build is published: writes the outputs the folder does not hold yet (the ones left for
 * later, and the ones made after the pages were served, see `afterPublished`) and deletes those the
 * build no longer has. `written`, what the pages were told about, gains what this pass wrote.
 */
export async function catchUpOutput(site: Site, ctx: InPlaceContext, onDisk: OutputsOnDisk, written?: WrittenOutputs): Promise<void> {
  await afterPublished(ctx, async () => {
    const { writes, deletions } = outputChanges(site, onDisk, () => true);
    await applyOutputChanges(site.config.paths.siteOut, writes, deletions, onDisk);
    written?.changed.push(...writes.map((write) => write.path));
    written?.removed.push(...deletions);
    ctx.logger.debug(`updated ${(written?.changed.length ?? 0)} and deleted ${(written?.removed.length ?? 0)} files in ${site.config.paths.siteOut}`);
  });
}

/** The outputs at the paths `now` takes that differ from what the folder holds, and the paths it holds that the build no longer has. */
function outputChanges(site: Site, onDisk: OutputsOnDisk, now: (outputPath: string) => boolean): { writes: OutputWrite[]; deletions: string[] } {
  const { siteOut } = site.config.paths;
  const writes: OutputWrite[] = [];
  for (const file of site.outputs.values()) {
    if (!now(file.path)) continue;
    const there = onDisk.get(file.path);
    if (there === file || (there && isSameContents(there.contents, file.contents))) continue;
    writes.push({ path: file.path, target: resolveOutputPath(siteOut, file.path), write: (temporary) => writeFile(temporary, file.contents), file });
  }
  const deletions = [...onDisk.keys()].filter((outputPath) => now(outputPath) && !site.outputs.has(outputPath));
  return { writes, deletions };
}

async function applyOutputChanges(siteOut: string, writes: OutputWrite[], deletions: string[], onDisk: OutputsOnDisk): Promise<void> {
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  await Promise.all([...writes.map((write) => replaceFile(write, stamp)), ...deletions.map((relative) => removeOutput(siteOut, relative))]);
  for (const write of writes) if (write.file) onDisk.set(write.path, write.file);
  for (const deleted of deletions) onDisk.delete(deleted);
}

interface OutputWrite {
  /** Output path, relative to the site root folder. */
  path: string;
  target: string;
  write: (temporary: string) => Promise<void>;
  /** The output written, when it is one (not a static file). */
  file?: OutputFile;
}

/** Writes a file next to its place and renames it over it. */
async function replaceFile({ target, write }: OutputWrite, stamp: string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${stamp}.tmp`);
  await write(temporary);
  await rename(temporary, target);
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
