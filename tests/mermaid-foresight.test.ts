import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiagramColours, DiagramRenderer } from '../src/core/diagram-renderer.js';
import { loadConfig } from '../src/config/load.js';
import { createSite } from '../src/core/site.js';
import { createItemMemory } from '../src/core/item-store.js';
import { createMemoryLogger, type Logger } from '../src/core/logger.js';
import { build } from '../src/pipeline/build.js';
import { renderDiagrams } from '../src/mermaid/render-diagrams.js';
import { buildSite, copySite, fixture, stageContext } from './helpers/site.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** Draws a small SVG and records each definition it was asked for; "starts a browser" on its first render. */
function createRecordingRenderer(): DiagramRenderer & { definitions: string[] } {
  const definitions: string[] = [];
  return {
    definitions,
    cacheKey: 'recording-renderer 1',
    get browserLaunches() {
      return definitions.length > 0 ? 1 : 0;
    },
    async render(definition: string, _colours: DiagramColours) {
      definitions.push(definition);
      return '<svg id="mermaid-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="graphics-document document"><text>drawn</text></svg>';
    },
    async close() {},
  };
}

/** The mermaid-diagrams fixture with its two docs replaced by these. */
async function siteWithDocs(intro: string, second: string): Promise<string> {
  const copy = await copySite(fixture('mermaid-diagrams'));
  cleanups.push(copy.cleanup);
  await writeFile(path.join(copy.dir, 'docs', 'intro.md'), intro);
  await writeFile(path.join(copy.dir, 'docs', 'second.md'), second);
  return copy.dir;
}

const fence = (marker: string, info: string, body: string, closing = marker) => `${marker}${info}\n${body}\n${closing}\n`;
const example = fence('```', 'mermaid', 'flowchart LR\n    Shown --> AsCode');

describe('the early scan for diagrams follows the fences as CommonMark reads them', () => {
  it('starts no browser for a doc whose only mermaid is an example inside a longer fence', async () => {
    const siteDir = await siteWithDocs(
      `---\ntitle: Introduction\n---\n\n# Introduction\n\nWrite a diagram like this:\n\n${fence('````', 'md', example)}`,
      // A tilde fence is closed only by tildes, a backtick one only by at least as many backticks,
      // and a fence indented four spaces is indented code.
      `---\ntitle: Second\n---\n\n# Second\n\n${fence('~~~', 'md', `${example}\`\`\`\`\`\``)}\n${fence('`````', 'md', `${example}\`\`\`\``)}\nIndented:\n\n    ${example.trimEnd().split('\n').join('\n    ')}\n`,
    );
    const renderer = createRecordingRenderer();
    const result = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: renderer });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(renderer.definitions).toEqual([]);
    expect(result.site.diagrams).toMatchObject({ diagrams: 0, rendered: 0, browserLaunches: 0 });
    const intro = result.site.pages.find((page) => page.route === '/kit/docs/intro')!;
    expect(intro.data.html).toContain('Shown --&gt; AsCode');
  });

  it('renders the doc’s real diagrams, once each, and not the example before them', async () => {
    const real = 'flowchart LR\n    Bet --> Spin --> Win';
    // Indented by two, as CommonMark lets a fence be: its code loses that indent, in the scan as in the compile.
    const indented = '  ```mermaid title="Round"\n  flowchart TD\n      Round --> Payout\n  ```\n';
    const siteDir = await siteWithDocs(
      `---\ntitle: Introduction\n---\n\n# Introduction\n\n${fence('````', 'md', example)}\nThe real ones:\n\n${fence('```', 'mermaid', real)}\n${indented}`,
      `---\ntitle: Second\n---\n\n# Second\n\nNo diagram here.\n`,
    );
    const renderer = createRecordingRenderer();
    const result = await buildSite(siteDir, { until: 'checkLinks', diagramRenderer: renderer });
    // What the scan foresaw is what the compile asked for: nothing is drawn twice.
    expect(renderer.definitions.sort()).toEqual([`${real}\n`, 'flowchart TD\n    Round --> Payout\n'].sort());
    expect(result.site.diagrams).toMatchObject({ diagrams: 2, rendered: 2 });
  });
});


describe('the diagram stage looks at the docs folder itself, before the content is collected', () => {
  const real = 'flowchart LR\n    Bet --> Spin --> Win';
  const added = 'flowchart LR\n    Added --> Later';
  const docWithDiagram = `# Introduction\n\n${fence('```', 'mermaid', real)}`;

  /** Runs renderDiagrams alone, as the first stage of a build: no doc is collected or parsed. */
  async function startDiagramStageAlone(siteDir: string, renderer: DiagramRenderer) {
    const site = createSite(await loadConfig(siteDir));
    await renderDiagrams(site, stageContext(site, { diagramRenderer: renderer }));
    cleanups.push(() => site.diagramFigures!.finish());
    return site;
  }

  it('starts rendering a doc’s diagram with no other stage run', async () => {
    const siteDir = await siteWithDocs(docWithDiagram, '# Second\n\nNo diagram here.\n');
    const renderer = createRecordingRenderer();
    await startDiagramStageAlone(siteDir, renderer);
    await vi.waitFor(() => expect(renderer.definitions).toEqual([`${real}\n`]), { timeout: 30_000 });
  });

  it('renders only the diagrams the caches do not hold', async () => {
    const siteDir = await siteWithDocs(docWithDiagram, '# Second\n\nNo diagram here.\n');
    const first = createRecordingRenderer();
    await buildSite(siteDir, { until: 'parseMarkdown', diagramRenderer: first });
    expect(first.definitions).toEqual([`${real}\n`]);
    await writeFile(path.join(siteDir, 'docs', 'second.md'), `# Second\n\n${fence('```', 'mermaid', added)}`);
    const next = createRecordingRenderer();
    await startDiagramStageAlone(siteDir, next);
    // Both diagrams are handed over at once: the cached one would be asked for first.
    await vi.waitFor(() => expect(next.definitions.length).toBeGreaterThan(0), { timeout: 30_000 });
    expect(next.definitions).toEqual([`${added}\n`]);
  });

  it('leaves a serve --watch rebuild’s diagrams to the parse, which foresees only the changed docs', async () => {
    const siteDir = await siteWithDocs(docWithDiagram, '# Second\n\nNo diagram here.\n');
    const memory = createItemMemory();
    const loggerWithDebug = (): Logger & { lines: string[] } => {
      const lines: string[] = [];
      return { ...createMemoryLogger(), debug: (line: string) => lines.push(line), lines };
    };
    const firstLogger = loggerWithDebug();
    const built = await build({ siteDir, until: 'parseMarkdown', inMemory: true, logger: firstLogger, diagramRenderer: createRecordingRenderer(), memory, watch: true });
    // Found, whether or not the parse of so small a site was done before the look was.
    expect(firstLogger.lines.filter((line) => line.startsWith('renderDiagrams: 1 diagram found in the docs folder'))).toHaveLength(1);
    const edited = path.join(siteDir, 'docs', 'second.md');
    await writeFile(edited, '# Second\n\nEdited, still no diagram.\n');
    const rebuildLogger = loggerWithDebug();
    await build({ siteDir, until: 'parseMarkdown', logger: rebuildLogger, diagramRenderer: createRecordingRenderer(), previous: built.site, changedFiles: new Set([edited]), memory, watch: true });
    expect(rebuildLogger.lines.filter((line) => line.includes('found in the docs folder'))).toEqual([]);
  });
});
