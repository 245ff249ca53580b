import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../src/core/diagnostic.js';
import { DiagramNeedsThemesError, DiagramSyntaxError, type DiagramColours, type DiagramRenderer } from '../src/core/diagram-renderer.js';
import { createMermaidCliRenderer, parserMessage } from '../src/mermaid/mermaid-cli-renderer.js';
import { diagramFont } from '../src/mermaid/diagram-font.js';
import { chromiumMissingHint } from '../src/core/chromium.js';
import type { BuildResult } from '../src/pipeline/build.js';
import { buildSite, copySite, fixture } from './helpers/site.js';
import { createItemMemory } from '../src/core/item-store.js';

/** The stack the fixtures' diagrams are measured with: they set no font of their own. */
const layoutFont = diagramFont({ theme: { fonts: {} }, paths: { customCss: [] } }).layout;

/**
 * Stands in for mermaid-cli: an SVG shaped like mermaid's (root id, scoped <style>, markers
 * referenced by url(#…) and href, title/desc wired by ARIA) that says which theme drew it; drawn
 * for both modes, its fill is a custom property its style sets per mode, as the real one's.
 */
function createFakeRenderer(): DiagramRenderer & { calls: { definition: string; theme: DiagramColours }[] } {
  const calls: { definition: string; theme: DiagramColours }[] = [];
  return {
    calls,
    cacheKey: 'fake-renderer 1',
    get browserLaunches() {
      return calls.length > 0 ? 1 : 0;
    },
    async render(definition, theme) {
      calls.push({ definition, theme });
      if (theme === 'both' && definition.includes('pie12')) throw new DiagramNeedsThemesError('pie12 has no dark colour');
      if (definition.includes('-->>>')) throw new DiagramSyntaxError("Parse error on line 3:\n...SDK-->>>Game\n-------^\nExpecting 'ACTOR', got 'INVALID'");
      const title = /accTitle:\s*(.+)/.exec(definition)?.[1];
      const kind = definition.trimStart().startsWith('sequenceDiagram') ? 'sequence' : 'flowchart-v2';
      const fill = theme === 'both' ? 'var(--sdkdocs-mermaid-primaryColor)' : theme === 'dark' ? '#1f2020' : '#ECECFF';
      const modes = theme === 'both' ? "#mermaid-svg{--sdkdocs-mermaid-primaryColor:#ECECFF;}[data-theme='dark'] #mermaid-svg{--sdkdocs-mermaid-primaryColor:#1f2020;}" : '';
      return [
        `<svg id="mermaid-svg" width="100%" xmlns="http://www.w3.org/2000/svg" style="max-width: 300px; background-color: transparent;" viewBox="0 0 300 100" role="graphics-document document" aria-roledescription="${kind}"${title ? ' aria-labelledby="chart-title-mermaid-svg"' : ''}>`,
        title ? `<title id="chart-title-mermaid-svg">${title}</title>` : '',
        `<style>${modes}#mermaid-svg{font-family:${layoutFont};}#mermaid-svg .node rect{fill:${fill};}</style>`,
        '<defs><marker id="mermaid-svg-arrowhead"><path d="M0,0 L10,5 z"/></marker><linearGradient id="g1"/></defs>',
        `<g id="node-1" class="node" data-et="node" data-id="Bet"><rect fill="url(#g1)" width="10" height="10"/><text style="font-size: 16px; font-family: ${layoutFont};">theme ${theme}</text></g>`,
        '<path d="M0,0 L50,0" marker-end="url(#mermaid-svg-arrowhead)"/><use href="#node-1"/>',
        '</svg>',
      ].join('');
    },
    async close() {},
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function freshCopy(name: string): Promise<string> {
  const copy = await copySite(fixture(name));
  cleanups.push(copy.cleanup);
  return copy.dir;
}

/** Attribute values of every `id` in the HTML. */
function idsIn(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]);
}

/** A page's content HTML, with its diagrams filled in. */
function contentHtml(result: BuildResult, route: string): string {
  const page = result.site.pages.find((candidate) => candidate.route === route);
  if (!page?.data.html) throw new Error(`no content for ${route}`);
  return page.data.html;
}

function figuresIn(html: string): string[] {
  return html.match(/<figure class="mermaid-diagram"[^>]*>[\s\S]*?<\/figure>/g) ?? [];
}

describe('renderDiagrams', () => {
  it('replaces each mermaid block with one inline SVG for both colour modes, rendered once', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const renderer = createFakeRenderer();
    const result = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: renderer });
    const html = contentHtml(result, '/kit/docs/intro');

    const figures = figuresIn(html);
    expect(figures).toHaveLength(2);
    for (const figure of figures) {
      expect(figure.match(/<svg/g)).toHaveLength(1);
      expect(figure).toMatch(/<svg[^>]*class="mermaid-svg"[\s\S]*theme both/);
      // Its colours are custom properties with a value per colour mode, scoped by its id.
      expect(figure).toMatch(/#mermaid-\d\{--sdkdocs-mermaid-primaryColor:#ECECFF;\}\[data-theme='dark'\] #mermaid-\d\{--sdkdocs-mermaid-primaryColor:#1f2020;\}/);
    }
    expect(html).not.toContain('language-mermaid');
    expect(html).toContain('other code blocks stay code');
    // Two diagrams, two renders: one each, not one per theme.
    expect(renderer.calls.map((call) => call.theme)).toEqual(['both', 'both']);
  });

  it('draws kinds one render cannot colour for both modes, and diagrams with their own config, once per theme', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const mindmap = 'mindmap\n  root((SDK))\n    Auth';
    const configured = "%%{init: {'theme': 'forest'}}%%\nflowchart LR\n  A --> B";
    const plain = 'stateDiagram-v2\n  [*] --> Idle';
    await writeFile(
      path.join(siteDir, 'docs', 'kinds.md'),
      ['# Kinds', '', ...[mindmap, configured, plain].flatMap((definition) => ['```mermaid', definition, '```', ''])].join('\n'),
    );
    const renderer = createFakeRenderer();
    const result = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: renderer });
    const themesOf = (definition: string) => renderer.calls.filter((call) => call.definition.trim() === definition).map((call) => call.theme);
    expect(themesOf(mindmap)).toEqual(['default', 'dark']);
    expect(themesOf(configured)).toEqual(['default', 'dark']);
    expect(themesOf(plain)).toEqual(['both']);
    const [mindmapFigure, , plainFigure] = figuresIn(contentHtml(result, '/kit/docs/kinds'));
    expect(mindmapFigure).toMatch(/<svg[^>]*class="mermaid-svg mermaid-light"[\s\S]*theme default/);
    expect(mindmapFigure).toMatch(/<svg[^>]*class="mermaid-svg mermaid-dark"[\s\S]*theme dark/);
    expect(plainFigure.match(/<svg/g)).toHaveLength(1);
  });

  it('draws a diagram once per theme when the one render finds a colour a theme lacks, and remembers that', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const pie = 'pie\n  "pie12" : 1';
    await writeFile(path.join(siteDir, 'docs', 'pie.md'), `# Pie\n\n\`\`\`mermaid\n${pie}\n\`\`\`\n`);
    const cold = createFakeRenderer();
    const first = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: cold });
    expect(cold.calls.filter((call) => call.definition.trim() === pie).map((call) => call.theme)).toEqual(['both', 'default', 'dark']);
    expect(figuresIn(contentHtml(first, '/kit/docs/pie'))[0]).toMatch(/mermaid-light[\s\S]*mermaid-dark/);

    await rm(path.join(siteDir, 'node_modules', '.cache', 'sdkdocs', 'mermaid', 'figures'), { recursive: true });
    const warm = createFakeRenderer();
    const second = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: warm });
    expect(warm.calls).toEqual([]);
    expect(figuresIn(contentHtml(second, '/kit/docs/pie'))).toEqual(figuresIn(contentHtml(first, '/kit/docs/pie')));
  });

  it('sends the browser no diagram code: the page has the SVG, its scripts know nothing of mermaid', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const result = await buildSite(siteDir, { until: 'renderPages', diagramRenderer: createFakeRenderer() });
    const scripts = [...result.site.outputs.values()].filter((file) => file.path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(Buffer.from(script.contents).toString('utf8'), script.path).not.toMatch(/mermaid/i);
    expect(figuresIn(contentHtml(result, '/kit/docs/intro'))).toHaveLength(2);
  });

  it('keeps ids unique on the page and every reference pointing inside its own SVG', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const result = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: createFakeRenderer() });
    const html = contentHtml(result, '/kit/docs/intro');
    const ids = idsIn(html);
    expect(new Set(ids).size).toBe(ids.length);

    const [sequence, flowchart] = figuresIn(html);
    // Every other id is renamed after the root, numbered in document order: the marker, the
    // gradient and the node, with each reference following its element.
    expect(flowchart).toContain('id="mermaid-2"');
    expect(flowchart).toContain('<marker id="mermaid-2-1">');
    expect(flowchart).toContain('marker-end="url(#mermaid-2-1)"');
    expect(flowchart).toContain('<linearGradient id="mermaid-2-2">');
    expect(flowchart).toContain('fill="url(#mermaid-2-2)"');
    expect(flowchart).toContain('<g id="mermaid-2-3" class="node">');
    expect(flowchart).toContain('href="#mermaid-2-3"');
    // mermaid scopes its rules by the root id: they follow the new id, the colour modes' too.
    expect(flowchart).toMatch(
      /<style>#mermaid-2\{[^}]*\}\[data-theme='dark'\] #mermaid-2\{[^}]*\}#mermaid-2\{[^}]*\}#mermaid-2 \.node rect\{fill:var\(--sdkdocs-mermaid-primaryColor\);\}<\/style>/,
    );
    expect(sequence).not.toMatch(/id="mermaid-svg|#mermaid-svg/);
  });

  it('gives each SVG an accessible name: the title from accTitle, or the kind of diagram', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const result = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: createFakeRenderer() });
    const [sequence, flowchart] = figuresIn(contentHtml(result, '/kit/docs/intro'));

    const titled = /<svg id="mermaid-1"[^>]*>/.exec(sequence)![0];
    expect(titled).toContain('role="img"');
    expect(titled).toContain('aria-labelledby="mermaid-1-1"');
    expect(sequence).toContain('<title id="mermaid-1-1">Start-up handshake</title>');

    const untitled = /<svg id="mermaid-2"[^>]*>/.exec(flowchart)![0];
    expect(untitled).toContain('role="img"');
    expect(untitled).toContain('aria-label="Flowchart diagram"');
  });

  it('drops what only mermaid’s browser runtime reads, and inline copies of the site font', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const result = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: createFakeRenderer() });
    const [figure] = figuresIn(contentHtml(result, '/kit/docs/intro'));
    expect(figure).not.toContain('data-et=');
    expect(figure).not.toContain('data-id=');
    expect(figure).not.toContain('aria-roledescription');
    expect(figure).toContain('<text style="font-size:16px">');
  });

  it('renders from the cache on the next build and starts no browser; a changed diagram renders again', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const cold = createFakeRenderer();
    const first = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: cold });
    // Three blocks, two of them the same text: that one renders once.
    expect(first.site.diagrams).toEqual({ diagrams: 3, figuresFromCache: 0, fromCache: 0, rendered: 2, browserLaunches: 1 });
    expect(existsSync(path.join(siteDir, 'node_modules', '.cache', 'sdkdocs', 'mermaid'))).toBe(true);

    const warm = createFakeRenderer();
    const second = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: warm });
    expect(warm.calls).toEqual([]);
    // Finished figures come from the figure cache: not even their SVGs are read.
    expect(second.site.diagrams).toEqual({ diagrams: 3, figuresFromCache: 3, fromCache: 0, rendered: 0, browserLaunches: 0 });
    expect(figuresIn(contentHtml(second, '/kit/docs/intro'))).toEqual(figuresIn(contentHtml(first, '/kit/docs/intro')));

    // Without the figures, they are made again from the cached SVGs, the same as before.
    await rm(path.join(siteDir, 'node_modules', '.cache', 'sdkdocs', 'mermaid', 'figures'), { recursive: true });
    const third = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: warm });
    expect(third.site.diagrams).toEqual({ diagrams: 3, figuresFromCache: 0, fromCache: 2, rendered: 0, browserLaunches: 0 });
    expect(figuresIn(contentHtml(third, '/kit/docs/intro'))).toEqual(figuresIn(contentHtml(first, '/kit/docs/intro')));

    const secondDoc = path.join(siteDir, 'docs', 'second.md');
    await writeFile(secondDoc, (await readFile(secondDoc, 'utf8')).replace('Spin --> Win', 'Spin --> Lose'));
    const changed = createFakeRenderer();
    await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: changed });
    expect(changed.calls.map((call) => call.theme)).toEqual(['both']);
    expect(changed.calls[0].definition).toContain('Spin --> Lose');
  });

  it('puts the figures into the doc while it parses: its HTML is final when parseMarkdown ends', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const renderer = createFakeRenderer();
    const result = await buildSite(siteDir, { until: 'parseMarkdown', diagramRenderer: renderer });
    const html = contentHtml(result, '/kit/docs/intro');
    expect(figuresIn(html)).toHaveLength(2);
    expect(html).not.toContain('sdkdocs-diagram');
    expect(renderer.calls).toHaveLength(2);
  });

  it('makes a cached doc again when the renderer changes, so its figures are never stale', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    await writeFile(path.join(siteDir, 'docs', 'plain.md'), '# Plain\n\nNo diagram here.\n');
    const first = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: createFakeRenderer() });
    expect(first.site.compiled?.fromCache).toBe(0);
    const upgraded = createFakeRenderer();
    const render = upgraded.render.bind(upgraded);
    const second = await buildSite(siteDir, {
      until: 'checkLinks',
      diagramRenderer: { ...upgraded, cacheKey: 'fake-renderer 2', render: async (definition, theme) => (await render(definition, theme)).replace(/theme (\w+)/, 'upgraded $1') },
    });
    const figures = figuresIn(contentHtml(second, '/kit/docs/intro'));
    expect(figures).toHaveLength(2);
    for (const figure of figures) expect(figure).toContain('upgraded both');
    // The doc without diagrams still comes from the compile cache.
    expect(second.site.compiled?.fromCache).toBe(1);
    expect(second.site.diagrams).toMatchObject({ figuresFromCache: 0, rendered: 2 });
  });

  it('in serve --watch, a doc edited around its diagram takes the figure from memory: no render, no SVG read', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const memory = createItemMemory();
    const first = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: createFakeRenderer(), memory, watch: true });
    const secondDoc = path.join(siteDir, 'docs', 'second.md');
    await writeFile(secondDoc, (await readFile(secondDoc, 'utf8')).replace('# Second', '# Second, edited'));
    // The cache folder goes: only the memory tier can answer.
    await rm(path.join(siteDir, 'node_modules', '.cache'), { recursive: true });
    const renderer = createFakeRenderer();
    const second = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: renderer, memory, watch: true, previous: first.site, changedFiles: new Set([secondDoc]) });
    expect(renderer.calls).toEqual([]);
    expect(second.site.diagrams).toEqual({ diagrams: 3, figuresFromCache: 3, fromCache: 0, rendered: 0, browserLaunches: 0 });
    expect(contentHtml(second, '/kit/docs/second')).toContain('Second, edited');
    expect(figuresIn(contentHtml(second, '/kit/docs/second'))).toEqual(figuresIn(contentHtml(first, '/kit/docs/second')));
  });

  it('fails the build at the code fence with mermaid’s parser message, leaving out/ untouched', async () => {
    const siteDir = await freshCopy('mermaid-syntax-error');
    const outDir = path.join(siteDir, 'out');
    const error = await buildSite(siteDir, { outDir, diagramRenderer: createFakeRenderer() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    const [diagnostic] = (error as UserError).diagnostics;
    expect(diagnostic).toMatchObject({
      severity: 'error',
      code: 'mermaid',
      file: path.join(siteDir, 'docs', 'intro.md'),
      line: 9,
    });
    expect(diagnostic.message).toMatch(/^mermaid: Parse error on line 3:/);
    expect(diagnostic.hint).toBe('Line 3 of the diagram is line 12 of the file.');
    expect(existsSync(outDir)).toBe(false);
  });

  it('says how to install Chromium when there is none, without trying to start one', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const renderer = createMermaidCliRenderer({ fontFamily: layoutFont, findBrowser: () => undefined });
    const error = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: renderer }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    const diagnostics = (error as UserError).diagnostics;
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0].code).toBe('chromium');
    expect(diagnostics[0].message).toContain(chromiumMissingHint);
    expect(diagnostics[0].message).toContain('SDKDOCS_CHROMIUM');
    expect(renderer.browserLaunches).toBe(0);
  });

  it('says so too for docs with other messages, which the fast parse compiles again from remark-parse', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    for (const name of ['intro.md', 'second.md']) {
      const doc = path.join(siteDir, 'docs', name);
      await writeFile(doc, `${await readFile(doc, 'utf8')}\n:::nosuchkind\nA box with a warning.\n:::\n`);
    }
    const renderer = createMermaidCliRenderer({ fontFamily: layoutFont, findBrowser: () => undefined });
    const error = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: renderer }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['chromium']);
  });

  it('leaves mermaid blocks as code when markdown.mermaid is off, each a warning at its line', async () => {
    const siteDir = await freshCopy('mermaid-diagrams');
    const configFile = path.join(siteDir, 'sdkdocs.config.ts');
    await writeFile(configFile, (await readFile(configFile, 'utf8')).replace('mermaid: true', 'mermaid: false'));
    const renderer = createFakeRenderer();
    const result = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: renderer });
    expect(contentHtml(result, '/kit/docs/intro')).toContain('language-mermaid');
    expect(renderer.calls).toEqual([]);
    const intro = path.join(siteDir, 'docs', 'intro.md');
    const fenceLines = (await readFile(intro, 'utf8')).split('\n').flatMap((line, index) => (line === '```mermaid' ? [index + 1] : []));
    const warnings = result.site.diagnostics.filter((diagnostic) => diagnostic.code === 'mermaid-off' && diagnostic.file === intro);
    expect(warnings.map((warning) => [warning.severity, warning.line, warning.column])).toEqual(fenceLines.map((line) => ['warning', line, 1]));
    expect(warnings[0].message).toBe('This ```mermaid block is shown as code: mermaid diagrams are off on this site.');
    expect(warnings[0].hint).toContain('markdown: { mermaid: true }');
  });
});

describe('parserMessage', () => {
  it('keeps mermaid’s message and drops the stack frame puppeteer appends', () => {
    const raw =
      "Parse error on line 3:\n...  A->>B: hi  B-->>>A what\n---------------------^\nExpecting '+', '-', got 'INVALID'\nParser.parseError (https://mermaid-cli-intercept.invalid/node_modules/mermaid/dist/chunks/sequenceDiagram.mjs:409:21)";
    expect(parserMessage(raw)).toBe("Parse error on line 3:\n...  A->>B: hi  B-->>>A what\n---------------------^\nExpecting '+', '-', got 'INVALID'");
  });
});
