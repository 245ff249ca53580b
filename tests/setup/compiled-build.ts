import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The newest modification time of the TypeScript files under `folder`, the browser code (not compiled to dist/) left out. */
function newestSource(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (file.startsWith(path.join(repoRoot, 'src', 'client') + path.sep)) continue;
    newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

/**
 * Tests import the build as compiled to dist/ (vitest.config.ts) and run the CLI, which runs it
 * too: a source edited since the last compile would be tested as it was before. Compiles again
 * (`npm run build`: tsc, then the CLI bundle) when a source of src/ or templates/ is newer than
 * the compile, so that a run always tests the files as they are.
 */
export default function setup(): void {
  const compiledAt = statSync(path.join(repoRoot, 'dist', 'src', 'index.js'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sourcesAt = Math.max(newestSource(path.join(repoRoot, 'src')), newestSource(path.join(repoRoot, 'templates')));
  if (sourcesAt <= compiledAt) return;
  console.log('sdkdocs tests: the sources are newer than dist/; compiling them (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}
