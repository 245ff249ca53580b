import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import type { Logger } from '../src/core/logger.js';
import { build } from '../src/pipeline/build.js';
import { watchSite, type BuildOutcome, type SiteWatcher } from '../src/serve/watch-site.js';
import { copySite, fixture } from './helpers/site.js';

/*
 * A config edit under serve --watch goes through the session's one query engine: the watcher
 * tells it the config file changed and builds again, and every query whose slice of the config
 * did not change answers from memory. The edit here reaches the API pages only (their source
 * links), so the docs, the custom page, the theme overrides and the client bundle are kept, and
 * the output still equals a cold build's.
 */

let watcher: SiteWatcher | undefined;
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await watcher?.close();
  await cleanup?.();
  watcher = undefined;
  cleanup = undefined;
});

/** Every file under `dir`, by its path relative to it. */
async function filesUnder(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, absolute).split(path.sep).join('/'), (await readFile(absolute)).toString('base64'));
  }
  return files;
}

/** The files of a cold build of the site as it is now (under `subfolder` of its output): a session's first build, with an empty cache. */
async function coldBuild(siteDir: string, subfolder = ''): Promise<Map<string, string>> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-config-cold-'));
  try {
    const config = await loadConfig(siteDir, { outDir: path.join(scratch, 'out') });
    const logger: Logger = { info() {}, warn() {}, error() {}, debug() {}, diagnostic() {}, progress() {} };
    await build({ config: { ...config, paths: { ...config.paths, cache: path.join(scratch, 'cache') } }, logger, watch: true });
    return await filesUnder(path.join(config.paths.outRoot, subfolder));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * A watch session on a copy of a fixture (the property fixture unless named) whose debug lines
 * `debug()` holds since the last edit; `prepare` edits the copy before the session starts.
 */
async function startSession(name = 'watch-property', prepare?: (dir: string) => Promise<void>) {
  const site = await copySite(fixture(name));
  cleanup = site.cleanup;
  await prepare?.(site.dir);
  let lines: string[] = [];
  const logger: Logger = { info() {}, warn() {}, error() {}, debug: (message) => lines.push(message), diagnostic() {}, progress() {} };
  const outcomes: BuildOutcome[] = [];
  watcher = await watchSite({ siteDir: site.dir, logger, onBuild: (outcome) => void outcomes.push(outcome) });
  expect(outcomes).toMatchObject([{ ok: true }]);
  const session = watcher;
  const configFile = path.join(site.dir, 'sdkdocs.config.ts');
  return {
    dir: site.dir,
    debug: () => lines,
    /** Edits the config and waits for the rebuild; returns its outcome. */
    async editConfig(edit: (text: string) => string): Promise<BuildOutcome> {
      lines = [];
      const before = outcomes.length;
      await writeFile(configFile, edit(await readFile(configFile, 'utf8')));
      while (outcomes.length === before) await new Promise((resolve) => setTimeout(resolve, 20));
      await session.idle();
      return outcomes[outcomes.length - 1]!;
    },
  };
}

it('keeps the queries a config edit did not reach, on the same engine, and ends as a cold build', { timeout: 240_000 }, async () => {
  const session = await startSession();
  const outcome = await session.editConfig((text) => text.replace("tsconfig: 'sdk/tsconfig.json' }", "tsconfig: 'sdk/tsconfig.json', sourceLinkTemplate: 'https://code.example.com/{path}#L{line}' }"));
  expect(outcome).toMatchObject({ ok: true, full: true, sources: ['sdkdocs.config.ts'] });

  // What the API pages are made of changed; nothing else read the source link template.
  const debug = session.debug();
  expect(debug).not.toContain('generateApi: pages kept from the previous build');
  expect(debug).toContain('collectContent: docs folder listing kept from the previous build');
  expect(debug).toContain('collectContent: custom pages kept from the previous build');
  expect(debug).toContain('bundleClient: kept the last bundle');
  expect(debug).toContain('collectContent: 1 category files kept from the previous build, 0 read');
  const compiled = debug.map((line) => /^parseMarkdown: (\d+) docs compiled, (\d+) of them from the cache$/.exec(line)).find(Boolean);
  expect(compiled?.[1]).toBe(compiled?.[2]);
  // The docs' contents and outlines (both made by the compile) were kept, above; the API pages'
  // were made again (their source links, below).

  const watched = await filesUnder(path.join(session.dir, 'out'));
  const apiPages = [...watched].filter(([file]) => file.includes('/api/')).map(([, contents]) => Buffer.from(contents, 'base64').toString('utf8'));
  expect(apiPages.some((page) => page.includes('https://code.example.com/sdk/src/index.ts#L'))).toBe(true);
  const cold = await coldBuild(session.dir);
  const differing = [...new Set([...cold.keys(), ...watched.keys()])].filter((file) => cold.get(file) !== watched.get(file));
  expect(differing).toEqual([]);
});

it('makes again what read the slice of the config an edit changed, and ends as a cold build', { timeout: 240_000 }, async () => {
  const session = await startSession();
  // The base URL is in what the site's own code is compiled with (the asset URLs it makes).
  const outcome = await session.editConfig((text) => text.replace("baseUrl: '/kit/'", "baseUrl: '/kit2/'"));
  expect(outcome).toMatchObject({ ok: true, full: true });
  const debug = session.debug();
  expect(debug).not.toContain('collectContent: custom pages kept from the previous build');
  expect(debug).not.toContain('bundleClient: kept the last bundle');
  expect(debug).toContain('collectContent: docs folder listing kept from the previous build');
  const watched = await filesUnder(path.join(session.dir, 'out', 'kit2'));
  const cold = await coldBuild(session.dir, 'kit2');
  const differing = [...new Set([...cold.keys(), ...watched.keys()])].filter((file) => cold.get(file) !== watched.get(file));
  expect(differing).toEqual([]);
});

it("takes a new blog title into the posts' search records, kept otherwise, and ends as a cold build", { timeout: 240_000 }, async () => {
  // Without the blog's own remark plugins, whose code any config edit changes, the posts' compiles
  // are kept: their search records are what must notice the title, which labels them in the results.
  const session = await startSession('blog-site', async (dir) => {
    const configFile = path.join(dir, 'sdkdocs.config.ts');
    const text = await readFile(configFile, 'utf8');
    const withoutPlugins = text.replace(/ {4}\/\/ The blog's own remark plugins[^]*?\n {4}\],\n/, '');
    expect(withoutPlugins).not.toBe(text);
    await writeFile(configFile, withoutPlugins);
  });
  const outcome = await session.editConfig((text) => text.replace('postsPerPage: 2,', "postsPerPage: 2,\n    blogTitle: 'Release notes',"));
  expect(outcome).toMatchObject({ ok: true, full: true });
  const debug = session.debug();
  const compiled = debug.map((line) => /^parseMarkdown: (\d+) docs compiled, (\d+) of them from the cache$/.exec(line)).filter(Boolean);
  expect(compiled.length).toBeGreaterThan(0);
  for (const match of compiled) expect(match?.[1]).toBe(match?.[2]);
  const reused = debug.map((line) => /^buildSearchIndex: \d+ records from (\d+) pages \((\d+) pages reused\)/.exec(line)).find(Boolean);
  // The docs' records are kept; the posts' are made again.
  expect(Number(reused?.[2])).toBeGreaterThan(0);
  expect(Number(reused?.[2])).toBeLessThan(Number(reused?.[1]));

  const watched = await filesUnder(path.join(session.dir, 'out'));
  const documents = [...watched].find(([file]) => /\/search\/documents[.\w]*\.json$/.test(file));
  expect(Buffer.from(documents?.[1] ?? '', 'base64').toString('utf8')).toContain('"breadcrumb":["Release notes"]');
  const cold = await coldBuild(session.dir);
  const differing = [...new Set([...cold.keys(), ...watched.keys()])].filter((file) => cold.get(file) !== watched.get(file));
  expect(differing).toEqual([]);
});
