import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { buildSite } from './site.js';

/** How often a file waiting for another file's build looks whether it is there. */
const pollMs = 100;

/**
 * The output folder of a build of `siteDir`, made once per test run and shared by every test
 * file that asks for it: the first one builds (in its own process, as `buildSite` does) while the
 * others wait for the finished folder. Callers must only read it. Outside a run that provides the
 * shared folder (tests/setup/run-folders.ts), each caller builds for itself.
 */
export async function sharedBuild(siteDir: string): Promise<string> {
  const sharedDir = inject('sharedBuildsDir') as string | undefined;
  if (!sharedDir) return (await buildSite(siteDir)).site.config.paths.outRoot;
  const name = createHash('sha256').update(siteDir).digest('hex').slice(0, 16);
  const outDir = path.join(sharedDir, name);
  const failure = `${outDir}.failed`;
  if (await claim(`${outDir}.claimed`)) {
    const building = `${outDir}.building`;
    try {
      await buildSite(siteDir, { outDir: building });
      // Renamed whole, so that a waiting file never sees a half-written output.
      await rename(building, outDir);
    } catch (error) {
      await writeFile(failure, String((error as Error).stack ?? error));
      throw error;
    }
    return outDir;
  }
  for (;;) {
    if (existsSync(outDir)) return outDir;
    if (existsSync(failure)) throw new Error(`The shared build of ${siteDir} failed in another test file:\n${await readFile(failure, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Whether this process is the first to create `marker` (mkdir fails for all the others). */
async function claim(marker: string): Promise<boolean> {
  try {
    await mkdir(marker);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
