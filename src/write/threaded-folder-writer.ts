import type { Worker } from 'node:worker_threads';
import { canUseWorkers, startWorker } from '../core/worker-pool.js';
import { createFolderWriter } from './folder-writer.js';
import { resolveOutputPath } from './output-path.js';

/** Writes a full build's files under one folder, on a thread of its own where it can. */
export interface FolderWriter {
  /** Whether the files are written on a thread of their own. */
  readonly threaded: boolean;
  /**
   * Takes a file to write under the folder; a path that leads outside it throws here, at once.
   * `handOver`: the caller no longer needs `contents`, whose bytes may then be moved to the
   * writer thread rather than copied.
   */
  write(relativePath: string, contents: string | Uint8Array, handOver?: boolean): void;
  /** Resolves once every file taken so far is on disk; rejects with the first write that failed. */
  settle(): Promise<void>;
  /** Stops the writer; files taken and not yet written are dropped (a failed build's). */
  stop(): Promise<void>;
}

/** What the writer thread is started with: the count of bytes taken and not yet written, shared with it. */
export interface WriterSetup {
  pending: Int32Array;
}

/** From the main thread to the writer thread. */
export type WriterMessage = { kind: 'write'; target: string; contents: string | Uint8Array; size: number } | { kind: 'settle'; id: number };

/** A write error as the writer thread saw it, with what names the path and the cause. */
export interface WriteFailure {
  message: string;
  code?: string;
  errno?: number;
  syscall?: string;
  path?: string;
}

/** From the writer thread: everything before settle `id` was handled, or a write failed. */
export type WriterReply = { kind: 'settled'; id: number } | { kind: 'failed'; error: WriteFailure };

/**
 * Bytes taken and not yet written beyond which `write` waits for the writer thread: the files in
 * flight then never hold more memory than this, however far the disk falls behind.
 */
const maxPendingBytes = 16 * 1024 * 1024;

/**
 * A writer for `root`. Writing thousands of files is mostly kernel time, which on the main thread
 * holds up everything the build does meanwhile (handing batches to the render workers, taking their
 * documents in): from compiled code, a thread of its own writes them, in the order they were
 * taken. From TypeScript sources (tests), or with workers off, files are written at once.
 */
export function openFolderWriter(root: string): FolderWriter {
  if (!canUseWorkers(import.meta.url)) {
    const writeFile = createFolderWriter(root);
    return { threaded: false, write: writeFile, settle: async () => {}, stop: async () => {} };
  }
  return openThreadedWriter(root);
}

function openThreadedWriter(root: string): FolderWriter {
  const pending = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  let worker: Worker | undefined;
  let stopped = false;
  let failure: Error | undefined;
  const settling = new Map<number, () => void>();
  let settles = 0;

  const fail = (error: Error) => {
    failure ??= error;
    for (const resolve of settling.values()) resolve();
    settling.clear();
  };
  const start = (): Worker => {
    const started = startWorker(new URL('./write-worker.js', import.meta.url), { workerData: { pending } satisfies WriterSetup });
    started.on('message', (reply: WriterReply) => {
      if (reply.kind === 'failed') fail(errnoError(reply.error));
      else {
        settling.get(reply.id)?.();
        settling.delete(reply.id);
      }
    });
    started.on('error', fail);
    started.on('exit', (code) => {
      if (!stopped) fail(new Error(`the thread writing the output stopped early with code ${code}`));
    });
    return started;
  };

  return {
    threaded: true,
    write(relativePath, contents, handOver) {
      if (failure) throw failure;
      if (stopped) throw new Error(`sdkdocs: ${relativePath} was written after the output writer stopped`);
      const target = resolveOutputPath(root, relativePath);
      const size = typeof contents === 'string' ? contents.length : contents.byteLength;
      worker ??= start();
      waitForRoom(pending, size);
      Atomics.add(pending, 0, size);
      const movable = handOver && ownsItsBuffer(contents);
      worker.postMessage({ kind: 'write', target, contents, size } satisfies WriterMessage, movable ? [contents.buffer] : []);
    },
    async settle() {
      const running = worker;
      if (running && !failure) {
        const id = settles++;
        await new Promise<void>((resolve) => {
          settling.set(id, resolve);
          running.postMessage({ kind: 'settle', id } satisfies WriterMessage);
        });
      }
      if (failure) throw failure;
    },
    async stop() {
      stopped = true;
      const running = worker;
      worker = undefined;
      await running?.terminate();
    },
  };
}

/**
 * Whether `contents` is the whole of an ArrayBuffer of its own: moving a buffer of which it is only
 * a view would take the rest of the buffer's bytes away from whoever holds them.
 */
function ownsItsBuffer(contents: string | Uint8Array): contents is Uint8Array & { buffer: ArrayBuffer } {
  return typeof contents !== 'string' && contents.buffer instanceof ArrayBuffer && contents.byteOffset === 0 && contents.byteLength === contents.buffer.byteLength;
}

/** Waits while the files in flight and this one would go over {@link maxPendingBytes}; one file alone always goes. */
function waitForRoom(pending: Int32Array, size: number): void {
  for (;;) {
    const inFlight = Atomics.load(pending, 0);
    if (inFlight === 0 || inFlight + size <= maxPendingBytes) return;
    // Timed, so that a missed wake-up costs a second, never the build.
    Atomics.wait(pending, 0, inFlight, 1_000);
  }
}

/** The writer thread's failure as the error a write on this thread would have thrown: the CLI names the path and the cause from it. */
function errnoError({ message, ...details }: WriteFailure): NodeJS.ErrnoException {
  return Object.assign(new Error(message), details);
}
