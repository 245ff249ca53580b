#!/usr/bin/env node
// Rewrites each worker thread's compiled entry (the tsc output under dist/) as one bundled file.
// A worker thread starts with an empty module cache, and Node 20 loads ES modules one file at a
// time: the parse worker alone imports about 700 of them (unified, micromark, highlighting), which
// cost each thread of every build a second of loading before its first doc. One file loads in a
// tenth of that. Run after tsc, which writes the unbundled files again on every run: a tsc
// without this step leaves workers that are slower to start, never out of date.
import { readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The entries of the threads that runOnWorkers starts, as tsc writes them. */
export const workerEntries = ['dist/src/content/parse-worker.js', 'dist/src/render/render-worker.js', 'dist/src/links/check-pages-worker.js'];

/** What marks a bundled entry, so that tests and tools can tell it from tsc's output. */
export const bundledMarker = '// sdkdocs: worker bundle';

export async function bundleWorkers() {
  for (const entry of workerEntries) {
    const file = path.join(root, entry);
    if (readFileSync(file, 'utf8').startsWith(bundledMarker)) continue;
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await esbuild.build({
        entryPoints: [file],
        outfile: temporary,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'error',
        // React stays one module shared with the code a build imports at run time (theme
        // overrides, MDX modules import node_modules/react): a second copy in the bundle would
        // give their hooks a React that is not the one rendering.
        external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
        // Bundled CommonJS packages call require(); an ES module has none of its own.
        banner: { js: `${bundledMarker}\nimport { createRequire as __sdkdocsCreateRequire } from 'node:module';\nconst require = __sdkdocsCreateRequire(import.meta.url);` },
      });
      renameSync(temporary, file);
    } finally {
      rmSync(temporary, { force: true });
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await bundleWorkers();
