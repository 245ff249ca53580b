import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DiagramColours, DiagramRenderer } from '../src/core/diagram-renderer.js';
import { createItemMemory, fingerprint, isText, itemName, openItemStore, transformCache } from '../src/core/item-store.js';
import type { BuildResult } from '../src/pipeline/build.js';
import { buildSite, copySite, fixture } from './helpers/site.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function freshCopy(name: string): Promise<string> {
  const copy = await copySite(fixture(name));
  cleanups.push(copy.cleanup);
  return copy.dir;
}

async function temporaryDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sdkdocs-store-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Draws a small SVG naming its diagram's first line, and counts its calls. */
function createCountingRenderer(): DiagramRenderer & { calls: { definition: string; theme: DiagramColours }[] } {
  const calls: { definition: string; theme: DiagramColours }[] = [];
  return {
    calls,
    cacheKey: 'counting-renderer 1',
    get browserLaunches() {
      return calls.length > 0 ? 1 : 0;
    },
    async render(definition, theme) {
      calls.push({ definition, theme });
      // Yields, so that two builds running side by side interleave their writes.
      await new Promise((resolve) => setImmediate(resolve));
      const name = definition.trim().split('\n')[0];
      return `<svg id="mermaid-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="graphics-document document"><text>${name} ${theme}</text></svg>`;
    },
    async close() {},
  };
}

/** Every file under a folder, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

const mermaidCache = (siteDir: string) => path.join(siteDir, 'node_modules', '.cache', 'sdkdocs', 'mermaid');
const routes = ['/kit/docs/intro', '/kit/docs/second'];

/** A page's content HTML, diagrams filled in. */
function pageHtml(result: BuildResult, route: string): string {
  const page = result.site.pages.find((candidate) => candidate.route === route);
  if (!page?.data.html) throw new Error(`no content for ${route}`);
  return page.data.html;
}

describe('item store', () => {
  it('gives inputs a fingerprint that changes when any one of them changes', () => {
    const inputs = ['renderer 1', { theme: 'dark', sizes: [1, 2] }, 'graph TD; A-->B'];
    const base = fingerprint(...inputs);
    expect(fingerprint(...inputs)).toBe(base);
    expect(base).toMatch(/^[0-9a-f]{40}$/);
    expect(fingerprint('renderer 2', inputs[1], inputs[2])).not.toBe(base);
    expect(fingerprint(inputs[0], { theme: 'dark', sizes: [1, 3] }, inputs[2])).not.toBe(base);
    expect(fingerprint(inputs[0], inputs[1], 'graph TD; A-->C')).not.toBe(base);
    expect(fingerprint(inputs[0], inputs[1], Buffer.from('graph TD; A-->B'))).not.toBe(base);
    // Where one input ends and the next begins is part of the fingerprint.
    expect(fingerprint('ab', 'c')).not.toBe(fingerprint('a', 'bc'));
    expect(itemName(...inputs)).toBe(`${base}.json`);
  });

  it('ignores an entry cut short and stores it anew', async () => {
    const dir = await temporaryDir();
    const store = openItemStore(dir);
    const name = itemName('figure', 1);
    store.set(name, '<svg>whole</svg>');
    expect(openItemStore(dir).get(name)).toBe('<svg>whole</svg>');
    const file = path.join(dir, name);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.slice(0, text.length - 3));
    expect(openItemStore(dir).get(name)).toBeUndefined();
    openItemStore(dir).set(name, '<svg>again</svg>');
    expect(openItemStore(dir).get(name)).toBe('<svg>again</svg>');
    // Nothing written aside is left behind.
    expect(await readdir(dir)).toEqual([name]);
  });

  it('answers from memory what a watch session read or wrote before, without the file', async () => {
    const dir = await temporaryDir();
    const memory = createItemMemory();
    const name = itemName('svg', 'graph TD');
    openItemStore(dir, memory).set(name, '<svg/>');
    await rm(path.join(dir, name));
    expect(openItemStore(dir, memory).get(name)).toBe('<svg/>');
    expect(openItemStore(dir).get(name)).toBeUndefined();
  });

  it('runs a declared transform only for inputs it has not seen, and remakes what it does not accept', async () => {
    const dir = await temporaryDir();
    const made: string[] = [];
    const shout = (store = openItemStore(dir)) =>
      transformCache(store, { kind: 'shout', inputs: (word: string) => [word], accepts: isText });
    const make = async (word: string) => {
      made.push(word);
      return word.toUpperCase();
    };
    expect(await shout().make('hello', make)).toBe('HELLO');
    expect(await shout().make('hello', make)).toBe('HELLO');
    expect(await shout().make('world', make)).toBe('WORLD');
    expect(made).toEqual(['hello', 'world']);
    // An entry holding something else than this transform's output (an older shape, a number) is a miss.
    openItemStore(dir).set(itemName('shout', 'hello'), 42);
    expect(await shout().make('hello', make)).toBe('HELLO');
    expect(made).toEqual(['hello', 'world', 'hello']);
  });

  it('renders a diagram again when its cached SVG was cut short, rather than showing half of it', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const first = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: createCountingRenderer() });
    // Every entry, SVGs and finished figures, loses its last characters, as a write the disk never finished would.
    for (const file of await filesUnder(mermaidCache(siteDir))) {
      const text = await readFile(file, 'utf8');
      await writeFile(file, text.slice(0, Math.floor(text.length / 2)));
    }
    const renderer = createCountingRenderer();
    const second = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: renderer });
    expect(second.site.diagrams).toMatchObject({ diagrams: 3, figuresFromCache: 0, fromCache: 0, rendered: 2 });
    for (const route of routes) expect(pageHtml(second, route)).toBe(pageHtml(first, route));
    // Stored anew: the next build takes every figure from the cache.
    const third = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: createCountingRenderer() });
    expect(third.site.diagrams).toMatchObject({ diagrams: 3, figuresFromCache: 3, rendered: 0 });
  });

  it('keeps one cache folder whole when two builds fill it at the same time', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const [one, two] = await Promise.all([
      buildSite(siteDir, { until: 'checkLinks', diagramRenderer: createCountingRenderer() }),
      buildSite(siteDir, { until: 'checkLinks', diagramRenderer: createCountingRenderer() }),
    ]);
    for (const route of routes) expect(pageHtml(two, route)).toBe(pageHtml(one, route));
    // Every entry (compiled docs, SVGs, figures) parses, and nothing written aside is left behind.
    const files = await filesUnder(path.dirname(mermaidCache(siteDir)));
    // The compiled docs are in the query engine's packs.
    expect(files.some((file) => file.includes(`${path.sep}engine${path.sep}pack-`))).toBe(true);
    expect(files.filter((file) => !file.endsWith('.json'))).toEqual([]);
    for (const file of files) expect(() => JSON.parse(readFileSync(file, 'utf8')), file).not.toThrow();
    const renderer = createCountingRenderer();
    const third = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: renderer });
    expect(renderer.calls).toEqual([]);
    expect(third.site.diagrams).toMatchObject({ diagrams: 3, figuresFromCache: 3 });
    for (const route of routes) expect(pageHtml(third, route)).toBe(pageHtml(one, route));
  });

  it('takes a watch rebuild through the compile cache like a warm build, leaving the cache current', async () => {
    const siteDir = await freshCopy('basic');
    const memory = createItemMemory();
    const first = await buildSite(siteDir, { until: 'renderPages', watch: true, memory });
    const docs = first.site.docs.length;
    const file = path.join(siteDir, 'docs', 'guides', 'setup.md');
    await writeFile(file, (await readFile(file, 'utf8')) + '\nEdited while serving.\n');
    const rebuilt = await buildSite(siteDir, { until: 'renderPages', watch: true, memory, previous: first.site, changedFiles: new Set([file]) });
    // The same question a warm build asks, answered from memory for every doc but the edited one.
    expect(rebuilt.site.compiled).toEqual({ docs, fromCache: docs - 1 });
    const route = rebuilt.site.docs.find((doc) => doc.source.file === file)!.route;
    expect(rebuilt.site.pages.find((page) => page.route === route)?.data.html).toContain('Edited while serving.');
    // What the session compiled is on disk: the next build, in a new process, compiles nothing.
    const next = await buildSite(siteDir, { until: 'renderPages' });
    expect(next.site.compiled).toEqual({ docs, fromCache: docs });
  });
});
