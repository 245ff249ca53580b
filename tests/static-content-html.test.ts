import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Element, Root, RootContent } from 'hast';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../bench/lib/corpus.mjs';
import { createMarkdownProcessor } from '../src/markdown/processor.js';
import { buildDiagramFigure } from '../src/core/diagram-figure.js';
import { createHastRenderer } from '../src/ssr/content-html.js';
import { createStaticHtmlWriter } from '../src/ssr/static-content-html.js';
import { markdownTextsUnder } from './helpers/markdown-files.js';
import { createRandom, generateDoc } from './helpers/markdown-fuzz.js';

/*
 * React is the oracle: for every doc the project has, the content HTML written without React
 * must be React's, byte for byte. The share of nodes handed to React is counted too, so a writer
 * that handed everything over would not pass.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const corpusDir = mkdtempSync(path.join(tmpdir(), 'sdkdocs-static-html-'));
afterAll(() => rmSync(corpusDir, { recursive: true, force: true }));

/** Every doc's hast both ways; the docs whose HTML differs, and how many nodes went to React of how many written. */
async function compareBothWays(docs: Iterable<{ name: string; text: string }>) {
  const processor = createMarkdownProcessor({ admonitions: undefined });
  const toReact = createHastRenderer();
  let handedToReact = 0;
  let written = 0;
  const react = (tree: Root) => renderToStaticMarkup(toReact(tree));
  const staticHtml = createStaticHtmlWriter((nodes: RootContent[]) => {
    handedToReact += nodes.filter((node) => node.type !== 'text').length;
    return react({ type: 'root', children: nodes });
  });
  const differences: string[] = [];
  let total = 0;
  for (const { name, text } of docs) {
    total++;
    const { mdast, file } = processor.parse(text, name);
    const { hast } = await processor.transform(mdast, file, { routeOfFile: () => undefined, docsDir: repoRoot, siteDir: repoRoot, baseUrl: '/', pageRoute: '/docs/page' });
    written += countNodes(hast);
    const expected = react(hast);
    const actual = staticHtml(hast);
    if (actual !== expected) differences.push(`${name}: ${firstDifference(actual, expected)}`);
  }
  return { differences, total, handedToReact, written };
}

function countNodes(node: Root | RootContent): number {
  return 1 + ('children' in node ? node.children.reduce((sum, child) => sum + countNodes(child), 0) : 0);
}

function firstDifference(actual: string, expected: string): string {
  let at = 0;
  while (at < actual.length && actual[at] === expected[at]) at++;
  return `at ${at}: written ${JSON.stringify(actual.slice(Math.max(0, at - 60), at + 60))}, React ${JSON.stringify(expected.slice(Math.max(0, at - 60), at + 60))}`;
}

describe('content HTML written without React is React’s', () => {
  it('for every markdown file of the tests and the example site', async () => {
    const { differences, total, handedToReact, written } = await compareBothWays(markdownTextsUnder([path.join(repoRoot, 'tests'), path.join(repoRoot, 'example-site')], ['out']));
    expect(differences).toEqual([]);
    expect(total).toBeGreaterThan(100);
    expect(handedToReact / written).toBeLessThan(0.1);
  });

  it('for a generated corpus', async () => {
    generateCorpus(corpusDir, 300);
    const { differences, handedToReact, written } = await compareBothWays(markdownTextsUnder([corpusDir]));
    expect(differences).toEqual([]);
    expect(handedToReact / written).toBeLessThan(0.1);
  });

  it('for 500 generated hostile docs (seeded)', async () => {
    const random = createRandom(71);
    const docs = Array.from({ length: 500 }, (_, index) => ({ name: `fuzz-${index}.md`, text: generateDoc(random, index, 500) }));
    const { differences } = await compareBothWays(docs);
    expect(differences).toEqual([]);
    // Each doc is rendered twice, once by React: tens of seconds on a busy machine.
  }, 240_000);
});

describe('the static HTML writer', () => {
  const react = createHastRenderer();
  const writer = createStaticHtmlWriter((nodes) => renderToStaticMarkup(react({ type: 'root', children: nodes })));
  const both = (tree: Root) => [writer(tree), renderToStaticMarkup(react(tree))];

  it('escapes text and attribute values as React does', () => {
    const tree: Root = {
      type: 'root',
      children: [{ type: 'element', tagName: 'a', properties: { href: '/a?x=1&y="2"', title: "it's <b>" }, children: [{ type: 'text', value: `<&>"'` }] }],
    };
    const [written, expected] = both(tree);
    expect(written).toBe(expected);
    expect(written).toBe('<a href="/a?x=1&amp;y=&quot;2&quot;" title="it&#x27;s &lt;b&gt;">&lt;&amp;&gt;&quot;&#x27;</a>');
  });

  it('writes a page with a diagram’s figure (SVG, style) as React does', () => {
    const svg = '<svg id="mermaid-1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40" style="max-width: 120px;"><style>#mermaid-1{font-size:16px;}</style><g class="node"><rect x="1" y="1" width="100" height="30" stroke-width="2"></rect><text x="5" y="20">A &amp; B</text></g></svg>';
    const figure = buildDiagramFigure(svg, 1, { measured: 'trebuchet ms', shown: 'system-ui' });
    const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'Before' }] }, figure] };
    const [written, expected] = both(tree);
    expect(written).toBe(expected);
    expect(written).toContain('stroke-width="2"');
  });

  it('puts each node React rendered in its place, even when a text holds the separator of its renders', () => {
    const table = (text: string): RootContent => ({
      type: 'element',
      tagName: 'table',
      properties: {},
      children: [{ type: 'element', tagName: 'tr', properties: {}, children: [{ type: 'element', tagName: 'td', properties: {}, children: [{ type: 'text', value: text }] }] }],
    });
    for (const text of ['plain', '\u0000sdkdocs\u0000']) {
      const tree: Root = { type: 'root', children: [table('first'), { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'between' }] }, table(text), table('third')] };
      const [written, expected] = both(tree);
      expect(written).toBe(expected);
    }
  });

  it('hands what it does not know to React, in place', () => {
    const tree: Root = {
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'p',
          properties: {},
          children: [
            { type: 'element', tagName: 'span', properties: { style: 'color: red' }, children: [{ type: 'text', value: 'red' }] },
            { type: 'element', tagName: 'a', properties: { href: 'javascript:alert(1)' }, children: [{ type: 'text', value: 'x' }] },
            { type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'text', value: '\nleading' }] },
            { type: 'element', tagName: 'input', properties: { type: 'checkbox', checked: true, disabled: true }, children: [] },
          ],
        },
      ],
    };
    const [written, expected] = both(tree);
    expect(written).toBe(expected);
    expect(written).toContain('style="color:red"');
  });

  it('says where it wrote each element asked about, and gives none for one inside what React rendered', () => {
    const code = (text: string): Element => ({ type: 'element', tagName: 'code', properties: { className: ['hljs'] }, children: [{ type: 'text', value: text }] });
    const plain = code('a < b');
    const inReact = code('in a table');
    const tree: Root = {
      type: 'root',
      children: [
        { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'Before & after' }] },
        { type: 'element', tagName: 'table', properties: {}, children: [{ type: 'element', tagName: 'tr', properties: {}, children: [{ type: 'element', tagName: 'td', properties: {}, children: [inReact] }] }] },
        { type: 'element', tagName: 'pre', properties: {}, children: [plain] },
      ],
    };
    const { html, places } = writer.placing(tree, new Set([plain, inReact]));
    expect(html).toBe(writer(tree));
    const place = places.get(plain)!;
    expect(html.slice(place.start, place.end)).toBe('<code class="hljs">a &lt; b</code>');
    expect(places.has(inReact)).toBe(false);
  });
});
