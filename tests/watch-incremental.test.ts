import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../src/pipeline/build.js';
import { createItemMemory, type ItemMemory } from '../src/core/item-store.js';
import type { Logger } from '../src/core/logger.js';
import type { WrittenOutputs } from '../src/core/site.js';
import { copySite, fixture } from './helpers/site.js';

/*
 * serve --watch's rebuilds, driven the way src/serve/watch-site.ts drives them: the previous
 * build, the changed files and one item memory for the session. A rebuild must do work in
 * proportion to the change and still end with exactly what a fresh build of the same sources makes.
 */

let site: Awaited<ReturnType<typeof copySite>>;
let outRoot: string;
let memory: ItemMemory;
let previous: BuildResult | undefined;
let debug: string[];

const logger: Logger = {
  info() {},
  warn() {},
  error() {},
  debug: (message) => debug.push(message),
  diagnostic() {},
  progress() {},
};

beforeEach(async () => {
  site = await copySite(fixture('serve-site'));
  // A category index page lists its docs' titles and descriptions, and is made by renderPages.
  await writeFile(path.join(site.dir, 'docs', 'guides', '_category_.json'), JSON.stringify({ label: 'Guides', position: 2, link: { type: 'generated-index' } }));
  outRoot = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-test-out-'));
  memory = createItemMemory();
  debug = [];
  previous = await build({ siteDir: site.dir, outDir: path.join(outRoot, 'watched'), logger, watch: true, memory });
});

afterEach(async () => {
  await site.cleanup();
  await rm(outRoot, { recursive: true, force: true });
});

const docFile = (relative: string) => path.join(site.dir, 'docs', ...relative.split('/'));

/** Changes a doc and rebuilds as serve --watch does; returns the build and the output files it wrote. */
async function editAndRebuild(relative: string, edit: (source: string) => string): Promise<{ result: BuildResult; written: WrittenOutputs }> {
  const file = docFile(relative);
  const source = await readFile(file, 'utf8');
  const edited = edit(source);
  expect(edited).not.toBe(source);
  await writeFile(file, edited);
  debug = [];
  let written: WrittenOutputs | undefined;
  const result = await build({
    siteDir: site.dir,
    outDir: path.join(outRoot, 'watched'),
    logger,
    watch: true,
    memory,
    previous: previous!.site,
    changedFiles: new Set([file]),
    onOutputsWritten: (outputs) => (written = outputs),
  });
  previous = result;
  return { result, written: written! };
}

/** Every output file's text, by path. */
function outputTexts(result: BuildResult): Map<string, string> {
  return new Map([...result.site.outputs].map(([key, file]) => [key, typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8')]));
}

/** What a fresh serve --watch build of the same sources makes, with nothing to reuse. */
async function freshBuild(): Promise<BuildResult> {
  return build({ siteDir: site.dir, outDir: path.join(outRoot, 'fresh'), logger: { ...logger, debug() {} }, watch: true, memory: createItemMemory() });
}

async function expectSameAsFreshBuild(result: BuildResult): Promise<void> {
  const fresh = outputTexts(await freshBuild());
  const rebuilt = outputTexts(result);
  expect([...rebuilt.keys()].sort()).toEqual([...fresh.keys()].sort());
  for (const [key, text] of fresh) expect(rebuilt.get(key), key).toBe(text);
}

const pageOf = (result: BuildResult, key: string) => outputTexts(result).get(key) ?? '';

describe('serve --watch rebuilds', () => {
  it('make only the edited page again after a text edit that leaves titles, outline and description alone', async () => {
    const { result, written } = await editAndRebuild('guides/setup.md', (source) => source.replace('2. Run.', '2. Run.\n\nThen read the logs: EDITED-91C2.'));
    // Its content (with its mobile outline, which the compile puts in) is the only one made again;
    // every other page keeps the previous build's, the category index's content too.
    const compiled = debug.map((line) => /^parseMarkdown: (\d+) docs compiled, (\d+) of them from the cache$/.exec(line)).find(Boolean);
    expect(compiled && Number(compiled[1]) - Number(compiled[2])).toBe(1);
    expect(debug).toContainEqual(expect.stringMatching(/^renderPages: 0 contents made, \d+ kept from the previous build$/));
    expect(debug).toContainEqual(expect.stringMatching(/documents kept from the previous build, 1 rendered$/));
    // The list of pages and what llms.txt says of them are what they were; llms-full.txt holds the text.
    expect(debug).toContain('renderPages: site files kept from the previous build: sitemap.xml, llms.txt');
    // llms-full.txt is joined from the previous build's encoded pages, only the edited one encoded again.
    expect(debug).toContainEqual(expect.stringMatching(/^renderPages: site files joined from pieces: llms-full\.txt \(1 of \d+ pieces encoded\)$/));
    // The new sentence is in the index (which holds the texts), not in the documents (which hold titles and places).
    expect(debug).toContainEqual(expect.stringMatching(/^buildSearchIndex: .*; files kept: documents$/));
    expect(written.changed.filter((file) => file.endsWith('.html'))).toEqual(['docs/guides/setup/index.html']);
    expect(pageOf(result, 'docs/guides/setup/index.html')).toContain('EDITED-91C2');
    await expectSameAsFreshBuild(result);
  });

  it('put a changed title on every page that shows it: sidebars, the category index, search and llms.txt', async () => {
    const { result, written } = await editAndRebuild('guides/deploy.md', (source) => source.replace('title: Deploying', 'title: Shipping It').replace('# Deploying', '# Shipping It'));
    // Every page links the one sidebar file, which has the new title; the pages around the doc show it too.
    const sidebarFile = [...result.site.outputs.keys()].find((key) => /sidebar-docsSidebar/.test(key))!;
    expect(pageOf(result, sidebarFile)).toContain('Shipping It');
    const pages = [...result.site.outputs.keys()].filter((key) => key.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(4);
    for (const key of pages) expect(pageOf(result, key), key).toContain(`/sdk/${sidebarFile}`);
    for (const key of ['docs/category/guides/index.html', 'docs/guides/setup/index.html', 'docs/guides/deploy/index.html']) expect(pageOf(result, key), key).toContain('Shipping It');
    expect(written.changed).toEqual(expect.arrayContaining(['docs/category/guides/index.html', 'docs/intro/index.html', 'index.html', 'llms.txt']));
    const searchDocuments = [...result.site.outputs.keys()].find((key) => /search\/documents/.test(key))!;
    expect(pageOf(result, searchDocuments)).toContain('Shipping It');
    expect(pageOf(result, searchDocuments)).not.toContain('Deploying');
    expect(pageOf(result, 'llms.txt')).toContain('[Shipping It]');
    expect(debug).toContain('renderPages: site files kept from the previous build: sitemap.xml');
    expect(debug).toContainEqual(expect.stringMatching(/^buildSearchIndex: .*; files kept: none$/));
    await expectSameAsFreshBuild(result);
  });

  it('compile, link-check and store only the edited doc', async () => {
    const { result } = await editAndRebuild('guides/setup.md', (source) => source.replace('2. Run.', '2. Run.\n\nSee [deploying](./deploy.md): LINKED-6A1F.'));
    // The other docs are answered by the engine, their links checked against routes that did not move; only the new result goes into the store, in a pack of its own (its old pack is kept for the others).
    expect(result.site.compiled).toEqual({ docs: result.site.compiled!.docs, fromCache: result.site.compiled!.docs - 1 });
    expect(debug).toContain('parseMarkdown: routes changed for 0 files');
    expect(debug).toContain('parseMarkdown: 1 packs written, engine store written');
    expect(pageOf(result, 'docs/guides/setup/index.html')).toContain('LINKED-6A1F');
    await expectSameAsFreshBuild(result);
    // A rebuild with nothing changed compiles nothing and leaves the store as it is.
    debug = [];
    previous = await build({ siteDir: site.dir, outDir: path.join(outRoot, 'watched'), logger, watch: true, memory, previous: previous!.site, changedFiles: new Set() });
    expect(previous.site.compiled).toEqual({ docs: previous.site.compiled!.docs, fromCache: previous.site.compiled!.docs });
    expect(debug).toContain('parseMarkdown: routes changed for 0 files');
    expect(debug).toContain('parseMarkdown: 0 packs written, engine store kept');
  });

  it('keep the docs folder listing and unchanged category files for an edit, and list the folder again when a doc is added', async () => {
    const { result } = await editAndRebuild('guides/setup.md', (source) => source.replace('2. Run.', '2. Run.\n\nListed: KEPT-2B7C.'));
    expect(debug).toContain('collectContent: docs folder listing kept from the previous build');
    expect(debug).toContain('collectContent: 1 category files kept from the previous build, 0 read');
    await expectSameAsFreshBuild(result);

    // A new doc and a changed category: the folder is listed and the category file read again.
    const added = docFile('guides/extra.md');
    const category = docFile('guides/_category_.json');
    await writeFile(added, '# Extra\n\nA doc that was not there: ADDED-8E1F.\n');
    await writeFile(category, JSON.stringify({ label: 'Guides and more', position: 2, link: { type: 'generated-index' } }));
    debug = [];
    const again = await build({ siteDir: site.dir, outDir: path.join(outRoot, 'watched'), logger, watch: true, memory, previous: previous!.site, changedFiles: new Set([added, category]) });
    previous = again;
    expect(debug).not.toContain('collectContent: docs folder listing kept from the previous build');
    expect(debug).toContain('collectContent: 0 category files kept from the previous build, 1 read');
    expect(pageOf(again, 'docs/guides/extra/index.html')).toContain('ADDED-8E1F');
    expect([...outputTexts(again).values()].some((text) => text.includes('Guides and more'))).toBe(true);
    await expectSameAsFreshBuild(again);
  });

  it('compile again the docs that link a doc by its file when it moves to another route', async () => {
    const { result } = await editAndRebuild('guides/deploy.md', (source) => source.replace(/^---\n/, '---\nslug: /shipping\n'));
    expect(debug).toContain('parseMarkdown: routes changed for 1 files');
    // The moved doc and intro.md, which links it by its file, compile again; the others are answered as they were.
    expect(result.site.compiled).toEqual({ docs: result.site.compiled!.docs, fromCache: result.site.compiled!.docs - 2 });
    expect(debug).toContainEqual(expect.stringMatching(/^parseMarkdown: \d+ packs written, engine store written$/));
    await expectSameAsFreshBuild(result);
  });

  it("show a doc's new description on its category index", async () => {
    // A text edit first, which keeps llms.txt: its pieces are still there for the next change.
    await editAndRebuild('guides/deploy.md', (source) => `${source}\nA last paragraph.\n`);
    expect(debug).toContain('renderPages: site files kept from the previous build: sitemap.xml, llms.txt');
    const { result } = await editAndRebuild('guides/deploy.md', (source) => source.replace('Copy the output folder to any static host.', 'Upload the folder: DESCRIBED-4D2E.'));
    // llms.txt lists the new description: only that page's line is made and encoded again; in
    // llms-full.txt, the doc's markdown and its category index's, which lists the description.
    expect(debug).toContainEqual(expect.stringMatching(/^renderPages: site files joined from pieces: llms\.txt \(1 of \d+ pieces encoded\), llms-full\.txt \(2 of \d+ pieces encoded\)$/));
    expect(pageOf(result, 'docs/category/guides/index.html')).toContain('DESCRIBED-4D2E');
    await expectSameAsFreshBuild(result);
  });
});

describe('serve --watch rebuilds of a site with MDX docs', () => {
  let mdxSite: Awaited<ReturnType<typeof copySite>>;
  let mdxOut: string;
  let last: BuildResult;
  const mdxMemory = createItemMemory();

  beforeEach(async () => {
    mdxSite = await copySite(fixture('mdx-components'));
    mdxOut = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-test-out-'));
    last = await build({ siteDir: mdxSite.dir, outDir: mdxOut, logger, watch: true, memory: mdxMemory });
  });
  afterEach(async () => {
    await mdxSite.cleanup();
    await rm(mdxOut, { recursive: true, force: true });
  });

  const rebuildAfter = async (relative: string, edit: (source: string) => string) => {
    const file = path.join(mdxSite.dir, ...relative.split('/'));
    await writeFile(file, edit(await readFile(file, 'utf8')));
    debug = [];
    last = await build({ siteDir: mdxSite.dir, outDir: mdxOut, logger, watch: true, memory: mdxMemory, previous: last.site, changedFiles: new Set([file]) });
    return last;
  };

  it('keep the client bundle for a markdown edit, and bundle again when a component an MDX doc imports changes', async () => {
    await rebuildAfter('docs/intro.md', (source) => `${source}\nOne more line.\n`);
    expect(debug).toContain('bundleClient: kept the last bundle');
    const result = await rebuildAfter('src/components/Highlight.tsx', (source) => source.replace(/<\/(\w+)>\s*\);/, '<i>HIGHLIT-5B7E</i></$1>);'));
    expect(debug).toContain('bundleClient: bundled again');
    const scripts = [...result.site.outputs.values()].filter((file) => file.path.endsWith('.js')).map((file) => Buffer.from(file.contents).toString('utf8'));
    expect(scripts.some((script) => script.includes('HIGHLIT-5B7E'))).toBe(true);
  });
});

describe('serve --watch rebuilds of a site whose samples link to its API', () => {
  let apiSite: Awaited<ReturnType<typeof copySite>>;
  let apiOut: string;

  beforeEach(async () => {
    apiSite = await copySite(fixture('api-basic'));
    apiOut = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-test-out-'));
  });
  afterEach(async () => {
    await apiSite.cleanup();
    await rm(apiOut, { recursive: true, force: true });
  });

  it('highlight and link the samples of the edited doc only, keeping every other page as linked', async () => {
    const apiMemory = createItemMemory();
    let last = await build({ siteDir: apiSite.dir, outDir: path.join(apiOut, 'watched'), logger, watch: true, memory: apiMemory });
    const file = path.join(apiSite.dir, 'docs', 'intro.md');
    const rebuildAfterEdit = async (line: string) => {
      await writeFile(file, `${await readFile(file, 'utf8')}\n${line}\n`);
      debug = [];
      last = await build({ siteDir: apiSite.dir, outDir: path.join(apiOut, 'watched'), logger, watch: true, memory: apiMemory, previous: last.site, changedFiles: new Set([file]) });
      return last;
    };
    await rebuildAfterEdit('One more line.');
    const result = await rebuildAfterEdit('And another: APPENDED-3E8B.');
    // The intro's blocks are what they were, so they are not highlighted again; the API pages' @examples are kept as linked.
    expect(debug).toContain('linkCodeSamples: 1 pages linked again, 0 blocks highlighted, the rest kept from the last build');
    const intro = outputTexts(result).get('docs/intro/index.html') ?? '';
    expect(intro).toContain('APPENDED-3E8B');
    expect(intro).toContain('<a href="/sdk/api/enum/Color#green" class="api-code-link"');
    const fresh = outputTexts(await build({ siteDir: apiSite.dir, outDir: path.join(apiOut, 'fresh'), logger: { ...logger, debug() {} }, watch: true, memory: createItemMemory() }));
    const rebuilt = outputTexts(result);
    expect([...rebuilt.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [key, text] of fresh) expect(rebuilt.get(key), key).toBe(text);
  }, 120_000);
});
