import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { WriterMessage, WriterReply, WriterSetup } from './threaded-folder-writer.js';

/**
 * Worker thread of a threaded folder writer: writes the files it is sent, in order, creating each
 * folder once. The main thread checked every path; this thread only writes. After the first
 * failure it writes nothing more, and says so once.
 */
const port = parentPort!;
const { pending } = workerData as WriterSetup;
const madeDirs = new Set<string>();
let failed = false;

port.on('message', (message: WriterMessage) => {
  if (message.kind === 'settle') {
    port.postMessage({ kind: 'settled', id: message.id } satisfies WriterReply);
    return;
  }
  try {
    if (!failed) writeOne(message.target, message.contents);
  } catch (error) {
    failed = true;
    const { message: text, code, errno, syscall, path: file } = error as NodeJS.ErrnoException;
    port.postMessage({ kind: 'failed', error: { message: text, code, errno, syscall, path: file } } satisfies WriterReply);
  } finally {
    Atomics.sub(pending, 0, message.size);
    Atomics.notify(pending, 0);
  }
});

function writeOne(target: string, contents: string | Uint8Array): void {
  const dir = path.dirname(target);
  if (!madeDirs.has(dir)) {
    mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
  }
  writeFileSync(target, contents);
}
