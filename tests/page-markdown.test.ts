import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDiagnostic, UserError } from '../src/core/diagnostic.js';
import type { BuildResult } from '../src/pipeline/build.js';
import { checkBuiltSite } from '../src/links/check-built-site.js';
import { startStaticServer } from '../src/serve/static-server.js';
import { tempDir } from './helpers/browser.js';
import { rawRequest } from './helpers/http.js';
import { buildSite, fixture, pageHtml } from './helpers/site.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const introSource = `---
title: Introduction
description: What Kit is and where to start.
---

# Introduction

Kit draws **squares**. Read the [setup guide](./guide/setup.md), see [below](#more).

![Shot](./shot.png)

## More

[ref]: ./guide/setup.md
`;

/** A docs-only site: an intro, a category with a generated index, and `extra` docs (path → source). */
async function createSite(config = '', extra: Record<string, string> = {}): Promise<string> {
  const { dir, cleanup } = await tempDir('sdkdocs-markdown-');
  cleanups.push(cleanup);
  await mkdir(path.join(dir, 'docs', 'guide'), { recursive: true });
  await writeFile(path.join(dir, 'docs', 'intro.md'), introSource);
  await writeFile(path.join(dir, 'docs', 'shot.png'), Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa9c1e1bd0000000049454e44ae426082', 'hex'));
  await writeFile(path.join(dir, 'docs', 'guide', '_category_.json'), JSON.stringify({ label: 'Guide', link: { type: 'generated-index', description: 'Step by step.' } }));
  await writeFile(path.join(dir, 'docs', 'guide', 'setup.md'), 'Set up Kit in three steps.\n\n## First\n\nInstall it.\n');
  for (const [file, source] of Object.entries(extra)) await writeFile(path.join(dir, 'docs', file), source);
  await writeFile(
    path.join(dir, 'sdkdocs.config.ts'),
    `export default {\n  title: 'Kit',\n  tagline: 'Squares for everyone',\n  url: 'https://kit.example.com',\n  baseUrl: '/kit/',\n${config}};\n`,
  );
  return dir;
}

const output = (result: BuildResult, file: string) => {
  const found = result.site.outputs.get(file);
  return found === undefined ? undefined : typeof found.contents === 'string' ? found.contents : new TextDecoder().decode(found.contents);
};

describe('markdown copies and llms.txt', () => {
  let docs: BuildResult;
  beforeAll(async () => {
    docs = await buildSite(await createSite(), { until: 'renderPages' });
  }, 60_000);

  it('writes each doc\'s markdown beside its page, without front matter, titled when the source has no heading', () => {
    expect(docs.site.diagnostics).toEqual([]);
    // Links and images lead where the page's own do: a copy is read away from the docs folder.
    expect(output(docs, 'docs/intro.md')).toBe('# Introduction\n\nKit draws **squares**. Read the [setup guide](https://kit.example.com/kit/docs/guide/setup), see [below](https://kit.example.com/kit/docs/intro#more).\n\n![Shot](https://kit.example.com/kit/assets/images/shot.4cdb2bda.png)\n\n## More\n\n[ref]: https://kit.example.com/kit/docs/guide/setup\n');
    expect(output(docs, 'docs/guide/setup.md')).toBe('# setup\n\nSet up Kit in three steps.\n\n## First\n\nInstall it.\n');
    expect(output(docs, 'docs/category/guide.md')).toBe('# Guide\n\nStep by step.\n\n- [setup](https://kit.example.com/kit/docs/guide/setup): Set up Kit in three steps.\n');
  });

  it('links each page to its copy: in the head and with a copy button, not in the sitemap', () => {
    const html = pageHtml(docs, '/kit/docs/intro');
    expect(html).toContain('<link rel="alternate" type="text/markdown" href="/kit/docs/intro.md">');
    expect(html).toMatch(/<button type="button" class="copy-page-button" data-copy-page="\/kit\/docs\/intro.md">Copy page as Markdown<\/button><span class="copy-page-status sr-only" role="status"><\/span>/);
    // The landing page has no copy, so no button.
    expect(pageHtml(docs, '/kit/')).not.toContain('data-copy-page');
    expect(docs.site.pages.find((page) => page.route === '/kit/docs/intro')?.data.markdownUrl).toBe('/kit/docs/intro.md');
    expect(output(docs, 'sitemap.xml')).not.toContain('.md');
  });

  it('writes llms.txt: title, summary, a section per sidebar part with links to the copies and descriptions', () => {
    expect(output(docs, 'llms.txt')).toBe(`# Kit

> Squares for everyone

## Docs

- [Introduction](https://kit.example.com/kit/docs/intro.md): What Kit is and where to start.

## Guide

- [Guide](https://kit.example.com/kit/docs/category/guide.md): Step by step.
- [setup](https://kit.example.com/kit/docs/guide/setup.md): Set up Kit in three steps.
`);
  });

  it('writes llms-full.txt: every listed page\'s markdown in llms.txt order, with its address', () => {
    const full = output(docs, 'llms-full.txt')!;
    expect(full.startsWith('# Kit\n\n> Squares for everyone\n\n---\n\n# Introduction\n\nKit draws **squares**.')).toBe(true);
    expect(full).toContain('Source: https://kit.example.com/kit/docs/intro\n\n---\n\n# Guide\n');
    expect(full.indexOf('# Guide')).toBeLessThan(full.indexOf('# setup'));
    expect(full.endsWith('Install it.\n\nSource: https://kit.example.com/kit/docs/guide/setup\n')).toBe(true);
  });

  it('adds the title to a copy exactly when the source has no h1 with text, and takes an untitled doc\'s title from its h1', async () => {
    const sources: Record<string, string> = {
      'plain.md': '---\ntitle: Front\n---\n\n\n  # Plain Heading (v2): "quoted"\n\nText.\n',
      'closing.md': '# Closing ##\n\nText.\n',
      'styled.md': '# *Styled* title\n',
      'empty.md': '---\ntitle: Empty\n---\n\n# #\n\nText.\n',
      'hashtag.md': '---\ntitle: Hashtag\n---\n\n#hashtag first\n',
      'indented.md': '---\ntitle: Indented\n---\n\nText.\n\n    # in code\n',
      'fenced.md': '---\ntitle: Fenced\n---\n\n```sh\n# a comment\n```\n',
      'setext.md': '---\ntitle: Setext\n---\n\nSetext Title\n===\n',
      'later.md': '---\ntitle: Later\n---\n\nFirst a paragraph.\n\n# Later Heading\n',
    };
    const result = await buildSite(await createSite('', sources), { until: 'renderPages' });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    const body = (file: string) => sources[file].replace(/^---\n[\s\S]*?\n---\n/, '').replace(/^\s+/, '');
    const titled = (file: string, title: string) => `# ${title}\n\n${body(file)}`;
    expect(output(result, 'docs/plain.md')).toBe(body('plain.md'));
    expect(output(result, 'docs/closing.md')).toBe(body('closing.md'));
    expect(output(result, 'docs/styled.md')).toBe(body('styled.md'));
    expect(output(result, 'docs/empty.md')).toBe(titled('empty.md', 'Empty'));
    expect(output(result, 'docs/hashtag.md')).toBe(titled('hashtag.md', 'Hashtag'));
    expect(output(result, 'docs/indented.md')).toBe(titled('indented.md', 'Indented'));
    expect(output(result, 'docs/fenced.md')).toBe(titled('fenced.md', 'Fenced'));
    expect(output(result, 'docs/setext.md')).toBe(body('setext.md'));
    expect(output(result, 'docs/later.md')).toBe(body('later.md'));
    const titles = new Map(result.site.docs.map((doc) => [doc.route, doc.title]));
    expect(titles.get('/kit/docs/closing')).toBe('Closing');
    expect(titles.get('/kit/docs/styled')).toBe('Styled title');
  });

  it('leaves unlisted docs out of the llms files, but gives them a copy', async () => {
    const result = await buildSite(await createSite('', { 'hidden.md': '---\nunlisted: true\n---\n\n# Hidden\n\nSecret.\n' }), { until: 'renderPages' });
    expect(output(result, 'docs/hidden.md')).toBe('# Hidden\n\nSecret.\n');
    expect(output(result, 'llms.txt')).not.toContain('hidden');
    expect(output(result, 'llms-full.txt')).not.toContain('Secret.');
  });

  it('can be switched off, each on its own', async () => {
    const noCopies = await buildSite(await createSite('  markdownPages: false,\n'), { until: 'renderPages' });
    expect([...noCopies.site.outputs.keys()].filter((file) => file.endsWith('.md'))).toEqual([]);
    expect(pageHtml(noCopies, '/kit/docs/intro')).not.toMatch(/data-copy-page|text\/markdown/);
    // Without copies, llms.txt links to the pages.
    expect(output(noCopies, 'llms.txt')).toContain('- [Introduction](https://kit.example.com/kit/docs/intro): What Kit is');
    const noLlms = await buildSite(await createSite('  llmsTxt: false,\n'), { until: 'renderPages' });
    expect(output(noLlms, 'llms.txt')).toBeUndefined();
    expect(output(noLlms, 'llms-full.txt')).toBeUndefined();
    expect(output(noLlms, 'docs/intro.md')).toBeDefined();
  });

  it('refuses a non-boolean switch at its line', async () => {
    const dir = await createSite("  llmsTxt: 'yes',\n");
    const error = await buildSite(dir, { until: 'collectContent' }).catch((caught: unknown) => caught);
    expect((error as UserError).diagnostics.map((d) => formatDiagnostic(d, { cwd: dir })).join('\n')).toMatch(/^sdkdocs\.config\.ts:6:3 error llmsTxt: expected boolean/);
  });

  it('makes a page on the path of a copy or an llms file a located error', async () => {
    const dir = await createSite('', { 'clash.md': '---\nslug: /intro.md\n---\n\n# Clash\n', 'llms.md': '---\nslug: /../llms.txt\n---\n\n# Llms\n' });
    const error = await buildSite(dir, { until: 'renderPages' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).diagnostics.map((d) => formatDiagnostic(d, { cwd: dir }))).toEqual([
      'docs/llms.md:2:1 error slug "/../llms.txt" gives the route /kit/llms.txt, which is the generated llms.txt (llms.txt in the output folder): the page and the generated file would overwrite each other. Choose another slug.',
    ]);
    await writeFile(path.join(dir, 'docs', 'llms.md'), '# Llms\n');
    const copyError = await buildSite(dir, { until: 'renderPages' }).catch((caught: unknown) => caught);
    expect((copyError as UserError).diagnostics.map((d) => formatDiagnostic(d, { cwd: dir }))).toEqual([
      'docs/clash.md:2:1 error The route /kit/docs/intro.md is the markdown copy of /kit/docs/intro (/kit/docs/intro.md): the page and the copy would overwrite each other. Give the page another slug (or file name), or set markdownPages: false in the config.',
    ]);
  });

  it('warns when a static file would be replaced by an llms file or a copy', async () => {
    const dir = await createSite();
    await mkdir(path.join(dir, 'static'), { recursive: true });
    await writeFile(path.join(dir, 'static', 'llms.txt'), '# My own\n');
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.map((d) => formatDiagnostic(d, { cwd: dir }))).toEqual([
      'static/llms.txt warning This static file is replaced by what the build writes there (llms.txt). To publish your own, set llmsTxt: false (and markdownPages: false for page copies) in sdkdocs.config.ts; else delete the file.',
    ]);
    const ownDir = await createSite('  llmsTxt: false,\n');
    await mkdir(path.join(ownDir, 'static'), { recursive: true });
    await writeFile(path.join(ownDir, 'static', 'llms.txt'), '# My own\n');
    const own = await buildSite(ownDir, { outDir: path.join(ownDir, 'out') });
    expect(own.site.diagnostics).toEqual([]);
    expect(await readFile(path.join(own.site.config.paths.siteOut, 'llms.txt'), 'utf8')).toBe('# My own\n');
  });

  it('counts links to llms.txt and to copies as working', async () => {
    const dir = await createSite("  onBrokenLinks: 'throw',\n", { 'tools.md': '# Tools\n\nSee [llms.txt](/llms.txt) and [the intro as markdown](pathname:///kit/docs/intro.md).\n' });
    const result = await buildSite(dir, { until: 'checkLinks' });
    expect(result.site.diagnostics).toEqual([]);
  });
});

describe('markdown copies of API pages', () => {
  let api: BuildResult;
  beforeAll(async () => {
    api = await buildSite(fixture('api-basic'), { until: 'renderPages' });
  }, 120_000);

  it('are written from the API model: declaration, comment, members with signatures and parameters', () => {
    const widget = output(api, 'api/class/Widget.md')!;
    expect(widget).toMatch(/^# Class: Widget\n\n```ts\nclass Widget extends Shape<string> implements Sized\n```\n\nA square\./);
    expect(widget).toContain('## Methods');
    expect(widget).toMatch(/### scale\n\n```ts\nscale\(/);
    const shape = output(api, 'api/class/Shape.md')!;
    expect(shape).toContain('**Type parameters**\n\n- `T` — What the shape carries.');
    expect(shape).toContain('- `name`: `string` — The shape\'s name.');
    const color = output(api, 'api/enum/Color.md')!;
    expect(color).toContain('### Red\n\n```ts\nRed = "red"\n```\n\nWarm.');
    const index = output(api, 'api.md')!;
    expect(index).toMatch(/^# API Reference\n\nWidgets draws squares for the tests of the API reference. Start with \[Widget\]\(https:\/\/widgets.example.com\/sdk\/api\/class\/Widget\)\./);
    expect(index).toContain('- [Widget](https://widgets.example.com/sdk/api/class/Widget)');
  });

  it('are listed in llms.txt under the API reference, in the sidebar\'s order', () => {
    const llms = output(api, 'llms.txt')!;
    const section = llms.slice(llms.indexOf('## API reference'));
    expect(section).toMatch(/^## API reference\n\n- \[API Reference\]\(https:\/\/widgets.example.com\/sdk\/api.md\): Widgets draws squares/);
    expect(section).toContain('- [Color](https://widgets.example.com/sdk/api/enum/Color.md): Colours a widget can have.');
    expect(section.indexOf('[Shape]')).toBeLessThan(section.indexOf('[Color]'));
  });
});

describe('markdown copies on a host', () => {
  it('are served as text/markdown, and the built-site link check does not take them for pages', async () => {
    const dir = await createSite();
    const outDir = path.join(dir, 'out');
    const result = await buildSite(dir, { outDir });
    const server = await startStaticServer({ root: outDir, baseUrl: '/kit/', port: 0 });
    try {
      const response = await rawRequest(server.port, '/kit/docs/intro.md');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(response.body).toBe(await readFile(path.join(result.site.config.paths.siteOut, 'docs', 'intro.md'), 'utf8'));
      expect((await rawRequest(server.port, '/kit/llms.txt')).headers['content-type']).toBe('text/plain; charset=utf-8');
    } finally {
      await server.close();
    }
    const report = await checkBuiltSite({ outDir, baseUrl: '/kit/', siteUrl: 'https://kit.example.com', workers: 0 });
    expect(report.broken).toEqual([]);
    const htmlPages = result.site.pages.filter((page) => page.kind !== 'notFound').length + 1;
    expect(report.pages).toBe(htmlPages);
  });
});
