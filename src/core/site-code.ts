import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

/*
 * The site's own code (its config, sidebars file, MDX docs, components, theme overrides and custom
 * pages) runs inside the build, as with Docusaurus. A loop in it would block the thread, and with
 * it every timer that could notice: so it runs under V8's own watchdog, the one `vm` arms for a
 * script's time limit, which stops whatever JavaScript runs on the thread when the time is up.
 * The same guard makes `process.exit()` from site code a located error instead of ending the
 * build with nothing written.
 */

/**
 * How long one piece of site code may run, in seconds: loading one module, rendering one page.
 * `SDKDOCS_CODE_TIMEOUT`, 30 by default.
 */
export function siteCodeTimeoutSeconds(): number {
  const fromEnvironment = Number(process.env.SDKDOCS_CODE_TIMEOUT);
  return Number.isFinite(fromEnvironment) && fromEnvironment > 0 ? fromEnvironment : 30;
}

/** Why site code was stopped: it ran past its time, or it called `process.exit()`. */
export class SiteCodeStopped extends Error {
  constructor(
    readonly reason: 'timeout' | 'exit',
    readonly seconds: number,
  ) {
    super(
      reason === 'timeout'
        ? `it was still running after ${seconds} s (an endless loop or recursion?)`
        : 'it called process.exit(), which would end the build',
    );
    this.name = 'SiteCodeStopped';
  }

  /** What to tell the writer, beside the file that was running. */
  get hint(): string {
    return this.reason === 'timeout'
      ? `Look for a loop or a recursion that never ends in that file or in what it imports and renders. SDKDOCS_CODE_TIMEOUT sets how many seconds site code may run at a time (${this.seconds} now).`
      : 'Site code runs inside the build: throw an error instead of ending the process.';
  }
}

/** The one script the watchdog runs: it calls back into whatever {@link runSiteCode} was given. */
const guardedCall = new vm.Script('globalThis[Symbol.for("sdkdocs.guardedCall")]()', { filename: 'sdkdocs-site-code-guard' });
const guardedCallKey = Symbol.for('sdkdocs.guardedCall');
let depth = 0;

/**
 * Runs `run` (synchronous site code) on this thread under the time limit; an overrun or a
 * `process.exit()` throws {@link SiteCodeStopped}. Nested calls share the outer limit.
 */
export function runSiteCode<T>(run: () => T, seconds = siteCodeTimeoutSeconds()): T {
  if (depth > 0) return run();
  const global = globalThis as Record<symbol, unknown>;
  const realExit = process.exit;
  let result: { value: T } | undefined;
  depth++;
  global[guardedCallKey] = () => {
    result = { value: run() };
  };
  process.exit = (() => {
    throw new SiteCodeStopped('exit', seconds);
  }) as typeof process.exit;
  try {
    guardedCall.runInThisContext({ timeout: Math.round(seconds * 1000) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new SiteCodeStopped('timeout', seconds);
    throw error;
  } finally {
    depth--;
    process.exit = realExit;
    delete global[guardedCallKey];
  }
  return result!.value;
}

/**
 * Loads a compiled module of the site's (ESM or CommonJS) with its top level under the time
 * limit: Node's synchronous `require` of ES modules runs that top level within the guarded call.
 * A module with a top-level `await` cannot load synchronously, and is imported as usual.
 */
export async function loadSiteModule(file: string, seconds = siteCodeTimeoutSeconds()): Promise<unknown> {
  try {
    return runSiteCode(() => createRequire(file)(file) as unknown, seconds);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_REQUIRE_ASYNC_MODULE') throw error;
    return import(pathToFileURL(file).href);
  }
}
