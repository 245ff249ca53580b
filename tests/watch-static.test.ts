import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../src/core/logger.js';
import { serve, type SiteServer } from '../src/serve/serve.js';
import { rawRequest } from './helpers/http.js';
import { watchBuilds } from './helpers/watch-builds.js';
import { copySite, fixture } from './helpers/site.js';

/*
 * serve --watch's static files, as the output folder and the server hold them after changes the
 * watcher reports in pieces: the output must be what a fresh build of the same files makes.
 */

let site: Awaited<ReturnType<typeof copySite>>;
let server: SiteServer;
const { onBuild, afterBuildOf } = watchBuilds();

beforeAll(async () => {
  site = await copySite(fixture('serve-site'));
  await writeFile(staticFile('notes'), 'notes kept as one file\n');
  await mkdir(staticFile('kit'), { recursive: true });
  await writeFile(staticFile('kit/readme.txt'), 'a folder that becomes a file\n');
  // Hidden under the deploy guide's page, which the build emits at the same path.
  await mkdir(staticFile('docs/guides/deploy'), { recursive: true });
  await writeFile(staticFile('docs/guides/deploy/index.html'), '<p>static page under the guide</p>\n');
  server = await serve({ siteDir: site.dir, watch: true, port: 0, logger: createMemoryLogger(), onBuild });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await site?.cleanup();
});

function staticFile(relative: string): string {
  return path.join(site.dir, 'static', relative);
}
const outFile = (relative: string) => path.join(site.dir, 'out', 'sdk', relative);
const served = async (url: string) => {
  const response = await rawRequest(server.port, url);
  return response.status === 200 ? response.body : undefined;
};


describe('serve --watch static files', () => {
  it('replaces a static file by a folder of the same name', async () => {
    // Made beside the site and moved in whole, so that the build finds the folder complete; the
    // watcher reports the one path (it does not look into a folder that was a file).
    const folder = await mkdtemp(path.join(path.dirname(site.dir), 'sdkdocs-notes-'));
    await writeFile(path.join(folder, 'inside.txt'), 'now a folder\n');
    await afterBuildOf(path.join('static', 'notes'), async () => {
      await rm(staticFile('notes'));
      await rename(folder, staticFile('notes'));
    });
    // The removal and the move may make two builds: the state the last one leaves is the one to see.
    await vi.waitFor(async () => expect(await served('/sdk/notes/inside.txt')).toBe('now a folder\n'), { timeout: 20_000 });
    expect(await readFile(outFile('notes/inside.txt'), 'utf8')).toBe('now a folder\n');
  });

  it('replaces a static folder by a file of the same name', async () => {
    await afterBuildOf(path.join('static', 'kit'), async () => {
      await rm(staticFile('kit'), { recursive: true });
      await writeFile(staticFile('kit'), 'now a file\n');
    });
    // The removal and the new file may make two builds: the state the last one leaves is the one to see.
    await vi.waitFor(async () => expect(await served('/sdk/kit')).toBe('now a file\n'), { timeout: 20_000 });
    expect(await readFile(outFile('kit'), 'utf8')).toBe('now a file\n');
    expect(existsSync(outFile('kit/readme.txt'))).toBe(false);
  });

  it('publishes a static file a page hid once the page is gone', async () => {
    expect(await readFile(outFile('docs/guides/deploy/index.html'), 'utf8')).not.toContain('static page under the guide');
    await afterBuildOf(path.join('docs', 'guides', 'deploy.md'), () => rm(path.join(site.dir, 'docs', 'guides', 'deploy.md')));
    expect(await readFile(outFile('docs/guides/deploy/index.html'), 'utf8')).toBe('<p>static page under the guide</p>\n');
    // Served with the live-reload script added, as every page is.
    expect(await served('/sdk/docs/guides/deploy/index.html')).toContain('<p>static page under the guide</p>');
  });
});
