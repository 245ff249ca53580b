import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml, writeSiteFiles } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

/** The diagnostics of a build up to the link check, whether it failed or not. */
async function linkCheckDiagnostics(dir: string): Promise<{ severity: string; message: string; code?: string; hint?: string }[]> {
  const built = await buildSite(dir, { until: 'checkLinks' }).catch((error: { diagnostics?: Built['site']['diagnostics'] }) => error);
  return 'site' in built ? built.site.diagnostics : (built.diagnostics ?? []);
}

// Found on babeljs.io: its setup page renders one tool's instructions at a time and declares the
// anchor of every tool with `useBrokenLinks().collectAnchor(tool)`, so that links to
// `/setup#webpack` pass Docusaurus' `onBrokenAnchors: 'throw'`. The import stopped the build.
describe('@docusaurus/useBrokenLinks on a custom page', () => {
  let result: Built;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-use-broken-links-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Kit', url: 'https://kit.example.com', baseUrl: '/',",
        "  onBrokenLinks: 'throw', onBrokenAnchors: 'throw',",
        "  presets: [['classic', { docs: { sidebarPath: undefined }, blog: false }]],",
        '};',
        '',
      ].join('\n'),
      'docs/intro.md': '# Intro\n\nSet up [with webpack](/setup#webpack) or [with rollup](/setup#rollup).\n',
      'src/pages/setup.js': [
        "import React, { useState } from 'react';",
        "import useBrokenLinks from '@docusaurus/useBrokenLinks';",
        '',
        "const tools = ['webpack', 'rollup'];",
        '',
        'export default function Setup() {',
        "  const [tool] = useState('webpack');",
        '  const brokenLinks = useBrokenLinks();',
        '  for (const name of tools) brokenLinks.collectAnchor(name);',
        "  brokenLinks.collectLink('/elsewhere');",
        '  return <main><h2 id={tool}>Using {tool}</h2></main>;',
        '}',
        '',
      ].join('\n'),
    });
    result = await buildSite(made.dir, { until: 'renderPages' });
  }, 120_000);
  afterAll(() => cleanup?.());

  it('builds the page, and the anchors it collects are ids of the page for the link check', () => {
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.site.diagnostics.filter((d) => /rollup|webpack/.test(d.message))).toEqual([]);
    expect(pageHtml(result, '/setup')).toContain('<h2 id="webpack">Using <!-- -->webpack</h2>');
  });

  it('leaves an anchor nobody collects broken', async () => {
    const made = await tempDir('sdkdocs-use-broken-links-none-');
    try {
      await writeSiteFiles(made.dir, {
        'sdkdocs.config.ts': "export default { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/', onBrokenAnchors: 'warn' };\n",
        'docs/intro.md': '# Intro\n\n[With parcel](/setup#parcel), [with webpack](/setup#webpack).\n',
        'src/pages/setup.js': "import useBrokenLinks from '@docusaurus/useBrokenLinks';\nexport default function Setup() {\n  useBrokenLinks().collectAnchor('webpack');\n  return <main><h2>Setup</h2></main>;\n}\n",
      });
      const other = await buildSite(made.dir, { until: 'checkLinks' });
      expect(other.site.diagnostics.filter((d) => d.severity === 'warning' && /#/.test(d.message)).map((d) => d.message)).toEqual([expect.stringContaining('/setup#parcel')]);
    } finally {
      await made.cleanup();
    }
  }, 120_000);

  // babeljs.io's versions page links each release as `<a href={baseUrl + version}>`, paths its
  // host's _redirects serves; Docusaurus checks only the links of @docusaurus/Link, so its build
  // passes under onBrokenLinks: 'throw'.
  it("makes a Docusaurus site's plain <a> on a custom page a warning, its <Link> an error", async () => {
    const made = await tempDir('sdkdocs-plain-anchors-');
    try {
      const page = (link: string) => ["import Link from '@docusaurus/Link';", 'export default function Versions() {', `  return <main><a href="/7.29.0">7.29.0</a> ${link}</main>;`, '}', ''].join('\n');
      await writeSiteFiles(made.dir, {
        'docusaurus.config.js': "module.exports = { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/', onBrokenLinks: 'throw', presets: [['classic', { blog: false }]] };\n",
        'docs/intro.md': '# Intro\n',
        'src/pages/versions.js': page('<Link to="/docs/intro">Intro</Link>'),
      });
      const passing = await linkCheckDiagnostics(made.dir);
      expect(passing.filter((d) => d.code === 'broken-link').map((d) => `${d.severity} ${d.message}`)).toEqual([expect.stringMatching(/^warning .*\/7\.29\.0/)]);
      expect(passing.find((d) => d.message.includes('/7.29.0'))?.hint).toContain('plain <a>, which Docusaurus does not check');
      await writeSiteFiles(made.dir, { 'src/pages/versions.js': page('<Link to="/gone">Gone</Link>') });
      const failing = await linkCheckDiagnostics(made.dir);
      expect(failing.filter((d) => d.code === 'broken-link').map((d) => `${d.severity} ${d.message}`)).toEqual([expect.stringMatching(/^error .*\/gone/)]);
    } finally {
      await made.cleanup();
    }
  }, 120_000);

  it("keeps an sdkdocs site's plain <a> to the rule", async () => {
    const made = await tempDir('sdkdocs-plain-anchors-own-');
    try {
      await writeSiteFiles(made.dir, {
        'sdkdocs.config.ts': "export default { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/', onBrokenLinks: 'throw' };\n",
        'docs/intro.md': '# Intro\n',
        'src/pages/versions.js': 'export default function Versions() {\n  return <main><a href="/7.29.0">7.29.0</a></main>;\n}\n',
      });
      const diagnostics = await linkCheckDiagnostics(made.dir);
      expect(diagnostics.filter((d) => d.message.includes('/7.29.0')).map((d) => d.severity)).toEqual(['error']);
    } finally {
      await made.cleanup();
    }
  }, 120_000);
});
