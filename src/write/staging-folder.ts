import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/resolve.js';
import { assertReplaceableOutput, writeOutputMarker } from './output-marker.js';
import { resolveOutputPath } from './output-path.js';

/**
 * A fresh folder beside the output folder that a full build's sink writes into, swapped in for
 * the output folder only when the build has succeeded: a build that fails at any point leaves
 * the previous output as it was.
 */
export interface StagingFolder {
  /** The folder's site root (`out/sdk` inside it). */
  readonly siteOut: string;
  /** Replaces the output folder with this one; `onSwapped` runs once it is in place. */
  swapIn(onSwapped: () => void): Promise<void>;
  /** Deletes the folder after a failed build. */
  discard(): Promise<void>;
}

export function createStagingFolder(config: ResolvedConfig): StagingFolder {
  const { outRoot, siteOut } = config.paths;
  recoverInterruptedBuilds(outRoot);
  // Before any work: a build that could not publish should say so at once.
  assertReplaceableOutput(config);
  const parent = path.dirname(outRoot);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  // A mount point cannot be renamed (EBUSY), and its files cannot be renamed to another file
  // system: the staging folder then sits inside it, and the swap moves what the folders hold.
  const mounted = isMountPoint(outRoot);
  const staging = path.join(mounted ? outRoot : parent, `.${path.basename(outRoot)}.staging-${stamp}`);
  // Made now: a folder that cannot be written (read-only, no permission) fails the build at its path before any work.
  mkdirSync(path.dirname(staging), { recursive: true });
  // Not recursive: on a read-only file system that reports ENOENT instead of EROFS.
  mkdirSync(staging);
  const siteFolder = path.relative(outRoot, siteOut);
  const stagingSiteOut = siteFolder ? resolveOutputPath(staging, siteFolder) : staging;
  return {
    siteOut: stagingSiteOut,
    async swapIn(onSwapped) {
      await mkdir(stagingSiteOut, { recursive: true });
      writeOutputMarker(staging);
      // Again: the folder may have changed while the site was built.
      assertReplaceableOutput(config);
      if (mounted) return swapContents(outRoot, staging, stamp, onSwapped);
      const retired = path.join(parent, `.${path.basename(outRoot)}.old-${stamp}`);
      const hadOutput = existsSync(outRoot);
      if (hadOutput) await rename(outRoot, retired);
      try {
        await rename(staging, outRoot);
      } catch (error) {
        // Whatever went wrong, the previous output goes back where it was.
        if (hadOutput) await rename(retired, outRoot);
        throw error;
      }
      try {
        onSwapped();
      } finally {
        await rm(retired, { recursive: true, force: true });
      }
    },
    async discard() {
      await rm(staging, { recursive: true, force: true });
    },
  };
}

/** Whether `folder` exists on another file system than its parent folder's. */
function isMountPoint(folder: string): boolean {
  try {
    return statSync(folder).dev !== statSync(path.dirname(folder)).dev;
  } catch {
    return false;
  }
}

/**
 * The swap for an output folder that is a mount point: its entries move into a retired folder
 * inside it, the staging folder's entries take their place, and on a failure the moves are undone.
 */
async function swapContents(outRoot: string, staging: string, stamp: string, onSwapped: () => void): Promise<void> {
  const retired = path.join(outRoot, `.${path.basename(outRoot)}.old-${stamp}`);
  await mkdir(retired);
  const previous = (await readdir(outRoot)).filter((name) => path.join(outRoot, name) !== staging && path.join(outRoot, name) !== retired);
  const moved: string[] = [];
  const placed: string[] = [];
  try {
    for (const name of previous) {
      await rename(path.join(outRoot, name), path.join(retired, name));
      moved.push(name);
    }
    for (const name of await readdir(staging)) {
      await rename(path.join(staging, name), path.join(outRoot, name));
      placed.push(name);
    }
  } catch (error) {
    for (const name of placed) await rename(path.join(outRoot, name), path.join(staging, name));
    for (const name of moved) await rename(path.join(retired, name), path.join(outRoot, name));
    await rm(retired, { recursive: true, force: true });
    throw error;
  }
  await rm(staging, { recursive: true, force: true });
  try {
    onSwapped();
  } finally {
    await rm(retired, { recursive: true, force: true });
  }
}

/**
 * Tidies what builds that were killed left beside the output folder: their staging folders go,
 * and a previous output retired by a swap that was cut short between its two renames is put back.
 * Folders of builds still running are left alone.
 */
function recoverInterruptedBuilds(outRoot: string): void {
  if (isMountPoint(outRoot)) removeStagingFoldersIn(outRoot);
  const parent = path.dirname(outRoot);
  const prefix = `.${path.basename(outRoot)}.`;
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(staging|old)-(\d+)-[0-9a-z]+$/.exec(name.slice(prefix.length));
    if (!match || isRunning(Number(match[2]))) continue;
    const folder = path.join(parent, name);
    if (match[1] === 'old' && !existsSync(outRoot)) renameSync(folder, outRoot);
    else rmSync(folder, { recursive: true, force: true });
  }
}

/** Inside a mounted output folder, only staging folders go: what a cut-short swap retired is left for the writer to look at. */
function removeStagingFoldersIn(outRoot: string): void {
  const prefix = `.${path.basename(outRoot)}.staging-`;
  for (const name of readdirSync(outRoot)) {
    const match = name.startsWith(prefix) ? /^(\d+)-[0-9a-z]+$/.exec(name.slice(prefix.length)) : null;
    if (match && !isRunning(Number(match[1]))) rmSync(path.join(outRoot, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
