import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder where test files of one run share the builds they would each repeat (see tests/helpers/shared-build.ts). */
    sharedBuildsDir: string;
  }
}

/**
 * Gives the run one folder for builds that several test files make of the same site, and removes
 * it at the end. Nothing is built here: the first file that needs a build makes it, so that a run
 * of one unrelated file pays nothing.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-shared-builds-'));
  project.provide('sharedBuildsDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
