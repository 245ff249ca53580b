import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { benchDir } from './corpus.mjs';

/** Builds a site in a fresh Node process and returns its wall/CPU time and peak RSS. */
export function measureBuild(siteDir, outDir, env = {}) {
  const output = execFileSync(process.execPath, [path.join(benchDir, 'lib', 'run-build.mjs'), siteDir, outDir], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output.trim().split('\n').pop());
}

/**
 * Runs `sdkdocs build` in a fresh Node process as a user does (the CLI starts TypeDoc on a worker
 * before the pipeline loads) and returns its wall time from process start, CPU time and peak RSS.
 */
export function measureCliBuild(siteDir, outDir, env = {}) {
  const output = execFileSync(process.execPath, [path.join(benchDir, 'lib', 'run-cli.mjs'), siteDir, outDir], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = JSON.parse(output.trim().split('\n').pop());
  if (result.exitCode !== 0) throw new Error(`sdkdocs build ${siteDir} exited with ${result.exitCode}`);
  return result;
}
