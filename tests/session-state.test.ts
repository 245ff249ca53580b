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
