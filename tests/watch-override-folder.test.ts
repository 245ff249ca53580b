import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Logger } from '../src/core/logger.js';
import { watchSite, type BuildOutcome, type SiteWatcher } from '../src/serve/watch-site.js';
import { fixture } from './helpers/site.js';

/*
 * `sdkdocs serve site --watch` from the folder above the site: an edit of a theme override was
 * rebuilt ("src/theme/Footer.tsx → 6 pages") and the pages kept the old override, as the
 * overrides' bundle named the files it read relative to the working folder and they were taken
 * relative to the site's. Here the working folder is the repository's and the site lies deeper
 * below the temporary folder than the repository below the root (at the same depth, a name that
 * climbs to the root resolves the same from either folder).
 */

let watcher: SiteWatcher | undefined;
let scratch: string | undefined;
afterEach(async () => {
  await watcher?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  watcher = undefined;
  scratch = undefined;
});

/** A watch session on a copy of `name` below the temporary folder, deeper than the repository. */
async function watchDeepCopy(name: string): Promise<{ siteDir: string; outcomes: BuildOutcome[] }> {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-override-folder-'));
  const siteDir = path.join(scratch, 'deeper', 'still', 'site');
  await cp(fixture(name), siteDir, { recursive: true, filter: (source) => !/(^|[\\/])(out|node_modules)([\\/]|$)/.test(path.relative(fixture(name), source)) });
  const logger: Logger = { info() {}, warn() {}, error() {}, debug() {}, diagnostic() {}, progress() {} };
  const outcomes: BuildOutcome[] = [];
  watcher = await watchSite({ siteDir, logger, onBuild: (outcome) => void outcomes.push(outcome) });
  expect(outcomes).toMatchObject([{ ok: true }]);
  return { siteDir, outcomes };
}

/** Edits `file` and waits for the watcher's next build, which must succeed. */
async function editAndWait(file: string, edit: (text: string) => string, outcomes: BuildOutcome[]): Promise<void> {
  const before = outcomes.length;
  await writeFile(file, edit(await readFile(file, 'utf8')));
  while (outcomes.length === before) await new Promise((resolve) => setTimeout(resolve, 20));
  await watcher!.idle();
  expect(outcomes.at(-1)).toMatchObject({ ok: true });
}

it('rebuilds pages with an edited override when the site is not the working folder', { timeout: 120_000 }, async () => {
  const { siteDir, outcomes } = await watchDeepCopy('theme-overrides');
  const page = path.join(siteDir, 'out', 'kit', 'docs', 'intro', 'index.html');
  expect(await readFile(page, 'utf8')).toContain('Thanks for reading the Override Kit docs.');

  await editAndWait(path.join(siteDir, 'src', 'theme', 'Footer.tsx'), (text) => text.replace('Thanks for reading', 'Edited: thanks for reading'), outcomes);
  expect(await readFile(page, 'utf8')).toContain('Edited: thanks for reading the Override Kit docs.');
});

// The custom pages' bundle recorded the files it read the same way until 403ef9e gave it the
// site folder to work from.
it('rebuilds an edited custom page when the site is not the working folder', { timeout: 120_000 }, async () => {
  const { siteDir, outcomes } = await watchDeepCopy('basic');
  const page = path.join(siteDir, 'out', 'kit', 'about', 'index.html');
  expect(await readFile(page, 'utf8')).toContain('Made by a small team.');
  await editAndWait(path.join(siteDir, 'src', 'pages', 'about.tsx'), (text) => text.replace('Made by a small team.', 'Made by a bigger team.'), outcomes);
  expect(await readFile(page, 'utf8')).toContain('Made by a bigger team.');
});
