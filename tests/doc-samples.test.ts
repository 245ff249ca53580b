import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectDocSamples } from '../src/api/check-doc-samples.js';
import { formatDiagnostic, UserError, type Diagnostic } from '../src/core/diagnostic.js';
import type { DocSample } from '../src/core/doc-samples.js';
import { createDocCompiler } from '../src/content/parse-doc.js';
import { buildSite, copySite, fixture } from './helpers/site.js';

const fence = '```';

/** The doc's samples as the build finds them: in the parse that compiles the doc. */
async function samplesOf(file: string, raw: string): Promise<DocSample[]> {
  const compile = createDocCompiler({ docsDir: path.dirname(file), siteDir: path.dirname(file), baseUrl: '/', routeByFile: new Map(), mermaid: false });
  const { compiled } = await compile({ file, raw, route: '/a', title: 'A' });
  return collectDocSamples([{ file, compiled }]);
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
    expect(await samplesOf('/docs/a.md', raw)).toEqual([
      { file: '/docs/a.md', line: 4, indent: 0, code: 'const a = 1;' },
      { file: '/docs/a.md', line: 10, indent: 2, code: 'const b = 2;' },
    ]);
  });

  it('finds them in MDX docs too, in the parse that compiles them', async () => {
    const raw = `import Tabs from '@theme/Tabs';\n\n# Title\n\n${fence}ts\nconst a = 1;\n${fence}\n`;
    expect(await samplesOf('/docs/a.mdx', raw)).toEqual([{ file: '/docs/a.mdx', line: 6, indent: 0, code: 'const a = 1;' }]);
  });
});

describe('doc samples from the compile cache', () => {
  it('are carried by the cached compiled doc and checked without compiling the doc again', async () => {
    const { dir, cleanup } = await copySite(fixture('api-basic'));
    try {
      await writeFile(path.join(dir, 'docs', 'samples.md'), `# Samples\n\n${fence}ts\nimport { createWidget } from 'widgets';\nexport const widget = createWidget(2);\n${fence}\n\n${fence}ts no-check\nbroken(\n${fence}\n`);
      const cold = await buildSite(dir, { until: 'generateApi' });
      const warm = await buildSite(dir, { until: 'generateApi' });
      expect(warm.site.compiled).toEqual({ docs: warm.site.docs.length, fromCache: warm.site.docs.length });
      const page = warm.site.pages.find((candidate) => candidate.sourceFile === path.join(dir, 'docs', 'samples.md'));
      expect(page?.content?.samples?.map(({ place: _place, ...sample }) => sample)).toEqual([
        { lang: 'ts', code: "import { createWidget } from 'widgets';\nexport const widget = createWidget(2);", line: 3, column: 1 },
        { lang: 'ts', meta: 'no-check', code: 'broken(', line: 8, column: 1 },
      ]);
      // With where the compile wrote each one's code, which the sample links fill.
      expect(page!.content!.samples!.map(({ place }) => place && page!.data.html.slice(place.start, place.end).replace(/<[^>]*>/g, '').replaceAll('&#x27;', "'"))).toEqual([
        "import { createWidget } from 'widgets';\nexport const widget = createWidget(2);",
        'broken(',
      ]);
      expect(warm.site.api?.docSamples?.checked).toBe(cold.site.api?.docSamples?.checked);
      expect(warm.site.api?.docSamples?.samples.map((sample) => sample.key)).toEqual(cold.site.api?.docSamples?.samples.map((sample) => sample.key));
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
