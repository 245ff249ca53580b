import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveOutputPath } from './output-path.js';

/**
 * Writes files under `root`, creating each folder once: a site's output has a folder per page,
 * and asking for every one of them again costs a system call per file. A path that would lead
 * outside `root` is refused.
 */
export function createFolderWriter(root: string) {
  const madeDirs = new Set<string>();
  return (relativePath: string, contents: string | Uint8Array): void => {
    const target = resolveOutputPath(root, relativePath);
    const dir = path.dirname(target);
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      madeDirs.add(dir);
    }
    writeFileSync(target, contents);
  };
}
