import { spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import { chromiumPath, launchBrowser, openPage, serveOutput } from './helpers/browser.js';
import { eventually } from './browser/site-under-test.js';
import { buildSite, repoRoot, writeSiteFiles } from './helpers/site.js';
import { webpackPlugin, writeWebpackPluginSite } from './helpers/webpack-site.js';

/*
 * A Docusaurus site whose local plugin's configureWebpack makes Node-minded code bundle for the
 * browser (see tests/helpers/webpack-site.ts), built as a new user would, then run in Chromium.
 */

const sites: string[] = [];
afterAll(async () => {
  for (const dir of sites) await rm(dir, { recursive: true, force: true });
});

async function webpackPluginSite(files: Record<string, string> = {}): Promise<string> {
  const dir = await writeWebpackPluginSite(files);
  sites.push(dir);
  return dir;
}

function runCli(site: string, command = 'build') {
  return spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), command, '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
}

const pluginWarnings = async (site: string) => ((await loadConfig(site)).configWarnings ?? []).map((warning) => warning.message).filter((message) => message.includes('webpack-plugin'));

describe("a Docusaurus plugin's configureWebpack", () => {
  it.skipIf(!chromiumPath)("bundles the site's code with its fallbacks, constants, provided globals and aliases, and the code runs in the browser", async () => {
    const site = await webpackPluginSite();
    const run = runCli(site);
    expect(run.stderr + run.stdout).not.toContain('webpack-plugin');
    expect(run.status, run.stderr).toBe(0);
    const outDir = path.join(site, 'out');
    // The alias set on the configuration in place holds in the build's render of the page too.
    expect(await readFile(path.join(outDir, 'index.html'), 'utf8')).toContain('Home of the bundled site');
    const browser = await launchBrowser();
    const server = await serveOutput(outDir, '/');
    try {
      const { page, problems } = await openPage(await browser.newContext());
      await page.goto(server.url);
      // An error the bundled code throws is the answer as soon as it is thrown.
      const report = () => (problems.length > 0 ? problems.join('\n') : page.locator('#report').textContent());
      await eventually(report).toBe('shim:docs/intro | hello from define | 42 | buffer shim | object | browser inspect | module build | global is window');
    } finally {
      await browser.close();
      await server.close();
    }
  });

  it('keeps a warning at the plugin that names the webpack settings esbuild cannot take', async () => {
    const site = await webpackPluginSite({
      'plugins/webpack-plugin.cjs': webpackPlugin(`
      config.module.rules.push({ test: /\\.svg$/, use: ['@svgr/webpack'] });
      config.plugins.push(new currentBundler.instance.IgnorePlugin({ resourceRegExp: /^\\.\\/locale$/ }), new (class NodePolyfillPlugin {})());
      config.output.filename = '[name].js';`),
    });
    const config = await loadConfig(site);
    // What it gives that esbuild can do is still taken.
    expect(config.bundle.fallback).toHaveProperty('path');
    expect(config.bundle.define).toEqual({ 'process.env.GREETING': '"hello from define"', ANSWER: '6 * 7' });
    const warnings = await pluginWarnings(site);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('a module rule for /\\.svg$/ (@svgr/webpack)');
    expect(warnings[0]).toContain('the plugin IgnorePlugin');
    expect(warnings[0]).toContain('the plugin NodePolyfillPlugin');
    expect(warnings[0]).toContain('output');
    expect(warnings[0]).not.toContain('fullySpecified');
    expect(warnings[0]).not.toMatch(/ProvidePlugin|DefinePlugin/);
  });

  it('names the hooks it does not run besides, and says when configureWebpack throws', async () => {
    const withOtherHook = await webpackPluginSite({
      'plugins/webpack-plugin.cjs': webpackPlugin().replace("name: 'webpack-plugin',", "name: 'webpack-plugin',\n    async loadContent() { return 1; },"),
    });
    expect(await pluginWarnings(withOtherHook)).toEqual([expect.stringMatching(/sdkdocs applies its configureWebpack; it does not apply loadContent, so what that makes is missing/)]);
    const throwing = await webpackPluginSite({
      'plugins/webpack-plugin.cjs': "module.exports = () => ({ name: 'webpack-plugin', configureWebpack(config) { return config.module.rules.find((rule) => rule.test).oneOf; } });\n",
    });
    const [warning] = await pluginWarnings(throwing);
    expect(warning).toContain("configureWebpack threw: Cannot read properties of undefined (reading 'oneOf')");
    expect(warning).toContain('it does not apply configureWebpack');
  });

  it('takes the same settings from an sdkdocs config', async () => {
    const site = await webpackPluginSite();
    await writeSiteFiles(site, {
      'sdkdocs.config.mjs': `export default { title: 'Bundled', bundle: { alias: { '@labels': './src/labels' }, fallback: { path: './plugins/path-shim.cjs', crypto: false }, define: { 'process.env.GREETING': '"from the sdkdocs config"', ANSWER: '42' }, provide: { Buffer: ['./src/shims/buffer.js', 'Buffer'] } } };\n`,
    });
    const result = await buildSite(site, { inMemory: true });
    const scripts = [...result.site.outputs].filter(([file]) => file.endsWith('.js')).map(([, output]) => Buffer.from(output.contents).toString('utf8')).join('\n');
    expect(scripts).toContain('from the sdkdocs config');
    expect(scripts).toContain('shim:');
    expect(scripts).toContain('buffer shim');
  });

  it('sdkdocs migrate writes the settings into a config that loads', async () => {
    const site = await webpackPluginSite();
    const migrated = runCli(site, 'migrate');
    expect(migrated.status, migrated.stderr).toBe(0);
    const written = await readFile(path.join(site, 'sdkdocs.config.ts'), 'utf8');
    expect(written).toContain('"./plugins/path-shim.cjs"');
    expect(written).not.toContain(site);
  });
});
