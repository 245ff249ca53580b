import { defineConfig } from 'vitest/config';

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
    // One folder per run for builds that several files share (tests/helpers/shared-build.ts).
    globalSetup: ['tests/setup/shared-builds.ts'],
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'example-site/sdk/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Builds and browsers are heavy on a 2-core machine; two files at a time keeps runs predictable.
    maxWorkers: 2,
    pool: 'forks',
  },
});
