import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../src/core/logger.js';
import { serve, type SiteServer } from '../src/serve/serve.js';
import { rawRequest } from './helpers/http.js';
import { watchBuilds } from './helpers/watch-builds.js';
import { writeTailwindLikeSite } from './helpers/postcss-site.js';

/*
 * serve --watch on a site whose PostCSS plugin (Tailwind, in real sites) makes CSS from the class
 * names its content files use: the files it names as dependencies are inputs of the stylesheet,
 * so a doc added or edited with a new class reaches the served stylesheet, through the watcher.
 */

let siteDir: string;
let server: SiteServer;
const { onBuild, afterBuildOf } = watchBuilds();

beforeAll(async () => {
  siteDir = await writeTailwindLikeSite();
  server = await serve({ siteDir, watch: true, port: 0, logger: createMemoryLogger(), onBuild });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(siteDir, { recursive: true, force: true });
});


/** The stylesheets the home page links, as the server serves them. */
async function servedCss(): Promise<string> {
  const home = await rawRequest(server.port, '/');
  const links = [...home.body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
  expect(links.length).toBeGreaterThan(0);
  const sheets = await Promise.all(links.map((link) => rawRequest(server.port, link)));
  return sheets.map((sheet) => sheet.body).join('\n');
}

describe('serve --watch with PostCSS plugins that read the content files', () => {
  it('serves the utilities of the first build', async () => {
    const css = await servedCss();
    expect(css).toMatch(/\.u-pad-4\{padding:1rem\}/);
    expect(css).not.toMatch(/\.u-pad-1\{/);
  });

  it('adds the utility a new doc uses', async () => {
    await afterBuildOf(path.join('docs', 'spacing.md'), () => writeFile(path.join(siteDir, 'docs', 'spacing.md'), '# Spacing\n\n<p className="u-pad-1">Tight.</p>\n'));
    expect(await servedCss()).toMatch(/\.u-pad-1\{padding:\.25rem\}/);
  });

  it('drops the utility no file uses any more once a doc is edited', async () => {
    const intro = path.join(siteDir, 'docs', 'intro.md');
    const text = await readFile(intro, 'utf8');
    await afterBuildOf(path.join('docs', 'intro.md'), () => writeFile(intro, text.replace('u-pad-4', 'u-gap-1')));
    const css = await servedCss();
    expect(css).toMatch(/\.u-gap-1\{gap:\.25rem\}/);
    expect(css).not.toMatch(/\.u-pad-4\{/);
  });
});
