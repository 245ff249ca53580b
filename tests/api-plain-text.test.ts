import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { plainParagraph } from '../src/api/api-pages.js';
import { createMarkdownProcessor } from '../src/markdown/processor.js';
import { createHastRenderer } from '../src/ssr/content-html.js';

const processor = createMarkdownProcessor();
const toReact = createHastRenderer();
const toHtml = (hast: Parameters<typeof toReact>[0]) => renderToStaticMarkup(createElement(Fragment, null, toReact(hast)));

/** What the docs' markdown pipeline makes of a comment fragment. */
async function throughPipeline(markdown: string): Promise<string> {
  const { mdast, file } = processor.parse(markdown);
  const result = await processor.transform(mdast, file, { routeOfFile: () => undefined, docsDir: '/docs', baseUrl: '/sdk/', pageRoute: '/sdk/api/x' });
  return toHtml(result.hast);
}

describe('plain comment text skips the markdown pipeline', () => {
  const plain = [
    'The player id.',
    '  How long a request may take, in milliseconds, before it is aborted.  ',
    "One-time token that identifies the player's session. The launcher\ncreates it; the SDK exchanges it for a \"session\".",
    'Retries (0 turns them off)? Yes!',
    'Größe der Einsätze, verdad? 2 or 3/4',
    'Ends with a number 42',
  ];
  const notPlain = [
    'Uses `code`.',
    'A [link](https://example.com).',
    'See www.example.com for more.',
    'Mail player@example.com',
    '- a list item',
    '1. an ordered item',
    'Line one\n2) second',
    'Two paragraphs.\n\nSecond one.',
    'Hard break  \nnext line',
    'Setext\n---',
    '*emphasis* and _more_',
    'Fish & chips',
    'A :directive[text]',
    'Tabs\tinside',
    '',
  ];

  it.each(plain)('renders %j as the pipeline does', async (markdown) => {
    const text = plainParagraph(markdown);
    expect(text).toBeDefined();
    const fast = toHtml({ type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: text! }] }] });
    expect(fast).toBe(await throughPipeline(markdown));
  });

  it.each(notPlain)('leaves %j to the pipeline', (markdown) => {
    expect(plainParagraph(markdown)).toBeUndefined();
  });
});
