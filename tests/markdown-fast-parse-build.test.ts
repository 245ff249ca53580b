import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../src/core/diagnostic.js';
import { writeCorpus } from './helpers/corpus.js';
import { buildSite, copySite, exampleSiteDir, fixture } from './helpers/site.js';

/*
 * The build's output never depends on which parser read a doc: each site is built cold with the
 * fast parse off (SDKDOCS_FAST_PARSE=0) and on, and every output file must be the same bytes.
 * Cold but for results keyed by what the parser found or that no parser makes: the diagram SVGs
 * (by the diagram's text), the code samples' type-check results (by each sample's file, place and
 * code) and the API model (TypeDoc's, from the SDK's sources). A parser that read a diagram or a
 * sample otherwise misses the cache and makes its own; keeping them spares the second build a
 * Chromium launch and a TypeScript program.
 */

/** Cache entries no parser's reading can make stale (see above); every other entry is removed before each build. */
const keptCacheEntries = new Set(['mermaid', 'api-model.json']);

/**
 * In the engine's store, the document keeps the sample checks (small results); the compiled docs
 * are in its packs, which go, so every doc is compiled again by the parser of the build.
 */
const keptEngineFiles = new Set(['engine.json']);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  delete process.env.SDKDOCS_FAST_PARSE;
  for (const cleanup of cleanups) await cleanup();
});

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    return statSync(file).isDirectory() ? filesUnder(file, `${prefix}${entry}/`) : [`${prefix}${entry}`];
  });
}

/** What the site's build cache holds: one entry per kind of cached result. */
function cacheEntries(siteDir: string): string[] {
  const cacheDir = path.join(siteDir, 'node_modules', '.cache', 'sdkdocs');
  return existsSync(cacheDir) ? readdirSync(cacheDir) : [];
}

/** Builds a copy of the site cold with the fast parse off, then on; each output folder, and the diagnostics. */
async function buildBothWays(siteDir: string) {
  const copy = await copySite(siteDir);
  cleanups.push(copy.cleanup);
  // The site's own drawings, when an earlier build of it left them: a warm start for both builds alike.
  const drawn = path.join(siteDir, 'node_modules', '.cache', 'sdkdocs', 'mermaid');
  if (existsSync(drawn)) cpSync(drawn, path.join(copy.dir, 'node_modules', '.cache', 'sdkdocs', 'mermaid'), { recursive: true });
  const outputs: BuildOutput[] = [];
  for (const mode of ['0', '1']) {
    process.env.SDKDOCS_FAST_PARSE = mode;
    const cacheDir = path.join(copy.dir, 'node_modules', '.cache', 'sdkdocs');
    for (const cached of cacheEntries(copy.dir)) {
      if (cached === 'engine') {
        for (const file of readdirSync(path.join(cacheDir, cached))) if (!keptEngineFiles.has(file)) rmSync(path.join(cacheDir, cached, file), { recursive: true, force: true });
      } else if (!keptCacheEntries.has(cached)) rmSync(path.join(cacheDir, cached), { recursive: true, force: true });
    }
    const outDir = path.join(copy.dir, `out-fast-${mode}`);
    try {
      const result = await buildSite(copy.dir, { outDir });
      // Each build's own parser compiled every doc: none came from the store.
      expect(result.site.compiled?.fromCache ?? 0).toBe(0);
      outputs.push({ dir: outDir, diagnostics: result.site.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.message}`) });
    } catch (error) {
      // A site with errors fails to build: the errors, with their places, are what it gives.
      if (!(error instanceof UserError)) throw error;
      outputs.push({ dir: outDir, diagnostics: [error.message], failed: true });
    }
  }
  return outputs;
}

interface BuildOutput {
  dir: string;
  diagnostics: string[];
  failed?: boolean;
}

function expectSameOutput([slow, fast]: BuildOutput[]): void {
  expect(fast.diagnostics).toEqual(slow.diagnostics);
  if (slow.failed || fast.failed) {
    expect(fast.failed).toBe(slow.failed);
    return;
  }
  const slowFiles = filesUnder(slow.dir).sort();
  expect(filesUnder(fast.dir).sort()).toEqual(slowFiles);
  const differing = slowFiles.filter((file) => !readFileSync(path.join(slow.dir, file)).equals(readFileSync(path.join(fast.dir, file))));
  expect(differing).toEqual([]);
  expect(slowFiles.length).toBeGreaterThan(5);
}

describe('a build is the same bytes with the fast parse off and on', () => {
  for (const name of ['markdown-compat', 'html-in-markdown', 'docusaurus-site', 'links-broken', 'images-next-to-docs']) {
    it(`for the ${name} fixture`, async () => {
      expectSameOutput(await buildBothWays(fixture(name)));
    }, 120_000);
  }

  it('for the example site', async () => {
    expectSameOutput(await buildBothWays(exampleSiteDir));
  }, 240_000);

  it('for a generated corpus', async () => {
    const copy = await copySite(fixture('minimal-config'));
    cleanups.push(copy.cleanup);
    // Fewer docs than the worker threshold: the workers would keep the environment they started with.
    writeCorpus(copy.dir, 120, { seed: 32 });
    expectSameOutput(await buildBothWays(copy.dir));
  }, 240_000);
});
