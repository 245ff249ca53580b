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
    editUrl: 'https://github.com/playkit/playkit-sdk/edit/main/example-site/',
    versionLabel: 'Next',
    mainDocId: 'intro',
    // The commits of this repository are sdkdocs' own, not those of a person of Playkit.
    showLastUpdateAuthor: false,
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
        items: [
          { label: 'Blog', to: '/blog' },
          { label: 'GitHub', href: 'https://github.com/playkit/playkit-sdk' },
        ],
      },
    ],
    copyright: 'Copyright © 2025 Playkit. Built with sdkdocs.',
    license: 'Content licensed under <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>.',
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
  theme: { primaryColor: '#5b4bdb' },
  customCss: './src/css/custom.css',
  search: { maxHits: 8 },
  landing: {
    features: [
      {
        title: 'Launcher events',
        description: 'Tell the launcher when the game is ready, and react when it pauses, mutes or closes the game.',
        link: '/docs/wrapper/launcher',
      },
      {
        title: 'Rounds on the RGS',
        description: 'Load the session, play rounds and keep the balance in step with the remote game server.',
        link: '/docs/getting-started/sending-events',
      },
      {
        title: 'Localization',
        description: "Show amounts in the player's currency and the game's text in their language.",
        link: '/docs/getting-started/localization',
      },
      {
        title: 'Error handling',
        description: 'Typed RGS and timeout errors, with recipes for expired sessions and lost connections.',
        link: '/docs/advanced/error-handling',
      },
    ],
    snippet: {
      title: 'Quick start',
      language: 'ts',
      code: [
        "import { PlaykitSdk } from '@playkit/sdk';",
        '',
        'const sdk = new PlaykitSdk({',
        "  rgsUrl, sessionToken, launcherOrigin, gameId: 'lucky-lanterns',",
        '});',
        'const session = await sdk.init();',
        "sdk.sendEvent('gameLoaded');",
        'const round = await sdk.playRound(session.minBet);',
      ].join('\n'),
    },
  },
  api: {
    entryPoints: ['sdk/src/index.ts'],
    tsconfig: 'sdk/tsconfig.json',
    routeBasePath: 'api',
    sourceLinkTemplate: 'https://github.com/playkit/playkit-sdk/blob/main/example-site/{path}#L{line}',
    checkDocSamples: true,
    packageName: '@playkit/sdk',
  },
});
