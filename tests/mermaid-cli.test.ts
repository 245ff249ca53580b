import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { renderMermaid } from '@mermaid-js/mermaid-cli';
import puppeteer from 'puppeteer';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { DiagramBrowserCrashedError, DiagramNeedsThemesError, DiagramSyntaxError, type DiagramColours, type DiagramRenderer } from '../src/core/diagram-renderer.js';
import { inlineDiagramSvg } from '../src/core/diagram-svg.js';
import { createContentRenderer } from '../src/ssr/content-html.js';
import { createMermaidCliRenderer, mermaidCliRenderOptions, withoutBuildDayMarker } from '../src/mermaid/mermaid-cli-renderer.js';
import { diagramFont } from '../src/mermaid/diagram-font.js';
import { findChromium, headlessChromiumArgs } from '../src/core/chromium.js';
import { exampleSiteDir } from './helpers/site.js';

const chromium = findChromium();
const font = diagramFont({ theme: { fonts: {} }, paths: { customCss: [] } });
const fontFamily = font.layout;
const inlineFont = { measured: font.layout, shown: font.display };

/** One small definition of each kind the determinism and parity tests draw. */
const diagrams = {
  flowchart: 'flowchart LR\n  A[Start] --> B{Ready?}\n  B -->|yes| C[Play]\n  B -->|no| D[Wait]\n  D --> B',
  sequence: 'sequenceDiagram\n  accTitle: Login\n  participant Game\n  participant SDK\n  Game->>SDK: init()\n  SDK-->>Game: ready\n  loop every frame\n    Game->>SDK: tick()\n  end',
  class: 'classDiagram\n  class Player {\n    +String name\n    +join() void\n  }\n  Session "1" --> "*" Player : has',
  state: 'stateDiagram-v2\n  [*] --> Idle\n  Idle --> Playing : start\n  Playing --> Paused : pause\n  Paused --> Playing : resume',
  er: 'erDiagram\n  PLAYER ||--o{ SCORE : earns\n  PLAYER {\n    string id\n  }',
  gantt: 'gantt\n  dateFormat YYYY-MM-DD\n  section Build\n  SDK :a1, 2024-01-01, 10d\n  Docs :after a1, 5d',
  pie: 'pie title Platforms\n  "iOS" : 40\n  "Android" : 45\n  "Web" : 15',
  gitGraph: 'gitGraph\n  commit\n  branch feature\n  commit\n  checkout main\n  merge feature',
  architecture: 'architecture-beta\n  group api(cloud)[API]\n  service db(database)[DB] in api\n  service srv(server)[Server] in api\n  db:L -- R:srv',
};
type DiagramKind = keyof typeof diagrams;

/** Every other kind mermaid's bundle draws, and the ZenUML diagram and ELK layout mermaid-cli adds. */
const moreDiagrams: Record<string, string> = {
  journey: 'journey\n  title Onboarding\n  section Sign up\n    Open app: 5: Player',
  mindmap: 'mindmap\n  root((SDK))\n    Auth\n    Saves',
  timeline: 'timeline\n  2022 : v1\n  2023 : v2',
  quadrantChart: 'quadrantChart\n  x-axis Low --> High\n  y-axis Low --> High\n  A: [0.3, 0.6]',
  'xychart-beta': 'xychart-beta\n  x-axis [jan, feb]\n  bar [20, 50]',
  'sankey-beta': 'sankey-beta\n\nA,B,10\nA,C,5',
  'block-beta': 'block-beta\n  columns 2\n  a b',
  'packet-beta': 'packet-beta\n  0-15: "Source"\n  16-31: "Dest"',
  requirementDiagram: 'requirementDiagram\n  requirement r1 {\n    id: 1\n    text: works\n  }',
  C4Context: 'C4Context\n  Person(p, "Player")\n  System(s, "Game")\n  Rel(p, s, "plays")',
  kanban: 'kanban\n  todo[Todo]\n    t1[Write docs]',
  'radar-beta': 'radar-beta\n  axis a["A"], b["B"], c["C"]\n  curve x["X"]{1, 2, 3}',
  'treemap-beta': 'treemap-beta\n"Root"\n  "A": 10\n  "B": 20',
  zenuml: 'zenuml\n  Game->SDK: init',
  'flowchart with the ELK layout': '---\nconfig:\n  layout: elk\n---\nflowchart LR\n  A --> B --> C',
};

const contentRenderer = createContentRenderer();
const toHtml = (svg: ReturnType<typeof inlineDiagramSvg>) => contentRenderer.html({ type: 'root', children: [svg] });

/** The inlined tree as data: two SVGs are the same diagram on the page when these are equal. */
function inlined(svg: string): string {
  return JSON.stringify(inlineDiagramSvg(svg, { id: 'mermaid-1-light', className: ['mermaid-svg'], font: inlineFont }));
}

async function renderInOrder(renderer: DiagramRenderer, jobs: [DiagramKind, DiagramColours][]): Promise<Map<string, string>> {
  const svgs = await Promise.all(jobs.map(([kind, theme]) => renderer.render(diagrams[kind], theme)));
  return new Map(jobs.map(([kind, theme], index) => [`${kind} ${theme}`, inlined(svgs[index])]));
}

describe('withoutBuildDayMarker', () => {
  it('turns the today line of a gantt chart off, after the author’s last line', () => {
    const gantt = 'gantt\n  dateFormat YYYY-MM-DD\n  Beta :b1, 2024-01-01, 10d\n';
    expect(withoutBuildDayMarker(gantt)).toBe('gantt\n  dateFormat YYYY-MM-DD\n  Beta :b1, 2024-01-01, 10d\ntodayMarker off\n');
    const configured = `---\nconfig:\n  theme: forest\n---\n%% release plan\n%%{init: {'gantt': {'barHeight': 30}}}%%\n${gantt}`;
    expect(withoutBuildDayMarker(configured)).toBe(`${configured.trimEnd()}\ntodayMarker off\n`);
  });

  it('leaves a chart that sets todayMarker, and every other kind of diagram, as written', () => {
    const styled = 'gantt\n  todayMarker stroke:#f00\n  Beta :b1, 2024-01-01, 10d';
    expect(withoutBuildDayMarker(styled)).toBe(styled);
    for (const definition of Object.values(diagrams).filter((text) => !text.startsWith('gantt'))) expect(withoutBuildDayMarker(definition)).toBe(definition);
  });
});

// The slow tests that drive mermaid in the real Chromium; the build's tests use a fake renderer.
describe.skipIf(!chromium)('mermaid in long-lived Chromium pages', () => {
  const cleanups: (() => Promise<void>)[] = [];
  /** A renderer of the test's own, closed when the test ends so that its Chromium does not idle beside the next test's. */
  const newRenderer = (options: Partial<Parameters<typeof createMermaidCliRenderer>[0]> = {}) => {
    const renderer = createMermaidCliRenderer({ fontFamily, ...options });
    onTestFinished(() => renderer.close());
    return renderer;
  };
  /**
   * One renderer, one page, for the tests that only check what is drawn: each starting a Chromium
   * and loading mermaid of its own was most of its time. A page's history does not change what it
   * draws (the order test below checks that). Tests about launches, pages or a diagram's own
   * configuration keep their own, so that no diagram here sets mermaid's configuration.
   */
  let drawingRenderer: DiagramRenderer | undefined;
  const sharedDrawingRenderer = () => (drawingRenderer ??= createMermaidCliRenderer({ fontFamily, concurrency: 1 }));
  afterAll(async () => {
    await drawingRenderer?.close();
    for (const cleanup of cleanups) await cleanup();
  });

  it('starts no browser until a diagram needs one, then one browser for all of them', async () => {
    const renderer = newRenderer({ concurrency: 2 });
    expect(renderer.concurrency).toBe(2);
    expect(renderer.cacheKey).toMatch(/^mermaid-cli@\d+\.\d+\.\d+ mermaid@\d+\.\d+\.\d+ seed=\d+ font=/);
    expect(renderer.browserLaunches).toBe(0);
    const svgs = await Promise.all([renderer.render(diagrams.flowchart, 'default'), renderer.render(diagrams.pie, 'dark'), renderer.render(diagrams.state, 'dark')]);
    for (const svg of svgs) expect(svg).toMatch(/^<svg id="mermaid-svg"/);
    expect(renderer.browserLaunches).toBe(1);
  });

  it('opens its pages at once when the build expects enough renders, one page when it does not', async () => {
    const few = newRenderer({ concurrency: 2 });
    await Promise.all([few.render(diagrams.pie, 'both'), few.render(diagrams.state, 'both')]);
    expect(few.openPages).toBe(1);
    const many = newRenderer({ concurrency: 2 });
    many.expectRenders!(50);
    await Promise.all([many.render(diagrams.pie, 'both'), many.render(diagrams.state, 'both')]);
    expect(many.openPages).toBe(2);
    expect(many.browserLaunches).toBe(1);
  });

  it('inlines the same SVG whatever the pages rendered before and in whichever order', async () => {
    const kinds = Object.keys(diagrams) as DiagramKind[];
    const jobs = kinds.flatMap((kind) => (['default', 'dark', 'both'] as const).map((colours): [DiagramKind, DiagramColours] => [kind, colours]));
    const oneAtATime = newRenderer({ concurrency: 1 });
    const forwards = new Map<string, string>();
    for (const job of jobs) for (const [key, svg] of await renderInOrder(oneAtATime, [job])) forwards.set(key, svg);
    // Two pages at once, backwards, each page with a history of its own: mermaid's counters differ.
    const backwards = await renderInOrder(newRenderer({ concurrency: 2 }), [...jobs].reverse());
    for (const [key, svg] of forwards) expect(backwards.get(key), key).toBe(svg);
  });

  it('draws a diagram with the build’s configuration after a diagram that set its own, in the same page', async () => {
    const fresh = new Map<DiagramColours, string>();
    for (const colours of ['both', 'dark'] as const) fresh.set(colours, inlined(await newRenderer({ concurrency: 1 }).render(diagrams.sequence, colours)));
    const renderer = newRenderer({ concurrency: 1 });
    for (const colours of ['both', 'dark'] as const) {
      // The page sets mermaid's configuration once for a run of renders with the same one; a
      // diagram's directive or front matter must not stay in force for the next diagram.
      await renderer.render(`%%{init: {"theme": "forest", "sequence": {"mirrorActors": false}}}%%\n${diagrams.sequence}`, colours);
      await renderer.render(`---\nconfig:\n  themeVariables:\n    actorBkg: "#ff0000"\n  sequence:\n    showSequenceNumbers: true\n---\n${diagrams.sequence}`, colours);
      expect(inlined(await renderer.render(diagrams.sequence, colours)), colours).toBe(fresh.get(colours));
    }
  });

  it('inlines what mermaid-cli’s renderMermaid gives for the same definition, after other renders in the page', async () => {
    const renderer = newRenderer({ concurrency: 1 });
    // Sequence actors and sankey nodes count on across renders in one page.
    await renderer.render(diagrams.sequence, 'default');
    await renderer.render(moreDiagrams['sankey-beta'], 'dark');
    const browser = await puppeteer.launch({ executablePath: chromium!, headless: true, args: [...headlessChromiumArgs] });
    cleanups.push(() => browser.close());
    // class, er, gitGraph and architecture are left out: mermaid-cli draws them with Math.random.
    for (const kind of ['flowchart', 'sequence', 'state', 'gantt', 'pie'] as const) {
      for (const theme of ['default', 'dark'] as const) {
        const { data } = await renderMermaid(browser, withoutBuildDayMarker(diagrams[kind]), 'svg', mermaidCliRenderOptions(theme, fontFamily));
        expect(inlined(await renderer.render(diagrams[kind], theme)), `${kind} ${theme}`).toBe(inlined(new TextDecoder().decode(data)));
      }
    }
  });

  it('draws every kind of diagram mermaid bundles, and ZenUML and ELK layouts as mermaid-cli does', async () => {
    const renderer = newRenderer();
    const kinds = Object.entries(moreDiagrams);
    const svgs = await Promise.all(kinds.map(([, definition]) => renderer.render(definition, 'default')));
    const svgOf = (name: string) => svgs[kinds.findIndex(([kind]) => kind === name)];
    kinds.forEach(([kind], index) => {
      expect(svgs[index], kind).toMatch(/^<svg id="mermaid-svg"[^>]*>[\s\S]*<\/svg>$/);
      expect(svgs[index].length, kind).toBeGreaterThan(500);
    });
    expect(svgOf('zenuml')).toContain('init');
    // Without the ELK layout loaded, mermaid would quietly lay the flowchart out with dagre.
    const dagre = await renderer.render('flowchart LR\n  A --> B --> C', 'default');
    expect(svgOf('flowchart with the ELK layout')).not.toBe(dagre);
  });

  it('draws a diagram once for both colour modes, pixel for pixel as the light and the dark render', async () => {
    const renderer = sharedDrawingRenderer();
    const browser = await puppeteer.launch({ executablePath: chromium!, headless: true, args: [...headlessChromiumArgs] });
    cleanups.push(() => browser.close());
    const page = await browser.newPage();
    const html = (svg: string, id: string) => JSON.stringify(toHtml(inlineDiagramSvg(svg, { id, className: ['mermaid-svg'], font: inlineFont })));
    const kinds = { ...diagrams, timeline: moreDiagrams.timeline, journey: moreDiagrams.journey, C4Context: moreDiagrams.C4Context };
    for (const kind of ['flowchart', 'sequence', 'class', 'state', 'er', 'gantt', 'pie', 'gitGraph', 'timeline', 'journey', 'C4Context'] as const) {
      const both = await renderer.render(kinds[kind], 'both');
      expect(both, kind).toContain('var(--sdkdocs-mermaid-');
      // No sentinel is left over: each became its custom property.
      expect(both, kind).not.toMatch(/#1103[0-9a-f]{2}\b|rgba?\(17, 3, /i);
      for (const [mode, theme] of [['light', 'default'], ['dark', 'dark']] as const) {
        const reference = await renderer.render(kinds[kind], theme);
        const differing = await page.evaluate(differingPixels, { mode, reference: html(reference, 'reference'), both: html(both, 'both') });
        expect(differing, `${kind} in ${mode} mode`).toBe(0);
      }
    }
    // Thirteen slices: mermaid's dark theme has no twelfth pie colour, so one render cannot do.
    const bigPie = `pie\n${Array.from({ length: 13 }, (_, index) => `  "s${index}" : ${index + 1}`).join('\n')}`;
    await expect(renderer.render(bigPie, 'both')).rejects.toBeInstanceOf(DiagramNeedsThemesError);
  });

  it('draws no line at the day of the build on a gantt chart, unless the chart sets todayMarker', async () => {
    const renderer = sharedDrawingRenderer();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const aroundToday = `gantt\n  dateFormat YYYY-MM-DD\n  section Release\n  Beta :b1, ${day(-10)}, ${day(10)}`;
    const plain = await renderer.render(aroundToday, 'default');
    expect(plain).toContain('Beta');
    expect(plain).not.toContain('class="today"');
    const marked = await renderer.render(aroundToday.replace('gantt\n', 'gantt\n  todayMarker stroke-width:5px\n'), 'default');
    expect(marked).toContain('class="today"');
  });

  it('inlines the example’s sequence diagram within 15 KB gzipped, drawn in the site’s font', async () => {
    const markdown = await readFile(path.join(exampleSiteDir, 'docs', 'getting-started', 'sequence-diagram.md'), 'utf8');
    const definition = /```mermaid\n([\s\S]*?)```/.exec(markdown)![1];
    const renderer = sharedDrawingRenderer();
    for (const theme of ['default', 'dark'] as const) {
      const rendered = await renderer.render(definition, theme);
      const svg = inlineDiagramSvg(rendered, { id: `mermaid-1-${theme}`, className: ['mermaid-svg'], font: inlineFont });
      const text = JSON.stringify(svg);
      // The theme colours arrowheads through `[id$="-arrowhead"]`: what matched before still does.
      const suffixes = [...rendered.matchAll(/\[id\$="([^"]+)"\]/g)].map((match) => match[1]);
      const idsEndingIn = (html: string) => suffixes.filter((suffix) => new RegExp(`"id":"[^"]*${suffix}"| id="[^"]*${suffix}"`).test(html));
      expect(suffixes).toContain('-arrowhead');
      expect(idsEndingIn(text)).toEqual(idsEndingIn(rendered));
      expect(svg.properties).toMatchObject({ id: `mermaid-1-${theme}`, role: 'img', ariaLabelledBy: [`mermaid-1-${theme}-1`] });
      expect(text).toContain('Playkit session and round sequence');
      expect(text).not.toContain('@font-face');
      expect(text).not.toContain('trebuchet');
      expect(gzipSync(text).length).toBeLessThanOrEqual(15_000);
    }
  });

  it('reports mermaid’s parser message for a definition that does not parse, and keeps rendering', async () => {
    const renderer = sharedDrawingRenderer();
    const error = await renderer.render('sequenceDiagram\n  Game->>SDK: init()\n  SDK-->>>Game what', 'default').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DiagramSyntaxError);
    expect((error as Error).message).toMatch(/^Parse error on line 3:\n.*\n-+\^\nExpecting /);
    expect(await renderer.render(diagrams.pie, 'default')).toMatch(/^<svg id="mermaid-svg"/);
  });

  it('gives each of many renders asked at once its own outcome, as one at a time would', async () => {
    const jobs: [string, DiagramColours][] = [
      [diagrams.sequence, 'both'],
      ['sequenceDiagram\n  Game->>SDK: init()\n  SDK-->>>Game what', 'default'],
      [diagrams.flowchart, 'dark'],
      [diagrams.pie, 'both'],
      [diagrams.state, 'default'],
    ];
    const outcome = (settled: PromiseSettledResult<string>) =>
      settled.status === 'fulfilled' ? inlined(settled.value) : `${(settled.reason as Error).name}: ${(settled.reason as Error).message}`;
    const oneAtATime = sharedDrawingRenderer();
    const expected: string[] = [];
    for (const [definition, colours] of jobs) expected.push(outcome((await Promise.allSettled([oneAtATime.render(definition, colours)]))[0]));
    // Asked at once, they reach the one page several per round trip.
    const atOnceRenderer = newRenderer({ concurrency: 1 });
    const atOnce = (await Promise.allSettled(jobs.map(([definition, colours]) => atOnceRenderer.render(definition, colours)))).map(outcome);
    expect(atOnce).toEqual(expected);
    expect(atOnce[1]).toMatch(/^DiagramSyntaxError: Parse error on line 3/);
  });

  it('rejects a render whose browser died instead of hanging, and starts a new browser for the next', async () => {
    const { renderer, browserPid } = await rendererWithKnownBrowser();
    await renderer.render(diagrams.pie, 'default');

    const rendering = renderer.render(longFlowchart, 'default').catch((caught: unknown) => caught);
    process.kill(await browserPid(), 'SIGKILL');
    const error = await rendering;
    expect(error).toBeInstanceOf(DiagramBrowserCrashedError);
    expect((error as Error).message).toMatch(/^Chromium (stopped while rendering|could not load mermaid)/);

    expect(await renderer.render(diagrams.flowchart, 'dark')).toMatch(/^<svg id="mermaid-svg"/);
    expect(renderer.browserLaunches).toBe(2);
  });

  it.skipIf(process.platform !== 'linux')('rejects a render whose page crashed, and renders the next in a new page of the same browser', async () => {
    const { renderer, browserPid } = await rendererWithKnownBrowser();
    await renderer.render(diagrams.pie, 'default');

    const rendering = renderer.render(longFlowchart, 'default').catch((caught: unknown) => caught);
    const renderers = descendantsOf(await browserPid()).filter((child) => child.commandLine.includes('--type=renderer'));
    expect(renderers.length).toBeGreaterThan(0);
    for (const child of renderers) process.kill(child.pid, 'SIGKILL');
    const error = await rendering;
    expect(error).toBeInstanceOf(DiagramBrowserCrashedError);
    expect((error as Error).message).toMatch(/^Chromium stopped while rendering a mermaid diagram: the page (crashed|closed)/);

    expect(await renderer.render(diagrams.flowchart, 'dark')).toMatch(/^<svg id="mermaid-svg"/);
    // A new page of the same browser; on a busy machine Chromium may not open one after its
    // renderers were killed, and the renderer replaces it once.
    expect(renderer.browserLaunches).toBeLessThanOrEqual(2);
  }, 240_000);

  /** A one-page renderer whose Chromium notes its pid on start, so the test can kill what it started. */
  async function rendererWithKnownBrowser() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-chromium-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const pidFile = path.join(dir, 'pids');
    const wrapper = path.join(dir, 'chromium');
    await writeFile(wrapper, `#!/bin/sh\necho $$ >> '${pidFile}'\nexec '${chromium}' "$@"\n`);
    await chmod(wrapper, 0o755);
    const renderer = newRenderer({ concurrency: 1, findBrowser: () => wrapper });
    const browserPid = async () => Number((await readFile(pidFile, 'utf8')).trim().split('\n').at(-1));
    return { renderer, browserPid };
  }
});

/**
 * Runs in the page: draws each SVG (as inline HTML strings) on a canvas, in the colour mode, and
 * counts the pixels that differ. The SVGs are drawn as images with the page's `data-theme` copied
 * onto a wrapper, so the one drawn for both modes picks the mode's colours as it would on a page.
 */
async function differingPixels({ mode, reference, both }: { mode: string; reference: string; both: string }): Promise<number> {
  const draw = async (markup: string) => {
    const svg = new DOMParser().parseFromString(JSON.parse(markup) as string, 'image/svg+xml').documentElement;
    const [, , width, height] = (svg.getAttribute('viewBox') ?? '0 0 300 150').split(/[\s,]+/).map(Number);
    const wrapper = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    wrapper.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    wrapper.setAttribute('width', String(Math.ceil(width)));
    wrapper.setAttribute('height', String(Math.ceil(height)));
    wrapper.setAttribute('data-theme', mode);
    svg.setAttribute('width', String(Math.ceil(width)));
    svg.setAttribute('height', String(Math.ceil(height)));
    svg.style.maxWidth = 'none';
    wrapper.append(svg);
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(wrapper))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, canvas.width, canvas.height);
  };
  const [expected, actual] = [await draw(reference), await draw(both)];
  if (expected.width !== actual.width || expected.height !== actual.height) return Number.POSITIVE_INFINITY;
  let differing = 0;
  for (let index = 0; index < expected.data.length; index += 4) {
    if ([0, 1, 2, 3].some((channel) => Math.abs(expected.data[index + channel] - actual.data[index + channel]) > 8)) differing++;
  }
  return differing;
}

/** Takes long enough to render (~0.5 s) that the test can break its browser meanwhile. */
const longFlowchart = `flowchart TD\n${Array.from({ length: 300 }, (_, index) => `  n${index} --> n${index + 1}`).join('\n')}`;

/** Every process under `pid`, from /proc: Chromium's renderers hang below its zygote. */
function descendantsOf(pid: number): { pid: number; commandLine: string }[] {
  const processes = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return [{ pid: Number(entry), parent, commandLine: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ') }];
      } catch {
        // the process ended while we looked
        return [];
      }
    });
  const below = (root: number): { pid: number; commandLine: string }[] =>
    processes.filter((candidate) => candidate.parent === root).flatMap((child) => [child, ...below(child.pid)]);
  return below(pid);
}
