import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { formatDiagnostic, type Diagnostic } from '../src/core/diagnostic.js';
import { createMemoryLogger } from '../src/core/logger.js';
import { serve } from '../src/serve/serve.js';
import { liveReloadEvents } from '../src/shared/live-reload.js';
import { tempDir } from './helpers/browser.js';
import { writeCorpus } from './helpers/corpus.js';
import { connectEventStream, rawRequest } from './helpers/http.js';
import { buildSite, copySite, fixture, pageHtml, repoRoot } from './helpers/site.js';

/**
 * Issue 16: a site's Admonition, CodeBlock and Details overrides render every `:::` block, fenced
 * code block and `<details>` of its docs, markdown and MDX, as swizzling does in Docusaurus.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** The content HTML the build gave a doc (what its page and route file carry). */
function contentOf(result: BuildResult, route: string): string {
  const page = result.site.pages.find((candidate) => candidate.route === route);
  if (!page) throw new Error(`no page ${route}`);
  return page.data.html;
}

/** Every outer element of the given class in the HTML, with what it holds (balanced `<div>`/`<aside>` tags). */
function elementsOf(html: string, tag: string, className: string): string[] {
  const found: string[] = [];
  const open = new RegExp(`<${tag} class="${className}[" ]`, 'g');
  for (const match of html.matchAll(open)) {
    let depth = 0;
    const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
    tags.lastIndex = match.index;
    for (let tagMatch = tags.exec(html); tagMatch; tagMatch = tags.exec(html)) {
      depth += tagMatch[1] ? -1 : 1;
      if (depth === 0) {
        found.push(html.slice(match.index, tagMatch.index + tagMatch[0].length));
        break;
      }
    }
  }
  return found;
}

describe('overrides of Admonition, CodeBlock and Details reach every doc (fixture theme-blocks)', () => {
  let result: BuildResult;
  let builtIn: BuildResult;
  beforeAll(async () => {
    result = await buildSite(fixture('theme-blocks'), { until: 'renderPages' });
    const { dir, cleanup } = await copySite(fixture('theme-blocks'));
    cleanups.push(cleanup);
    await rm(path.join(dir, 'src'), { recursive: true });
    builtIn = await buildSite(dir, { until: 'renderPages' });
  }, 180_000);

  it('builds without diagnostics', () => {
    expect(result.site.diagnostics.map((d) => `${d.file}:${d.line}: ${d.message}`)).toEqual([]);
  });

  it('renders markdown admonitions through the override, with the type as written and a title only when written', () => {
    const html = contentOf(result, '/blocks/docs/intro');
    expect(html).toMatch(/<div class="admonition-wrapper" data-type="tip" data-has-title="yes"><button type="button" class="fold-button">Fold<\/button><aside class="admonition admonition-tip" role="note"><p class="admonition-title"><svg[^]*?<\/svg>Build <strong>faster<\/strong><\/p><p>Cache the <a href="\/blocks\/docs\/guide">guide<\/a> results.<\/p><\/aside><\/div>/);
    expect(html).toContain('<div class="admonition-wrapper" data-type="caution" data-has-title="no">');
    expect(html).toMatch(/<div class="admonition-wrapper" data-type="warning" data-has-title="no">[^]*?Warning<\/p><p>Caches grow.<\/p><\/aside><\/div>/);
    expect(html.split('<aside class="admonition').length).toBe(html.split('<div class="admonition-wrapper"').length);
  });

  it('renders fenced code through the override with Docusaurus props: the code, language, className, title, metastring, showLineNumbers', () => {
    const html = contentOf(result, '/blocks/docs/intro');
    expect(html).toContain(
      '<figure class="code-figure"><figcaption class="code-caption" data-language="ts" data-class="language-ts" data-meta="title=&quot;game.ts&quot; {2} showLineNumbers" data-title="game.ts" data-line-numbers="yes">3 lines</figcaption><div class="code-block language-ts">',
    );
  });

  it('keeps the build-time highlighting when the override renders @theme-original/CodeBlock: the block is the one a site without overrides gets', () => {
    const wrapped = elementsOf(contentOf(result, '/blocks/docs/intro'), 'div', 'code-block');
    const plain = elementsOf(contentOf(builtIn, '/blocks/docs/intro'), 'div', 'code-block');
    expect(wrapped).toHaveLength(1);
    expect(wrapped).toEqual(plain);
    expect(wrapped[0]).toContain('<span class="code-line code-line-highlighted">game.<span class="hljs-title function_">stop</span>();</span>');
    expect(wrapped[0]).toContain('<div class="code-block-title">game.ts</div>');
    expect(wrapped[0]).toContain('class="code-block-pre with-line-numbers"');
    expect(wrapped[0]).toContain('class="code-copy-button"');
    // The wrapped original admonitions are the built-in ones too (but for line breaks between tags).
    const admonitions = (build: BuildResult) => elementsOf(contentOf(build, '/blocks/docs/intro'), 'aside', 'admonition').map((html) => html.replace(/>\s+</g, '><'));
    expect(admonitions(result)).toEqual(admonitions(builtIn));
  });

  it('renders <details> through the override, with the summary as a prop and the rest as children', () => {
    const html = contentOf(result, '/blocks/docs/intro');
    expect(html).toContain(
      '<div class="disclosure"><button type="button" class="disclosure-button" aria-expanded="false">More about <em>caching</em></button><div class="disclosure-content" hidden=""><p>The cache keeps <strong>every</strong> scene.</p></div></div>',
    );
    // The one <details> left is the theme's phone "On this page" below the title, not the doc's.
    expect(html.replace(/<details class="toc-mobile" data-toc-mobile="">[\s\S]*?<\/details>/, '')).not.toContain('<details');
  });

  it('does the same in MDX docs and the partials they import: :::note[Title], fenced code, <details>', () => {
    const html = contentOf(result, '/blocks/docs/guide');
    expect(html).toMatch(/<div class="admonition-wrapper" data-type="info" data-has-title="yes">[^]*?Shared<\/p><p>From a partial.<\/p><\/aside><\/div>/);
    expect(html).toMatch(/<div class="admonition-wrapper" data-type="note" data-has-title="yes">[^]*?Written title<\/p><p>Admonitions in MDX.<\/p><\/aside><\/div>/);
    expect(html).toContain('<figcaption class="code-caption" data-language="sh" data-class="language-sh" data-meta="" data-title="" data-line-numbers="no">1 lines</figcaption>');
    expect(html).toContain('<button type="button" class="disclosure-button" aria-expanded="false">Advanced</button><div class="disclosure-content" hidden=""><p>Hidden until opened.</p></div>');
    expect(html).toContain('<button type="button" class="disclosure-button" aria-expanded="false">Provided</button><div class="disclosure-content" hidden="">The Details every MDX doc may use without an import.</div>');
  });

  it('ships a module only for the docs that hold such a construct; the others keep their static HTML', () => {
    const page = (route: string) => result.site.pages.find((candidate) => candidate.route === route)!;
    expect(page('/blocks/docs/intro').data.mdxModule).toMatch(/\.js$/);
    expect(page('/blocks/docs/plain').data.mdxModule).toBeUndefined();
    expect(pageHtml(result, '/blocks/docs/plain')).not.toContain('data-mdx-content');
  });

  it('makes CopyPageButton overridable', () => {
    const html = pageHtml(result, '/blocks/docs/intro');
    expect(html).toContain('<div class="copy-page-row"><div class="copy-page"><button type="button" class="copy-page-button" data-copy-page="/blocks/docs/intro.md">Copy page as Markdown</button>');
    expect(html).toContain('<a class="markdown-link" href="/blocks/docs/intro.md">View as Markdown</a>');
  });

  it('leaves a site without these overrides as it was: the same content HTML, and no module', () => {
    const expected = readFileSync(path.join(fixture('theme-blocks'), 'expected', 'intro-without-overrides.html'), 'utf8');
    expect(contentOf(builtIn, '/blocks/docs/intro')).toBe(expected);
    expect(builtIn.site.pages.find((page) => page.route === '/blocks/docs/intro')!.data.mdxModule).toBeUndefined();
    expect(pageHtml(builtIn, '/blocks/docs/intro')).not.toContain('data-mdx-content');
  });
});

describe('adding an override to a built site', () => {
  it('recompiles the docs it concerns instead of taking them from the compile cache', async () => {
    const { dir, cleanup } = await copySite(fixture('theme-blocks'));
    cleanups.push(cleanup);
    await rm(path.join(dir, 'src'), { recursive: true });
    const before = await buildSite(dir, { until: 'renderPages' });
    expect(contentOf(before, '/blocks/docs/intro')).toContain('<aside class="admonition admonition-tip"');
    await mkdir(path.join(dir, 'src', 'theme'), { recursive: true });
    await writeFile(
      path.join(dir, 'src', 'theme', 'Admonition.tsx'),
      "import type { AdmonitionProps } from 'sdkdocs';\nexport default function Box({ type, children }: AdmonitionProps) {\n  return <section className={`box box-${type}`}>{children}</section>;\n}\n",
    );
    const after = await buildSite(dir, { until: 'renderPages' });
    expect(after.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(contentOf(after, '/blocks/docs/intro')).toContain('<section class="box box-tip"><p>Cache the <a href="/blocks/docs/guide">guide</a> results.</p></section>');
  });
});

describe('on parse worker threads (a site big enough for them)', () => {
  it('compiles the docs with admonitions so that the override renders them, as the main thread does', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-block-workers-');
    cleanups.push(cleanup);
    writeCorpus(dir, 160);
    await writeFile(path.join(dir, 'sdkdocs.config.ts'), "import { defineConfig } from 'sdkdocs';\nexport default defineConfig({ title: 'Corpus', url: 'https://c.example.com', baseUrl: '/sdk/', markdown: { mermaid: false } });\n");
    await mkdir(path.join(dir, 'src', 'theme'), { recursive: true });
    await writeFile(path.join(dir, 'src', 'theme', 'Admonition.tsx'), "export default function Box({ type, children }) {\n  return <section className={`box box-${type}`}>{children}</section>;\n}\n");
    const outDir = path.join(dir, 'out');
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', dir, '--out-dir', outDir, '--verbose'], {
      encoding: 'utf8',
      env: { ...process.env, SDKDOCS_WORKERS: '2', CI: 'true' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/docs on 2 worker threads/);
    const pages = (readdirSync(path.join(outDir, 'sdk', 'docs'), { recursive: true }) as string[]).filter((file) => file.endsWith('index.html'));
    const withAdmonition = pages.map((file) => readFileSync(path.join(outDir, 'sdk', 'docs', file), 'utf8')).filter((html) => html.includes('class="box box-'));
    expect(withAdmonition.length).toBeGreaterThan(15);
    expect(withAdmonition.every((html) => !html.includes('<aside class="admonition'))).toBe(true);
  }, 180_000);
});

describe('versioned docs', () => {
  it('render every version\'s blocks through the override, each page with a module of its own', async () => {
    const { dir, cleanup } = await copySite(fixture('versioned-docs'));
    cleanups.push(cleanup);
    await mkdir(path.join(dir, 'src', 'theme'), { recursive: true });
    await writeFile(path.join(dir, 'src', 'theme', 'Admonition.tsx'), readFileSync(path.join(fixture('theme-blocks'), 'src', 'theme', 'Admonition.tsx'), 'utf8'));
    const intros = ['docs/intro.md', 'versioned_docs/version-1.1.0/intro.md', 'versioned_docs/version-1.0.0/intro.md'];
    for (const intro of intros) await writeFile(path.join(dir, intro), `${readFileSync(path.join(dir, intro), 'utf8')}\n:::tip\nFrom ${intro}.\n:::\n`);
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    const routes = ['/kit/docs/next/intro', '/kit/docs/intro', '/kit/docs/1.0.0/intro'];
    routes.forEach((route, index) => expect(contentOf(result, route), route).toMatch(new RegExp(`<div class="admonition-wrapper" data-type="tip" data-has-title="no">[^]*?<p>From ${intros[index]}.</p>`)));
    const modules = routes.map((route) => result.site.pages.find((page) => page.route === route)!.data.mdxModule);
    expect(new Set(modules).size).toBe(3);
    expect(modules.every((module) => module?.endsWith('.js'))).toBe(true);
  });
});

describe('serve --watch', () => {
  it('renders the docs\' admonitions through an Admonition override added while serving, and through the theme again once it is removed', async () => {
    const { dir, cleanup } = await copySite(fixture('theme-blocks'));
    cleanups.push(cleanup);
    const override = path.join(dir, 'src', 'theme', 'Admonition.tsx');
    const source = readFileSync(override, 'utf8');
    await rm(override);
    const server = await serve({ siteDir: dir, watch: true, port: 0, logger: createMemoryLogger() });
    cleanups.push(() => server.close());
    const events = await connectEventStream(server.port, '/__sdkdocs/events');
    cleanups.push(async () => events.close());
    await events.next((event) => event.event === liveReloadEvents.hello);
    const intro = async () => (await rawRequest(server.port, '/blocks/docs/intro')).body;
    expect(await intro()).not.toContain('admonition-wrapper');

    await writeFile(override, source);
    await events.next((event) => event.event === liveReloadEvents.reload);
    expect(await intro()).toContain('<div class="admonition-wrapper" data-type="tip" data-has-title="yes">');

    await rm(override);
    await events.next((event) => event.event === liveReloadEvents.reload);
    const html = await intro();
    expect(html).not.toContain('admonition-wrapper');
    expect(html).toContain('<aside class="admonition admonition-tip" role="note">');
  }, 120_000);
});

describe('a doc that cannot be compiled to a module', () => {
  it('keeps the theme\'s rendering of its blocks, with a warning at the first one naming the constructs and the reason', async () => {
    const { dir, cleanup } = await copySite(fixture('theme-blocks'));
    cleanups.push(cleanup);
    // Plain markdown renders HTML nested this deep; a module of it overflows the compiler's stack.
    const nested = `<div>${'<span>'.repeat(1500)}deep${'</span>'.repeat(1500)}</div>`;
    await writeFile(path.join(dir, 'docs', 'deep.md'), `# Deep\n\nIntro.\n\n:::tip Keep it\nShallow is better.\n:::\n\n${nested}\n`);
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, { cwd: dir }))).toEqual([
      "docs/deep.md:5:1 warning The doc's admonitions are rendered by the theme's own Admonition, not by the site's override in src/theme/: the doc cannot be compiled to a module (its markdown or HTML nests too deeply). Flatten the nesting (HTML elements inside each other) so that the doc renders through the site's components.",
    ]);
    const html = contentOf(result, '/blocks/docs/deep');
    expect(html).toMatch(/<aside class="admonition admonition-tip" role="note"><p class="admonition-title"><svg[^]*?<\/svg>Keep it<\/p><p>Shallow is better.<\/p><\/aside>/);
    expect(html).toContain('deep</span>');
    // The other docs still render through the overrides.
    expect(contentOf(result, '/blocks/docs/intro')).toContain('<div class="admonition-wrapper" data-type="tip"');
  });
});

describe('an override that throws while the build renders a markdown doc', () => {
  it('is an error at the block in the doc, naming the override', async () => {
    const { dir, cleanup } = await copySite(fixture('theme-blocks'));
    cleanups.push(cleanup);
    await writeFile(path.join(dir, 'src', 'theme', 'Admonition.tsx'), "export default function Broken(): never {\n  throw new Error('no admonitions here');\n}\n");
    const outcome = await buildSite(dir, { until: 'renderPages' }).then(
      (result) => result.site.diagnostics,
      (error: { diagnostics: Diagnostic[] }) => error.diagnostics,
    );
    const messages = outcome.map((diagnostic) => formatDiagnostic(diagnostic, { cwd: dir }));
    expect(messages).toContain(
      "docs/intro.md:5:1 error MDX: rendering the doc failed: no admonitions here The site's override of Admonition, CodeBlock or Details (src/theme/), which renders this doc's blocks, threw while rendering at build time; it must render without the browser (use effects for window and document).",
    );
  });
});
