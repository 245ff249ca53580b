import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagramRenderer } from '../src/core/diagram-renderer.js';
import { buildSite, exampleSiteDir, fixture } from './helpers/site.js';

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
});
