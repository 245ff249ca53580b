import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import type { Diagnostic } from './diagnostic.js';

/*
 * A site's own modules that the build runs before any stage (its config, its sidebars file) are
 * bundled with esbuild, so that they may be TypeScript and import local files, and loaded from a
 * temporary file. The two loaders differ in format and plugins; this is what they share.
 */

/** esbuild's errors of a failed bundle of `file`, each at its place; empty when esbuild gave none. */
export function bundleErrorDiagnostics(error: unknown, file: string, code: string, what: string): Diagnostic[] {
  return ((error as esbuild.BuildFailure).errors ?? []).map((message) => ({
    severity: 'error',
    code,
    message: `Cannot compile ${what}: ${message.text}`,
    file: message.location ? path.resolve(message.location.file) : file,
    line: message.location?.line,
    column: message.location ? message.location.column + 1 : undefined,
  }));
}

/** Writes bundled code to a temporary file named `fileName`, hands its path to `load`, and removes it again. */
export async function loadFromTemporaryFile<T>(code: string, fileName: string, load: (compiled: string) => Promise<T> | T): Promise<T> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-module-'));
  try {
    const compiled = path.join(tempDir, fileName);
    await writeFile(compiled, code);
    return await load(compiled);
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}
