import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml, writeSiteFiles } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

// Found on contributing.bitwarden.com: its src/theme/Layout/Provider wraps the theme's with a
// "dev mode" context (built with theme-common's composeProviders, createStorageSlot and
// ReactContextError), which 18 docs' components and a navbar item read. sdkdocs had no such slot
// nor those three exports: the overrides did not compile, and past that every such doc threw.
describe('a site\'s src/theme/Layout/Provider and the context it gives', () => {
  let result: Built;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-layout-provider-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Kit', url: 'https://kit.example.com', baseUrl: '/',",
        "  presets: [['classic', { blog: false }]],",
        "  themeConfig: { navbar: { items: [{ type: 'custom-mode', position: 'right' }] } },",
        '};',
        '',
      ].join('\n'),
      'src/theme/NavbarItem/ComponentTypes.js': "import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';\nimport ModeSwitch from '@site/src/components/ModeSwitch';\n\nexport default { ...ComponentTypes, 'custom-mode': ModeSwitch };\n",
      'src/components/ModeSwitch.js': [
        "import DropdownNavbarItem from '@theme-original/NavbarItem/DropdownNavbarItem';",
        "import { useMode } from '@site/src/contexts/mode';",
        '',
        'export default function ModeSwitch(props) {',
        '  const { mode, setMode } = useMode();',
        "  const items = ['reader', 'writer'].map((name) => ({ label: name, to: '#', onClick: () => setMode(name) }));",
        '  return <DropdownNavbarItem {...props} label={`Mode: ${mode}`} items={items} />;',
        '}',
        '',
      ].join('\n'),
      'docs/intro.mdx': "import Mode from '@site/src/components/Mode';\n\n# Intro\n\nReading as <Mode />.\n",
      'src/contexts/mode.js': [
        "import React, { createContext, useContext, useEffect, useState } from 'react';",
        "import { createStorageSlot, ReactContextError } from '@docusaurus/theme-common';",
        '',
        "const slot = createStorageSlot('kit-mode');",
        'const Context = createContext(undefined);',
        '',
        'export function ModeProvider({ children }) {',
        "  const [mode, setMode] = useState('reader');",
        '  useEffect(() => slot.listen((event) => setMode(event.newValue ?? \'reader\')), []);',
        '  return <Context.Provider value={{ mode, setMode: (next) => slot.set(next) }}>{children}</Context.Provider>;',
        '}',
        '',
        'export function useMode() {',
        '  const value = useContext(Context);',
        "  if (value === undefined) throw new ReactContextError('ModeProvider');",
        '  return value;',
        '}',
        '',
      ].join('\n'),
      'src/components/Mode.js': "import { useMode } from '@site/src/contexts/mode';\n\nexport default function Mode() {\n  return <b className=\"mode\">{useMode().mode}</b>;\n}\n",
      'src/theme/Layout/Provider/index.js': [
        "import { composeProviders } from '@docusaurus/theme-common';",
        "import ThemeLayoutProvider from '@theme-original/Layout/Provider';",
        "import { ModeProvider } from '@site/src/contexts/mode';",
        '',
        'const Providers = composeProviders([ModeProvider]);',
        '',
        'export default function LayoutProvider({ children }) {',
        '  return <ThemeLayoutProvider><Providers>{children}</Providers></ThemeLayoutProvider>;',
        '}',
        '',
      ].join('\n'),
    });
    result = await buildSite(made.dir, { until: 'renderPages' });
  }, 120_000);
  afterAll(() => cleanup?.());

  it("gives its context to MDX docs' components", () => {
    expect(result.site.diagnostics.filter((d) => d.severity === 'error' || d.code === 'theme-override')).toEqual([]);
    expect(pageHtml(result, '/docs/intro')).toContain('Reading as <b class="mode">reader</b>.');
  });

  it("draws a navbar item that renders the theme's DropdownNavbarItem inside the provider", () => {
    const navbar = pageHtml(result, '/docs/intro').split('<div class="main-wrapper">')[0];
    expect(navbar).toMatch(/<div class="navbar-item navbar-dropdown">.*Mode: reader.*<ul class="dropdown-menu">/s);
    expect([...navbar.matchAll(/<a href="#" class="dropdown-link">([^<]+)<\/a>/g)].map((match) => match[1])).toEqual(['reader', 'writer']);
  });
});

describe("theme-common's helpers for a site's own context", () => {
  it('name the provider a hook was used outside of', async () => {
    const { ReactContextError, composeProviders } = await import('../templates/theme/docusaurus/theme-common.js');
    function useDevMode() {
      return new ReactContextError('DevModeProvider', 'Wrap the page in it.');
    }
    expect(useDevMode().message).toBe('Hook useDevMode is called outside the <DevModeProvider>. Wrap the page in it.');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const Outer = ({ children }: { children: unknown }) => createElement('section', null, children as never);
    const Inner = ({ children }: { children: unknown }) => createElement('div', null, children as never);
    expect(renderToStaticMarkup(createElement(composeProviders([Outer, Inner]), null, 'x'))).toBe('<section><div>x</div></section>');
  });
});
