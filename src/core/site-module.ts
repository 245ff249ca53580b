import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import type { Diagnostic } from './diagnostic.js';
import { SiteCodeStopped, siteCodeTimeoutSeconds, watchEventLoop } from './site-code.js';

/*
 * A site's own modules that the build runs before any stage (its config, its sidebars file) are
 * bundled with esbuild, so that they may be TypeScript and import local files, and loaded from a
 * temporary file. The two loaders differ in format and plugins; this is what they share.
 */

/**
 * The folder esbuild works from when it bundles `entry`, and names files relative to: the entry's
 * own. Left out, it is the working folder of the moment esbuild was loaded, which a host that
 * changed folders since no longer has.
 */
export function bundleWorkingDir(entry: string): string {
  return path.dirname(path.resolve(entry));
}

/** esbuild's errors of a failed bundle of `file` (made with `absWorkingDir: bundleWorkingDir(file)`), each at its place; empty when esbuild gave none. */
export function bundleErrorDiagnostics(error: unknown, file: string, code: string, what: string): Diagnostic[] {
  return ((error as esbuild.BuildFailure).errors ?? []).map((message) => ({
    severity: 'error',
    code,
    message: `Cannot compile ${what}: ${message.text}`,
    file: message.location ? path.resolve(bundleWorkingDir(file), message.location.file) : file,
    line: message.location?.line,
    column: message.location ? message.location.column + 1 : undefined,
  }));
}

/**
 * The files a bundled site module was made of, as absolute paths (the module itself included):
 * what the module's behaviour depends on besides the packages it leaves to Node. The bundle was
 * made with `absWorkingDir: bundleWorkingDir(entry)`.
 */
export function bundleInputs(metafile: esbuild.Metafile, entry: string): string[] {
  const files = Object.keys(metafile.inputs)
    .filter((input) => !input.includes(':'))
    .map((input) => path.resolve(bundleWorkingDir(entry), input));
  return [...new Set([path.resolve(entry), ...files])];
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

/**
 * How long a site module (the config, the sidebars file) may take to load, in seconds:
 * `SDKDOCS_CONFIG_TIMEOUT`, else the limit of all site code (`SDKDOCS_CODE_TIMEOUT`, 30 by default).
 */
export function siteModuleTimeoutSeconds(): number {
  const fromEnvironment = Number(process.env.SDKDOCS_CONFIG_TIMEOUT);
  return Number.isFinite(fromEnvironment) && fromEnvironment > 0 ? fromEnvironment : siteCodeTimeoutSeconds();
}

/**
 * Waits for a site module's loading, but not forever: a promise that never settles would
 * otherwise leave the build waiting, or, once nothing else keeps Node busy, let the process end
 * with exit code 0 and nothing built. An idle event loop means nothing can settle it any more,
 * so that fails at once (`idle`); a module that keeps working fails after `seconds` (`timeout`).
 */
export function settleWithin<T>(loading: Promise<T>, seconds: number, failure: (reason: 'idle' | 'timeout') => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const endLoopWatch = watchEventLoop(seconds);
    const onIdle = () => reject(failure('idle'));
    // A loop that blocked the thread was stopped by the watchdog: the code was running, not waiting.
    const timer = setTimeout(() => reject(endLoopWatch().stalled ? new SiteCodeStopped('timeout', seconds) : failure('timeout')), seconds * 1000);
    // Unreferenced: the timer alone must not keep the loop busy, or `beforeExit` would never tell that it went idle.
    timer.unref();
    process.once('beforeExit', onIdle);
    loading.then(resolve, reject).finally(() => {
      endLoopWatch();
      clearTimeout(timer);
      process.off('beforeExit', onIdle);
    });
  });
}
