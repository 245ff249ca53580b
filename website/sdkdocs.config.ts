import { defineConfig } from 'sdkdocs';

// sdkdocs' own docs, built by sdkdocs. The Reference pages (docs/reference/) are written from the
// code by scripts/generate-reference.mjs before each build: `npm run build:website`.
export default defineConfig({
  title: 'sdkdocs',
  tagline: 'Docs for your SDK: guides, an API reference from the source, diagrams and search, in one fast static site',
  baseUrl: '/',
  favicon: 'img/favicon.svg',
  docs: {
    path: 'docs',
    routeBasePath: 'docs',
    sidebar: { id: 'docsSidebar' },
    mainDocId: 'intro',
    // The history of this folder is the project's, not a page's author: show the date only.
    showLastUpdateAuthor: false,
  },
  markdown: { mermaid: true },
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'throw',
  onBrokenAnchors: 'throw',
  llmsTxt: true,
  navbar: {
    title: 'sdkdocs',
    logo: { alt: 'sdkdocs', src: 'img/logo.svg' },
    items: [
      { type: 'docSidebar', sidebarId: 'docsSidebar', label: 'Docs', position: 'left' },
      { to: '/docs/category/getting-started', label: 'Getting started', position: 'left' },
      { to: '/docs/category/reference', label: 'Reference', position: 'left' },
      { to: '/api', label: 'API', position: 'left' },
    ],
  },
  footer: {
    style: 'dark',
    links: [
      {
        title: 'Docs',
        items: [
          { label: 'Install', to: '/docs/getting-started/installation' },
          { label: 'Configuration', to: '/docs/reference/configuration' },
          { label: 'Command line', to: '/docs/reference/cli' },
          { label: 'Errors', to: '/docs/reference/errors' },
        ],
      },
      {
        title: 'Project',
        items: [
          { label: 'Architecture', to: '/docs/design/architecture' },
          { label: 'Contributing', to: '/docs/contributing' },
        ],
      },
    ],
    copyright: 'sdkdocs, MIT licensed. Built with sdkdocs.',
  },
  theme: { primaryColor: '#3b5bdb' },
  landing: {
    features: [
      { title: 'Install into your SDK', description: 'Add sdkdocs to the SDK repository, write a starter site and see it live in a minute.', link: '/docs/getting-started/installation' },
      { title: 'API reference from the source', description: 'TypeDoc runs on your entry points; every declaration gets a page, every link is checked.', link: '/docs/guides/api-reference' },
      { title: 'Docusaurus content as it is', description: 'Docs, sidebars, MDX, admonitions and the blog move over unchanged.', link: '/docs/guides/migrating-from-docusaurus' },
      { title: 'Every error located', description: 'file:line:column, what is wrong and how to fix it; the previous output stays as it was.', link: '/docs/reference/errors' },
    ],
    snippet: {
      title: 'Start',
      language: 'bash',
      code: ['npx sdkdocs init website --api', 'npx sdkdocs serve website --watch', 'npx sdkdocs build website'].join('\n'),
    },
  },
  // sdkdocs' public API: defineConfig and the types a site's config and theme overrides use.
  api: {
    entryPoints: ['../src/index.ts'],
    tsconfig: '../tsconfig.json',
    routeBasePath: 'api',
    packageName: 'sdkdocs',
    skipTypeCheck: true,
    // The config and theme types refer to the build's internals (Site, Page…), which are not documented on their own.
    typedocOptions: { validation: { notExported: false } },
  },
});
