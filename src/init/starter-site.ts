/** A file of the starter site: its path in the site folder and its text. */
export interface StarterFile {
  path: string;
  contents: string;
}

export interface StarterOptions {
  /** The site's title, shown in the navbar and the page titles. */
  title: string;
  /** With an API reference generated from `sdk/src/index.ts`. */
  api: boolean;
  /**
   * With a landing page of its own (`src/pages/index.tsx`) to edit; without it the site shows
   * sdkdocs' default landing page, made from the config and the docs.
   */
  landing: boolean;
}

/**
 * The files `sdkdocs init` writes: a config (with mermaid diagrams on), three docs (one of them in
 * a category), with `landing` a landing page that replaces the default one, and with `api` a small
 * SDK to generate the API pages from.
 * Every file is one a new site would edit, none is a placeholder that breaks the build.
 */
export function starterFiles(options: StarterOptions): StarterFile[] {
  const title = JSON.stringify(options.title);
  const files: StarterFile[] = [
    {
      path: 'sdkdocs.config.ts',
      contents: `import { defineConfig } from 'sdkdocs';

export default defineConfig({
  title: ${title},
  tagline: 'Documentation built with sdkdocs',
  // The site's origin, for canonical URLs, the sitemap and link previews.
  url: 'https://docs.example.com',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  // \`\`\`mermaid code blocks become diagrams, drawn at build time in the system Chromium.
  markdown: { mermaid: true },
  navbar: {
    items: [
      { type: 'docSidebar', sidebarId: 'docsSidebar', label: 'Docs', position: 'left' },${options.api ? "\n      { to: '/api', label: 'API', position: 'left' }," : ''}
    ],
  },${options.api ? "\n  api: { entryPoints: ['sdk/src/index.ts'], tsconfig: 'sdk/tsconfig.json' }," : ''}
});
`,
    },
    {
      path: 'docs/intro.md',
      contents: `---
sidebar_position: 1
---

# Introduction

Welcome to the docs of ${options.title}. Start with [installing it](./guides/install.md), then take
your [first steps](./guides/first-steps.md).

:::tip
Every page is a markdown file in \`docs/\`: edit this one in \`docs/intro.md\`.
:::
`,
    },
    {
      path: 'docs/guides/_category_.json',
      contents: `${JSON.stringify({ label: 'Guides', position: 2, link: { type: 'generated-index', description: 'Install it and take your first steps.' } }, null, 2)}\n`,
    },
    {
      path: 'docs/guides/install.md',
      contents: `---
sidebar_position: 1
---

# Install

\`\`\`bash
npm install my-sdk
\`\`\`
`,
    },
    {
      path: 'docs/guides/first-steps.md',
      contents: `---
sidebar_position: 2
---

# First steps

Create a client and start it:

\`\`\`ts
${options.api ? "import { createClient } from 'my-sdk';\n\nconst client = createClient({ name: 'my-game' });\nclient.start();" : "const client = createClient({ name: 'my-game' });\nclient.start();"}
\`\`\`
${options.api ? '\nEvery function and type is in the [API reference](/api).\n' : ''}`,
    },
  ];
  if (options.landing) {
    files.push({
      path: 'src/pages/index.tsx',
      contents: `// The landing page at the site's root. Delete this file to get sdkdocs' default landing page.
export const meta = { title: ${title}, description: 'Documentation built with sdkdocs' };

export default function Home() {
  return (
    <main style={{ maxWidth: '48rem', margin: '4rem auto', padding: '0 1rem' }}>
      <h1>{${title}}</h1>
      <p>Documentation built with sdkdocs.</p>
      <p>
        <a href="docs/intro">Get started</a>
      </p>
    </main>
  );
}
`,
    });
  }
  if (options.api) {
    files.push(
      {
        path: 'sdk/src/index.ts',
        contents: `/** Options of {@link createClient}. */
export interface ClientOptions {
  /** The game's name, shown in logs. */
  name: string;
}

/** A client of the SDK. */
export class Client {
  constructor(readonly options: ClientOptions) {}

  /** Starts the client. */
  start(): void {}
}

/**
 * Creates a client.
 *
 * @example
 * \`\`\`ts
 * const client = createClient({ name: 'my-game' });
 * \`\`\`
 */
export function createClient(options: ClientOptions): Client {
  return new Client(options);
}
`,
      },
      {
        path: 'sdk/tsconfig.json',
        contents: `${JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true, skipLibCheck: true, types: [] }, include: ['src'] }, null, 2)}\n`,
      },
    );
  }
  return files;
}
