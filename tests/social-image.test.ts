import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../src/core/diagnostic.js';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml } from './helpers/site.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** A site whose config holds `config` (source text) and whose static folder has `img/card.png`. */
async function createSite(config: string): Promise<string> {
  const { dir, cleanup } = await tempDir('sdkdocs-social-image-');
  cleanups.push(cleanup);
  await mkdir(path.join(dir, 'docs'), { recursive: true });
  await mkdir(path.join(dir, 'static', 'img'), { recursive: true });
  await writeFile(path.join(dir, 'static', 'img', 'card.png'), 'png');
  await writeFile(path.join(dir, 'static', 'img', 'own.png'), 'png');
  await writeFile(path.join(dir, 'docs', 'intro.md'), '# Intro\n\nHello.\n');
  await writeFile(path.join(dir, 'docs', 'own.md'), '---\ntitle: Own\nimage: /img/own.png\n---\n\nText.\n');
  await writeFile(path.join(dir, 'sdkdocs.config.ts'), `export default {\n  title: 'Cards',\n  baseUrl: '/kit/',\n${config}};\n`);
  return dir;
}

const meta = (html: string) => [...html.matchAll(/<meta (?:property|name)="((?:og|twitter):image|twitter:card)" content="([^"]*)">/g)].map((match) => `${match[1]}=${match[2]}`);

describe('Open Graph and Twitter card images', () => {
  it('gives every page the site image and a large card, and a page its own front matter image', async () => {
    const dir = await createSite("  url: 'https://cards.example.com',\n  image: 'img/card.png',\n");
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics).toEqual([]);
    const siteCard = ['og:image=https://cards.example.com/kit/img/card.png', 'twitter:card=summary_large_image', 'twitter:image=https://cards.example.com/kit/img/card.png'];
    expect(meta(pageHtml(result, '/kit/docs/intro'))).toEqual(siteCard);
    expect(meta(pageHtml(result, '/kit/'))).toEqual(siteCard);
    expect(meta(pageHtml(result, '/kit/docs/own'))).toEqual([
      'og:image=https://cards.example.com/kit/img/own.png',
      'twitter:card=summary_large_image',
      'twitter:image=https://cards.example.com/kit/img/own.png',
    ]);
  });

  it('keeps the small card without an image, and leaves images out without url', async () => {
    const withoutImage = await buildSite(await createSite("  url: 'https://cards.example.com',\n"), { until: 'renderPages' });
    expect(meta(pageHtml(withoutImage, '/kit/docs/intro'))).toEqual(['twitter:card=summary']);
    const withoutUrl = await buildSite(await createSite("  image: 'img/card.png',\n"), { until: 'renderPages' });
    // Open Graph wants absolute URLs: the url warning says images are left out.
    expect(meta(pageHtml(withoutUrl, '/kit/docs/intro'))).toEqual(['twitter:card=summary']);
    expect(withoutUrl.site.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('url is not set: pages have no canonical URL and no Open Graph URL or image')]);
  });

  it('warns at the config key and the front matter line of an image the static folder lacks', async () => {
    const dir = await createSite("  url: 'https://cards.example.com',\n  image: '/img/missing-card.png',\n");
    await writeFile(path.join(dir, 'docs', 'own.md'), '---\ntitle: Own\nimage: /kit/img/gone.png\n---\n\nText.\n');
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.map((d) => formatDiagnostic(d, { cwd: dir }))).toEqual([
      'sdkdocs.config.ts:5:3 warning image: /img/missing-card.png is not a file of the static folder, so link previews of the site show no image. Put the image at static/img/missing-card.png, or give a full URL (https://…).',
      'docs/own.md:3:1 warning image: /kit/img/gone.png is not a file of the static folder, so link previews of this page show no image. Put the image at static/img/gone.png, or give a full URL (https://…).',
    ]);
    // Still named: the file may be uploaded beside the site.
    expect(meta(pageHtml(result, '/kit/docs/own'))[0]).toBe('og:image=https://cards.example.com/kit/img/gone.png');
  });

  it('refuses an image that is not a string, at its line', async () => {
    const dir = await createSite("  url: 'https://cards.example.com',\n  image: 42,\n");
    const error = await buildSite(dir, { until: 'collectContent' }).catch((caught: unknown) => caught);
    const messages = (error as { diagnostics: Parameters<typeof formatDiagnostic>[0][] }).diagnostics.map((d) => formatDiagnostic(d, { cwd: dir }));
    expect(messages.join('\n')).toMatch(/^sdkdocs\.config\.ts:5:3 error image: expected string/);
  });
});
