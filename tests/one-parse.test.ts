import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildSite, copySite, fixture } from './helpers/site.js';

/** How often each doc file's markdown was parsed, by any markdown processor of the build. */
const parsesByFile = vi.hoisted(() => new Map<string, number>());

vi.mock('../src/markdown/processor.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/markdown/processor.js')>();
  return {
    ...original,
    createMarkdownProcessor: () => {
      const processor = original.createMarkdownProcessor();
      return {
        ...processor,
        parse: (markdown: string, filePath?: string) => {
          if (filePath) parsesByFile.set(filePath, (parsesByFile.get(filePath) ?? 0) + 1);
          return processor.parse(markdown, filePath);
        },
      };
    },
  };
});

const fence = '```';

describe('a doc with code samples', () => {
  it('is parsed once per build: the sample check uses what the compile found, and MDX docs without samples are parsed by MDX only', async () => {
    const { dir, cleanup } = await copySite(fixture('api-basic'));
    try {
      const samples = path.join(dir, 'docs', 'samples.md');
      await writeFile(samples, `# Samples\n\n${fence}ts\nimport { createWidget } from 'widgets';\nexport const widget = createWidget(2);\n${fence}\n`);
      // MDX compiles it with its own parser: the markdown parser is needed only for samples and `:::tip Title` lines.
      await writeFile(path.join(dir, 'docs', 'island.mdx'), `# Island\n\nexport const answer = 42;\n\nThe answer is {answer}.\n`);
      const result = await buildSite(dir, { until: 'generateApi' });
      expect(result.site.api?.docSamples?.checked).toBeGreaterThan(0);
      expect(parsesByFile.get(samples)).toBe(1);
      const docParses = [...parsesByFile].filter(([file]) => file.startsWith(path.join(dir, 'docs') + path.sep));
      expect(parsesByFile.get(path.join(dir, 'docs', 'island.mdx'))).toBeUndefined();
      expect(docParses.map(([, count]) => count)).toEqual(result.site.docs.slice(1).map(() => 1));
    } finally {
      await cleanup();
    }
  });
});
