import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
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
  const staging = path.join(parent, `.${path.basename(outRoot)}.staging-${stamp}`);
  const siteFolder = path.relative(outRoot, siteOut);
  const stagingSiteOut = siteFolder ? resolveOutputPath(staging, siteFolder) : staging;
  return {
    siteOut: stagingSiteOut,
    async swapIn(onSwapped) {
      await mkdir(stagingSiteOut, { recursive: true });
      writeOutputMarker(staging);
      // Again: the folder may have changed while the site was built.
      assertReplaceableOutput(config);
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

/**
 * Tidies what builds that were killed left beside the output folder: their staging folders go,
 * and a previous output retired by a swap that was cut short between its two renames is put back.
 * Folders of builds still running are left alone.
 */
function recoverInterruptedBuilds(outRoot: string): void {
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

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
