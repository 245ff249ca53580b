import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of the run's own, removed when the run ends, for output test files do not clean up one by one (tests/helpers/site.ts). */
    scratchDir: string;
  }
}

/**
 * Gives the run a folder for the output folders its builds make, and removes it at the end: a
 * test process's own `exit` handler does not run when the pool ends the process, which left
 * hundreds of output folders in the system's temporary folder after every run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-test-scratch-'));
  project.provide('scratchDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
