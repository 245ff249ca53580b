import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../src/core/logger.js';
import { serve, type SiteServer } from '../src/serve/serve.js';
import { watchBuilds } from './helpers/watch-builds.js';
import { webpackPlugin, writeWebpackPluginSite } from './helpers/webpack-site.js';

/*
 * serve --watch on a site whose plugin's configureWebpack gives the browser bundle its settings
 * (tests/helpers/webpack-site.ts): the settings are part of the bundle's options, and the modules
 * they lead to are files the bundle read, so an edit of either reaches the served scripts.
 */

let siteDir: string;
let server: SiteServer;
const { onBuild, afterBuildOf } = watchBuilds();

beforeAll(async () => {
  siteDir = await writeWebpackPluginSite();
  server = await serve({ siteDir, watch: true, port: 0, logger: createMemoryLogger(), onBuild });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(siteDir, { recursive: true, force: true });
});

/** The text of the scripts in the output folder. */
async function servedScripts(): Promise<string> {
  const jsDir = path.join(siteDir, 'out', 'assets', 'js');
  const names = (await readdir(jsDir)).filter((name) => name.endsWith('.js'));
  return (await Promise.all(names.map((name) => readFile(path.join(jsDir, name), 'utf8')))).join('\n');
}

describe("serve --watch with a plugin's configureWebpack", () => {
  it('bundles with the settings of the first build', async () => {
    const scripts = await servedScripts();
    expect(scripts.includes('hello from define')).toBe(true);
    expect(scripts.includes('shim:')).toBe(true);
  });

  it("bundles again with a constant the plugin's configureWebpack now defines otherwise", async () => {
    const pluginFile = path.join(siteDir, 'plugins', 'webpack-plugin.cjs');
    await afterBuildOf(path.join('plugins', 'webpack-plugin.cjs'), () => writeFile(pluginFile, webpackPlugin().replace('hello from define', 'hello again')));
    const scripts = await servedScripts();
    expect(scripts.includes('hello again')).toBe(true);
    expect(scripts.includes('hello from define')).toBe(false);
  });

  it('bundles again when the module a fallback leads to is edited', async () => {
    const shim = path.join(siteDir, 'plugins', 'path-shim.cjs');
    await afterBuildOf(path.join('plugins', 'path-shim.cjs'), () => writeFile(shim, "module.exports = { join: (...parts) => 'edited shim:' + parts.join('/') };\n"));
    expect((await servedScripts()).includes('edited shim:')).toBe(true);
  });
});
