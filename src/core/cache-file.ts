import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Small files of the build caches. Synchronous on purpose: a build reads and writes thousands of
 * them, each costing less than a round trip through libuv's thread pool, and the threads that do
 * it (parse workers, the main thread between stages) have nothing else to do meanwhile.
 */

/** A cache file's text, or undefined when it is not there (or cannot be read). */
export function readCacheFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Stores a cache file, written aside and renamed so that a build stopped halfway, or a parallel
 * one, never leaves half a file. Never throws: a cache only saves time, and an entry that cannot
 * be stored (the folder was deleted meanwhile, the disk is read-only) is made again next build.
 */
export function storeCacheFile(file: string, contents: string): void {
  const partial = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.partial`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(partial, contents);
    renameSync(partial, file);
  } catch {
    rmSync(partial, { force: true });
  }
}
