import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

const testFiles = ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'example-site/sdk/test/**/*.test.ts'];

/**
 * Test files that get a fresh module graph each: they mock modules or spy on globals, set
 * environment variables a module reads, watch the process's threads, memory or event loop, or
 * drive browsers (the example-site build they share comes from this project's global setup).
 */
/**
 * Test files that replace a module the build imports (vi.mock of a build module, esbuild or
 * node:fs): they run the TypeScript sources, whose imports the mock can reach. Every other file
 * runs the build as compiled to dist/ (see compiledBuildModules).
 */
const sourceTestFiles = [
  'tests/one-parse.test.ts',
  'tests/publish-restore.test.ts',
  'tests/sample-links-from-model.test.ts',
  'tests/session-state.test.ts',
  'tests/vanishing-doc.test.ts',
];

const isolatedTestFiles = [
  // vi.spyOn or process.env changes
  'tests/api-fixture.test.ts',
  'tests/markdown-fast-parse-build.test.ts',
  'example-site/sdk/test/launcher.test.ts',
  // threads, memory, time limits and file watchers of the test process itself
  'tests/worker-pool.test.ts',
  'tests/parallel-build.test.ts',
  'tests/memory*.test.ts',
  'tests/output-writer-thread.test.ts',
  'tests/mermaid-workers.test.ts',
  'tests/serve-load.test.ts',
  'tests/site-code-limits.test.ts',
  'tests/hostile-site.test.ts',
  'tests/untrusted-build.test.ts',
  'tests/config-loading.test.ts',
  'tests/watch*.test.ts',
  // browsers, and long files whose imports are a small part of their time
  'tests/browser/**/*.test.ts',
  'tests/mermaid-cli.test.ts',
  'tests/packed-install.test.ts',
  'tests/website.test.ts',
  'tests/fuzz.test.ts',
];

/**
 * A test's import of the build's modules (`../src/…`, `../templates/…`) loads the module tsc
 * compiled to dist/, which Node imports natively: the CLI runs the same compiled code, and each
 * test process no longer transforms some 300 TypeScript files of the build through Vite (most of
 * an isolated file's import time). Modules tsc does not compile (the browser code of src/client)
 * keep their sources. tests/setup/compiled-build.ts compiles dist/ again when a source is newer.
 */
function compiledBuildModules(): Plugin {
  const testsDir = path.join(repoRoot, 'tests') + path.sep;
  const compiledFolders = ['src', 'templates'].map((folder) => ({ source: path.join(repoRoot, folder) + path.sep, compiled: path.join(repoRoot, 'dist', folder) + path.sep }));
  return {
    name: 'sdkdocs-compiled-build-modules',
    enforce: 'pre',
    resolveId(specifier, importer) {
      if (!importer?.startsWith(testsDir) || !specifier.startsWith('.')) return null;
      const target = path.resolve(path.dirname(importer), specifier);
      const folder = compiledFolders.find(({ source }) => target.startsWith(source));
      if (!folder) return null;
      const compiled = folder.compiled + target.slice(folder.source.length);
      return existsSync(compiled) ? compiled : null;
    },
  };
}

const compiledModules = { plugins: [compiledBuildModules()], test: { server: { deps: { external: [/[/\\]dist[/\\](src|templates)[/\\]/] } } } };

export default defineConfig({
  plugins: [
    {
      // Vite adds the `development` export condition to test processes, which swaps in debug builds
      // of dependencies (micromark's asserts) that the CLI never runs; test what users run.
      name: 'sdkdocs-runtime-conditions',
      configResolved(config) {
        const conditions = config.ssr.resolve?.conditions;
        if (conditions) conditions.splice(0, conditions.length, ...conditions.filter((condition) => condition !== 'development|production' && condition !== 'development'));
      },
    },
  ],
  test: {
    // One folder per run for builds that several files share (tests/helpers/shared-build.ts), one for output nobody cleans up.
    globalSetup: ['tests/setup/compiled-build.ts', 'tests/setup/run-folders.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Builds and browsers are heavy on a 2-core machine; two files at a time keeps runs predictable.
    maxWorkers: 2,
    pool: 'forks',
    projects: [
      {
        extends: true,
        // Most of a small test file's time went to importing the build's modules afresh; files
        // that leave no state behind them share a process and its loaded modules.
        plugins: compiledModules.plugins,
        test: { name: 'shared', include: testFiles, exclude: [...isolatedTestFiles, ...sourceTestFiles], isolate: false, server: compiledModules.test.server },
      },
      { extends: true, plugins: compiledModules.plugins, test: { name: 'isolated', include: isolatedTestFiles, server: compiledModules.test.server } },
      { extends: true, test: { name: 'source', include: sourceTestFiles } },
    ],
  },
});
