import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagramRenderer } from '../src/core/diagram-renderer.js';
import { tempDir } from './helpers/browser.js';
import { writeCorpus } from './helpers/corpus.js';
import { buildSite, exampleSiteDir, fixture, repoRoot } from './helpers/site.js';

const fakeRenderer: DiagramRenderer = {
  cacheKey: 'fake-output-sink-renderer 1',
  browserLaunches: 0,
  async render(_definition, theme) {
    return `<svg id="mermaid-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>theme ${theme}</text></svg>`;
  },
  async close() {},
};

const outDirs: string[] = [];
afterAll(async () => {
  for (const dir of outDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Every file under `folder`, by its path relative to it with `/` separators. */
function filesUnder(folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(folder, file).split(path.sep).join('/'), readFileSync(file));
  }
  return files;
}

describe('the output sink', () => {
  it.each([
    ['basic', fixture('basic')],
    ['mdx-components', fixture('mdx-components')],
    ['the example site', exampleSiteDir],
  ])('keeps in memory the same files, byte for byte, that it writes to disk (%s)', async (_name, siteDir) => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-sink-'));
    outDirs.push(outDir);
    const onDisk = await buildSite(siteDir, { outDir, diagramRenderer: fakeRenderer });
    const written = filesUnder(onDisk.site.config.paths.siteOut);
    written.delete('.sdkdocs-output');

    const memoryOut = path.join(outDir, 'never-written');
    const inMemory = await buildSite(siteDir, { outDir: memoryOut, inMemory: true, diagramRenderer: fakeRenderer });
    expect(existsSync(memoryOut)).toBe(false);
    const kept = new Map([...inMemory.site.outputs].map(([key, file]) => [key, Buffer.from(file.contents)]));

    expect([...kept.keys()].sort()).toEqual([...written.keys()].sort());
    for (const [key, bytes] of written) expect(kept.get(key)?.equals(bytes), key).toBe(true);
    // The static folder is published under the generated files in both.
    expect(kept.size).toBeGreaterThan(inMemory.site.pages.length);
  }, 240_000);

  it('writes the documents render workers send back, in memory as on disk', async () => {
    const work = await tempDir('sdkdocs-sink-workers-');
    try {
      writeCorpus(work.dir, 200);
      const config = `import { defineConfig } from 'sdkdocs';\nexport default defineConfig({ title: 'Corpus', url: 'https://c.example.com', baseUrl: '/sdk/', markdown: { mermaid: false } });\n`;
      writeFileSync(path.join(work.dir, 'sdkdocs.config.ts'), config);
      // Workers run compiled code, so the in-memory build runs from dist/ in a process of its own.
      const script = `
        import { createHash } from 'node:crypto';
        import { build } from ${JSON.stringify(path.join(repoRoot, 'dist/src/pipeline/build.js'))};
        import { createMemoryLogger } from ${JSON.stringify(path.join(repoRoot, 'dist/src/core/logger.js'))};
        const debug = [];
        const logger = { ...createMemoryLogger(), debug: (message) => debug.push(message) };
        const outDir = ${JSON.stringify(path.join(work.dir, 'never-written'))};
        const { site } = await build({ siteDir: ${JSON.stringify(work.dir)}, outDir, inMemory: true, logger });
        const files = Object.fromEntries([...site.outputs].map(([key, file]) => [key, createHash('sha256').update(file.contents).digest('hex')]));
        process.stdout.write(JSON.stringify({ debug, files }));
        process.exit(0);
      `;
      const scriptFile = path.join(work.dir, 'build-in-memory.mjs');
      writeFileSync(scriptFile, script);
      const run = spawnSync(process.execPath, [scriptFile], {
        encoding: 'utf8',
        env: { ...process.env, SDKDOCS_WORKERS: '2' },
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(run.status, run.stderr).toBe(0);
      const inMemory = JSON.parse(run.stdout) as { debug: string[]; files: Record<string, string> };
      expect(inMemory.debug.join('\n')).toContain('documents on 2 worker threads');
      expect(existsSync(path.join(work.dir, 'never-written'))).toBe(false);

      const onDisk = await buildSite(work.dir, { outDir: path.join(work.dir, 'out') });
      const written = filesUnder(onDisk.site.config.paths.siteOut);
      written.delete('.sdkdocs-output');
      expect(Object.keys(inMemory.files).sort()).toEqual([...written.keys()].sort());
      for (const [key, bytes] of written) expect(inMemory.files[key], key).toBe(createHash('sha256').update(bytes).digest('hex'));
    } finally {
      await work.cleanup();
    }
  }, 240_000);
});
