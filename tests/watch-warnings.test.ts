import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../src/core/logger.js';
import { watchSite, type BuildOutcome, type SiteWatcher } from '../src/serve/watch-site.js';
import { copySite, fixture } from './helpers/site.js';

let site: Awaited<ReturnType<typeof copySite>>;
let watcher: SiteWatcher;
const logger = createMemoryLogger();
const outcomes: BuildOutcome[] = [];
let nextOutcome: ((outcome: BuildOutcome) => void) | undefined;

beforeAll(async () => {
  // No `url` in its config: every build of it finds the warning that there is no canonical URL.
  site = await copySite(fixture('minimal-config'));
  watcher = await watchSite({
    siteDir: site.dir,
    logger,
    onBuild: (outcome) => {
      outcomes.push(outcome);
      nextOutcome?.(outcome);
    },
  });
}, 120_000);

afterAll(async () => {
  await watcher?.close();
  await site?.cleanup();
});

const urlWarnings = (diagnostics: readonly { code?: string; message: string }[]) => diagnostics.filter((d) => d.code === 'config' && d.message.startsWith('url is not set'));

describe('warnings under serve --watch', () => {
  it('are in every build as a cold build has them, and printed once', async () => {
    expect(outcomes).toHaveLength(1);
    const first = outcomes[0];
    if (!first.ok) throw new Error('the first build failed');
    expect(urlWarnings(first.site.diagnostics)).toHaveLength(1);

    const rebuilt = new Promise<BuildOutcome>((resolve) => (nextOutcome = resolve));
    const doc = path.join(site.dir, 'docs', 'about.md');
    await writeFile(doc, `${await readFile(doc, 'utf8')}\nOne more line.\n`);
    const second = await rebuilt;
    if (!second.ok) throw new Error('the rebuild failed');
    expect(second.full).toBe(false);
    expect(urlWarnings(second.site.diagnostics)).toEqual(urlWarnings(first.site.diagnostics));
    expect(urlWarnings(logger.diagnostics)).toHaveLength(1);
  }, 120_000);
});
