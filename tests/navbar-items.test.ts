import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mayOverflowNavbar } from '../src/bundle/navbar-width.js';
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

  // capacitorjs.com's docs write `rel: null` on the external links of its dropdowns and footer:
  // Docusaurus spreads the item's keys over the link's defaults, so null leaves the attribute out.
  it('takes `rel: null` and `target: null` as no such attribute, in items, dropdowns and the footer', async () => {
    const dir = await siteWith(
      sdkdocsConfig([
        '  navbar: {',
        '    items: [',
        "      { href: 'https://forum.example.com', label: 'Forum', target: '_blank', rel: null },",
        "      { label: 'Community', items: [{ href: 'https://chat.example.com', label: 'Chat', target: '_blank', rel: null }] },",
        "      { href: 'https://blog.example.com', label: 'Blog', target: null },",
        '    ],',
        '  },',
        "  footer: { links: [{ title: 'More', items: [{ label: 'News', href: 'https://news.example.com', rel: null }] }] },",
      ]),
    );
    const result = await buildSite(dir, { until: 'renderPages' });
    const html = pageHtml(result, '/docs/intro');
    const link = (href: string) => new RegExp(`<a href="${href.replace(/[.]/g, '\\.')}"[^>]*>`).exec(html)?.[0];
    expect(link('https://forum.example.com')).toBe('<a href="https://forum.example.com" target="_blank" class="navbar-link">');
    expect(link('https://chat.example.com')).toBe('<a href="https://chat.example.com" target="_blank" class="dropdown-link">');
    expect(link('https://blog.example.com')).toBe('<a href="https://blog.example.com" rel="noopener noreferrer" class="navbar-link">');
    expect(link('https://news.example.com')).toMatch(/^<a href="https:\/\/news\.example\.com" target="_blank" class="footer-link[^"]*">$/);
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

  describe('custom-… items from the site\'s src/theme/NavbarItem/ComponentTypes', () => {
    const docusaurusSite = (files: Record<string, string>) =>
      siteWith({
        'docusaurus.config.js': [
          'module.exports = {',
          "  title: 'Nav', url: 'https://nav.example.com', baseUrl: '/kit/',",
          '  themeConfig: {',
          '    navbar: {',
          '      items: [',
          "        { type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'left' },",
          "        { type: 'custom-discord', position: 'right', invite: 'orbit', label: 'Chat' },",
          '      ],',
          '    },',
          '  },',
          '};',
          '',
        ].join('\n'),
        'sidebars.js': "module.exports = { docs: ['intro'] };\n",
        ...files,
      });

    it('draws the component the site maps the type to, with the item\'s keys as props, in the navbar and the browser bundle', async () => {
      const dir = await docusaurusSite({
        'src/theme/NavbarItem/ComponentTypes.js': [
          "import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';",
          "import DiscordLink from '@site/src/components/DiscordLink';",
          '',
          "export default { ...ComponentTypes, 'custom-discord': DiscordLink };",
          '',
        ].join('\n'),
        'src/components/DiscordLink.js': [
          "import ComponentTypes from '@theme/NavbarItem/ComponentTypes';",
          '',
          '// As sites write them: a theme link, drawn from Docusaurus-style props.',
          'export default function DiscordLink({ invite, label, mobile, position }) {',
          '  const Default = ComponentTypes.default;',
          '  return <Default label={`${label} (${position}${mobile ? \', mobile\' : \'\'})`} href={`https://discord.gg/${invite}`} className="discord-link" mobile={mobile} />;',
          '}',
          '',
        ].join('\n'),
      });
      const result = await buildSite(dir, { until: 'renderPages' });
      expect(result.site.diagnostics).toEqual([]);
      const html = pageHtml(result, '/kit/docs/intro');
      expect(html).toContain('<div class="navbar-item"><div class="navbar-item"><a href="https://discord.gg/orbit" target="_blank" rel="noopener noreferrer" class="navbar-link discord-link">Chat (right)<svg');
      const scripts = [...result.site.outputs.entries()].filter(([file]) => file.endsWith('.js')).map(([, file]) => (typeof file.contents === 'string' ? file.contents : new TextDecoder().decode(file.contents)));
      expect(scripts.some((code) => code.includes('custom-discord') && code.includes('discord.gg'))).toBe(true);
    });

    it('warns at the item\'s line when the site maps no component to its type, and leaves it out', async () => {
      const dir = await docusaurusSite({});
      const result = await buildSite(dir, { until: 'renderPages' });
      const warnings = result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning').map((diagnostic) => formatDiagnostic(diagnostic, { cwd: dir }));
      expect(warnings).toEqual([
        'docusaurus.config.js:7:9 warning themeConfig.navbar.items[1]: the navbar item of type "custom-discord" is not shown: the site has no src/theme/NavbarItem/ComponentTypes to give it a component. ' +
          "In src/theme/NavbarItem/ComponentTypes.js, export the theme's map with your component added: `import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes'; export default { ...ComponentTypes, 'custom-discord': MyItem };`.",
      ]);
      expect(pageHtml(result, '/kit/docs/intro')).not.toContain('Chat');
    });
  });

  it('draws a localeDropdown as Docusaurus does with one locale: its label, the page being read, the entries around it', async () => {
    const dir = await siteWith({
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Nav', url: 'https://nav.example.com', baseUrl: '/',",
        "  i18n: { defaultLocale: 'fr', locales: ['fr'], localeConfigs: { fr: { label: 'Français', htmlLang: 'fr-FR' } } },",
        '  themeConfig: {',
        '    navbar: {',
        "      items: [{ type: 'localeDropdown', position: 'right', dropdownItemsAfter: [{ href: 'https://translate.example.com', label: 'Help us translate' }] }],",
        '    },',
        '  },',
        '};',
        '',
      ].join('\n'),
    });
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning')).toEqual([]);
    const html = pageHtml(result, '/docs/intro');
    expect(html).toMatch(/<div class="navbar-item navbar-dropdown">.*?<span><svg class="icon-language"[^]*?<\/svg>Français<\/span><\/a>/);
    // Its entry is the page being read, in the one locale: an empty href, as the same page.
    expect(html).toContain('<li><a href="" lang="fr-FR" class="dropdown-link dropdown-link-active">Français</a></li>');
    expect(html).toContain('<a href="https://translate.example.com" target="_blank" rel="noopener noreferrer" class="dropdown-link">Help us translate</a>');
  });

  it('bundles the code that fits a crowded navbar only where the labels might not fit at 997 px', () => {
    const link = (label: string) => ({ type: 'link' as const, label, to: '/docs', position: 'left' as const });
    const navbar = (labels: string[]) => ({ title: 'Playkit', hideOnScroll: false, items: labels.map(link) });
    expect(mayOverflowNavbar(navbar(['Docs', 'API', 'GitHub']))).toBe(false);
    expect(mayOverflowNavbar(navbar(['Documentation', 'Getting Started', 'Examples', 'Community', 'Showcase', 'Release Notes', 'Blog']))).toBe(true);
  });
});

describe('a site path written as href, as Docusaurus takes it (react-redux.js.org)', () => {
  const docusaurusConfig = (footerHref: string) => ({
    'docs/intro.md': '# Intro\n\n## Help\n\nText.\n',
    'docusaurus.config.js': [
      'module.exports = {',
      "  title: 'Nav', url: 'https://nav.example.com', baseUrl: '/kit/',",
      "  presets: [['classic', { docs: { routeBasePath: '/' }, blog: false }]],",
      '  themeConfig: {',
      "    navbar: { items: [{ href: '/intro#help', label: 'Need help?' }, { label: 'More', items: [{ label: 'Start', href: '/intro' }] }] },",
      `    footer: { links: [{ title: 'Docs', items: [{ label: 'Guides', href: '${footerHref}' }] }] },`,
      '  },',
      '};',
      '',
    ].join('\n'),
  });

  it('links it under the base URL, in the same tab, in the navbar, its dropdowns and the footer', async () => {
    const result = await buildSite(await siteWith(docusaurusConfig('/intro')), { until: 'renderPages' });
    expect(result.site.diagnostics).toEqual([]);
    const html = pageHtml(result, '/kit/intro');
    const anchor = (label: string) => html.match(new RegExp(`<a [^>]*>${label}(?:<svg[^]*?</svg>)?</a>`))?.[0];
    expect(anchor('Need help\\?')).toMatch(/^<a href="\/kit\/intro#help" class="navbar-link">Need help\?<\/a>$/);
    expect(anchor('Start')).toMatch(/^<a href="\/kit\/intro" class="dropdown-link[^"]*">Start<\/a>$/);
    expect(anchor('Guides')).toMatch(/^<a href="\/kit\/intro" class="footer-link">Guides<\/a>$/);
  });

  it('checks it as it checks `to`: a path to no page is a broken link at its key', async () => {
    const result = await buildSite(await siteWith(docusaurusConfig('/gone')), { until: 'checkLinks' }).catch((error: unknown) => error);
    const diagnostics = result instanceof UserError ? result.diagnostics : (result as Awaited<ReturnType<typeof buildSite>>).site.diagnostics;
    expect(diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, { cwd: '/' }))).toContainEqual(expect.stringMatching(/docusaurus\.config\.js:6:\d+ (error|warning) .*\/gone/));
  });
});

describe('which navbar item is active, and footer links with classes', () => {
  it('follows activeBaseRegex and dropdownActiveClassDisabled; footer links keep className and aria-label', async () => {
    const dir = await siteWith({
      'docs/api/index.md': '# API\n',
      ...sdkdocsConfig([
        '  navbar: { items: [',
        "    { label: 'Guides', to: '/docs/intro', activeBaseRegex: '^/docs/(?!api)', position: 'left' },",
        "    { label: 'API', to: '/docs/api', activeBaseRegex: '^/docs/api', position: 'left' },",
        "    { type: 'dropdown', label: 'More', dropdownActiveClassDisabled: true, items: [{ label: 'Intro', to: '/docs/intro' }] },",
        '  ] },',
        "  footer: { links: [{ title: 'Community', items: [{ label: 'Discord', href: 'https://discord.example.com', className: 'footer-discord', 'aria-label': 'Discord server' }] }] },",
      ]),
    });
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    const activeLabels = (html: string) => [...html.matchAll(/class="navbar-link navbar-link-active"[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(activeLabels(pageHtml(result, '/docs/intro'))).toEqual(['Guides']);
    expect(activeLabels(pageHtml(result, '/docs/api'))).toEqual(['API']);
    expect(pageHtml(result, '/docs/intro')).toMatch(/<a[^>]*aria-label="Discord server"[^>]*class="footer-link footer-discord"|<a[^>]*class="footer-link footer-discord"[^>]*aria-label="Discord server"/);
  });

  it('refuses an activeBaseRegex that is no regular expression, at its key', async () => {
    const dir = await siteWith(sdkdocsConfig(['  navbar: { items: [', "    { label: 'Guides', to: '/docs/intro', activeBaseRegex: '^/docs/(' },", '  ] },']));
    expect(await configErrors(dir)).toEqual([expect.stringMatching(/^sdkdocs\.config\.ts:5:\d+ error navbar\.items\[0\]\.activeBaseRegex: not a valid regular expression/)]);
  });
});
