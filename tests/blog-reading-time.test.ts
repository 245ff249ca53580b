import { describe, expect, it } from 'vitest';
import { readingMinutes } from '../src/content/blog-posts.js';

/** The reading time from one segmentation of the whole text, as Docusaurus counts it. */
function wholeTextMinutes(body: string, locale: string): number {
  let words = 0;
  for (const segment of new Intl.Segmenter(locale, { granularity: 'word' }).segment(body)) if (segment.isWordLike) words++;
  return Math.round((words / 200) * 100) / 100;
}

const samples: Record<string, string> = {
  prose: "Prettier's 3.5 release doesn't change e.g. the_config or U.S. spelling.\nIt's 1,000,000 lines\r\nlater.\n",
  'words at line ends': 'one\ntwo\r\nthree\rfour\u2028five\n\nsix',
  cjk: '日本語の文章を読みます。\n中文句子。\n한국어 문장',
  code: '```js\nconst a = b?.c ?? d;\n```\n\n- item one\n- item two\n',
  'combining marks after a break': 'cafe\u0301\n\u0301accent\nnaïve',
};

describe('blog reading time', () => {
  it.each(Object.entries(samples))('counts the words of %s as one segmentation of the whole text does', (_name, body) => {
    const repeated = Array.from({ length: 60 }, () => body).join('\n');
    for (const locale of ['en', 'ja', 'fr']) {
      expect(readingMinutes(repeated, locale)).toBe(wholeTextMinutes(repeated, locale));
    }
  });

  it('is the words at 200 a minute', () => {
    expect(readingMinutes(Array.from({ length: 300 }, (_, index) => `word${index}`).join(' '), 'en')).toBe(1.5);
  });
});
