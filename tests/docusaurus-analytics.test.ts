import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import { buildSite, outputText, pageHtml, repoRoot, writeSiteFiles } from './helpers/site.js';

/*
 * Docusaurus' Google analytics plugins, as preset-classic options or plugin entries: gtag and Tag
 * Manager are added to every page; Universal Analytics, which Google turned off, is a warning.
 * (tests/browser/client-modules.test.ts checks the page views of client-side navigation.)
 */

const sites: string[] = [];
afterAll(async () => {
  for (const dir of sites) await rm(dir, { recursive: true, force: true });
});

async function siteWithConfig(config: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-analytics-'));
  sites.push(dir);
  await writeSiteFiles(dir, { 'docusaurus.config.js': config, 'docs/intro.md': '# Intro\n' });
  return dir;
}

const presetConfig = `module.exports = {
  title: 'Kit', url: 'https://kit.example.com', baseUrl: '/',
  presets: [['classic', {
    blog: false,
    gtag: { trackingID: ['G-FIRST1', 'G-SECOND2'], anonymizeIP: true },
    googleAnalytics: { trackingID: 'UA-1234-1' },
  }]],
  plugins: [['@docusaurus/plugin-google-tag-manager', { containerId: 'GTM-ABC123' }]],
};
`;

describe("Docusaurus' analytics plugins", () => {
  it('become analytics: gtag and Tag Manager in every page head, Universal Analytics a warning at its key', async () => {
    const site = await siteWithConfig(presetConfig);
    const config = await loadConfig(site);
    expect(config.analytics).toEqual({ gtag: { trackingID: ['G-FIRST1', 'G-SECOND2'], anonymizeIP: true }, googleTagManager: { containerId: 'GTM-ABC123' } });
    const warnings = (config.configWarnings ?? []).map((warning) => `${warning.line}: ${warning.message}`);
    expect(warnings).toEqual([expect.stringMatching(/^6: presets\[0\]\[1\]\.googleAnalytics: not applied: it loads Universal Analytics/)]);

    const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    expect(run.status, run.stderr).toBe(0);
    const head = readFileSync(path.join(site, 'out', 'docs', 'intro', 'index.html'), 'utf8').split('</head>')[0]!;
    expect(head).toContain('<script async src="https://www.googletagmanager.com/gtag/js?id=G-FIRST1"></script>');
    expect(head).toContain("gtag('config','G-FIRST1', { anonymize_ip: true });gtag('config','G-SECOND2', { anonymize_ip: true });");
    expect(head).toContain('<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-ABC123"></script>');
    expect(head).toContain("'gtm.start'");
  });

  it('refuses an ID that is not one, at its key', async () => {
    const site = await siteWithConfig(presetConfig.replace("'G-SECOND2'", "\"G-1');alert('x\""));
    const error = (await loadConfig(site).catch((caught: unknown) => caught)) as { diagnostics: { message: string; line?: number }[] };
    expect(error.diagnostics[0]?.message).toMatch(/presets\[0\]\[1\]\.gtag\.trackingID.*letters, digits and dashes/s);
    expect(error.diagnostics[0]?.line).toBe(5);
  });

  it('leaves them out of serve --watch builds, as Docusaurus leaves them out of `start`: previews are no visits', async () => {
    const site = await siteWithConfig(presetConfig);
    const watched = await buildSite(site, { watch: true });
    expect(pageHtml(watched, '/docs/intro')).not.toContain('googletagmanager');
    const scripts = [...watched.site.outputs.keys()].filter((file) => file.endsWith('.js')).map((file) => outputText(watched, file));
    expect(scripts.some((code) => code.includes('page_view'))).toBe(false);
    const built = await buildSite(site, {});
    expect(pageHtml(built, '/docs/intro')).toContain('googletagmanager.com/gtag/js?id=G-FIRST1');
  });
});
