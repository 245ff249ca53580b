import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';

/**
 * Names and shapes Docusaurus accepts in a config that are not the long form: plugins by their
 * short names (WebdriverIO's site writes `'client-redirects'` and `'content-docs'`), and a navbar
 * item with entries but no type, which Docusaurus draws as a dropdown.
 */

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function siteWithConfig(config: string): string {
  const site = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-config-names-'));
  temporary.push(site);
  mkdirSync(path.join(site, 'docs'));
  writeFileSync(path.join(site, 'docs', 'intro.md'), '# Intro\n');
  writeFileSync(path.join(site, 'docusaurus.config.js'), config);
  return site;
}

describe('a Docusaurus config written with short names', () => {
  it('reads plugins named by their short names as the packages Docusaurus loads', async () => {
    const site = siteWithConfig(`module.exports = {
  title: 'Kit',
  url: 'https://kit.example.com',
  presets: [['classic', { blog: false }]],
  plugins: [
    ['client-redirects', { redirects: [{ from: '/old', to: '/docs/intro' }] }],
    ['content-docs', { id: 'community', path: 'community' }],
    'pwa',
  ],
};
`);
    const config = await loadConfig(site);
    expect(config.redirects).toEqual([{ from: '/old', to: '/docs/intro' }]);
    const warnings = (config.configWarnings ?? []).map((warning) => warning.message);
    expect(warnings).toContainEqual(expect.stringContaining('plugins[1]: a second docs instance (id "community") is not built'));
    expect(warnings).toContainEqual(expect.stringContaining('plugins[2]: the plugin @docusaurus/plugin-pwa is not run: no service worker'));
    expect(warnings.filter((message) => message.includes('client-redirects'))).toEqual([]);
  });

  // babeljs.io: `plugins: [require('./webpack.plugin.js')]`, whose module exports an anonymous
  // function, was warned of as "the plugin a plugin function is not run".
  it('names a plugin given as an anonymous function by the file that exports it', async () => {
    const site = siteWithConfig(`module.exports = {
  title: 'Kit',
  url: 'https://kit.example.com',
  presets: [['classic', { blog: false }]],
  plugins: [require('./plugins/webpack.plugin.js'), function () { return { name: 'inline' }; }],
};
`);
    mkdirSync(path.join(site, 'plugins'));
    writeFileSync(path.join(site, 'plugins', 'webpack.plugin.js'), "module.exports = function () {\n  return { name: 'docusaurus-webpack-plugin' };\n};\n");
    const warnings = ((await loadConfig(site)).configWarnings ?? []).map((warning) => warning.message);
    expect(warnings).toContainEqual(expect.stringContaining('plugins[0]: the plugin of plugins/webpack.plugin.js (an anonymous function) is not run'));
    expect(warnings).toContainEqual(expect.stringContaining('plugins[1]: the plugin written as an anonymous function is not run'));
  });

  it('draws a navbar item with entries and no type as a dropdown', async () => {
    const site = siteWithConfig(`module.exports = {
  title: 'Kit',
  url: 'https://kit.example.com',
  presets: [['classic', { blog: false }]],
  themeConfig: { navbar: { items: [{ label: 'v9', position: 'right', items: [{ label: 'v8', href: 'https://v8.kit.example.com' }] }] } },
};
`);
    const config = await loadConfig(site);
    expect(config.navbar.items[0]).toMatchObject({ type: 'dropdown', label: 'v9', items: [{ label: 'v8', href: 'https://v8.kit.example.com' }] });
  });
});
