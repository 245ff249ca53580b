import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, tempDir } from '../helpers/browser.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

// The Docusaurus modules sites' own components import most, in a Docusaurus site built from its
// own config: theme-common's colour mode follows the navbar switch, Translate fills its values,
// isInternalUrl tells links apart, and MDX docs get src/theme/MDXComponents, with no hydration
// mismatch.
describe.skipIf(!chromiumPath)('Docusaurus modules in the browser', () => {
  let site: SiteUnderTest;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-docusaurus-modules-');
    cleanup = made.cleanup;
    const files: Record<string, string> = {
      'docusaurus.config.js': "module.exports = { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/kit/', presets: [['classic', { blog: false }]] };\n",
      'docs/intro.mdx': '# Intro\n\n<Mode />\n',
      'docs/guides/index.mdx': "import DocCardList from '@theme/DocCardList';\n\n# Guides\n\n<DocCardList />\n",
      'docs/guides/install.md': '---\ndescription: Get the kit.\n---\n\n# Install\n',
      'docs/guides/deploy.md': '# Deploy\n',
      'src/theme/MDXComponents.js':
        "import MDXComponents from '@theme-original/MDXComponents';\nimport { useColorMode } from '@docusaurus/theme-common';\n\nfunction Mode() {\n  const { colorMode } = useColorMode();\n  return <p className=\"doc-mode\">doc in {colorMode}</p>;\n}\n\nexport default { ...MDXComponents, Mode };\n",
      'src/pages/modules.js': [
        "import Layout from '@theme/Layout';",
        "import Translate, { translate } from '@docusaurus/Translate';",
        "import isInternalUrl from '@docusaurus/isInternalUrl';",
        "import { useColorMode, ThemeClassNames } from '@docusaurus/theme-common';",
        '',
        'export default function Modules() {',
        '  const { colorMode, setColorMode } = useColorMode();',
        '  return (',
        "    <Layout title={translate({ message: 'Modules of {site}' }, { site: 'Kit' })}>",
        '      <main>',
        '        <p className="mode">{colorMode}</p>',
        "        <button type=\"button\" className=\"to-dark\" onClick={() => setColorMode('dark')}>dark</button>",
        "        <p className=\"greeting\"><Translate id=\"greet\" values={{ name: <b>reader</b> }}>{'Hello {name}'}</Translate></p>",
        "        <p className=\"links\">{[isInternalUrl('/docs/intro'), isInternalUrl('https://example.com')].join(' ')}</p>",
        '        <p className="class-name">{ThemeClassNames.common.codeBlock}</p>',
        '      </main>',
        '    </Layout>',
        '  );',
        '}',
      ].join('\n'),
      // As Jest's landing page, kept from Docusaurus 1: a class component reading its `config` prop.
      'src/pages/legacy.js': [
        "import React from 'react';",
        "import Layout from '@theme/Layout';",
        '',
        'class Legacy extends React.Component {',
        '  constructor(props) {',
        '    super(props);',
        '    this.state = { clicks: 0 };',
        '  }',
        '  render() {',
        '    const { config: siteConfig } = this.props;',
        '    return (',
        '      <main>',
        '        <h1 className="legacy-title">{siteConfig.title} at {siteConfig.baseUrl}</h1>',
        '        <button type="button" className="legacy-count" onClick={() => this.setState({ clicks: this.state.clicks + 1 })}>{this.state.clicks}</button>',
        '      </main>',
        '    );',
        '  }',
        '}',
        '',
        'export default function LegacyPage(props) {',
        '  return <Layout><Legacy {...props} /></Layout>;',
        '}',
      ].join('\n'),
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(made.dir, file)), { recursive: true });
      await writeFile(path.join(made.dir, file), text);
    }
    site = await startSiteUnderTest(made.dir, '/kit/');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await cleanup?.();
  });

  it('renders Translate, translate, isInternalUrl and ThemeClassNames, and useColorMode follows the navbar switch and sets the mode', async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('modules'));
    await expect(page.title()).resolves.toBe('Modules of Kit | Kit');
    await expect(page.locator('.greeting').innerHTML()).resolves.toBe('Hello <b>reader</b>');
    await expect(page.locator('.links').innerText()).resolves.toBe('true false');
    await expect(page.locator('.class-name').innerText()).resolves.toBe('theme-code-block');
    await eventually(() => page.locator('.mode').innerText()).toBe('light');
    await page.locator('.color-mode-toggle').first().click();
    await eventually(() => page.locator('.mode').innerText()).toBe('dark');
    await page.locator('.color-mode-toggle').first().click();
    await eventually(() => page.locator('.mode').innerText()).toBe('light');
    await page.locator('.to-dark').click();
    await eventually(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(problems).toEqual([]);
  });

  it("gives an MDX doc the site's MDX components, hydrated with the same map", async () => {
    const { page, problems } = await site.open({ colorScheme: 'dark' });
    await gotoHydrated(page, site.url('docs/intro'));
    await eventually(() => page.locator('.doc-mode').innerText()).toBe('doc in dark');
    expect(problems).toEqual([]);
  });

  it("hydrates <DocCardList /> with the category's cards, opened directly or reached in the client", async () => {
    const cards = (page: Awaited<ReturnType<typeof site.open>>['page']) => page.locator('[data-mdx-hydrated] .card-link').allInnerTexts();
    const descriptions = (page: Awaited<ReturnType<typeof site.open>>['page']) => page.locator('[data-mdx-hydrated] .card-description').allInnerTexts();
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('docs/guides'));
    await eventually(() => cards(page)).toEqual(['📄️ Deploy', '📄️ Install']);
    expect(await descriptions(page)).toEqual(['Get the kit.']);
    await gotoHydrated(page, site.url('docs/intro'));
    await page.locator('.card-link', { hasText: 'Install' }).waitFor({ state: 'detached' });
    await page.evaluate(() => (document.querySelector('a[href="/kit/docs/guides"]') as HTMLAnchorElement).click());
    await eventually(() => cards(page)).toEqual(['📄️ Deploy', '📄️ Install']);
    expect(await descriptions(page)).toEqual(['Get the kit.']);
    expect(problems).toEqual([]);
  });

  it("gives a React page the site's config as its `config` prop, as Docusaurus does, and hydrates it", async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('legacy'));
    await expect(page.locator('.legacy-title').innerText()).resolves.toBe('Kit at /kit/');
    await page.locator('.legacy-count').click();
    await eventually(() => page.locator('.legacy-count').innerText()).toBe('1');
    expect(problems).toEqual([]);
  });
});
