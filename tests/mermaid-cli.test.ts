import { rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { DiagramSyntaxError } from '../src/mermaid/diagram-renderer.js';
import { createMermaidCliRenderer } from '../src/mermaid/mermaid-cli-renderer.js';
import { siteFontFamily } from '../src/mermaid/render-diagrams.js';
import { createHastRenderer } from '../src/render/render-pages.js';
import { findChromium } from '../src/shared/chromium.js';
import { buildSite, copySite, exampleSiteDir, pageHtml } from './helpers/site.js';

const chromium = findChromium();
const sequenceRoute = '/sdk/docs/getting-started/sequence-diagram';

// The one slow test that drives the real mermaid-cli; the rest use a fake renderer.
describe.skipIf(!chromium)('mermaid-cli in the system Chromium', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('inlines the example’s sequence diagram, light and dark, within 15 KB gzipped and without mermaid’s script; a warm build starts no browser', async () => {
    const copy = await copySite(exampleSiteDir);
    cleanups.push(copy.cleanup);
    // copySite keeps a top-level node_modules: start from an empty diagram cache.
    await rm(path.join(copy.dir, 'node_modules'), { recursive: true, force: true });

    const cold = await buildSite(copy.dir, { until: 'renderDiagrams' });
    expect(cold.site.diagrams?.browserLaunches).toBe(1);
    expect(cold.site.diagrams?.rendered).toBe(2 * cold.site.diagrams!.diagrams);

    const page = cold.site.pages.find((candidate) => candidate.route === sequenceRoute)!;
    const html = renderToStaticMarkup(createHastRenderer()(page.hast!));
    const figures = html.match(/<figure class="mermaid-diagram">[\s\S]*?<\/figure>/g) ?? [];
    expect(figures).toHaveLength(1);
    const [figure] = figures;
    expect(figure).toMatch(/<svg id="mermaid-1-light"[^>]*role="img"[^>]*aria-labelledby="chart-title-mermaid-1-light"/);
    expect(figure).toMatch(/<svg id="mermaid-1-dark"[^>]*role="img"/);
    expect(figure).toContain('<title id="chart-title-mermaid-1-light">Playkit session and round sequence</title>');
    // Drawn in the site's own fonts: no font stylesheet travels inside the SVG.
    expect(figure).not.toContain('@font-face');
    expect(figure).not.toContain('trebuchet');
    expect(gzipSync(figure).length).toBeLessThanOrEqual(15_000);

    const warm = await buildSite(copy.dir, { until: 'renderPages' });
    expect(warm.site.diagrams).toMatchObject({ rendered: 0, browserLaunches: 0 });
    // The page carries the SVGs; no script of the site carries mermaid.
    expect(pageHtml(warm, sequenceRoute)).toContain(figure);
    const scripts = [...warm.site.outputs.values()].filter((output) => output.path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const text = typeof script.contents === 'string' ? script.contents : new TextDecoder().decode(script.contents);
      expect(text).not.toMatch(/mermaid/i);
    }
  });

  it('reports mermaid’s parser message for a definition that does not parse', async () => {
    const renderer = createMermaidCliRenderer({ fontFamily: siteFontFamily() });
    try {
      const error = await renderer.render('sequenceDiagram\n  Game->>SDK: init()\n  SDK-->>>Game what', 'default').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DiagramSyntaxError);
      expect((error as Error).message).toMatch(/^Parse error on line 3:/);
      expect((error as Error).message).not.toContain('mermaid-cli-intercept');
    } finally {
      await renderer.close();
    }
  });
});
