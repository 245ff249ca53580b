import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../src/config/load.js';
import type { BuildResult } from '../src/pipeline/build.js';
import { UserError } from '../src/core/diagnostic.js';
import { buildSite, copySite, exampleSiteDir, sharedInMemoryBuild, fixture, pageHtml } from './helpers/site.js';

/** The landing page's main content, between the hero and the footer. */
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const cardTitles = (html: string) => [...html.matchAll(/<h3 class="landing-card-title">(.*?)<\/h3>/g)].map((match) => match[1]);

describe('default landing page of a site without landing config and without API', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await buildSite(fixture('basic'), { until: 'renderPages' });
  });

  it('shows cards made from the site: the guides (to the main doc) and search, but no API card', () => {
    const html = mainOf(pageHtml(result, '/kit/'));
    expect(cardTitles(html)).toEqual(['<a href="/kit/docs/intro" class="landing-card-link">Guides</a>', 'Search']);
    expect(html).toMatch(/<p class="landing-card-description">\d+ pages of guides: Guides, reference\.<\/p>/);
    expect(html).not.toContain('button-secondary');
  });

  it('lists the top level of the docs sidebar as quick links, and shows no empty code band', () => {
    const html = mainOf(pageHtml(result, '/kit/'));
    expect(html).toContain('<h2 id="landing-quick-links-title" class="landing-section-title">Quick links</h2>');
    expect(html).toContain('<li><a href="/kit/docs/intro">');
    expect(html).not.toContain('landing-snippet');
    expect(html).not.toContain('code-block');
  });

  it('gives the not-found page a link home; the search box is added by the client app', () => {
    const html = pageHtml(result, '/kit/404.html');
    expect(html).toContain('<h1>Page Not Found</h1>');
    expect(html).toContain('<a href="/kit/" class="button button-primary">Go to the home page</a>');
    // Rendered with the app around the content, so it is hydrated and works like the navbar's.
    expect(mainOf(html)).toMatch(/<section class="container not-found-search"[^>]*>.*<input type="search"[^>]*role="combobox"/s);
  });
});

describe('landing page of the example site (landing config, API on)', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await sharedInMemoryBuild(exampleSiteDir, 'renderPages');
  }, 300_000);

  it('keeps the hero: title, tagline, "Get started" to the main doc and "API reference"', () => {
    const html = pageHtml(result, '/sdk/');
    expect(html).toContain('<h1 class="hero-title">Playkit</h1>');
    expect(html).toContain('Delightful game development toolkit');
    expect(html).toContain('<a href="/sdk/docs/intro" class="button button-primary button-lg">Get started</a>');
    expect(html).toContain('<a href="/sdk/api" class="button button-secondary button-lg">API reference</a>');
  });

  it('shows the configured feature cards, with their links under the base URL', () => {
    const html = mainOf(pageHtml(result, '/sdk/'));
    expect(cardTitles(html)).toEqual([
      '<a href="/sdk/docs/wrapper/launcher" class="landing-card-link">Launcher events</a>',
      '<a href="/sdk/docs/getting-started/sending-events" class="landing-card-link">Rounds on the RGS</a>',
      '<a href="/sdk/docs/getting-started/localization" class="landing-card-link">Localization</a>',
      '<a href="/sdk/docs/advanced/error-handling" class="landing-card-link">Error handling</a>',
    ]);
  });

  it('highlights the snippet at build time like a code block, with its title and a copy button', () => {
    const html = mainOf(pageHtml(result, '/sdk/'));
    expect(html).toContain('<h2 class="landing-section-title">Quick start</h2>');
    expect(html).toContain('<code class="hljs language-ts"><span class="code-line"><span class="hljs-keyword">import</span>');
    expect(html).toContain('class="code-copy-button"');
  });

  it('links the quick links to the sidebar categories and the API reference', () => {
    const html = mainOf(pageHtml(result, '/sdk/'));
    expect(html).toContain('<li><a href="/sdk/docs/category/getting-started">Getting Started</a></li>');
    expect(html).toContain('<li><a href="/sdk/api">API reference</a></li>');
  });
});

describe('landing page defaults with the API on', () => {
  it('adds an API reference card and the install command of api.packageName', async () => {
    const result = await buildSite(fixture('api-basic'), { until: 'renderPages' });
    const html = mainOf(pageHtml(result, '/sdk/'));
    expect(cardTitles(html)).toContain('<a href="/sdk/api" class="landing-card-link">API reference</a>');
    expect(html).toContain('<h2 class="landing-section-title">Install</h2>');
    expect(html).toMatch(/<code class="hljs language-bash"><span class="code-line">npm install widgets<\/span><\/code>/);
  }, 300_000);
});

describe('src/pages/index.tsx', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    site = await copySite(fixture('basic'));
    await writeFile(path.join(site.dir, 'src', 'pages', 'index.tsx'), 'export default function Home() {\n  return <h1>Our own front page</h1>;\n}\n');
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  it('still replaces the default landing page', async () => {
    const result = await buildSite(site.dir, { until: 'renderPages' });
    const html = pageHtml(result, '/kit/');
    expect(html).toContain('<h1>Our own front page</h1>');
    expect(html).not.toContain('landing-cards');
  });
});

describe('landing feature links', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    site = await copySite(fixture('basic'));
    const configFile = path.join(site.dir, 'sdkdocs.config.ts');
    const config = await readFile(configFile, 'utf8');
    await writeFile(configFile, config.replace("baseUrl: '/kit/',", "baseUrl: '/kit/',\n  landing: { features: [{ title: 'Gone', description: 'Moved.', link: '/docs/retired' }] },"));
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  it('are checked like navbar and footer links, at their line in the config', async () => {
    const error = (await buildSite(site.dir, { until: 'checkLinks' }).catch((caught: unknown) => caught)) as UserError;
    expect(error).toBeInstanceOf(UserError);
    expect(error.diagnostics.map(({ line, message }) => `${line} ${message}`)).toEqual(['8 landing.features[0].link: Broken link → /docs/retired (/kit/docs/retired)']);
  });
});

describe('landing snippet in a language the highlighter does not know', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    site = await copySite(fixture('basic'));
    const configFile = path.join(site.dir, 'sdkdocs.config.ts');
    const config = await readFile(configFile, 'utf8');
    await writeFile(configFile, config.replace("baseUrl: '/kit/',", "baseUrl: '/kit/',\n  landing: {\n    snippet: { language: 'klingon', code: 'qapla();' },\n  },"));
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  it('is shown as plain code, with a warning at the language', async () => {
    const result = await buildSite(site.dir, { until: 'renderPages' });
    expect(mainOf(pageHtml(result, '/kit/'))).toContain('<code class="hljs language-klingon"><span class="code-line">qapla();</span></code>');
    const warnings = result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning' && diagnostic.message.startsWith('landing.'));
    expect(warnings.map(({ line, column, message }) => ({ line, column, message }))).toEqual([
      {
        line: 9,
        column: 16,
        message: 'landing.snippet.language: "klingon" is not a language the highlighter knows, so the snippet is shown without colours.',
      },
    ]);
  });
});

describe('landing config validation', () => {
  const source = [
    'export default defineConfig({',
    "  title: 'Kit',",
    '  landing: {',
    '    features: [',
    "      { title: 'One', description: 'First.' },",
    "      { description: 'No title.' },",
    '    ],',
    "    snippet: { language: 'ts' },",
    '  },',
    '});',
    '',
  ].join('\n');
  const data = { title: 'Kit', landing: { features: [{ title: 'One', description: 'First.' }, { description: 'No title.' }], snippet: { language: 'ts' } } };

  it('reports each wrong key at its line', () => {
    let error: unknown;
    try {
      validateConfig(data, '/site/sdkdocs.config.ts', source);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).diagnostics.map(({ message, line, column }) => ({ message, line, column }))).toEqual([
      { message: 'landing.features[1].title: expected string, found nothing.', line: 6, column: 7 },
      { message: 'landing.snippet.code: expected string, found nothing.', line: 8, column: 5 },
    ]);
  });
});
