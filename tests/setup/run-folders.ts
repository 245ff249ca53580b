import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder where test files of one run share the builds they would each repeat (see tests/helpers/shared-build.ts). */
    sharedBuildsDir: string;
    /** The folder for output that test files do not clean up one by one (tests/helpers/site.ts buildSite's output folders). */
    scratchDir: string;
  }
}

/**
 * Gives the run its folders, and removes them at the end. Nothing is built here: the first file
 * that needs a shared build makes it, so that a run of one unrelated file pays nothing. Output
 * goes to the scratch folder because a test process's own `exit` handler does not run when the
 * pool ends the process, which left hundreds of output folders behind after every run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sharedBuildsDir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-shared-builds-'));
  const scratchDir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-test-scratch-'));
  project.provide('sharedBuildsDir', sharedBuildsDir);
  project.provide('scratchDir', scratchDir);
  return async () => {
    await rm(sharedBuildsDir, { recursive: true, force: true });
    await rm(scratchDir, { recursive: true, force: true });
  };
}
