import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { UserError } from '../src/core/diagnostic.js';
import { checkBuiltSite } from '../src/links/check-built-site.js';
import { buildSite, copySite, fixture } from './helpers/site.js';

const siteDir = fixture('images-next-to-docs');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function temporaryOut(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-images-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function temporarySite(): Promise<string> {
  const copy = await copySite(siteDir);
  cleanups.push(copy.cleanup);
  return copy.dir;
}

function content(result: BuildResult, route: string): string {
  return result.site.pages.find((page) => page.route === route)!.content!.html;
}

/** `src="…"` of each img of a doc, in order. */
function imageSources(result: BuildResult, route: string): string[] {
  return [...content(result, route).matchAll(/<img [^>]*src="([^"]*)"/g)].map((match) => match[1]);
}

describe('images next to docs', () => {
  let outDir: string;
  let result: BuildResult;
  beforeAll(async () => {
    outDir = await temporaryOut();
    result = await buildSite(await temporarySite(), { outDir });
  }, 60_000);

  it('copies markdown (inline and by reference) and HTML images, resolved against the doc, as content-hashed assets', () => {
    expect(imageSources(result, '/kit/docs/guide/setup')).toEqual([
      expect.stringMatching(/^\/kit\/assets\/images\/shot\.[0-9a-f]{8}\.png$/),
      expect.stringMatching(/^\/kit\/assets\/images\/diagram\.[0-9a-f]{8}\.svg$/),
      expect.stringMatching(/^\/kit\/assets\/images\/anim\.[0-9a-f]{8}\.gif$/),
      expect.stringMatching(/^\/kit\/assets\/images\/photo\.[0-9a-f]{8}\.png$/),
      expect.stringMatching(/^\/kit\/assets\/images\/anim\.[0-9a-f]{8}\.gif$/),
      expect.stringMatching(/^\/kit\/assets\/images\/shot\.[0-9a-f]{8}\.png$/),
      expect.stringMatching(/^\/kit\/assets\/images\/shot\.[0-9a-f]{8}\.png$/),
    ]);
    const docs = path.join(result.site.config.paths.docs);
    for (const [src, file] of [
      [imageSources(result, '/kit/docs/guide/setup')[0], 'guide/img/shot.png'],
      [imageSources(result, '/kit/docs/guide/setup')[1], 'assets/diagram.svg'],
    ]) {
      const written = path.join(outDir, src);
      expect(readFileSync(written)).toEqual(readFileSync(path.join(docs, file)));
    }
  });

  it('gives each image its width and height, unless the author set a size', () => {
    const html = content(result, '/kit/docs/guide/setup');
    expect(html).toMatch(/alt="Shot" title="The dashboard" width="64" height="48"/);
    expect(html).toMatch(/alt="Diagram" width="120" height="80"/);
    expect(html).toMatch(/alt="Anim" width="40" height="30"/);
    expect(html).toMatch(/alt="Photo" width="200"\/>/);
    // The definition an image uses is a file, while a link's definition still leads to a doc.
    expect(html).toMatch(/alt="Shot by reference" width="64" height="48"/);
    expect(html).toContain('<a href="/kit/docs/intro">the intro</a>');
  });

  it('copies the images of srcset candidates, of <picture> sources too', () => {
    const html = content(result, '/kit/docs/guide/setup');
    expect(html).toMatch(/<source srcSet="\/kit\/assets\/images\/photo\.[0-9a-f]{8}\.png" media="\(prefers-color-scheme: dark\)"\/>/i);
    expect(html).toMatch(/srcSet="\/kit\/assets\/images\/shot\.[0-9a-f]{8}\.png 1x, \/kit\/assets\/images\/diagram\.[0-9a-f]{8}\.svg 2x" alt="Light or dark"/i);
  });

  it('shares one asset between docs that show the same image', () => {
    const [shot] = imageSources(result, '/kit/docs/guide/setup');
    expect(imageSources(result, '/kit/docs/intro')).toEqual(['/kit/img/logo.png', shot]);
  });

  it('keeps absolute paths for the static folder, with the base URL, and check-links accepts every image', async () => {
    expect(result.site.diagnostics).toEqual([]);
    const report = await checkBuiltSite({ outDir, baseUrl: '/kit/', siteUrl: 'https://images.example.com', workers: 0 });
    expect(report.broken).toEqual([]);
    expect(report.links).toBeGreaterThan(6);
  });
});

describe('a missing image', () => {
  it('fails the build at its place, naming the file looked for', async () => {
    const dir = await temporarySite();
    await rm(path.join(dir, 'docs', 'guide', 'img', 'photo.png'));
    const error = await buildSite(dir, { until: 'renderPages' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    const [diagnostic, ...others] = (error as UserError).diagnostics;
    // The <picture> shows it too, as a srcset candidate.
    expect(others.map((other) => `${other.line}:${other.column} ${other.message.replace(/ Looked for .*/, '')}`)).toEqual(['25:3 Image not found: ./img/photo.png.']);
    expect({ ...diagnostic, file: path.relative(dir, diagnostic.file!) }).toEqual({
      severity: 'error',
      code: 'missing-image',
      message: `Image not found: ./img/photo.png. Looked for ${path.join(dir, 'docs', 'guide', 'img', 'photo.png')}.`,
      hint: 'Image paths are relative to the markdown file; put the image there or fix the path. Files of the static folder are written from the site root: /img/name.png.',
      file: 'docs/guide/setup.md',
      line: 15,
      column: 1,
    });
  });
});

describe('images and the compile cache', () => {
  it('compiles a doc again when an image it shows changes, and not otherwise', async () => {
    const dir = await temporarySite();
    const first = await buildSite(dir, { until: 'renderPages' });
    const again = await buildSite(dir, { until: 'renderPages' });
    expect(again.site.compiled).toEqual({ docs: 2, fromCache: 2 });
    expect(imageSources(again, '/kit/docs/guide/setup')).toEqual(imageSources(first, '/kit/docs/guide/setup'));

    await writeFile(path.join(dir, 'docs', 'assets', 'diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"></svg>');
    const changed = await buildSite(dir, { until: 'renderPages' });
    expect(changed.site.compiled).toEqual({ docs: 2, fromCache: 1 });
    const [, diagram] = imageSources(changed, '/kit/docs/guide/setup');
    expect(diagram).not.toBe(imageSources(first, '/kit/docs/guide/setup')[1]);
    expect(content(changed, '/kit/docs/guide/setup')).toMatch(/alt="Diagram" width="30" height="20"/);
    expect(changed.site.outputs.has(diagram.replace('/kit/', ''))).toBe(true);

    await rm(path.join(dir, 'docs', 'assets', 'diagram.svg'));
    const missing = await buildSite(dir, { until: 'renderPages' }).catch((caught: unknown) => caught);
    expect((missing as UserError).diagnostics.map((d) => `${d.line} ${d.code}`)).toEqual(['11 missing-image', '26 missing-image']);
  });
});

describe('a markdown processor made without the site read bounds', () => {
  it('reads no image file and says why at the image', async () => {
    const { createMarkdownProcessor } = await import('../src/markdown/processor.js');
    const processor = createMarkdownProcessor();
    const doc = path.join(siteDir, 'docs', 'guide', 'setup.md');
    const { mdast, file } = processor.parse('# Setup\n\n![shot](./img/shot.png)\n', doc);
    file.data.images = [];
    const docsDir = path.join(siteDir, 'docs');
    const result = await processor.transform(mdast, file, { routeOfFile: () => undefined, docsDir, siteDir, baseUrl: '/', pageRoute: '/docs/guide/setup' });
    expect(file.data.images).toEqual([]);
    const messages = result.messages.map((message) => String(message.reason));
    expect(messages).toEqual([expect.stringContaining('"./img/shot.png" was not read')]);
  });
});
