import { copyFile, mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterPublished, type BuildContext, type OutputFile, type OutputFolderContents, type Site, type StaticFolderFile, type WrittenOutputs } from '../core/site.js';
import { resolveOutputPath } from './output-path.js';
import { assertStaticFileInside } from './copy-static.js';
import { forgetPublishedOutput } from './published-output.js';
import { isSameContents } from '../core/same-data.js';
import { isLateOutput } from '../core/planned-outputs.js';
import { contentDirOf } from '../config/resolve.js';

/** What of the build's context the in-place update reads (the sink passes its own). */
type InPlaceContext = Pick<BuildContext, 'cacheDir' | 'onOutputsWritten' | 'logger' | 'afterPublished'>;

/** What the output folder holds of the build's outputs, by output path: the file written there, or the equal one found there. */
export type OutputsOnDisk = Map<string, OutputFile>;

/**
 * Writes only the outputs that differ from what the folder holds (`before`) and deletes the ones
 * the build no longer has; static files are copied or deleted where `staticFiles`, the static
 * folder as the build found it, differs from the files the folder holds. Swapping in a fresh copy of a
 * 1,000-page folder would cost far more than one edit. Each file is written next to its place
 * and renamed over it, so the server never sends a half-written page.
 *
 * The site-wide files no page loads (sitemap, llms files, markdown copies; llms-full.txt alone is
 * megabytes at a thousand pages) are left to {@link catchUpOutput}, once the build is published:
 * serve --watch serves from memory, and the open pages need not wait for them. Pages, data and
 * static files are on disk by the time the pages are told to reload.
 */
export async function updateOutputInPlace(site: Site, ctx: InPlaceContext, before: OutputFolderContents, staticFiles: ReadonlyMap<string, StaticFolderFile>): Promise<void> {
  forgetPublishedOutput(ctx.cacheDir);
  const { siteOut } = site.config.paths;
  const staticChanges = changedStaticFiles(before, staticFiles, site.outputs);
  const staticCopied = staticChanges.filter((change) => change.exists && !site.outputs.has(change.path));
  for (const change of staticCopied) await assertStaticFileInside(change.source, contentDirOf(site.config));
  const staticRemoved = staticChanges.filter((change) => !change.exists && !site.outputs.has(change.path));
  const staticPaths = new Set(staticChanges.map((change) => change.path));
  // Until it is replaced, the folder holds the previous build's file.
  const onDisk: OutputsOnDisk = new Map([...before.outputs].filter(([outputPath]) => !staticPaths.has(outputPath)));
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
  // Deletions first: a file may be replaced by a folder of its name, or a folder by a file.
  await Promise.all(deletions.map((relative) => removeOutput(siteOut, relative)));
  await Promise.all(writes.map((write) => replaceFile(write, stamp)));
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

/**
 * The static files the folder must take again or lose: those created, changed or deleted since the
 * folder was written, and those a build output stood in for then (a static file it hid returns).
 */
function changedStaticFiles(before: OutputFolderContents, now: ReadonlyMap<string, StaticFolderFile>, outputs: ReadonlyMap<string, OutputFile>): StaticChange[] {
  const changes: StaticChange[] = [];
  for (const file of now.values()) {
    const returns = before.outputs.has(file.path) && !outputs.has(file.path);
    if (returns || before.staticFiles.get(file.path)?.fingerprint !== file.fingerprint) changes.push({ path: file.path, source: file.source, exists: true });
  }
  for (const file of before.staticFiles.values()) if (!now.has(file.path)) changes.push({ path: file.path, source: file.source, exists: false });
  return changes;
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
