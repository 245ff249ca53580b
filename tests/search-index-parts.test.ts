import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../src/pipeline/build.js';
import { createItemMemory } from '../src/core/item-store.js';
import { createMemoryLogger } from '../src/core/logger.js';
import type { WrittenOutputs } from '../src/core/site.js';
import { createSearchEngine } from '../src/shared/search/search-engine.js';
import type { SearchDocuments, SerializedSearchIndex } from '../src/shared/search/search-data.js';
import { copySite, fixture } from './helpers/site.js';

/*
 * A large site's search index comes in parts of consecutive pages, so that serve --watch joins and
 * writes only the part of an edited page, not an index that grows with the site. The browser
 * joins the parts back into the one index it always searched.
 */

const docCount = 240;
let site: Awaited<ReturnType<typeof copySite>>;
let outRoot: string;
let first: BuildResult;
const memory = createItemMemory();

const docName = (number: number) => `topic-${String(number).padStart(3, '0')}`;

beforeAll(async () => {
  site = await copySite(fixture('serve-site'));
  const folder = path.join(site.dir, 'docs', 'many');
  await mkdir(folder, { recursive: true });
  for (let number = 0; number < docCount; number++) {
    await writeFile(
      path.join(folder, `${docName(number)}.md`),
      `---\ntitle: Topic ${number}\n---\n\nThe body of topic ${number}: word${number}x.\n\n## Details\n\nMore about topic ${number}.\n`,
    );
  }
  outRoot = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-test-out-'));
  first = await build({ siteDir: site.dir, outDir: path.join(outRoot, 'watched'), logger: createMemoryLogger(), watch: true, memory });
}, 120_000);

afterAll(async () => {
  await site?.cleanup();
  if (outRoot) await rm(outRoot, { recursive: true, force: true });
});

function text(result: BuildResult, url: string): string {
  const file = result.site.outputs.get(url.slice(result.site.config.baseUrl.length));
  if (!file) throw new Error(`no output for ${url}`);
  return typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8');
}

/** The index as the browser puts it together: the first file, then each part's records in order. */
function wholeIndex(result: BuildResult): { documents: SearchDocuments; index: SerializedSearchIndex; files: string[] } {
  const files = result.site.siteData!.searchFiles!;
  const index = JSON.parse(text(result, files.index)) as SerializedSearchIndex;
  for (const part of files.indexParts ?? []) index.records.push(...(JSON.parse(text(result, part)) as SerializedSearchIndex).records);
  return { documents: JSON.parse(text(result, files.documents)) as SearchDocuments, index, files: [files.index, ...(files.indexParts ?? [])] };
}

describe('the search index of a large site', () => {
  it('comes in parts that join into one index over every record, in order', () => {
    const { documents, index, files } = wholeIndex(first);
    expect(files.length).toBeGreaterThan(1);
    expect(new Set(files).size).toBe(files.length);
    expect(index.records.map((entry) => entry.i)).toEqual(documents.records.map((_record, position) => position));
    const engine = createSearchEngine(documents, index);
    const last = docName(docCount - 1);
    expect(engine.search(`word${docCount - 1}x`, 3)[0]?.record.route).toBe(`/sdk/docs/many/${last}`);
    expect(engine.search('word0x', 3)[0]?.record.route).toBe(`/sdk/docs/many/${docName(0)}`);
  });

  it('is rewritten only in the part of an edited page under serve --watch, and ends as a fresh build', async () => {
    const file = path.join(site.dir, 'docs', 'many', `${docName(docCount - 2)}.md`);
    await writeFile(file, (await readFile(file, 'utf8')).replace('More about', 'Much more, EDITED-7Q2, about'));
    let written: WrittenOutputs | undefined;
    const rebuilt = await build({
      siteDir: site.dir,
      outDir: path.join(outRoot, 'watched'),
      logger: createMemoryLogger(),
      watch: true,
      memory,
      previous: first.site,
      changedFiles: new Set([file]),
      onOutputsWritten: (outputs) => (written = outputs),
    });
    const searchFiles = written!.changed.filter((changed) => changed.includes('assets/search/'));
    const lastPart = rebuilt.site.siteData!.searchFiles!.indexParts!.at(-1)!;
    expect(searchFiles).toEqual([lastPart.slice(rebuilt.site.config.baseUrl.length)]);
    const { documents, index } = wholeIndex(rebuilt);
    expect(createSearchEngine(documents, index).search('EDITED-7Q2', 3)[0]?.record.route).toBe(`/sdk/docs/many/${docName(docCount - 2)}`);

    const fresh = await build({ siteDir: site.dir, outDir: path.join(outRoot, 'fresh'), logger: createMemoryLogger(), watch: true, memory: createItemMemory() });
    const texts = (result: BuildResult) => new Map([...result.site.outputs.keys()].map((key) => [key, text(result, `${result.site.config.baseUrl}${key}`)]));
    expect(texts(rebuilt)).toEqual(texts(fresh));
  }, 120_000);
});
