import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runServeLoad } from '../bench/lib/serve-load.mjs';
import { createMemoryLogger } from '../src/core/logger.js';
import { serve } from '../src/serve/serve.js';
import type { BuildOutcome } from '../src/serve/watch-site.js';
import { copySite, fixture } from './helpers/site.js';

/** The short form of `node bench/serve-load.mjs` (60 s, 50 rebuilds of the example site). */
const loadMs = 12_000;
const editEveryMs = 300;

describe('serve --watch under load while the site rebuilds', () => {
  it('answers every request from a complete build', async () => {
    const site = await copySite(fixture('serve-site'));
    const outcomes: BuildOutcome[] = [];
    const server = await serve({ siteDir: site.dir, watch: true, port: 0, logger: createMemoryLogger(), onBuild: (outcome) => void outcomes.push(outcome) });
    try {
      const docs = ['intro.md', 'guides/setup.md', 'guides/deploy.md'].map((file) => path.join(site.dir, 'docs', file));
      const configFile = path.join(site.dir, 'sdkdocs.config.ts');
      const originals = new Map(await Promise.all([...docs, configFile].map(async (file) => [file, await readFile(file, 'utf8')] as const)));
      let stop = false;
      const editor = (async () => {
        for (let edit = 1; !stop; edit++) {
          await new Promise((resolve) => setTimeout(resolve, editEveryMs));
          if (stop) break;
          // Every eighth edit is to the config, which rebuilds the whole site.
          if (edit % 8 === 0) await writeFile(configFile, originals.get(configFile)!.replace("title: 'Serve Kit'", `title: 'Serve Kit ${edit}'`));
          else await writeFile(docs[edit % docs.length], `${originals.get(docs[edit % docs.length])}\nEdit ${edit}: LOAD-${edit}.\n`);
        }
      })();
      const load = await runServeLoad({ port: server.port, baseUrl: '/sdk/', durationMs: loadMs, concurrency: 6 });
      stop = true;
      await editor;
      await server.watcher!.idle();
      expect(load.failures.slice(0, 10)).toEqual([]);
      expect(load.requests).toBeGreaterThan(500);
      // The first build came before the load; saves during a build go into one build after it.
      expect(outcomes.filter((outcome) => outcome.ok).length).toBeGreaterThanOrEqual(10);
      expect(outcomes.filter((outcome) => outcome.ok && outcome.full).length).toBeGreaterThanOrEqual(3);
      expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    } finally {
      await server.close();
      await site.cleanup();
    }
  }, 90_000);
});
