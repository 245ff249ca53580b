import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, pageHtml, writeSiteFiles } from './helpers/site.js';

/* Docusaurus' `titleDelimiter`: what stands between the page's title and the site's in every tab title. */

const sites: string[] = [];
afterAll(async () => {
  for (const dir of sites) await rm(dir, { recursive: true, force: true });
});

describe('titleDelimiter', () => {
  it("goes between the page's title and the site's on every kind of page", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-title-delimiter-'));
    sites.push(dir);
    await writeSiteFiles(dir, {
      'docusaurus.config.js': "module.exports = { title: 'Kit', tagline: 'Build games', url: 'https://kit.example.com', baseUrl: '/', titleDelimiter: '·', presets: [['classic', {}]] };\n",
      'docs/intro.md': '# Intro\n',
      'blog/2025-01-02-hello.md': '---\ntitle: Hello\n---\n\nFirst post.\n',
      'src/pages/about.js': "import Layout from '@theme/Layout';\nexport default function About() { return <Layout title=\"About\"><main>About us</main></Layout>; }\n",
      'src/pages/metadata.js': "import { PageMetadata } from '@docusaurus/theme-common';\nexport default function Metadata() { return <main><PageMetadata title=\"Metadata\" /><p>Described</p></main>; }\n",
    });
    const result = await buildSite(dir, { inMemory: true });
    const titleOf = (route: string) => /<title>([^<]*)<\/title>/.exec(pageHtml(result, route))?.[1];
    expect(titleOf('/docs/intro')).toBe('Intro · Kit');
    expect(titleOf('/blog/2025/01/02/hello')).toBe('Hello · Kit');
    expect(titleOf('/blog')).toBe('Blog · Kit');
    expect(titleOf('/blog/archive')).toBe('Archive · Kit');
    expect(titleOf('/about')).toBe('About · Kit');
    // theme-common's PageMetadata formats its title as @theme/Layout does.
    expect(titleOf('/metadata')).toBe('Metadata · Kit');
    expect(titleOf('/')).toBe('Kit · Build games');
    expect((result.site.config.configWarnings ?? []).map((warning) => warning.message).filter((message) => message.includes('titleDelimiter'))).toEqual([]);
  });
});
