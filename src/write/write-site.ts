import { existsSync } from 'node:fs';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildContext, Site } from '../core/site.js';

/**
 * The only code that writes the output folder. Everything is written to a fresh sibling folder
 * first and swapped in at the end, so a build that fails at any point leaves the previous
 * output exactly as it was.
 */
export async function writeSite(site: Site, ctx: BuildContext): Promise<void> {
  const { outRoot, siteOut, static: staticDir } = site.config.paths;
  const parent = path.dirname(outRoot);
  await mkdir(parent, { recursive: true });
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const staging = path.join(parent, `.${path.basename(outRoot)}.staging-${stamp}`);
  const stagingSiteOut = path.join(staging, path.relative(outRoot, siteOut));
  try {
    await mkdir(stagingSiteOut, { recursive: true });
    if (existsSync(staticDir)) await cp(staticDir, stagingSiteOut, { recursive: true });
    const dirs = new Set<string>();
    for (const file of site.outputs.values()) dirs.add(path.dirname(path.join(stagingSiteOut, file.path)));
    await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
    const files = [...site.outputs.values()];
    const parallel = 64;
    for (let i = 0; i < files.length; i += parallel) {
      await Promise.all(files.slice(i, i + parallel).map((file) => writeFile(path.join(stagingSiteOut, file.path), file.contents)));
    }
    const retired = path.join(parent, `.${path.basename(outRoot)}.old-${stamp}`);
    if (existsSync(outRoot)) await rename(outRoot, retired);
    await rename(staging, outRoot);
    await rm(retired, { recursive: true, force: true });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  ctx.logger.debug(`wrote ${site.outputs.size} files to ${siteOut}`);
}
