import { createHash } from 'node:crypto';
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createItemMemory, releaseItemMemory } from '../src/core/item-store.js';
import { buildSite, copySite, fixture } from './helpers/site.js';

// Each esbuild context a build makes, and whether it was disposed.
const contexts = vi.hoisted(() => [] as { disposed: boolean }[]);
vi.mock('esbuild', async (importOriginal) => {
  const actual = await importOriginal<typeof import('esbuild')>();
  const context: typeof actual.context = async (options) => {
    const made = await actual.context(options);
    const record = { disposed: false };
    contexts.push(record);
    return new Proxy(made, {
      get(target, property, receiver) {
        if (property !== 'dispose') return Reflect.get(target, property, receiver) as unknown;
        return () => {
          record.disposed = true;
          return target.dispose();
        };
      },
    });
  };
  return { ...actual, context };
});

describe('build state outlives a build only in a session’s memory', () => {
  let first: { dir: string; cleanup: () => Promise<void> };
  let second: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    first = await copySite(fixture('basic'));
    second = await copySite(fixture('minimal-config'));
  });
  afterAll(async () => {
    await first.cleanup();
    await second.cleanup();
  });

  it('keeps a session’s esbuild context until the session ends, and a one-off build’s for that build only', async () => {
    const memory = createItemMemory();
    const watched = await buildSite(first.dir, { until: 'bundleClient', watch: true, memory });
    expect(contexts).toEqual([{ disposed: false }]);
    // A one-off build of another site in the same process: its own context, gone when it ends.
    await buildSite(second.dir, { until: 'bundleClient' });
    expect(contexts).toEqual([{ disposed: false }, { disposed: true }]);
    // The session's next build reuses its context: the one-off build did not take it away.
    await buildSite(first.dir, { until: 'bundleClient', watch: true, memory, previous: watched.site, changedFiles: new Set() });
    expect(contexts).toHaveLength(2);
    await releaseItemMemory(memory);
    expect(contexts).toEqual([{ disposed: true }, { disposed: true }]);
  }, 120_000);
});

describe('a one-off build keeps no image it read', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    site = await copySite(fixture('images-next-to-docs'));
  });
  afterAll(() => site.cleanup());

  it('hashes an image again in the next build of the process, even one as long and as old as before', async () => {
    const shot = path.join(site.dir, 'docs', 'guide', 'img', 'shot.png');
    const assetOf = (html: string) => /assets\/images\/shot\.([0-9a-f]{8})\.png/.exec(html)?.[1];
    const pageOf = (result: Awaited<ReturnType<typeof buildSite>>) => result.site.pages.find((page) => page.sourceFile?.endsWith('setup.md'))!.data.html;
    // A whole second, which the file system keeps exactly when it is set again.
    const time = new Date('2026-01-02T03:04:05Z');
    await utimes(shot, time, time);
    const first = await buildSite(site.dir, { until: 'parseMarkdown' });
    const before = await readFile(shot);
    expect(assetOf(pageOf(first))).toBe(createHash('sha256').update(before).digest('hex').slice(0, 8));
    // Other bytes in the same length, with the time it had (a copy that keeps times, a checkout).
    const after = Buffer.from(before);
    after[after.length - 1] ^= 0xff;
    await writeFile(shot, after);
    await utimes(shot, time, time);
    expect((await stat(shot)).mtimeMs).toBe(time.getTime());
    const second = await buildSite(site.dir, { until: 'parseMarkdown' });
    expect(assetOf(pageOf(second))).toBe(createHash('sha256').update(after).digest('hex').slice(0, 8));
  }, 120_000);
});

describe('the API model of a session', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    site = await copySite(fixture('api-basic'));
  });
  afterAll(() => site.cleanup());

  it('comes from the session’s memory tier, not from the previous build’s model', async () => {
    const memory = createItemMemory();
    const first = await buildSite(site.dir, { until: 'generateApi', memory });
    // A build of the session with no previous model in hand: the memory tier has it.
    const second = await buildSite(site.dir, { until: 'generateApi', memory });
    expect(second.site.api!.model).toBe(first.site.api!.model);
    // A one-off build reads it from disk: an equal model, not the session's.
    const oneOff = await buildSite(site.dir, { until: 'generateApi' });
    expect(oneOff.site.api!.model).not.toBe(first.site.api!.model);
    expect(oneOff.site.api!.model).toEqual(first.site.api!.model);
  }, 120_000);
});
