import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSite, copySite, fixture, pageHtml } from './helpers/site.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function freshSite(): Promise<string> {
  const copy = await copySite(fixture('basic'));
  cleanups.push(copy.cleanup);
  return copy.dir;
}

const cacheFolder = (siteDir: string) => path.join(siteDir, 'node_modules', '.cache', 'sdkdocs', 'engine');

/** The keys of the compiled docs the engine's store lists, and the packs in its folder, each holding what the store lists in it. */
async function cacheContents(siteDir: string): Promise<{ keys: string[]; packs: string[] }> {
  const store = JSON.parse(await readFile(path.join(cacheFolder(siteDir), 'engine.json'), 'utf8')) as { packs: Record<string, { holds: number; listed: string[] }> };
  const packs = (await readdir(cacheFolder(siteDir))).filter((name) => name !== 'engine.json').sort();
  expect(Object.keys(store.packs).sort()).toEqual(packs);
  const keys: string[] = [];
  for (const [pack, { listed }] of Object.entries(store.packs)) {
    const held = JSON.parse(await readFile(path.join(cacheFolder(siteDir), pack), 'utf8')) as Record<string, { name: string; keyId: string }>;
    for (const id of listed) {
      expect(held[id]?.name).toBe('compiledDoc');
      keys.push(held[id].keyId);
    }
  }
  return { keys, packs };
}

describe('compile cache', () => {
  it('compiles an unchanged site from the cache, with the same pages', async () => {
    const siteDir = await freshSite();
    const cold = await buildSite(siteDir, { until: 'renderPages' });
    expect(cold.site.compiled).toEqual({ docs: cold.site.docs.length, fromCache: 0 });
    const warm = await buildSite(siteDir, { until: 'renderPages' });
    expect(warm.site.compiled).toEqual({ docs: warm.site.docs.length, fromCache: warm.site.docs.length });
    for (const page of cold.site.pages) expect(pageHtml(warm, page.route)).toBe(pageHtml(cold, page.route));
    const { keys, packs } = await cacheContents(siteDir);
    expect(new Set(keys).size).toBe(cold.site.docs.length);
    // Packs, not a file per doc.
    expect(packs.length).toBeLessThan(cold.site.docs.length);
  });

  it('compiles again only the doc that changed, and forgets its old entry', async () => {
    const siteDir = await freshSite();
    const before = await buildSite(siteDir, { until: 'renderPages' });
    const file = path.join(siteDir, 'docs', 'guides', 'setup.md');
    await writeFile(file, (await readFile(file, 'utf8')) + '\nA sentence added after the first build.\n');
    const after = await buildSite(siteDir, { until: 'renderPages' });
    expect(after.site.compiled).toEqual({ docs: before.site.docs.length, fromCache: before.site.docs.length - 1 });
    const route = after.site.docs.find((doc) => doc.source.file === file)!.route;
    expect(pageHtml(after, route)).toContain('A sentence added after the first build.');
    const { keys } = await cacheContents(siteDir);
    expect(keys).toHaveLength(before.site.docs.length);
    expect(new Set(keys).size).toBe(before.site.docs.length);
    // The changed doc's pack was written anew with the docs it shared it with.
    const again = await buildSite(siteDir, { until: 'renderPages' });
    expect(again.site.compiled).toEqual({ docs: before.site.docs.length, fromCache: before.site.docs.length });
  });

  it('compiles a doc again when a doc it links to moved, though its own text did not change', async () => {
    const siteDir = await freshSite();
    const first = await buildSite(siteDir, { until: 'renderPages' });
    expect(pageHtml(first, '/kit/docs/guides/shipping')).toContain('href="/kit/docs/guides/setup"');
    // deploy.md links to setup.md; setup.md gets a new slug.
    const setup = path.join(siteDir, 'docs', 'guides', 'setup.md');
    await writeFile(setup, (await readFile(setup, 'utf8')).replace(/^---\n/, '---\nslug: /getting-set-up\n'));
    const second = await buildSite(siteDir, { until: 'renderPages' });
    expect(pageHtml(second, '/kit/docs/guides/shipping')).toContain('href="/kit/docs/getting-set-up"');
    expect(pageHtml(second, '/kit/docs/guides/shipping')).not.toContain('href="/kit/docs/guides/setup"');
  });

  it('ignores an entry it cannot read and compiles the doc instead', async () => {
    const siteDir = await freshSite();
    const first = await buildSite(siteDir, { until: 'renderPages' });
    // Every pack cut short; the store still lists them.
    for (const name of await readdir(cacheFolder(siteDir))) if (name !== 'engine.json') await writeFile(path.join(cacheFolder(siteDir), name), '{"html": "trunc');
    const second = await buildSite(siteDir, { until: 'renderPages' });
    expect(second.site.compiled?.fromCache).toBe(0);
    for (const page of first.site.pages) expect(pageHtml(second, page.route)).toBe(pageHtml(first, page.route));
  });

  it('builds afresh when the cache folder was deleted', async () => {
    const siteDir = await freshSite();
    await buildSite(siteDir, { until: 'parseMarkdown' });
    await rm(cacheFolder(siteDir), { recursive: true });
    const rebuilt = await buildSite(siteDir);
    expect(rebuilt.site.compiled?.fromCache).toBe(0);
    expect(pageHtml(rebuilt, '/kit/docs/guides/shipping')).toContain('Deploy the thing.');
  });
});

describe('documents of the published build', () => {
  async function fullBuild(siteDir: string, outDir: string) {
    const result = await buildSite(siteDir, { outDir });
    const html = (route: string) => readFile(path.join(result.site.config.paths.siteOut, ...route.replace('/kit/', '').split('/'), 'index.html'), 'utf8');
    return { result, html };
  }

  it('takes unchanged documents from the output it replaces, byte for byte', async () => {
    const siteDir = await freshSite();
    const outDir = path.join(siteDir, 'out');
    const first = await fullBuild(siteDir, outDir);
    expect(first.result.site.documentsReused).toBe(0);
    const before = await first.html('/kit/docs/guides/shipping');
    const second = await fullBuild(siteDir, outDir);
    const customPages = second.result.site.pages.filter((page) => page.component).length;
    expect(second.result.site.documentsReused).toBe(second.result.site.pages.length - customPages);
    expect(await second.html('/kit/docs/guides/shipping')).toBe(before);
  });

  it('renders again when a doc changed, and when a doc changed back', async () => {
    const siteDir = await freshSite();
    const outDir = path.join(siteDir, 'out');
    const file = path.join(siteDir, 'docs', 'guides', 'deploy.md');
    const original = await readFile(file, 'utf8');
    await fullBuild(siteDir, outDir);
    await writeFile(file, original.replace('Deploy the thing.', 'Ship the thing.'));
    const edited = await fullBuild(siteDir, outDir);
    expect(await edited.html('/kit/docs/guides/shipping')).toContain('Ship the thing.');
    await writeFile(file, original);
    const reverted = await fullBuild(siteDir, outDir);
    expect(await reverted.html('/kit/docs/guides/shipping')).toContain('Deploy the thing.');
    expect(await reverted.html('/kit/docs/guides/shipping')).not.toContain('Ship the thing.');
  });

  it('renders every document when the output folder is gone or was written without a record', async () => {
    const siteDir = await freshSite();
    const outDir = path.join(siteDir, 'out');
    await fullBuild(siteDir, outDir);
    await rm(outDir, { recursive: true });
    expect((await fullBuild(siteDir, outDir)).result.site.documentsReused).toBe(0);
    // serve --watch's first build writes the output without recording its documents.
    await buildSite(siteDir, { outDir, watch: true });
    expect((await fullBuild(siteDir, outDir)).result.site.documentsReused).toBe(0);
  });
});
