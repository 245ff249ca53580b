import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from './package-root.js';

let fingerprintOfCompiler: string | undefined;

/**
 * A hash of the code that compiles docs (sdkdocs' own modules and templates, as they are on disk)
 * and of the installed versions of its dependencies: a new sdkdocs, an edited template or an
 * upgraded remark plugin invalidates every entry.
 */
export function compilerFingerprint(): string {
  if (fingerprintOfCompiler) return fingerprintOfCompiler;
  const hash = createHash('sha256');
  const root = packageRoot();
  // `dist/src` when compiled, `src` when run from source (tests); templates sit beside it.
  const sourceRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  for (const dir of [sourceRoot, path.join(path.dirname(sourceRoot), 'templates')]) {
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(js|ts|tsx)$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(path.relative(root, file)).update(readFileSync(file));
  }
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies ?? {}).sort()) hash.update(`${name}@${installedVersion(root, name)}`);
  fingerprintOfCompiler = hash.digest('hex');
  return fingerprintOfCompiler;
}

/** The version Node would load: the nearest `node_modules/{name}` at or above sdkdocs' folder (dependencies may be hoisted). */
function installedVersion(root: string, name: string): string {
  for (let dir = root; ; dir = path.dirname(dir)) {
    try {
      return (JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      if (dir === path.dirname(dir)) return 'not installed';
    }
  }
}
