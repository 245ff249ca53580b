import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'example-site/sdk/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Builds and browsers are heavy on a 2-core machine; two files at a time keeps runs predictable.
    maxWorkers: 2,
    pool: 'forks',
  },
});
