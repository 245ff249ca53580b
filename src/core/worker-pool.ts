import os from 'node:os';
import { parentPort, Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * How many worker threads a parallel stage may use: one per core, or `SDKDOCS_WORKERS`
 * (0 turns workers off, which tests use to compare both paths).
 */
export function workerCount(): number {
  const configured = process.env.SDKDOCS_WORKERS;
  if (configured !== undefined && configured !== '') return Math.max(0, Number.parseInt(configured, 10) || 0);
  return os.availableParallelism();
}

/** Workers run compiled JavaScript; from TypeScript sources (tests) stages work in-process. */
export function canUseWorkers(moduleUrl: string): boolean {
  return moduleUrl.endsWith('.js') && workerCount() > 0;
}

/**
 * Starts a worker thread: the one place sdkdocs creates them, for the pool below and for the
 * TypeDoc worker that prefetch-api keeps for a whole build.
 */
export function startWorker(workerUrl: URL, options: WorkerOptions = {}): Worker {
  // A thread inherits Node's flags, and `--input-type` (a build run from `node -e`) stops a thread
  // that is started from a file.
  const execArgv = options.execArgv ?? process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
  try {
    return new Worker(workerUrl, { ...options, execArgv });
  } catch (error) {
    // V8's flags (`node --max-old-space-size=8192 sdkdocs build`) and per-process ones are refused
    // in a thread's flags; V8's already hold for every thread, so the thread starts without them.
    const refused = refusedWorkerFlags(error);
    if (!refused) throw error;
    return new Worker(workerUrl, { ...options, execArgv: execArgv.filter((flag) => !refused.has(flag)) });
  }
}

/** The flags a Worker refused to start with, as Node names them in its error; undefined for another error. */
function refusedWorkerFlags(error: unknown): Set<string> | undefined {
  if ((error as NodeJS.ErrnoException)?.code !== 'ERR_WORKER_INVALID_EXEC_ARGV') return undefined;
  const listed = /flags: (.*)$/.exec((error as Error).message)?.[1];
  return listed ? new Set(listed.split(', ').map((flag) => flag.trim())) : undefined;
}

/** A batch of tasks to a worker, and its results back, under the batch's number. */
interface BatchMessage {
  batch: number;
  tasks?: unknown[];
  results?: unknown[];
}

/** A question a worker asks the main thread ({@link askMainThread}), and its answer. */
interface QuestionMessage {
  question: number;
  value?: unknown;
  answer?: unknown;
}

const pendingQuestions = new Map<number, (answer: unknown) => void>();
let questionsAsked = 0;

/**
 * From a worker of {@link runOnWorkers}: asks the main thread, whose `answer` option replies.
 * The worker goes on with its other tasks meanwhile (a parse worker asks for a diagram's figure).
 */
export function askMainThread<Answer>(value: unknown): Promise<Answer> {
  const port = parentPort;
  if (!port) throw new Error('askMainThread runs only in a worker thread');
  const question = ++questionsAsked;
  return new Promise<Answer>((resolve) => {
    pendingQuestions.set(question, resolve as (answer: unknown) => void);
    port.postMessage({ question, value } satisfies QuestionMessage);
  });
}

/**
 * The worker's side of {@link runOnWorkers}: answers each batch of tasks it is sent with the
 * batch's results, in order. A task that throws ends the worker, and the pool rejects.
 */
export function answerBatches<Task, Result>(
  work: (batch: Task[]) => Result[] | Promise<Result[]>,
  options: {
    /** Buffers of the results to move to the main thread rather than copy (they are unusable here afterwards). */
    transfer?: (results: Result[]) => ArrayBuffer[];
  } = {},
): void {
  const port = parentPort;
  if (!port) throw new Error('answerBatches runs only in a worker thread');
  const answer = async (message: BatchMessage) => {
    const results = await work(message.tasks as Task[]);
    port.postMessage({ batch: message.batch, results } satisfies BatchMessage, options.transfer?.(results) ?? []);
  };
  port.on('message', (message: BatchMessage | QuestionMessage) => {
    if ('question' in message) {
      const resolve = pendingQuestions.get(message.question);
      pendingQuestions.delete(message.question);
      resolve?.(message.answer);
      return;
    }
    // Left unhandled on purpose: a task that throws ends the worker, which the pool reports as the batch's failure.
    void answer(message);
  });
}

/** The young generation of each worker's heap (see where the workers start). */
const youngGenerationMb = 32;

/**
 * Runs batches of tasks on a fixed set of worker threads, each started once with `workerData`.
 * A worker module answers every message (an array of tasks) with an array of results in order.
 * Batches keep per-message overhead low; handing them out as workers free up balances uneven pages.
 */
export async function runOnWorkers<Task, Result>(
  workerUrl: URL,
  workerData: unknown,
  tasks: Task[],
  options: {
    batchSize?: number;
    size?: number;
    onResults?: (results: Result[]) => void;
    /** False: results go to `onResults` only and are not kept (they may be big; the promise then yields none). */
    keepResults?: boolean;
    /** Each worker's old-generation heap limit, when it runs site code that could fill any heap. */
    heapLimitMb?: number;
    /** What a worker's crash (its heap full, say) fails the run with, in the caller's terms. */
    onWorkerError?: (error: Error) => Error;
    /** Replies to what workers ask with {@link askMainThread}; a rejection fails the run. */
    answer?: (value: unknown) => Promise<unknown>;
    /**
     * Batches a worker holds at once: with 2, a worker whose batch waits for answers works on the
     * next one meanwhile. Results still come back per batch, in any order.
     */
    batchesPerWorker?: number;
  } = {},
): Promise<Result[]> {
  const batchSize = options.batchSize ?? 25;
  const batches: Task[][] = [];
  for (let i = 0; i < tasks.length; i += batchSize) batches.push(tasks.slice(i, i + batchSize));
  const size = Math.max(1, Math.min(options.size ?? workerCount(), batches.length));
  const held = Math.max(1, options.batchesPerWorker ?? 1);
  const results: Result[][] = new Array(batches.length);
  let next = 0;
  // Parsing allocates many short-lived objects; a larger young generation than V8's default means
  // fewer scavenges, which on two cores compete with the other worker for the same CPU. Beyond
  // this size the scavenges saved no longer showed, and each worker's memory kept growing.
  const workers = Array.from({ length: size }, () => startWorker(workerUrl, { workerData, resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb, ...(options.heapLimitMb ? { maxOldGenerationSizeMb: options.heapLimitMb } : {}) } }));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let outstanding = 0;
            let started = false;
            const feed = () => {
              while (outstanding < held && next < batches.length) {
                const batch = next++;
                outstanding++;
                started = true;
                worker.postMessage({ batch, tasks: batches[batch] } satisfies BatchMessage);
              }
              if (outstanding === 0) resolve();
            };
            worker.on('message', (message: BatchMessage | QuestionMessage) => {
              if ('question' in message) {
                if (!options.answer) {
                  reject(new Error('a worker asked a question the pool has no answer for'));
                  return;
                }
                options.answer(message.value).then(
                  (answer) => worker.postMessage({ question: message.question, answer } satisfies QuestionMessage),
                  reject,
                );
                return;
              }
              const batchResults = message.results as Result[];
              if (options.keepResults !== false) results[message.batch] = batchResults;
              outstanding--;
              feed();
              options.onResults?.(batchResults);
            });
            worker.once('error', (error) => reject(options.onWorkerError ? options.onWorkerError(error) : error));
            worker.once('exit', (code) => {
              if (next < batches.length || outstanding > 0 || !started) reject(new Error(`worker stopped early with code ${code}`));
            });
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results.flat();
}

/**
 * A job a {@link WorkerPool} runs: a module whose `poolJob` export makes, from the run's setup
 * (plain data, sent once to each worker the run uses), the function that answers a batch of tasks.
 * `ask` puts a question to the main thread, whose `answer` option of the run replies; the job
 * module gets it rather than importing it, because each job is bundled apart from the pool's
 * worker and would otherwise hold a second, unanswered table of questions.
 */
export interface PoolJob<Setup, Task, Result> {
  start(setup: Setup, ask: <Answer>(value: unknown) => Promise<Answer>): Promise<(batch: Task[]) => Result[] | Promise<Result[]>>;
  /** Buffers of the results to move to the main thread rather than copy. */
  transfer?(results: Result[]): ArrayBuffer[];
}

/** What the main thread sends a pool worker: a run's job and setup, or a batch of the run's tasks. */
type PoolMessage = { run: number; job: string; setup: unknown } | { run: number; batch: number; tasks: unknown[] } | { question: number; answer: unknown };

/**
 * The worker's side of {@link startWorkerPool} (src/core/pool-worker.ts runs it): starts each
 * run's job from its setup when the run begins, answers the run's batches with it, and lets the
 * last run's job go when the next one begins.
 */
export function servePoolJobs(): void {
  const port = parentPort;
  if (!port) throw new Error('servePoolJobs runs only in a worker thread');
  let current: { run: number; job: Promise<{ answer: (batch: unknown[]) => unknown[] | Promise<unknown[]>; transfer?: (results: unknown[]) => ArrayBuffer[] }> } | undefined;
  const startJob = async (url: string, setup: unknown) => {
    const { poolJob } = (await import(url)) as { poolJob: PoolJob<unknown, unknown, unknown> };
    return { answer: await poolJob.start(setup, askMainThread), transfer: poolJob.transfer?.bind(poolJob) };
  };
  const answer = async (run: number, batch: number, tasks: unknown[]) => {
    const job = await current!.job;
    const results = await job.answer(tasks);
    port.postMessage({ run, batch, results }, job.transfer?.(results) ?? []);
  };
  port.on('message', (message: PoolMessage) => {
    if ('question' in message) {
      const resolve = pendingQuestions.get(message.question);
      pendingQuestions.delete(message.question);
      resolve?.(message.answer);
    } else if ('job' in message) current = { run: message.run, job: startJob(message.job, message.setup) };
    // Left unhandled on purpose: a job that throws ends the worker, which the pool reports as the run's failure.
    else void answer(message.run, message.batch, message.tasks);
  });
}

/** Options of one {@link WorkerPool.run}, as for {@link runOnWorkers}. */
export interface PoolRunOptions<Result> {
  batchSize?: number;
  /** Batches a worker holds at once (see {@link runOnWorkers}). */
  batchesPerWorker?: number;
  /** At most this many of the pool's workers. */
  size?: number;
  onResults?: (results: Result[]) => void;
  /** False: results go to `onResults` only and are not kept. */
  keepResults?: boolean;
  /** What a worker's crash fails the run with, in the caller's terms. */
  onWorkerError?: (error: Error) => Error;
  /** Replies to what the job asks with `ask`; a rejection fails the run. */
  answer?: (value: unknown) => Promise<unknown>;
}

/**
 * Worker threads that live for a whole build and run one stage's job after another: the docs'
 * compile, then the pages' render. Each worker starts Node, loads its code and warms its JIT
 * (markdown-it, the plugins, React) once, so the render runs on threads already warm from the
 * compile instead of new ones (bench/RESULTS.md, "Cold path: one worker pool").
 */
export interface WorkerPool {
  readonly size: number;
  /** Runs `tasks` in batches with the job of the module at `jobUrl`; one run at a time. */
  run<Task, Result>(jobUrl: URL, setup: unknown, tasks: Task[], options?: PoolRunOptions<Result>): Promise<Result[]>;
  /** Ends the workers; a run still going fails. */
  close(): Promise<void>;
}

interface PoolRun {
  id: number;
  /** Takes a worker's message for this run. */
  take(worker: Worker, message: { run: number; batch: number; results: unknown[] } | QuestionMessage): void;
  fail(error: Error): void;
}

/**
 * Starts a pool of up to `size` worker threads, each when a run first needs it. Idle workers do
 * not keep the process alive: a build that stops between two runs never hangs on them.
 */
export function startWorkerPool(options: { size?: number; heapLimitMb?: number } = {}): WorkerPool {
  const size = Math.max(1, options.size ?? workerCount());
  const workers: Worker[] = [];
  let active: PoolRun | undefined;
  let runs = 0;
  let broken: Error | undefined;
  const workerUrl = new URL('./pool-worker.js', import.meta.url);
  const startPoolWorker = () => {
    const worker = startWorker(workerUrl, {
      resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb, ...(options.heapLimitMb ? { maxOldGenerationSizeMb: options.heapLimitMb } : {}) },
    });
    worker.on('message', (message: { run: number; batch: number; results: unknown[] } | QuestionMessage) => active?.take(worker, message));
    worker.once('error', (error) => {
      broken ??= error;
      active?.fail(error);
    });
    worker.once('exit', (code) => {
      broken ??= new Error(`worker stopped early with code ${code}`);
      active?.fail(broken);
    });
    workers.push(worker);
    return worker;
  };
  return {
    size,
    async run<Task, Result>(jobUrl: URL, setup: unknown, tasks: Task[], runOptions: PoolRunOptions<Result> = {}): Promise<Result[]> {
      if (active) throw new Error('a worker pool runs one job at a time');
      if (broken) throw broken;
      const batchSize = runOptions.batchSize ?? 25;
      const batches: Task[][] = [];
      for (let i = 0; i < tasks.length; i += batchSize) batches.push(tasks.slice(i, i + batchSize));
      const results: Result[][] = new Array(batches.length);
      if (batches.length === 0) return [];
      const used = Math.min(size, runOptions.size ?? size, batches.length);
      while (workers.length < used) startPoolWorker();
      const held = Math.max(1, runOptions.batchesPerWorker ?? 1);
      const id = ++runs;
      const outstanding = new Map<Worker, number>();
      let next = 0;
      let done = 0;
      try {
        await new Promise<void>((resolve, reject) => {
          // A failed run leaves the pool broken: its other workers may still be busy with its
          // batches, and a later run must not take their results or questions for its own.
          const stop = (error: unknown) => {
            broken ??= error instanceof Error ? error : new Error(String(error));
            reject(error);
          };
          const fail = (error: Error) => stop(runOptions.onWorkerError ? runOptions.onWorkerError(error) : error);
          const feed = (worker: Worker) => {
            while ((outstanding.get(worker) ?? 0) < held && next < batches.length) {
              const batch = next++;
              outstanding.set(worker, (outstanding.get(worker) ?? 0) + 1);
              worker.postMessage({ run: id, batch, tasks: batches[batch] } satisfies PoolMessage);
            }
          };
          active = {
            id,
            fail,
            take(worker, message) {
              if ('question' in message) {
                if (!runOptions.answer) return stop(new Error('a worker asked a question the pool has no answer for'));
                runOptions.answer(message.value).then((answer) => worker.postMessage({ question: message.question, answer } satisfies PoolMessage), stop);
                return;
              }
              if (message.run !== id) return;
              const batchResults = message.results as Result[];
              if (runOptions.keepResults !== false) results[message.batch] = batchResults;
              outstanding.set(worker, outstanding.get(worker)! - 1);
              done++;
              feed(worker);
              try {
                runOptions.onResults?.(batchResults);
              } catch (error) {
                // Thrown in a worker's message event, it would end the process instead of the build.
                return stop(error);
              }
              if (done === batches.length) resolve();
            },
          };
          for (const worker of workers.slice(0, used)) {
            worker.ref();
            worker.postMessage({ run: id, job: jobUrl.href, setup } satisfies PoolMessage);
            feed(worker);
          }
        });
      } finally {
        active = undefined;
        for (const worker of workers) worker.unref();
      }
      return results.flat();
    },
    async close() {
      broken ??= new Error('the worker pool was closed');
      const ending = workers.splice(0);
      await Promise.all(ending.map((worker) => worker.terminate()));
    },
  };
}

/** The worker pool of each build, by the build's site: started by the first stage that needs it. */
const poolOfBuild = new WeakMap<object, WorkerPool>();

/** The build's worker pool (see {@link WorkerPool}), started on first use. */
export function buildWorkerPool(build: object, options: { heapLimitMb?: number } = {}): WorkerPool {
  let pool = poolOfBuild.get(build);
  if (!pool) poolOfBuild.set(build, (pool = startWorkerPool(options)));
  return pool;
}

/** Ends the build's worker pool, if it started one. */
export async function closeBuildWorkerPool(build: object): Promise<void> {
  const pool = poolOfBuild.get(build);
  poolOfBuild.delete(build);
  await pool?.close();
}
