import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes files under `root`, creating each folder once: a site's output has a folder per page,
 * and asking for every one of them again costs a system call per file.
 */
export function createFolderWriter(root: string) {
  const madeDirs = new Set<string>();
  return (relativePath: string, contents: string | Uint8Array): void => {
    const target = path.join(root, relativePath);
    const dir = path.dirname(target);
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      madeDirs.add(dir);
    }
    writeFileSync(target, contents);
  };
}
