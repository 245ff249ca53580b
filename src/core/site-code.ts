import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { isMainThread } from 'node:worker_threads';
import { buildWorkerPool, startWorker, type WorkerPool } from './worker-pool.js';

/*
 * The site's own code (its config, sidebars file, MDX docs, components, theme overrides and custom
 * pages) runs inside the build, as with Docusaurus. A loop in it would block the thread, and with
 * it every timer that could notice: so it runs under V8's own watchdog, the one `vm` arms for a
 * script's time limit, which stops whatever JavaScript runs on the thread when the time is up.
 * The same guard makes `process.exit()` from site code a located error instead of ending the
 * build with nothing written, and stops code that takes too much memory (see the watchdog below).
 */

/**
 * How long one piece of site code may run, in seconds: loading one module, rendering one page.
 * `SDKDOCS_CODE_TIMEOUT`, 30 by default.
 */
export function siteCodeTimeoutSeconds(): number {
  const fromEnvironment = Number(process.env.SDKDOCS_CODE_TIMEOUT);
  return Number.isFinite(fromEnvironment) && fromEnvironment > 0 ? fromEnvironment : 30;
}

/**
 * How much memory one piece of site code may take on the main thread, in MB:
 * `SDKDOCS_CODE_MEMORY_MB`, 1536 by default, and never so much that V8 would reach its heap limit.
 */
export function siteCodeMemoryMb(): number {
  const fromEnvironment = Number(process.env.SDKDOCS_CODE_MEMORY_MB);
  return Number.isFinite(fromEnvironment) && fromEnvironment > 0 ? fromEnvironment : 1536;
}

/**
 * The build's worker pool (see `buildWorkerPool`), keyed by its site. The render job loads the
 * site's theme overrides on the workers, so a site that has some gets workers whose heap is
 * bounded to the site code's memory allowance above what the build's own work takes: its code
 * cannot fill the process's memory from there.
 */
export function siteWorkerPool(site: { themeOverrides?: unknown }): WorkerPool {
  return buildWorkerPool(site, { heapLimitMb: site.themeOverrides ? siteCodeMemoryMb() + 512 : undefined });
}

type StopReason = 'timeout' | 'memory' | 'exit';

/** Why site code was stopped: it ran past its time or its memory, or it called `process.exit()`. */
export class SiteCodeStopped extends Error {
  constructor(
    readonly reason: StopReason,
    readonly seconds: number,
    readonly megabytes = 0,
  ) {
    super(
      reason === 'timeout'
        ? `it was still running after ${seconds} s (an endless loop or recursion?)`
        : reason === 'memory'
          ? `it took more than ${megabytes} MB of memory (an endless recursion, or a list that never stops growing?)`
          : 'it called process.exit(), which would end the build',
    );
    this.name = 'SiteCodeStopped';
  }

  /** What to tell the writer, beside the file that was running. */
  get hint(): string {
    if (this.reason === 'timeout') return `Look for a loop or a recursion that never ends in that file or in what it imports and renders. SDKDOCS_CODE_TIMEOUT sets how many seconds site code may run at a time (${this.seconds} now).`;
    if (this.reason === 'memory') return 'Look for a recursion or a growing list in that file or in what it imports and renders. SDKDOCS_CODE_MEMORY_MB sets how much memory site code may take at a time.';
    return 'Site code runs inside the build: throw an error instead of ending the process.';
  }
}

/*
 * Memory cannot be watched from the thread that spends it, and V8 ends the whole process when its
 * heap is full. So a small watchdog thread reads the process's memory while the main thread runs
 * site code, and past the limit interrupts it the way Ctrl+C would: a script run with
 * `breakOnSigint` turns that signal into an error the guard catches.
 */

/**
 * Shared with the watchdog. Int32 slots: [guarding memory (0/1), stopped for memory (0/1), allowed MB,
 * MB in use at the start, guarding the event loop (0/1), seconds it may stall, stopped a stalled
 * loop (0/1), guards armed so far]; then, at byte 32, the time (ms) the main thread's event loop
 * last turned. The watchdog looks every 25 ms while a guard is armed and sleeps on the last slot
 * otherwise: a build runs site code for moments, and a thread woken 40 times a second for the
 * rest of it costs CPU for nothing.
 */
const watchBuffer = new SharedArrayBuffer(40);
const memoryWatch = new Int32Array(watchBuffer, 0, 8);
const loopTurnedAt = new Float64Array(watchBuffer, 32, 1);
const megabyte = 1024 * 1024;
let memoryWatchdog: Promise<void> | undefined;

/*
 * A loop that site code enters after an `await` (an async config function, a promise a sidebars
 * file exports) runs outside any guarded call, and V8's watchdog cannot reach it. The watchdog
 * thread notices that the main thread's event loop stopped turning and ends the running
 * JavaScript through the inspector, as a debugger's "terminate" would; the loop then goes on,
 * and the build reports the code it was waiting for.
 */
const watchdogSource = `
import { workerData } from 'node:worker_threads';
const watch = new Int32Array(workerData, 0, 8);
const loopTurnedAt = new Float64Array(workerData, 32, 1);
const stopStalledLoop = async () => {
  try {
    const { Session } = await import('node:inspector');
    const session = new Session();
    session.connectToMainThread();
    const answered = new Promise((resolve) => session.post('Runtime.terminateExecution', resolve));
    await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 1000))]);
    session.disconnect();
  } catch {}
};
const check = () => {
  if (Atomics.load(watch, 4) === 1 && Date.now() - loopTurnedAt[0] > Atomics.load(watch, 5) * 1000) {
    Atomics.store(watch, 4, 0);
    Atomics.store(watch, 6, 1);
    return stopStalledLoop();
  }
  if (Atomics.load(watch, 0) !== 1) return;
  if (process.memoryUsage.rss() / ${megabyte} - Atomics.load(watch, 3) <= Atomics.load(watch, 2)) return;
  Atomics.store(watch, 0, 0);
  Atomics.store(watch, 1, 1);
  process.kill(process.pid, 'SIGINT');
};
for (;;) {
  const wakeUps = Atomics.load(watch, 7);
  if (Atomics.load(watch, 0) !== 1 && Atomics.load(watch, 4) !== 1) {
    Atomics.wait(watch, 7, wakeUps);
    continue;
  }
  await check();
  await new Promise((resolve) => setTimeout(resolve, 25));
}
`;

/**
 * Starts the memory watchdog for the main thread's site code; once it runs, {@link runSiteCode}
 * there stops code past its memory. The build calls it before any site code runs.
 */
export function startMemoryWatchdog(): Promise<void> {
  if (!isMainThread) return Promise.resolve();
  memoryWatchdog ??= new Promise<void>((resolve) => {
    // A thread of a few lines that lives as long as the process, never holding it open.
    const worker = startWorker(new URL(`data:text/javascript,${encodeURIComponent(watchdogSource)}`), { workerData: watchBuffer });
    // Unreferenced once running: until then it is what the awaiting build waits for.
    worker.once('online', () => {
      worker.unref();
      resolve();
    });
    worker.once('error', () => resolve());
  });
  return memoryWatchdog;
}

/** Wakes the watchdog to a guard just armed. */
function wakeWatchdog(): void {
  Atomics.add(memoryWatch, 7, 1);
  Atomics.notify(memoryWatch, 7);
}

/** Arms the watchdog for one guarded call: the growth allowed before V8's own limit comes near. */
function armMemoryWatch(): number {
  const heap = v8.getHeapStatistics();
  const headroom = Math.floor((0.75 * (heap.heap_size_limit - heap.used_heap_size)) / megabyte);
  const allowed = Math.max(64, Math.min(siteCodeMemoryMb(), headroom));
  Atomics.store(memoryWatch, 1, 0);
  Atomics.store(memoryWatch, 2, allowed);
  Atomics.store(memoryWatch, 3, Math.floor(process.memoryUsage.rss() / megabyte));
  Atomics.store(memoryWatch, 0, 1);
  wakeWatchdog();
  return allowed;
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
  const watched = isMainThread && memoryWatchdog !== undefined;
  const allowedMb = watched ? armMemoryWatch() : 0;
  try {
    guardedCall.runInThisContext({ timeout: Math.round(seconds * 1000), breakOnSigint: watched });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new SiteCodeStopped('timeout', seconds);
    if (code === 'ERR_SCRIPT_EXECUTION_INTERRUPTED') {
      if (Atomics.load(memoryWatch, 1) === 1) throw new SiteCodeStopped('memory', seconds, allowedMb);
      // A real Ctrl+C, taken by the guard: passed on to the handlers that end the build cleanly.
      setImmediate(() => process.kill(process.pid, 'SIGINT'));
    }
    throw error;
  } finally {
    if (watched) Atomics.store(memoryWatch, 0, 0);
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

/** How often the main thread tells the watchdog that its event loop still turns. */
const loopTurnEveryMs = 100;

/**
 * While site code works asynchronously (a config or sidebars promise), stops it should it block
 * the event loop for more than `seconds`. Returns what ends the watch and says whether it stopped
 * the code.
 */
export function watchEventLoop(seconds: number): () => { stalled: boolean } {
  if (!isMainThread || memoryWatchdog === undefined || Atomics.load(memoryWatch, 4) === 1) return () => ({ stalled: false });
  loopTurnedAt[0] = Date.now();
  const turning = setInterval(() => (loopTurnedAt[0] = Date.now()), loopTurnEveryMs);
  turning.unref();
  Atomics.store(memoryWatch, 6, 0);
  Atomics.store(memoryWatch, 5, Math.ceil(seconds));
  Atomics.store(memoryWatch, 4, 1);
  wakeWatchdog();
  return () => {
    clearInterval(turning);
    Atomics.store(memoryWatch, 4, 0);
    return { stalled: Atomics.load(memoryWatch, 6) === 1 };
  };
}
