import path from 'node:path';
import type * as esbuild from 'esbuild';

/**
 * The files an esbuild bundle read, as absolute paths: its metafile's inputs, which are relative
 * to the bundle's working folder; virtual modules (`namespace:name`) are left out, and so are the
 * modules a package's `browser` field maps to false (`(disabled):path`), which were not read.
 */
export function bundleReadFiles(metafile: esbuild.Metafile, workingDir: string): string[] {
  return Object.keys(metafile.inputs)
    .filter((input) => (!/^[\w-]+:/.test(input) || path.isAbsolute(input)) && !input.startsWith('(disabled):'))
    .map((input) => path.resolve(workingDir, input));
}
