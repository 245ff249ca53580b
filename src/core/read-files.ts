import path from 'node:path';
import type * as esbuild from 'esbuild';

/**
 * The files an esbuild bundle read, as absolute paths: its metafile's inputs, which are relative
 * to the bundle's working folder; virtual modules (`namespace:name`) are left out.
 */
export function bundleReadFiles(metafile: esbuild.Metafile, workingDir: string): string[] {
  return Object.keys(metafile.inputs)
    .filter((input) => !/^[\w-]+:/.test(input) || path.isAbsolute(input))
    .map((input) => path.resolve(workingDir, input));
}
