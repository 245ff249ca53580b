import { defineConfig } from 'sdkdocs';

export default defineConfig({
  title: 'Playkit',
  tagline: 'Delightful game development toolkit',
  url: 'https://docs.playkit.dev',
  baseUrl: '/sdk/',
  favicon: 'img/favicon.svg',
  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {
      en: { label: 'en', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en' },
    },
  },
  docs: {
    path: 'docs',
    routeBasePath: 'docs',
    sidebar: { id: 'docsSidebar' },
    breadcrumbs: true,
    editUrl: 'https://github.com/playkit/playkit-sdk/edit/main/example-site/docs/',
    versionLabel: 'Next',
    mainDocId: 'intro',
  },
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  markdown: { mermaid: true },
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',
  navbar: {
    title: 'Playkit',
    logo: { alt: 'Playkit logo', src: 'img/logo.svg' },
    hideOnScroll: true,
    items: [
      { type: 'docSidebar', sidebarId: 'docsSidebar', label: 'Docs', position: 'left' },
      { to: '/api', label: 'API', position: 'left' },
      { href: 'https://github.com/playkit/playkit-sdk', label: 'GitHub', position: 'right' },
    ],
  },
  footer: {
    style: 'dark',
    links: [
      {
        title: 'Docs',
        items: [
          { label: 'Introduction', to: '/docs/intro' },
          { label: 'Quick start', to: '/docs/getting-started/quick-start' },
          { label: 'API reference', to: '/api' },
        ],
      },
      {
        title: 'More',
        items: [{ label: 'GitHub', href: 'https://github.com/playkit/playkit-sdk' }],
      },
    ],
    copyright: 'Copyright © 2025 Playkit. Built with sdkdocs.',
    license: 'Content licensed under <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>.',
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
  search: { maxHits: 8 },
  api: {
    entryPoints: ['sdk/src/index.ts'],
    tsconfig: 'sdk/tsconfig.json',
    routeBasePath: 'api',
    sourceLinkTemplate: 'https://github.com/playkit/playkit-sdk/blob/main/example-site/{path}#L{line}',
    checkDocSamples: true,
    packageName: '@playkit/sdk',
  },
});
