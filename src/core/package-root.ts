import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The sdkdocs package folder, found from this module whether it runs compiled (`dist/src/...`)
 * or from source (tests): templates, client sources and CSS are read from there.
 */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'sdkdocs') {
      cached = dir;
      return dir;
    }
    dir = path.dirname(dir);
  }
  throw new Error('sdkdocs: cannot find its own package.json above ' + fileURLToPath(import.meta.url));
}

/** The sdkdocs version, from package.json. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
