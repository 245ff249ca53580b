import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, writeSiteFiles } from './helpers/site.js';

/*
 * The hooks of a site's own Docusaurus plugin that hand the build tags and client modules, as
 * analytics and widget plugins do (Umami's, for one): `injectHtmlTags` and `getClientModules`,
 * applied; what they give that has no place in an sdkdocs page is named at the plugin.
 */

const sites: string[] = [];
afterAll(async () => {
  for (const dir of sites) await rm(dir, { recursive: true, force: true });
});

const statsPlugin = `module.exports = function statsPlugin(context, options) {
  return {
    name: 'stats-plugin',
    injectHtmlTags({ content }) {
      return {
        headTags: [
          { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://stats.example.com' } },
          '<script defer src="https://stats.example.com/script.js" data-website-id="' + options.websiteID + '"></script>',
        ],
        postBodyTags: ['<script>window.statsReady = ' + JSON.stringify(content === undefined) + ';</script>', '<div id="chat-root"></div>'],
      };
    },
    getClientModules() {
      return [require.resolve('./stats-client.js')];
    },
  };
};
`;

async function siteWithPlugin(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-plugin-hooks-'));
  sites.push(dir);
  await writeSiteFiles(dir, {
    'docusaurus.config.js': [
      'module.exports = {',
      "  title: 'Kit', url: 'https://kit.example.com', baseUrl: '/',",
      "  presets: [['classic', { blog: false }]],",
      "  plugins: [['./plugins/stats-plugin.js', { websiteID: 'site-42' }]],",
      '};',
      '',
    ].join('\n'),
    'plugins/stats-plugin.js': statsPlugin,
    'plugins/stats-client.js': "export function onRouteDidUpdate({ location }) { window.__statsPages = [...(window.__statsPages || []), location.pathname]; }\n",
    'docs/intro.md': '# Intro\n',
  });
  return dir;
}

describe("a site plugin's injectHtmlTags and getClientModules", () => {
  it('put its head tags and scripts in every page and its client module in the bundle; a body element it cannot place is named', async () => {
    const site = await siteWithPlugin();
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    expect(run.status, run.stderr).toBe(0);
    const warnings = run.stderr.split('\n').filter((line) => line.startsWith('docusaurus.config.js'));
    expect(warnings).toEqual([
      expect.stringMatching(/^docusaurus\.config\.js:4:13 warning plugins\[0\]: the plugin \.\/plugins\/stats-plugin\.js: sdkdocs applies its injectHtmlTags, getClientModules; it does not apply the body element `<div id="chat-root"><\/div>`, so what that makes is missing/),
    ]);
    const head = readFileSync(path.join(site, 'out', 'docs', 'intro', 'index.html'), 'utf8').split('</head>')[0]!;
    expect(head).toContain('<link rel="preconnect" href="https://stats.example.com">');
    expect(head).toMatch(/<script defer src="https:\/\/stats\.example\.com\/script\.js" data-website-id="site-42"><\/script>/);
    expect(head).toContain('<script>window.statsReady = true;</script>');
    const scripts = readdirSync(path.join(site, 'out', 'assets', 'js')).map((name) => readFileSync(path.join(site, 'out', 'assets', 'js', name), 'utf8'));
    expect(scripts.some((code) => code.includes('__statsPages'))).toBe(true);
  });
});
