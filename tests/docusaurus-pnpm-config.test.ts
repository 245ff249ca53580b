import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml, writeSiteFiles } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

// Found on pnpm.io (Docusaurus 3.10): its config was refused four times over, and past that a
// navbar item into its second docs instance failed the build.
describe('a Docusaurus config written as pnpm.io writes it', () => {
  let result: Built;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-pnpm-config-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Pkg',",
        "  url: 'https://pkg.example.com',",
        "  baseUrl: '/',",
        // Docusaurus' fourth reporting level: print and go on.
        "  onBrokenLinks: 'log',",
        "  markdown: { hooks: { onBrokenMarkdownLinks: 'log' } },",
        '  presets: [[',
        "    '@docusaurus/preset-classic',",
        "    { docs: { path: 'docs', routeBasePath: '/' }, blog: { onUntruncatedBlogPosts: 'log', onInlineTags: 'log' } },",
        '  ]],',
        "  plugins: [['@docusaurus/plugin-content-docs', { id: 'registry', path: 'registry-docs', routeBasePath: 'registry' }]],",
        '  themeConfig: {',
        '    navbar: {',
        "      title: 'Pkg',",
        "      logo: { src: 'img/logo.svg' },",
        '      items: [',
        "        { to: 'intro', label: 'Client', position: 'left' },",
        "        { type: 'docSidebar', docsPluginId: 'registry', sidebarId: 'registry', label: 'Registry', position: 'left' },",
        "        { label: 'More', items: [{ to: 'intro', label: 'Intro' }, { type: 'doc', docsPluginId: 'registry', docId: 'start', label: 'Registry start' }] },",
        '      ],',
        '    },',
        "    footer: { logo: { src: 'img/logo.svg' }, links: [{ title: 'Docs', items: [{ label: 'Registry', to: 'registry' }] }] },",
        '  },',
        '};',
        '',
      ].join('\n'),
      'docs/intro.md': '# Intro\n\nSee [the missing page](/nowhere) and [the registry](/registry/start).\n',
      'registry-docs/start.md': '# Start\n\nThe registry.\n',
      'blog/2024-01-02-hello.md': '---\ntitle: Hello\n---\n\nFirst post.\n',
      'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>',
    });
    result = await buildSite(made.dir, { until: 'renderPages' });
  }, 120_000);
  afterAll(() => cleanup?.());

  const messages = (code: string) => result.site.diagnostics.filter((d) => d.code === code).map((d) => `${d.severity} ${d.message}`);

  it("takes `log` as Docusaurus does: the problem is reported and the build goes on", () => {
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(messages('broken-link')).toEqual([expect.stringMatching(/^warning Broken link → \/nowhere/)]);
    expect(messages('blog-untruncated')).toEqual([expect.stringMatching(/^warning /)]);
  });

  it('leaves out the navbar items that lead into a docs instance it does not build, and says so', () => {
    const navbar = /<nav class="navbar".*?<\/nav>/s.exec(pageHtml(result, '/intro'))?.[0];
    expect(navbar).toContain('>Client</a>');
    expect(navbar).toContain('>Intro</a>');
    expect(navbar).not.toContain('Registry');
    expect(messages('docusaurus-config')).toEqual(
      expect.arrayContaining([
        expect.stringContaining('themeConfig.navbar.items[1]: the navbar item is not shown: it leads into the docs instance "registry", which is not built.'),
        expect.stringContaining('themeConfig.navbar.items[2].items[1]: the dropdown entry is not shown: it leads into the docs instance "registry", which is not built.'),
      ]),
    );
  });

  it("counts links into that instance's routes as one warning, not as broken links", () => {
    expect(messages('unbuilt-route')).toEqual([expect.stringMatching(/^warning 2 links lead into \/registry, the docs instance "registry", which sdkdocs does not build yet/)]);
  });

  it("gives logos without `alt` Docusaurus' text, and a footer logo without `href` no link", () => {
    const html = pageHtml(result, '/intro');
    // The navbar title beside the logo names the link, so the logo itself is decorative.
    expect(html).toMatch(/<a href="\/" class="navbar-brand"><span class="navbar-logo"><img src="\/img\/logo.svg" alt="" height="32" width="32"\/><\/span>/);
    expect(html).toContain('<span class="footer-logo"><img src="/img/logo.svg" alt="Pkg" height="32"/></span>');
    expect(html).not.toMatch(/<a [^>]*class="footer-logo"/);
  });
});
