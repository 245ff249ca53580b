/**
 * A Docusaurus site whose src/theme/Layout/Provider gives a "mode" context (built with
 * theme-common's composeProviders, createStorageSlot and ReactContextError, as
 * contributing.bitwarden.com's dev mode is), which an MDX doc's component and a custom navbar item
 * (the theme's DropdownNavbarItem, its entries switching the mode) read.
 */
export const layoutProviderSiteFiles: Record<string, string> = {
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
};
