// Child process of the build benchmarks: runs `sdkdocs build SITE --out-dir OUT` exactly as the
// CLI does (its TypeDoc prefetch included) and, when the process exits, prints its wall time since
// the process started, CPU time and peak RSS as JSON, the last line on stdout.
import { performance } from 'node:perf_hooks';

process.env.NODE_ENV ??= 'production';
const [siteDir, outDir] = process.argv.slice(2);
const { main } = await import('../../dist/src/cli/main.js');
process.on('exit', (code) => {
  const usage = process.resourceUsage();
  process.stdout.write(
    `${JSON.stringify({ exitCode: code, wallMs: performance.now(), cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, maxRssMb: usage.maxRSS / 1024 })}\n`,
  );
});
process.exitCode = await main(['build', siteDir, '--out-dir', outDir]);
