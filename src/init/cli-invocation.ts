import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * How to run this same sdkdocs from `cwd` in a shell: `npx sdkdocs` when npx finds it there (the
 * project at `cwd` has it as a local dependency), else `node <its bin>` by absolute path. A bare
 * `npx sdkdocs` where the project lacks it would fetch whatever the registry calls `sdkdocs`.
 */
export function cliInvocation(cwd: string, sdkdocsRoot: string): string {
  const local = path.join(npmProjectOf(cwd), 'node_modules', 'sdkdocs');
  if (existsSync(path.join(local, 'package.json')) && samePath(local, sdkdocsRoot)) return 'npx sdkdocs';
  return `node ${shellQuoted(path.join(sdkdocsRoot, 'bin', 'sdkdocs.js'))}`;
}

/** The folder npm and npx treat as the project from `cwd`: the nearest with a package.json or node_modules. */
function npmProjectOf(cwd: string): string {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) || existsSync(path.join(dir, 'node_modules'))) return dir;
    if (dir === path.dirname(dir)) return path.resolve(cwd);
  }
}

function samePath(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/** A path as one shell word, quoted only when it needs to be. */
export function shellQuoted(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  return process.platform === 'win32' ? `"${word}"` : `'${word.replaceAll("'", `'\\''`)}'`;
}
