import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectDocSamples } from '../src/api/check-doc-samples.js';
import { formatDiagnostic, UserError, type Diagnostic } from '../src/core/diagnostic.js';
import type { Doc } from '../src/core/site.js';
import { tempDir } from './helpers/browser.js';
import { buildSite, copySite, fixture } from './helpers/site.js';

const fence = '```';

/** A doc as collectContent makes it; the sample collector reads only its source. */
function doc(file: string, raw: string): Doc {
  return { source: { file, raw, relativePath: path.basename(file), dir: '' } } as Doc;
}

describe('collectDocSamples', () => {
  it('finds ts and typescript blocks at their first code line, with their indentation', async () => {
    const raw = [
      '# Title', // 1
      '', // 2
      `${fence}ts`, // 3
      'const a = 1;', // 4
      fence, // 5
      '', // 6
      '- In a list:', // 7
      '', // 8
      `  ${fence}typescript title="b.ts"`, // 9
      '  const b = 2;', // 10
      `  ${fence}`, // 11
      '', // 12
      `${fence}js`, // 13
      'const c = 3;', // 14
      fence, // 15
      '', // 16
      `${fence}ts no-check`, // 17
      'broken(', // 18
      fence, // 19
    ].join('\n');
    expect(await collectDocSamples([doc('/docs/a.md', raw)])).toEqual([
      { file: '/docs/a.md', line: 4, indent: 0, code: 'const a = 1;' },
      { file: '/docs/a.md', line: 10, indent: 2, code: 'const b = 2;' },
    ]);
  });
});

describe('collectDocSamples with a cache folder', () => {
  it('remembers the samples of each doc source across processes and finds them again once the doc changes', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-sample-blocks-');
    try {
      const raw = `# A\n\n${fence}ts\nconst a = 1;\n${fence}\n`;
      expect(await collectDocSamples([doc('/docs/a.md', raw)], dir)).toEqual([{ file: '/docs/a.md', line: 4, indent: 0, code: 'const a = 1;' }]);
      const cacheFile = path.join(dir, 'doc-sample-blocks.json');
      const remembered = JSON.parse(await readFile(cacheFile, 'utf8')) as { blocks: Record<string, unknown[]> };
      expect(Object.values(remembered.blocks)).toEqual([[{ line: 4, indent: 0, code: 'const a = 1;' }]]);

      // What another process finds in the folder is used as it is, without parsing the doc again.
      const other = await tempDir('sdkdocs-sample-blocks-');
      try {
        const rawB = `# B\n\n${fence}ts\nconst b = 2;\n${fence}\n`;
        const hash = createHash('sha1').update(rawB).digest('hex');
        await writeFile(path.join(other.dir, 'doc-sample-blocks.json'), JSON.stringify({ version: 1, blocks: { [hash]: [{ line: 9, indent: 0, code: 'remembered' }] } }));
        expect(await collectDocSamples([doc('/docs/b.md', rawB)], other.dir)).toEqual([{ file: '/docs/b.md', line: 9, indent: 0, code: 'remembered' }]);
        const edited = rawB.replace('const b = 2;', 'const b = 3;');
        expect(await collectDocSamples([doc('/docs/b.md', edited)], other.dir)).toEqual([{ file: '/docs/b.md', line: 4, indent: 0, code: 'const b = 3;' }]);
      } finally {
        await other.cleanup();
      }
    } finally {
      await cleanup();
    }
  });
});

describe('doc samples checked against the SDK', () => {
  const samples = [
    '---', // 1
    'title: Samples', // 2
    '---', // 3
    '', // 4
    '# Samples', // 5
    '', // 6
    `${fence}ts`, // 7
    "import { Geometry } from 'widgets';", // 8
    '', // 9
    "Geometry.distance('a', 2);", // 10
    fence, // 11
    '', // 12
    '1. In a list:', // 13
    '', // 14
    `   ${fence}typescript`, // 15
    "   import { Widget } from 'widgets';", // 16
    '   const widget = new Widget(2);', // 17
    '   const side: string = widget.side;', // 18
    `   ${fence}`, // 19
    '', // 20
    `${fence}ts`, // 21
    "import { createWidget } from 'widgets';", // 22
    'export const widget = createWidget(2);', // 23
    fence, // 24
  ].join('\n');
  let dir: string;
  let cleanup: () => Promise<void>;
  let diagnostics: Diagnostic[];

  beforeAll(async () => {
    ({ dir, cleanup } = await copySite(fixture('api-basic')));
    await writeFile(path.join(dir, 'docs', 'samples.md'), samples);
    try {
      await buildSite(dir, { until: 'generateApi' });
      diagnostics = [];
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      diagnostics = error.diagnostics;
    }
  });

  afterAll(async () => {
    await cleanup();
  });

  it('fails the build on a stale sample, at the line and column in the doc', () => {
    const file = path.join(dir, 'docs', 'samples.md');
    expect(diagnostics.map(({ file, line, column, code }) => ({ file, line, column, code }))).toEqual([
      { file, line: 10, column: 19, code: 'doc-sample' },
      { file, line: 18, column: 10, code: 'doc-sample' },
    ]);
    expect(formatDiagnostic(diagnostics[1], { cwd: dir })).toMatchInlineSnapshot(
      `"docs/samples.md:18:10 error This code sample does not compile against the SDK: TS2322: Type 'number' is not assignable to type 'string'. Update the sample to match the SDK, or mark the block \`\`\`ts no-check if it is not meant to compile."`,
    );
  });

  it('passes the same docs when the check is off', async () => {
    const config = path.join(dir, 'sdkdocs.config.ts');
    await writeFile(config, (await readFile(config, 'utf8')).replace('checkDocSamples: true', 'checkDocSamples: false'));
    const result = await buildSite(dir, { until: 'generateApi' });
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.site.api?.docSamples).toBeUndefined();
  });
});

describe('@examples checked against the SDK', () => {
  it('fails the build on a stale @example, at its line and column in the SDK source', async () => {
    const { dir, cleanup } = await copySite(fixture('api-basic'));
    try {
      const file = path.join(dir, 'sdk', 'src', 'shapes.ts');
      const source = await readFile(file, 'utf8');
      await writeFile(file, source.replace(' * const widget = createWidget(3);', " * const widget = createWidget('3');"));
      const line = source.split('\n').indexOf(' * const widget = createWidget(3);') + 1;
      let diagnostics: Diagnostic[] = [];
      try {
        await buildSite(dir, { until: 'generateApi' });
      } catch (error) {
        if (!(error instanceof UserError)) throw error;
        diagnostics = error.diagnostics;
      }
      expect(diagnostics).toHaveLength(1);
      const column = " * const widget = createWidget('3');".indexOf("'3'") + 1;
      expect(diagnostics[0]).toMatchObject({ code: 'doc-sample', file, line, column });
      expect(diagnostics[0].message).toMatch(/^This @example does not compile against the SDK: TS2769: No overload matches this call\./);
    } finally {
      await cleanup();
    }
  });
});
