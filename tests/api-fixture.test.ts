import { appendFile, cp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type BuildResult } from '../src/pipeline/build.js';
import type { Logger } from '../src/core/logger.js';
import type { Page } from '../src/core/site.js';
import { copySite, fixture, pageHtml } from './helpers/site.js';

/** A logger that keeps debug lines too: they say where the API model came from. */
function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push = (message: string) => lines.push(message);
  return { lines, info: push, warn: push, error: push, debug: push, progress: () => {}, diagnostic: (d) => push(`${d.severity} ${d.message}`) };
}

let site: { dir: string; cleanup: () => Promise<void> };
let result: BuildResult;
let logger: ReturnType<typeof recordingLogger>;
const consoleCalls: unknown[][] = [];
const html = (route: string) => pageHtml(result, route);
const page = (route: string): Page => {
  const found = result.site.pages.find((p) => p.route === route);
  if (!found) throw new Error(`no page ${route}`);
  return found;
};
const memberHtml = (route: string, id: string): string => {
  const text = html(route);
  const start = text.indexOf(`<h3 id="${id}"`);
  if (start === -1) throw new Error(`no member #${id} on ${route}`);
  const end = text.indexOf('<h3 id="', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
};
const sdkFile = (name: string) => path.join(site.dir, 'sdk', 'src', name);
async function lineOf(file: string, text: string): Promise<number> {
  const index = (await readFile(file, 'utf8')).split('\n').findIndex((line) => line.includes(text));
  if (index === -1) throw new Error(`${text} not in ${file}`);
  return index + 1;
}
const buildCopy = (extra: { previous?: BuildResult['site']; logger?: Logger } = {}) =>
  build({ siteDir: site.dir, outDir: path.join(os.tmpdir(), 'sdkdocs-api-fixture-out'), until: 'renderPages', logger: extra.logger ?? recordingLogger(), previous: extra.previous });

beforeAll(async () => {
  // A copy has no cache folder, so TypeDoc really runs, and its output can be watched.
  site = await copySite(fixture('api-basic'));
  logger = recordingLogger();
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleCalls.push(args);
    }),
  );
  try {
    result = await buildCopy({ logger });
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
});

afterAll(async () => {
  await site.cleanup();
});

describe('API stage on a fixture SDK', () => {
  it('gives each kind of symbol its route', () => {
    const routes = result.site.pages.filter((p) => p.kind === 'api').map((p) => p.route);
    expect(routes.sort()).toEqual(
      [
        '/sdk/api',
        '/sdk/api/class/GenericStore',
        '/sdk/api/class/Shape',
        '/sdk/api/class/Widget',
        '/sdk/api/enum/Color',
        '/sdk/api/enum/Direction',
        '/sdk/api/function/Geometry.distance',
        '/sdk/api/function/createWidget',
        '/sdk/api/interface/Named',
        '/sdk/api/interface/Sized',
        '/sdk/api/namespace/Geometry',
        '/sdk/api/type/Listener',
        '/sdk/api/variable/DEFAULT_SIZE',
      ].sort(),
    );
    expect(logger.lines.some((line) => /model from typedoc/.test(line))).toBe(true);
  });

  it("routes TypeDoc's messages into diagnostics, with their position, and prints nothing itself", async () => {
    expect(consoleCalls).toEqual([]);
    const unknownTag = result.site.diagnostics.find((d) => d.code === 'typedoc');
    expect(unknownTag).toMatchObject({
      severity: 'warning',
      message: 'Encountered an unknown block tag @frobnicate.',
      file: sdkFile('shapes.ts'),
      line: await lineOf(sdkFile('shapes.ts'), '@frobnicate'),
    });
    expect(result.site.diagnostics.filter((d) => d.code === 'typedoc')).toHaveLength(1);
  });

  it('records a {@link} TypeDoc cannot resolve as a tsdoc link without a target, at its line', async () => {
    const broken = page('/sdk/api/class/Widget').links.find((link) => link.url === 'DoesNotExist');
    expect(broken).toEqual({
      url: 'DoesNotExist',
      kind: 'tsdoc',
      file: sdkFile('shapes.ts'),
      line: await lineOf(sdkFile('shapes.ts'), '{@link DoesNotExist}'),
      column: 17,
    });
    expect(memberHtml('/sdk/api/class/Widget', 'broken')).toContain('<code>DoesNotExist</code>');
  });

  it('resolves {@link} to symbols and members, and prose links in TSDoc get the base URL', () => {
    const widget = html('/sdk/api/class/Widget');
    expect(widget).toContain('<a href="/sdk/api/function/createWidget">createWidget</a>');
    expect(widget).toContain('<a href="/sdk/api/class/Shape#describe">Shape.describe</a>');
    expect(widget).toContain('<a href="/sdk/docs/intro#widgets">the guide</a>');
    expect(page('/sdk/api/class/Widget').links).toContainEqual(expect.objectContaining({ kind: 'route', resolved: '/sdk/docs/intro#widgets', file: sdkFile('shapes.ts') }));
  });

  it('shows the declaration with linked base class and interfaces', () => {
    const widget = html('/sdk/api/class/Widget');
    expect(widget).toMatch(/ extends <\/span><a href="\/sdk\/api\/class\/Shape" class="api-type-link api-token-type">Shape<\/a><span class="api-token-punctuation">&lt;<\/span><span class="api-token-type">string<\/span>/);
    expect(widget).toMatch(/ implements <\/span><a href="\/sdk\/api\/interface\/Sized"/);
    expect(html('/sdk/api/class/Shape')).toMatch(/<span class="api-token-keyword">abstract <\/span><span class="api-token-keyword">class <\/span>/);
    expect(html('/sdk/api/class/Shape')).toMatch(/Extended by <span><a href="\/sdk\/api\/class\/Widget"><code>Widget<\/code><\/a><\/span>/);
  });

  it('marks members inherited from a documented class and links where they come from', () => {
    const count = memberHtml('/sdk/api/class/Widget', 'count');
    expect(count).toContain('api-badge-static');
    expect(count).toContain('api-badge-inherited');
    expect(count).toMatch(/Inherited from <a href="\/sdk\/api\/class\/Shape#count"><code>Shape\.count<\/code><\/a>/);
    expect(memberHtml('/sdk/api/class/Widget', 'area')).toMatch(/Overrides <a href="\/sdk\/api\/class\/Shape#area">/);
    expect(memberHtml('/sdk/api/class/Widget', 'payload')).toContain('api-badge-protected');
  });

  it('shows accessors as getter and setter, not as overloads', () => {
    const side = memberHtml('/sdk/api/class/Widget', 'side');
    expect(side).toContain('<span class="api-token-keyword">get </span><span class="api-token-name">side</span>');
    expect(side).toContain('<span class="api-token-keyword">set </span><span class="api-token-name">side</span>');
    expect(side).not.toContain('Overload');
  });

  it('shows type parameters with constraints, defaults and descriptions', () => {
    const store = html('/sdk/api/class/GenericStore');
    expect(store).toMatch(/class <\/span><span class="api-token-name">GenericStore<\/span><span class="api-token-punctuation">&lt;<\/span><span class="api-token-type">K<\/span><span class="api-token-keyword"> extends <\/span><span class="api-token-type">string<\/span>/);
    expect(store).toMatch(/Type parameters[\s\S]*?api-parameter-name">V<\/span>[\s\S]*?<span class="api-token-type">number<\/span>[\s\S]*?Value type\./);
    expect(memberHtml('/sdk/api/class/GenericStore', 'foreach')).toContain('<a href="/sdk/api/type/Listener" class="api-type-link api-token-type">Listener</a>');
  });

  it('shows parameter defaults and the documented properties of an inline options object', () => {
    const move = memberHtml('/sdk/api/class/Widget', 'move');
    expect(move).toMatch(/api-parameter-name">distance<\/span>[\s\S]*?Pixels to move\./);
    expect(move).toMatch(/api-parameter-name">duration\?<\/span>[\s\S]*?Milliseconds the move takes\./);
    expect(memberHtml('/sdk/api/class/Widget', 'constructor')).toMatch(/api-parameter-name">color<\/span>[\s\S]*?api-default">Color\.Red</);
  });

  it('documents index signatures, numeric enums, functions, type aliases, variables and namespaces', () => {
    expect(memberHtml('/sdk/api/interface/Sized', 'index-signature')).toContain('<span class="api-token-name">key</span>');
    expect(memberHtml('/sdk/api/enum/Direction', 'down')).toContain('<span class="api-token-literal">2</span>');
    const createWidget = html('/sdk/api/function/createWidget');
    expect(createWidget).toContain('Overload 2 of 2');
    expect(createWidget).toContain('Makes a widget from options.');
    expect(html('/sdk/api/type/Listener')).toMatch(/<span class="api-token-keyword">type <\/span><span class="api-token-name">Listener<\/span>/);
    expect(html('/sdk/api/variable/DEFAULT_SIZE')).toMatch(/const <\/span><span class="api-token-name">DEFAULT_SIZE<\/span><span class="api-token-punctuation">: <\/span><span class="api-token-literal">10</);
    expect(html('/sdk/api/namespace/Geometry')).toContain('href="/sdk/api/function/Geometry.distance"');
    expect(page('/sdk/api/function/Geometry.distance').data.breadcrumbs.map((crumb) => crumb.label)).toEqual(['Home page', 'API Reference', 'Functions', 'Geometry', 'distance']);
  });

  it('shows the package documentation on the index', () => {
    expect(html('/sdk/api')).toMatch(/Widgets draws squares for the tests of the API reference\. Start with <a href="\/sdk\/api\/class\/Widget">Widget<\/a>/);
  });

  it('checks the docs samples and @examples, skipping those marked no-check', () => {
    expect(result.site.api?.docSamples).toMatchObject({ checked: 2, diagnostics: [] });
  });
});

describe('reuse of the API model', () => {
  it('reads an unchanged SDK from the cache folder, with the same warnings', async () => {
    const again = recordingLogger();
    const second = await buildCopy({ logger: again });
    expect(again.lines.some((line) => /model from disk/.test(line))).toBe(true);
    expect(second.site.diagnostics.filter((d) => d.code === 'typedoc')).toEqual(result.site.diagnostics.filter((d) => d.code === 'typedoc'));
    expect(pageHtml(second, '/sdk/api/class/Widget')).toBe(html('/sdk/api/class/Widget'));
  });

  it('checks no doc sample again in a new run when neither the samples nor the SDK changed', async () => {
    const again = await buildCopy();
    expect(again.site.api?.docSamples).toMatchObject({ checked: 2, compiled: 0, diagnostics: [] });
  });

  it('reuses the previous build in the same process (serve --watch)', async () => {
    const again = recordingLogger();
    const second = await buildCopy({ logger: again, previous: result.site });
    expect(again.lines.some((line) => /model from memory/.test(line))).toBe(true);
    expect(second.site.api?.docSamples).toMatchObject({ checked: 2, compiled: 0 });
  });

  it('compiles only the doc samples that changed', async () => {
    const intro = path.join(site.dir, 'docs', 'intro.md');
    await writeFile(intro, (await readFile(intro, 'utf8')).replace('widget.scale(2);', 'widget.scale(2, 3);'));
    const again = await buildCopy({ previous: result.site });
    expect(again.site.api?.docSamples).toMatchObject({ checked: 2, compiled: 1, diagnostics: [] });
  });

  it('runs TypeDoc again when an SDK file changes', async () => {
    await appendFile(sdkFile('helpers.ts'), '\n/** Added later. */\nexport const LATER = 1;\n');
    await appendFile(sdkFile('index.ts'), "export { LATER } from './helpers.js';\n");
    const again = recordingLogger();
    const changed = await buildCopy({ logger: again, previous: result.site });
    expect(again.lines.some((line) => /model from typedoc/.test(line))).toBe(true);
    expect(changed.site.pages.some((p) => p.route === '/sdk/api/variable/LATER')).toBe(true);
  });
});

describe('source links of an SDK installed as a package', () => {
  it('links its files relative to api.sourceRoot, even inside node_modules, and not its dependencies', async () => {
    const installed = await copySite(fixture('api-basic'));
    try {
      // As an npm package: the sources under the site's node_modules, the template relative to the package.
      const packageDir = path.join(installed.dir, 'node_modules', 'widgets');
      await cp(path.join(installed.dir, 'sdk'), packageDir, { recursive: true });
      const config = path.join(installed.dir, 'sdkdocs.config.ts');
      const text = (await readFile(config, 'utf8'))
        .replace("entryPoints: ['sdk/src/index.ts']", "entryPoints: ['node_modules/widgets/src/index.ts']")
        .replace("tsconfig: 'sdk/tsconfig.json'", "tsconfig: 'node_modules/widgets/tsconfig.json',\n    sourceRoot: 'node_modules/widgets'");
      await writeFile(config, text);
      const built = await build({ siteDir: installed.dir, outDir: path.join(os.tmpdir(), 'sdkdocs-api-installed-out'), until: 'renderPages', logger: recordingLogger() });
      const widget = pageHtml(built, '/sdk/api/class/Widget');
      const line = (await readFile(path.join(packageDir, 'src', 'shapes.ts'), 'utf8')).split('\n').findIndex((text) => text.startsWith('export class Widget')) + 1;
      expect(widget).toContain(`href="https://git.example.com/widgets/blob/main/src/shapes.ts#L${line}"`);
      expect(widget).toContain(`>src/shapes.ts:${line}</a>`);
    } finally {
      await installed.cleanup();
    }
  });
});

describe('several entry points', () => {
  it("documents every entry point's exports at the top level, each declaration once", async () => {
    const twoEntries = await copySite(fixture('api-basic'));
    try {
      const config = path.join(twoEntries.dir, 'sdkdocs.config.ts');
      await writeFile(config, (await readFile(config, 'utf8')).replace("entryPoints: ['sdk/src/index.ts']", "entryPoints: ['sdk/src/index.ts', 'sdk/src/helpers.ts']"));
      const built = await build({ siteDir: twoEntries.dir, outDir: path.join(os.tmpdir(), 'sdkdocs-api-entries-out'), until: 'renderPages', logger: recordingLogger() });
      const routes = built.site.pages.filter((p) => p.kind === 'api').map((p) => p.route);
      expect(routes).toContain('/sdk/api/class/Widget');
      expect(routes.filter((route) => route.endsWith('/createWidget'))).toEqual(['/sdk/api/function/createWidget']);
      expect(routes.some((route) => route.includes('/namespace/index') || route.includes('/namespace/helpers'))).toBe(false);
    } finally {
      await twoEntries.cleanup();
    }
  });
});
