import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import { formatDiagnostic, UserError } from '../src/core/diagnostic.js';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml } from './helpers/site.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** A one-doc site with these files (a config among them). */
async function siteWith(files: Record<string, string>): Promise<string> {
  const { dir, cleanup } = await tempDir('sdkdocs-navbar-');
  cleanups.push(cleanup);
  await mkdir(path.join(dir, 'docs'), { recursive: true });
  await writeFile(path.join(dir, 'docs', 'intro.md'), '# Intro\n\nText.\n');
  for (const [file, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), contents);
  }
  return dir;
}

const sdkdocsConfig = (lines: string[]) => ({
  'sdkdocs.config.ts': ['export default {', "  title: 'Nav',", "  url: 'https://nav.example.com',", ...lines, '};', ''].join('\n'),
});

async function configErrors(dir: string): Promise<string[]> {
  const error = await loadConfig(dir).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(UserError);
  return (error as UserError).diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, { cwd: dir }));
}

describe('navbar items and the footer logo as Docusaurus sites write them', () => {
  it('takes an icon link named by its aria-label, drawn by the site from its className (trpc.io), without the external-link icon', async () => {
    const dir = await siteWith(
      sdkdocsConfig([
        '  navbar: {',
        '    items: [',
        "      { href: 'https://github.com/nav/nav', position: 'right', className: 'header-github-link', 'aria-label': 'GitHub repository' },",
        '    ],',
        '  },',
      ]),
    );
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(pageHtml(result, '/docs/intro')).toMatch(/<a href="https:\/\/github\.com\/nav\/nav" target="_blank" rel="noopener noreferrer" aria-label="GitHub repository" class="navbar-link header-github-link"><\/a>/);
  });

  it('refuses a link with nothing to show: no label, html or className', async () => {
    const dir = await siteWith(sdkdocsConfig(['  navbar: {', "    items: [{ href: 'https://github.com/nav/nav', 'aria-label': 'GitHub' }],", '  },']));
    expect(await configErrors(dir)).toEqual([
      `sdkdocs.config.ts:5:13 error navbar.items[0].label: a link item needs a "label" (or, for an icon drawn by the site's CSS, a "className", with an "aria-label" naming it).`,
    ]);
  });

  it('gives the footer logo its width and height, else a height of 32 px', async () => {
    const logo = (size: string) =>
      siteWith({
        ...sdkdocsConfig(['  footer: {', `    logo: { alt: 'Nav', src: 'img/logo.svg', href: 'https://nav.example.com'${size} },`, '  },']),
        'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>',
      });
    const sized = await buildSite(await logo(', width: 160, height: 51'), { until: 'renderPages' });
    expect(pageHtml(sized, '/docs/intro')).toContain('<img src="/img/logo.svg" alt="Nav" width="160" height="51"/>');
    const plain = await buildSite(await logo(''), { until: 'renderPages' });
    expect(pageHtml(plain, '/docs/intro')).toContain('<img src="/img/logo.svg" alt="Nav" height="32"/>');
  });

  it('reports a problem at the line of the item that has it, not of an earlier item with the same label', async () => {
    const dir = await siteWith(
      sdkdocsConfig([
        '  navbar: {',
        '    items: [',
        "      { label: 'Guides', to: '/docs/intro' },",
        "      { label: 'Guides', type: 'doc' },",
        '    ],',
        '  },',
      ]),
    );
    expect(await configErrors(dir)).toEqual(['sdkdocs.config.ts:7:7 error navbar.items[1].docId: a doc item needs "docId".']);
  });

  it('reports it so in a Docusaurus config too, in a dropdown as well', async () => {
    const dir = await siteWith({
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Nav', url: 'https://nav.example.com', baseUrl: '/',",
        '  themeConfig: {',
        '    navbar: {',
        '      items: [',
        "        { type: 'dropdown', label: 'More', items: [{ label: 'Guides', to: '/docs/intro' }] },",
        "        { type: 'dropdown', label: 'More', items: [{ label: 'Guides', type: 'doc' }] },",
        '      ],',
        '    },',
        '  },',
        '};',
        '',
      ].join('\n'),
    });
    expect(await configErrors(dir)).toEqual(['docusaurus.config.js:7:52 error themeConfig.navbar.items[1].items[0].docId: a doc item needs "docId".']);
  });
});
