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
  return new Worker(workerUrl, { ...options, execArgv });
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
