// Child process of the build benchmarks: builds one site through the public API and prints its
// own wall time, CPU time and peak RSS as JSON (worker threads count, being in this process).
import { performance } from 'node:perf_hooks';

process.env.NODE_ENV ??= 'production';
const [siteDir, outDir] = process.argv.slice(2);
const { build } = await import('../../dist/src/index.js');
const { createMemoryLogger } = await import('../../dist/src/core/logger.js');
const started = performance.now();
const result = await build({ siteDir, outDir, logger: createMemoryLogger() });
const wallMs = performance.now() - started;
const usage = process.resourceUsage();
process.stdout.write(
  `${JSON.stringify({
    wallMs,
    cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
    maxRssMb: usage.maxRSS / 1024,
    pages: result.site.pages.length,
    stages: Object.fromEntries(result.timings.map((t) => [t.name, t.ms])),
  })}\n`,
);
