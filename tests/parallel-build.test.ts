import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { writeCorpus } from './helpers/corpus.js';
import { repoRoot } from './helpers/site.js';

let work: { dir: string; cleanup: () => Promise<void> };

function buildWith(workers: string, outDir: string) {
  // Each build compiles every doc itself instead of reading what the other one cached.
  rmSync(path.join(work.dir, 'node_modules'), { recursive: true, force: true });
  return spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', work.dir, '--out-dir', outDir, '--verbose'], {
    encoding: 'utf8',
    env: { ...process.env, SDKDOCS_WORKERS: workers },
  });
}

function listFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('compiling docs and rendering pages on worker threads', () => {
  beforeAll(async () => {
    work = await tempDir('sdkdocs-parallel-');
    writeCorpus(work.dir, 200);
    const config = `import { defineConfig } from 'sdkdocs';\nexport default defineConfig({ title: 'Corpus', url: 'https://c.example.com', baseUrl: '/sdk/', markdown: { mermaid: false } });\n`;
    writeFileSync(path.join(work.dir, 'sdkdocs.config.ts'), config);
  });
  afterAll(async () => {
    await work?.cleanup();
  });

  it('emits exactly what the in-process build emits', () => {
    const serial = buildWith('0', path.join(work.dir, 'out-serial'));
    const parallel = buildWith('2', path.join(work.dir, 'out-parallel'));
    expect(serial.status, serial.stderr).toBe(0);
    expect(parallel.status, parallel.stderr).toBe(0);
    expect(parallel.stderr).toContain('docs on 2 worker threads');
    expect(parallel.stderr).toContain('documents on 2 worker threads');
    expect(parallel.stderr).toContain("records serialized on 2 worker threads");
    expect(serial.stderr).not.toContain('worker threads');
    const serialFiles = listFiles(path.join(work.dir, 'out-serial'));
    expect(listFiles(path.join(work.dir, 'out-parallel'))).toEqual(serialFiles);
    for (const file of serialFiles) {
      expect(readFileSync(path.join(work.dir, 'out-parallel', file), 'utf8'), file).toBe(
        readFileSync(path.join(work.dir, 'out-serial', file), 'utf8'),
      );
    }
  });
});
