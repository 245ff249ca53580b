import { createRequire } from 'node:module';

const requireFromHere = createRequire(import.meta.url);

/**
 * The installed version of a package, read from its package.json: cache keys name the TypeScript
 * and TypeDoc versions, and loading TypeScript only to ask would cost a build that reuses every
 * cached result half a second.
 */
export function installedVersion(name: 'typescript' | 'typedoc'): string {
  return (requireFromHere(`${name}/package.json`) as { version: string }).version;
}
