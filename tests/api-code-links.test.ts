import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { buildSite, copySite, exampleSiteDir, sharedInMemoryBuild, fixture } from './helpers/site.js';

/** `name→href` of every link into the API inside the code blocks of some content HTML, in order. */
function codeLinks(html: string): string[] {
  return [...html.matchAll(/<a href="([^"]+)" class="api-code-link" aria-describedby="(api-card-\d+)">([^<]*)<\/a>/g)].map((match) => `${match[3]}→${match[1]}`);
}

/** The HTML of each code block of some content HTML. */
function codeBlocks(html: string): string[] {
  return [...html.matchAll(/<pre class="code-block-pre[\s\S]*?<\/pre>/g)].map((match) => match[0]);
}

/** Every element below `root` (itself excluded) whose class list holds `className`, or every one. */
function elements(root: Root | Element, className?: string): Element[] {
  const found: Element[] = [];
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (!className || (child.properties.className as string[] | undefined)?.includes(className)) found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

function contentOf(result: BuildResult, route: string): string {
  const page = result.site.pages.find((candidate) => candidate.route === route);
  if (!page) throw new Error(`no page ${route}`);
  return page.data.html;
}

describe('names in checked code samples link to the API (fixture)', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  let result: BuildResult;
  beforeAll(async () => {
    site = await copySite(fixture('api-basic'));
    result = await buildSite(site.dir, { until: 'renderPages' });
  }, 120_000);
  afterAll(() => site.cleanup());

  it('links every SDK name of a checked sample to its page and anchor: functions, enums, enum members, properties, methods', () => {
    const [checked, unchecked] = codeBlocks(contentOf(result, '/sdk/docs/intro'));
    expect(codeLinks(checked)).toEqual([
      'createWidget→/sdk/api/function/createWidget',
      'Color→/sdk/api/enum/Color',
      'createWidget→/sdk/api/function/createWidget',
      'Color→/sdk/api/enum/Color',
      'Green→/sdk/api/enum/Color#green',
      'scale→/sdk/api/class/Widget#scale',
    ]);
    // A `no-check` block is not compiled, so nothing in it is linked.
    expect(unchecked).not.toContain('api-code-link');
    expect(unchecked).toContain('explode');
  });

  it('describes each link with a popover of the signature and summary, once per target on the page', () => {
    const html = contentOf(result, '/sdk/docs/intro');
    const cards = elements(fromHtml(html, { fragment: true }), 'api-card');
    const byId = new Map(cards.map((card) => [String(card.properties.id), card]));
    const text = (id: string) => {
      const card = byId.get(id)!;
      expect(card.properties).toMatchObject({ role: 'tooltip', hidden: true });
      return card.children.map((part) => toString(part));
    };
    const describedBy = (name: string) => new RegExp(`aria-describedby="(api-card-\\d+)">${name}</a>`).exec(html)![1];
    expect(text(describedBy('scale'))).toEqual(['Widget.scale(factor: number): Widget (+1 overload)', 'Scales the widget evenly.']);
    expect(text(describedBy('Green'))).toEqual(['Color.Green = "green"', 'Calm.']);
    expect(text(describedBy('createWidget'))[0]).toBe('function createWidget(side: number): Widget (+1 overload)');
    expect(cards).toHaveLength(4);
  });

  it('links the names of @examples on API pages, and again on the pages serve --watch reuses, once', async () => {
    const examplePage = result.site.pages.find((page) => page.kind === 'api' && page.data.html.includes('api-code-link'))!;
    expect(codeLinks(examplePage.data.html)).toEqual(expect.arrayContaining(['createWidget→/sdk/api/function/createWidget']));
    const again = await buildSite(site.dir, { until: 'renderPages', previous: result.site });
    const reused = again.site.pages.find((page) => page.route === examplePage.route)!;
    expect(reused.data.html.match(/class="api-cards"/g)).toHaveLength(1);
    expect(codeLinks(reused.data.html)).toEqual(codeLinks(examplePage.data.html));
    // The popovers are not part of the page's search text.
    const records = again.site.outputs.get([...again.site.outputs.keys()].find((key) => key.includes('search/index'))!)!;
    expect(String(records.contents)).not.toContain('function createWidget(');
  });

  it('leaves the code as it was shown: same text, same highlighting', () => {
    const checked = codeBlocks(contentOf(result, '/sdk/docs/intro'))[0];
    expect(toString(fromHtml(checked, { fragment: true }))).toBe(
      "import { createWidget, Color } from 'widgets';\n\nconst widget = createWidget({ side: 4, color: Color.Green });\nwidget.scale(2);",
    );
    expect(checked.replace(/<a [^>]*>|<\/a>/g, '')).toContain('<span class="hljs-title function_">createWidget</span>');
  });
});

describe('names in code samples link to the API (example site)', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await sharedInMemoryBuild(exampleSiteDir, 'renderPages');
  }, 180_000);

  it('links every name of an API symbol in the docs’ ts samples, outside strings and comments', () => {
    const symbols = result.site.api!.model.symbols;
    const names = new Set(symbols.map((symbol) => symbol.name));
    const unlinked: string[] = [];
    let linked = 0;
    for (const doc of result.site.docs) {
      for (const block of codeBlocks(contentOf(result, doc.route)).filter((html) => html.includes('language-ts'))) {
        // Text outside links, strings and comments: a name there would be a name left unlinked.
        const visit = (node: Element) => {
          if (node.tagName === 'a' || /hljs-(string|comment)/.test(String(node.properties.className))) return;
          for (const child of node.children) {
            if (child.type === 'element') visit(child);
            else if (child.type === 'text') for (const word of child.value.match(/[A-Za-z_$][\w$]*/g) ?? []) if (names.has(word)) unlinked.push(`${doc.id}: ${word}`);
          }
        };
        for (const code of elements(fromHtml(block, { fragment: true })).filter((element) => element.tagName === 'code')) visit(code);
        linked += codeLinks(block).length;
      }
    }
    expect(unlinked).toEqual([]);
    expect(linked).toBeGreaterThan(100);
  });

  it('links members and the SDK config’s properties to their anchors, and @example names on API pages', () => {
    const quickStart = codeLinks(contentOf(result, '/sdk/docs/getting-started/quick-start'));
    expect(quickStart).toEqual(
      expect.arrayContaining([
        'PlaykitSdk→/sdk/api/class/PlaykitSdk',
        'init→/sdk/api/class/PlaykitSdk#init',
        'playRound→/sdk/api/class/PlaykitSdk#playround',
        'gameId→/sdk/api/interface/SdkConfig#gameid',
      ]),
    );
    expect(codeLinks(contentOf(result, '/sdk/api/class/PlaykitSdk'))).toEqual(expect.arrayContaining(['init→/sdk/api/class/PlaykitSdk#init', 'formatCurrency→/sdk/api/class/I18n#formatcurrency']));
  });

  it('links only to pages and anchors that exist', () => {
    const anchors = new Map(result.site.pages.map((page) => [page.route, page.anchors]));
    const broken = result.site.pages
      .flatMap((page) => codeLinks(page.data.html))
      .map((link) => link.split('→')[1])
      .filter((href) => {
        const [route, anchor] = href.split('#');
        return !anchors.has(route) || (anchor !== undefined && !anchors.get(route)!.has(anchor));
      });
    expect([...new Set(broken)]).toEqual([]);
  });
});
