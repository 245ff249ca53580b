import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../src/core/chromium.js';
import { writeCorpus } from './helpers/corpus.js';
import { repoRoot } from './helpers/site.js';

const bin = path.join(repoRoot, 'bin', 'sdkdocs.js');
const config = `import { defineConfig } from 'sdkdocs';\nexport default defineConfig({ title: 'Corpus', url: 'https://c.example.com', baseUrl: '/sdk/', markdown: { mermaid: true } });\n`;

/** Builds `siteDir` cold with the compiled CLI, on `workers` parse threads (0: in-process). */
function buildCold(siteDir: string, workers: number) {
  return spawnSync(process.execPath, [bin, 'build', siteDir, '--out-dir', path.join(siteDir, 'out'), '--verbose'], {
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, SDKDOCS_WORKERS: String(workers) },
  });
}

function figureOf(siteDir: string, route: string): string {
  const html = readFileSync(path.join(siteDir, 'out', 'sdk', 'docs', route, 'index.html'), 'utf8');
  return /<figure class="mermaid-diagram"[\s\S]*?<\/figure>/.exec(html)?.[0] ?? '';
}

// Parse workers ask the main thread for each figure while they go on with their other docs.
describe.skipIf(!findChromium())('diagrams of docs compiled on parse workers', () => {
  let root: string;
  const sites: Record<'workers' | 'inProcess', string> = { workers: '', inProcess: '' };

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-mermaid-workers-'));
    for (const name of Object.keys(sites) as (keyof typeof sites)[]) {
      sites[name] = path.join(root, name);
      // Enough docs for worker threads; four of them hold a diagram.
      writeCorpus(sites[name], 160, { mermaidEvery: 40 });
      await writeFile(path.join(sites[name], 'sdkdocs.config.ts'), config);
    }
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('puts the same figures into the pages as the in-process compile', () => {
    const onWorkers = buildCold(sites.workers, 2);
    expect(onWorkers.status, onWorkers.stderr).toBe(0);
    const log = onWorkers.stdout + onWorkers.stderr;
    expect(log).toContain('docs on 2 worker threads');
    expect(log).toMatch(/mermaid: 4 diagrams, 0 figures and 0 SVGs from the cache, 4 rendered, 1 browser launch/);
    const inProcess = buildCold(sites.inProcess, 0);
    expect(inProcess.status, inProcess.stderr).toBe(0);
    for (const route of ['section-0/page-0', 'section-1/page-40', 'section-4/page-120']) {
      const figure = figureOf(sites.workers, route);
      expect(figure, route).toMatch(/<svg id="mermaid-1"/);
      expect(figure).toBe(figureOf(sites.inProcess, route));
    }
  }, 400_000);

  it('reports a diagram that does not parse at its line, from a worker', async () => {
    const doc = path.join(sites.workers, 'docs', 'section-3', 'page-80.md');
    const markdown = await readFile(doc, 'utf8');
    await writeFile(doc, markdown.replace(/graph TD\n {2}A80 --> B80/, 'sequenceDiagram\n  A->>B: hi\n  B-->>>A: what'));
    const fence = markdown.split('\n').indexOf('```mermaid') + 1;
    const failed = buildCold(sites.workers, 2);
    expect(failed.status).toBe(1);
    const output = failed.stdout + failed.stderr;
    expect(output).toContain(`docs/section-3/page-80.md:${fence}`);
    expect(output).toContain('mermaid: Parse error on line 3');
  }, 200_000);
});
