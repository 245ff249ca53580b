import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/resolve.js';
import { copyStaticFolder } from './copy-static.js';
import { createFolderWriter } from './folder-writer.js';
import { assertReplaceableOutput, writeOutputMarker } from './output-marker.js';
import { resolveOutputPath } from './output-path.js';
import type { StagingFolder } from '../core/site.js';
export type { StagingFolder };

export function createStagingFolder(config: ResolvedConfig): StagingFolder {
  const { outRoot, siteOut, static: staticDir } = config.paths;
  recoverInterruptedBuilds(outRoot);
  // Before any work: a build that could not publish should say so at once.
  assertReplaceableOutput(config);
  const parent = path.dirname(outRoot);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const staging = path.join(parent, `.${path.basename(outRoot)}.staging-${stamp}`);
  const siteFolder = path.relative(outRoot, siteOut);
  const stagingSiteOut = siteFolder ? resolveOutputPath(staging, siteFolder) : staging;
  const written = new Set<string>();
  const publishedCallbacks: (() => void)[] = [];
  const writeFile = createFolderWriter(stagingSiteOut);
  return {
    written,
    siteOut: stagingSiteOut,
    recordWritten(file) {
      written.add(file);
    },
    onPublished(callback) {
      publishedCallbacks.push(callback);
    },
    get hasPublishCallbacks() {
      return publishedCallbacks.length > 0;
    },
    async write(file) {
      // Synchronous on purpose: the build waits for its files anyway, and tens of thousands of
      // small writes through libuv's thread pool cost more in round trips than the writes.
      writeFile(file.path, file.contents);
      written.add(file.path);
    },
    async publish() {
      await mkdir(stagingSiteOut, { recursive: true });
      // Static files go under the generated ones: a page or asset the build emits wins over a static file of the same name.
      if (existsSync(staticDir)) await copyStaticFolder(staticDir, stagingSiteOut, config.siteDir);
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
        for (const callback of publishedCallbacks) callback();
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
