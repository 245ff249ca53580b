import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../src/core/diagnostic.js';
import { writeCorpus } from './helpers/corpus.js';
import { buildSite, copySite, exampleSiteDir, fixture } from './helpers/site.js';

/*
 * The build's output never depends on which parser read a doc: each site is built cold with the
 * fast parse off (SDKDOCS_FAST_PARSE=0) and on, and every output file must be the same bytes.
 * Cold but for the diagram SVGs: they are cached by the diagram's text, which the parser reads,
 * so a parser that read it otherwise misses the cache and draws its own; keeping them spares the
 * second build a Chromium launch.
 */

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
  const outputs: BuildOutput[] = [];
  for (const mode of ['0', '1']) {
    process.env.SDKDOCS_FAST_PARSE = mode;
    for (const cached of cacheEntries(copy.dir)) if (cached !== 'mermaid') rmSync(path.join(copy.dir, 'node_modules', '.cache', 'sdkdocs', cached), { recursive: true, force: true });
    const outDir = path.join(copy.dir, `out-fast-${mode}`);
    try {
      const result = await buildSite(copy.dir, { outDir });
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
