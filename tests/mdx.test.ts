import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { UserError, formatDiagnostic } from '../src/core/diagnostic.js';
import type { DiagramRenderer } from '../src/core/diagram-renderer.js';
import { isMdxDoc } from '../src/content/mdx/detect-mdx.js';
import { tempDir } from './helpers/browser.js';
import { buildSite, fixture, pageHtml } from './helpers/site.js';

const fakeRenderer: DiagramRenderer = {
  cacheKey: 'fake-mdx-renderer 1',
  browserLaunches: 0,
  async render(_definition, theme) {
    return `<svg id="mermaid-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>theme ${theme}</text></svg>`;
  },
  async close() {},
};

function routeData(result: BuildResult, route: string) {
  return result.site.pages.find((page) => page.route === route)!.data;
}

/** The content of a page's document: what is inside the route's content element. */
function contentOf(html: string): string {
  return html.slice(html.indexOf('data-route-content'), html.indexOf('pagination-nav'));
}

describe('MDX docs are rendered on the server with their components (fixture mdx-components)', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await buildSite(fixture('mdx-components'), { until: 'renderPages', diagramRenderer: fakeRenderer });
  }, 60_000);

  it('renders imports, exports and site components instead of showing them as text', () => {
    const html = contentOf(pageHtml(result, '/kit/docs/components'));
    expect(html).not.toContain('import Tabs');
    expect(html).not.toContain('export const');
    expect(html).toContain('The SDK is at version <!-- -->2.4.0');
    expect(html).toContain('<span class="highlight" style="background-color:#25c2a0');
    expect(html).toContain('<span class="badge">beta</span>');
    expect(html).toContain('<button type="button" class="counter">Clicked <!-- -->0<!-- --> times</button>');
    // @docusaurus/Link and useBaseUrl put the base URL in front of site paths.
    expect(html).toContain('<a href="/kit/docs/intro">introduction</a>');
    expect(html).toContain('<code>/kit/img/logo.svg</code>');
  });

  it('renders Tabs as ARIA tabs with every panel in the HTML, the default one shown', () => {
    const html = contentOf(pageHtml(result, '/kit/docs/components'));
    expect(html.match(/role="tablist"/g)).toHaveLength(3);
    expect(html.match(/role="tabpanel"/g)).toHaveLength(8);
    expect(html).toMatch(/<button type="button" role="tab" id="[^"]+-tab-0" aria-selected="true" aria-controls="[^"]+-panel-0" tabindex="0" class="tabs-item tabs-item-active">npm<\/button>/);
    expect(html).toMatch(/aria-selected="false" aria-controls="[^"]+" tabindex="-1" class="tabs-item">Yarn<\/button>/);
    expect(html).toMatch(/role="tabpanel" id="[^"]+-panel-1" aria-labelledby="[^"]+-tab-1" tabindex="0" hidden="" class="tabs-panel"><p class="tabs-panel-label">Yarn<\/p><div class="code-block language-bash">/);
  });

  it('keeps markdown features inside MDX: admonitions, highlighting, heading ids and TOC, links, mermaid', () => {
    const html = contentOf(pageHtml(result, '/kit/docs/components'));
    // Written as markdown or as the theme component, an admonition is the same box with the same icon.
    expect(html).toMatch(/<aside class="admonition admonition-note" role="note"><p class="admonition-title"><svg class="admonition-icon"[^]*?<\/svg>Note<\/p><p>A markdown admonition inside MDX.<\/p><\/aside>/);
    expect(html).toMatch(/<aside class="admonition admonition-tip" role="note"><p class="admonition-title"><svg class="admonition-icon"[^]*?<\/svg>Component tip<\/p>/);
    // A CodeBlock with literal code is highlighted at build time, like a fenced block.
    expect(html).toContain('<div class="code-block-title">game.ts</div>');
    expect(html).toContain('<span class="hljs-keyword">const</span> game');
    expect(html).toContain('<details class="details"><summary>More about saves</summary><div class="details-content"><p>Saves are written to local storage.</p></div></details>');
    expect(html).toContain('<h2 id="install-the-sdk">Install<a class="hash-link"');
    expect(routeData(result, '/kit/docs/components').toc.map((item) => item.id)).toEqual(['install-the-sdk', 'platforms', 'notes-and-tips']);
    // The markdown form `{#id}` works too, and code keeps it as written.
    expect(html).toContain('<h2 id="notes-and-tips">Notes<a');
    expect(html).toContain('{#kept}');
    expect(html).toContain('<a href="/kit/docs/intro">the introduction</a>');
    // One SVG for both colour modes.
    expect(html).toMatch(/<div class="mdx-diagram" data-diagram-index="0"><figure[^>]*>(?:(?!<svg).)*<svg[^>]*>.*theme both(?:(?!<svg).)*<\/figure>/s);
    expect(html).not.toContain('sdkdocs-diagram');
  });

  it('indexes what components render for search, and their ids for anchors', () => {
    const page = result.site.pages.find((candidate) => candidate.route === '/kit/docs/components')!;
    const text = page.content!.sections.map((section) => section.text).join(' ');
    expect(text).toContain('Second yarn panel.');
    expect(text).toContain('Saves are written to local storage.');
    expect(page.anchors.has('install-the-sdk')).toBe(true);
  });

  it('names the page module in the route data and preloads it; plain markdown pages have none', () => {
    const data = routeData(result, '/kit/docs/components');
    expect(data.mdxModule).toMatch(/^\/kit\/assets\/js\/mdx-components\.[A-Z0-9]+\.js$/);
    expect(result.site.outputs.has(data.mdxModule!.slice('/kit/'.length))).toBe(true);
    expect(pageHtml(result, '/kit/docs/components')).toContain(`<link rel="modulepreload" href="${data.mdxModule}">`);
    expect(routeData(result, '/kit/docs/intro').mdxModule).toBeUndefined();
    expect(pageHtml(result, '/kit/docs/intro')).not.toContain('/mdx-');
    // `<Tabs>` in a plain markdown doc's inline code stays code.
    expect(contentOf(pageHtml(result, '/kit/docs/intro'))).toContain('<code>&lt;Tabs&gt;</code>');
  });

  it('drops HTML comments, as Docusaurus does, and copies images next to the doc', () => {
    const html = contentOf(pageHtml(result, '/kit/docs/components'));
    expect(html).not.toContain('A comment written for Docusaurus');
    expect(html).toMatch(/<img [^>]*src="\/kit\/assets\/images\/shot\.[0-9a-f]{8}\.svg" alt="A screenshot" width="\d+" height="\d+"/);
    expect([...result.site.outputs.keys()].some((output) => /^assets\/images\/shot\.[0-9a-f]{8}\.svg$/.test(output))).toBe(true);
  });

  it('renders imported .mdx and .md partials with the plugins docs get, links resolved from the partial', () => {
    const html = contentOf(pageHtml(result, '/kit/docs/detected'));
    expect(html).toContain('Run the <span class="highlight" style="background-color:#ff8800');
    expect(html).toContain('<a href="/kit/docs/intro">the introduction</a>');
    expect(html).toMatch(/<aside class="admonition admonition-tip" role="note">[^]*A tip from the partial\./);
    expect(html).toContain('<p>A plain <strong>markdown</strong> partial.</p>');
    expect(html).not.toContain('A partial, imported by docs');
    // A partial gets the doc's element overrides (found on Jest's docs): the admonition title with
    // its icon, the table in its scroll box; never an element sdkdocs uses only inside its pipeline.
    expect(html).toMatch(/<aside class="admonition admonition-tip" role="note"><p class="admonition-title"><svg class="admonition-icon"/);
    expect(html).toContain('<div class="table-wrapper" tabindex="0" role="group" aria-label="Table: Platform, Save folder"><table>');
    expect(html).not.toContain('<admonition-title');
  });

  it('provides ThemedImage, ExecutionEnvironment and useIsBrowser as Docusaurus does', () => {
    const html = contentOf(pageHtml(result, '/kit/docs/detected'));
    expect(html).toMatch(/<img alt="Logo" src="\/kit\/img\/logo.svg" class="themed-image themed-image-light"\/><img alt="Logo" src="\/kit\/img\/logo-dark.svg" class="themed-image themed-image-dark"\/>/);
    expect(html).toContain('<span class="where">prerendered</span>');
  });

  it('gives each MDX doc its toc for @theme/TOCInline, nested, levels 2 to 3 unless told', () => {
    const html = contentOf(pageHtml(result, '/kit/docs/outline'));
    const lists = [...html.matchAll(/<div class="toc-inline[^"]*">([\s\S]*?)<\/div>/g)].map(([, list]) => list);
    expect(lists[0]).toBe(
      '<ul><li><a href="#setting-up">Setting up</a><ul><li><a href="#installing-kit">Installing kit</a></li></ul></li>' +
        '<li><a href="#using-kit">Using &lt;kit&gt;</a></li>' +
        '<li><a href="#kitcreatemockfrommodulewithaverylongnamemodulename">Kit.createMockFromModuleWithAVeryLongName(moduleName)</a></li></ul>',
    );
    expect(lists[1]).toBe(
      '<ul><li><a href="#installing-kit">Installing kit</a><ul><li><a href="#on-windows">On Windows</a></li></ul></li>' +
        '<li><a href="#using-kit">Using &lt;kit&gt;</a></li>' +
        '<li><a href="#kitcreatemockfrommodulewithaverylongnamemodulename">Kit.createMockFromModuleWithAVeryLongName(moduleName)</a></li></ul>',
    );
    expect(html).toContain('class="toc-inline from-second"');
  });

  it('unwraps Docusaurus mdx-code-block fences, and only those', () => {
    const html = contentOf(pageHtml(result, '/kit/docs/wrapped-tabs'));
    expect(html.match(/role="tabpanel"/g)).toHaveLength(2);
    expect(html).toContain('<span class="hljs-string">gcp</span>');
    expect(html).not.toMatch(/<code[^>]*>[^<]*&lt;\/TabItem&gt;/);
    expect(html).toContain('&lt;Kept /&gt;');
  });

  it('compiles a .md file that imports a component as MDX', () => {
    const html = contentOf(pageHtml(result, '/kit/docs/detected'));
    expect(html).toContain('<span class="highlight" style="background-color:#1877F2');
    expect(html).not.toContain('import Highlight');
    expect(routeData(result, '/kit/docs/detected').mdxModule).toMatch(/mdx-detected\./);
  });

  it('gives an imported file a content-hashed URL, the same in the page and in the browser bundle', () => {
    const src = /<img src="(\/kit\/assets\/media\/logo\.[0-9a-f]{8}\.svg)" alt="Logo"\/>/.exec(pageHtml(result, '/kit/docs/detected'))?.[1];
    expect(src).toBeDefined();
    expect(result.site.outputs.has(src!.slice('/kit/'.length))).toBe(true);
    const chunk = routeData(result, '/kit/docs/detected').mdxModule!.slice('/kit/'.length);
    expect(new TextDecoder().decode(result.site.outputs.get(chunk)!.contents as Uint8Array)).toContain(src);
  });
});

describe('which .md files are MDX', () => {
  it('takes import/export statements and component tags outside code, not prose, HTML or code', () => {
    expect(isMdxDoc('a.mdx', '# Plain')).toBe(true);
    expect(isMdxDoc('a.md', "import Tabs from '@theme/Tabs';\n\n# A")).toBe(true);
    expect(isMdxDoc('a.md', 'export const x = 1;\n\n# A')).toBe(true);
    expect(isMdxDoc('a.md', '# A\n\n- item\n\n  <Tabs>\n  </Tabs>\n')).toBe(true);
    expect(isMdxDoc('a.md', '# A\n\nimport the package first, then export your game.\n')).toBe(false);
    expect(isMdxDoc('a.md', '# A\n\n<details><summary>x</summary></details>\n')).toBe(false);
    expect(isMdxDoc('a.md', "# A\n\n```js\nimport x from 'y';\n<Tabs>\n```\n")).toBe(false);
    expect(isMdxDoc('a.md', 'Use `<Tabs>` in MDX, or a generic like Array<T>.')).toBe(false);
    // An attribute written as a JSX expression is MDX (Docusaurus 3 reads every .md so); a brace in text is not.
    expect(isMdxDoc('a.md', "# A\n\n<iframe src=\"x?a=1\" style={{ width: '100%' }}></iframe>\n")).toBe(true);
    expect(isMdxDoc('a.md', '# A\n\n<p title="t">a={b} in text</p>\n')).toBe(false);
    expect(isMdxDoc('a.md', "# A\n\n```html\n<iframe style={{ width: '100%' }}></iframe>\n```\n")).toBe(false);
    // ```` ```js``` ```` at the start of a line is inline code, not a fence hiding what follows.
    expect(isMdxDoc('a.md', "```js``` is inline code.\n\nimport Tabs from '@theme/Tabs';\n")).toBe(true);
  });
});

describe('MDX errors are located in the doc', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  /** Builds a one-doc site (plus an intro) and returns each diagnostic as the CLI prints it. */
  async function failingDoc(name: string, body: string, extraFiles: Record<string, string> = {}): Promise<string[]> {
    const { dir, cleanup } = await tempDir('sdkdocs-mdx-error-');
    cleanups.push(cleanup);
    await mkdir(path.join(dir, 'docs'), { recursive: true });
    await writeFile(path.join(dir, 'sdkdocs.config.ts'), "export default { title: 'T', url: 'https://t.example', baseUrl: '/' };\n");
    await writeFile(path.join(dir, 'docs', 'intro.md'), '# Intro\n');
    await writeFile(path.join(dir, 'docs', name), body);
    for (const [file, text] of Object.entries(extraFiles)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    const error = await buildSite(dir, { until: 'renderPages', outDir: path.join(dir, 'out') }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UserError);
    return (error as UserError).diagnostics.map((d) => formatDiagnostic(d, { color: false, cwd: dir }));
  }

  it('an @site import that does not resolve → the import line', async () => {
    const [text, ...rest] = await failingDoc('broken.mdx', "---\ntitle: Broken\n---\n\nimport Missing from '@site/src/components/Missing';\n\n# Broken\n\n<Missing />\n");
    expect(rest).toEqual([]);
    expect(text).toMatch(/^docs\/broken\.mdx:5:1 error MDX: Could not resolve "@site\/src\/components\/Missing"/);
    expect(text).toContain('`@site/` is the site folder: check that src/components/Missing exists there');
  });

  it('an @site import through a webpack loader that does not resolve → the hint names the file, not a package', async () => {
    const [text, ...rest] = await failingDoc('loaded.mdx', "import example from '!!raw-loader!@site/.cloned/example.ts';\n\n# Loaded\n\n<pre>{example}</pre>\n");
    expect(rest).toEqual([]);
    expect(text).toMatch(/^docs\/loaded\.mdx:1:1 error MDX: Could not resolve "@site\/\.cloned\/example\.ts"/);
    expect(text).toContain('`@site/` is the site folder: check that .cloned/example.ts exists there.');
    expect(text).not.toContain('npm install');
  });

  it('an @site import of a file with its extension → no hint about leaving the extension out', async () => {
    const [text] = await failingDoc('styled.mdx', "import '@site/src/css/assumptions.css';\n\n# Styled\n");
    expect(text).toMatch(/^docs\/styled\.mdx:1:1 error MDX: Could not resolve "@site\/src\/css\/assumptions\.css"/);
    expect(text).toContain('check that src/css/assumptions.css exists there.');
  });

  it('a relative import and an unknown theme component → each at its line', async () => {
    const texts = await failingDoc('broken.mdx', "import Nope from './Nope';\nimport Carousel from '@theme/Carousel';\n\n# Broken\n\n<Nope />\n<Carousel />\n");
    expect(texts).toHaveLength(2);
    expect(texts.find((text) => text.includes('./Nope'))).toMatch(/^docs\/broken\.mdx:1:1 error MDX: Could not resolve "\.\/Nope"/);
    expect(texts.find((text) => text.includes('Carousel'))).toMatch(/^docs\/broken\.mdx:2:1 error MDX: Could not resolve "@theme\/Carousel": sdkdocs has no such theme component \(it has @theme\/Admonition, /);
  });

  it('a name exported twice → the second export, with no advice to install a package', async () => {
    const texts = await failingDoc('twice.mdx', '# Twice\n\nexport const a = 1;\n\nSome text.\n\nexport const a = 1;\n');
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).toMatch(/^docs\/twice\.mdx:7:1 error MDX: (Multiple exports with the same name "a"|The symbol "a" has already been declared)/);
      expect(text).not.toContain('npm install');
      expect(text).toContain('Export or declare each name once per doc');
    }
  });

  it('a component that is used but never imported → its tag', async () => {
    const [text] = await failingDoc('broken.mdx', '# Broken\n\nSome text.\n\n  <Carousel items={3} />\n');
    expect(text).toMatch(/^docs\/broken\.mdx:5:3 error Cannot parse markdown: MDX: `<Carousel>` is not defined\. Import it/);
  });

  it('an expression that names nothing, and a style written as a string → their place, not a failed render', async () => {
    const [expression] = await failingDoc('braces.md', "import X from '@site/src/components/Highlight';\n\n# Braces\n\nSet it to {curly} now.\n");
    expect(expression).toMatch(/^docs\/braces\.md:5:11 error Cannot parse markdown: MDX: `\{curly\}` is not defined: MDX reads braces as a JavaScript expression\. Write `\\\{curly\}` for literal braces/);
    const [style] = await failingDoc('styled.mdx', '# Styled\n\n<span style="color: red">Red</span>\n');
    expect(style).toMatch(/^docs\/styled\.mdx:3:1 error Cannot parse markdown: MDX: The `style` of `<span>` is a string; in MDX, as in JSX, it is an object/);
  });

  it('MDX syntax errors → their line and column', async () => {
    const [unclosed] = await failingDoc('broken.mdx', "import Tabs from '@theme/Tabs';\n\n# Broken\n\n<Tabs>\n\nText.\n");
    expect(unclosed).toMatch(/^docs\/broken\.mdx:5:1 error Cannot parse markdown: MDX: Expected a closing tag for `<Tabs>`/);
    const [brace] = await failingDoc('braces.mdx', '# Braces\n\nAn object {a: 1 is not closed.\n');
    expect(brace).toMatch(/^docs\/braces\.mdx:3:\d+ error Cannot parse markdown: MDX: /);
  });

  it('a closing tag indented into the list above it → how to fix it (MDX 1 took it, MDX 3 does not)', async () => {
    const doc = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n# Try\n\n<Tabs>\n  <TabItem value=\"a\" label=\"A\">\n\n- [One](https://one.example)\n- [Two](https://two.example)\n\n  </TabItem>\n</Tabs>\n";
    const [text] = await failingDoc('try.mdx', doc);
    expect(text).toMatch(/^docs\/try\.mdx:12:3 error Cannot parse markdown: MDX: Expected the closing tag `<\/TabItem>`/);
    expect(text).toContain("The indented </TabItem> after a list is read as part of the list's last item: write it at the start of its line, without indent.");
  });

  // Detox's partial `_project-setup-build.mdx`: MDX 3 failed at a `>` inside the code block, eight
  // lines below the `{props.debug && <div>` that opened the expression, and said nothing of it.
  it('markdown inside an expression → where the expression starts and how to write it (MDX 1 took it, MDX 3 does not)', async () => {
    const doc = '# Setup\n\n<>\n  {props.debug && <div>\n\nStart the packager first:\n\n```bash\nnpm start\n\n> react-native start\n```\n\n  </div>}\n</>\n';
    const [text] = await failingDoc('setup.mdx', doc);
    expect(text).toMatch(/^docs\/setup\.mdx:\d+:\d+ error Cannot parse markdown: MDX: Could not parse expression with acorn/);
    expect(text).toContain('The expression that opens at line 4 holds markdown, which MDX reads as JavaScript up to its closing brace');
  });

  it('all the errors of a doc in one build: each undefined component, each syntax error', async () => {
    const names = await failingDoc('names.mdx', '# Names\n\n<Carousel />\n\nText and <Badge kind="new" />.\n\n<p style="color: red">x</p>\n');
    expect(names.map((text) => /^docs\/names\.mdx:\d+:\d+ error Cannot parse markdown: MDX: (`<\w+>` is not defined|The `style` of `<p>`)/.exec(text)?.[0])).toEqual([
      'docs/names.mdx:3:1 error Cannot parse markdown: MDX: `<Carousel>` is not defined',
      'docs/names.mdx:5:10 error Cannot parse markdown: MDX: `<Badge>` is not defined',
      'docs/names.mdx:7:1 error Cannot parse markdown: MDX: The `style` of `<p>`',
    ]);
    const syntax = await failingDoc('syntax.mdx', '# Syntax\n\nBroken {1 +} expression.\n\nFine text.\n\nAlso broken {2 *} here.\n\nAnd <3 this.\n');
    expect(syntax.map((text) => /^docs\/syntax\.mdx:(\d+):\d+ error/.exec(text)?.[1])).toEqual(['3', '7', '9']);
  });

  it('a .md file read as MDX says why', async () => {
    const [text] = await failingDoc('guide.md', "import Tabs from '@theme/Tabs';\n\n# Guide\n\nWhere a < b and <3 breaks.\n");
    expect(text).toMatch(/^docs\/guide\.md:5:\d+ error Cannot parse markdown: MDX: Unexpected character/);
    expect(text).toContain("this .md file is read as MDX because of line 1: `import Tabs from '@theme/Tabs';`");
  });

  it('a component that throws while rendering → its tag in the doc and the message', async () => {
    const [text] = await failingDoc('broken.mdx', "import Boom from '@site/src/Boom';\n\n# Broken\n\n<Boom />\n", {
      'src/Boom.tsx': "export default function Boom(): never { throw new Error('window is not defined'); }\n",
    });
    expect(text).toMatch(/^docs\/broken\.mdx:5:1 error MDX: rendering the doc failed: window is not defined/);
  });
});

describe('a .md doc whose HTML has a JSX style attribute', () => {
  it('is read as MDX, so the element gets its style instead of attributes named after the braces', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-mdx-style-');
    try {
      await mkdir(path.join(dir, 'docs'), { recursive: true });
      await writeFile(path.join(dir, 'sdkdocs.config.ts'), "export default { title: 'T', url: 'https://t.example', baseUrl: '/' };\n");
      // Redux Toolkit's usage guide embeds a sandbox this way, in a .md file with no import.
      const doc = "# Guide\n\n<iframe src=\"https://sandbox.example/embed/x?run=1\" style={{ width: '100%', height: '500px', border: 0 }} title=\"Sandbox\"></iframe>\n";
      await writeFile(path.join(dir, 'docs', 'guide.md'), doc);
      const result = await buildSite(dir, { until: 'renderPages', outDir: path.join(dir, 'out') });
      expect(result.site.diagnostics.filter((d) => d.severity === 'warning' && d.code !== 'last-update')).toEqual([]);
      expect(contentOf(pageHtml(result, '/docs/guide'))).toContain('<iframe src="https://sandbox.example/embed/x?run=1" style="width:100%;height:500px;border:0" title="Sandbox"></iframe>');
    } finally {
      await cleanup();
    }
  });
});

describe('heading ids after a code block in a list item (MDX reads fences at any indent)', () => {
  it('finds where the block ends, so later `{#id}` headings still get their ids', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-mdx-fence-');
    try {
      await mkdir(path.join(dir, 'docs'), { recursive: true });
      await writeFile(path.join(dir, 'sdkdocs.config.ts'), "export default { title: 'T', url: 'https://t.example', baseUrl: '/' };\n");
      // Babel's migration guide has this shape: a block opened four spaces in, inside a list
      // item, closed two spaces in. Read with CommonMark's three-space limit, the closing line
      // opened a block that ran to the end, and `{#id}` below became an MDX expression error.
      const doc = [
        "import Link from '@docusaurus/Link';",
        '',
        '# Migration',
        '',
        '- Set the option:',
        '',
        '    ```json title="babel.config.json"',
        '    { "plugins": [] }',
        '  ```',
        '',
        '## Later changes {#later-id}',
        '',
        'See <Link to="/docs/migration">this page</Link>.',
        '',
      ].join('\n');
      await writeFile(path.join(dir, 'docs', 'migration.md'), doc);
      const result = await buildSite(dir, { until: 'renderPages', outDir: path.join(dir, 'out') });
      const html = contentOf(pageHtml(result, '/docs/migration'));
      expect(html).toContain('<h2 id="later-id">Later changes<a');
      expect(html).toMatch(/<div class="code-block-title">babel.config.json<\/div>[^]*plugins/);
    } finally {
      await cleanup();
    }
  });
});

describe('docs kept beside the site folder (docs.path: ../docs)', () => {
  it('import the packages the site installed, as with Docusaurus', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-mdx-beside-');
    try {
      // A monorepo's layout: website/ holds the config and node_modules, docs/ sits next to it.
      const website = path.join(dir, 'website');
      const write = async (file: string, text: string) => {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), text);
      };
      await write('website/sdkdocs.config.ts', "export default { title: 'T', url: 'https://t.example', baseUrl: '/', docs: { path: '../docs' } };\n");
      await write('website/node_modules/site-only-widget/package.json', '{ "name": "site-only-widget", "version": "1.0.0", "main": "index.js" }\n');
      await write('website/node_modules/site-only-widget/index.js', "const { createElement } = require('react');\nmodule.exports = function Widget() { return createElement('span', { className: 'widget' }, 'WIDGET-7A1E'); };\n");
      await write('docs/intro.mdx', "import Widget from 'site-only-widget';\n\n# Intro\n\n<Widget />\n");
      const result = await buildSite(website, { inMemory: true });
      expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(pageHtml(result, '/docs/intro')).toContain('<span class="widget">WIDGET-7A1E</span>');
    } finally {
      await cleanup();
    }
  }, 60_000);
});

// react-native-skia's docs show their images with `require("/static/img/….png").default`: webpack's
// resolve.roots (the static folder, then the site folder) find them for Docusaurus, where sdkdocs
// took the path for one outside the site and refused every such doc.
describe('imports written from the root, as webpack resolve.roots reads them for Docusaurus', () => {
  it('find the file in the static folder, else in the site folder', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-mdx-roots-');
    try {
      const write = async (file: string, text: string) => {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), text);
      };
      await write('sdkdocs.config.ts', "export default { title: 'T', url: 'https://t.example', baseUrl: '/kit/' };\n");
      await write('static/img/clip.png', 'CLIP');
      await write('static/img/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>');
      await write('src/data/sizes.json', '{ "width": 256 }\n');
      await write(
        'docs/group.md',
        [
          "import logoUrl from '!!url-loader!/img/logo.svg';",
          "import sizes from '/src/data/sizes.json';",
          '',
          '# Group',
          '',
          '<img src={require("/static/img/clip.png").default} width={sizes.width} />',
          '',
          '<img src={logoUrl} alt="logo" />',
          '',
        ].join('\n'),
      );
      const result = await buildSite(dir, { inMemory: true });
      expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const html = pageHtml(result, '/kit/docs/group');
      expect(html).toMatch(/<img src="\/kit\/assets\/media\/clip\.[0-9a-f]{8}\.png" width="256"\/>/);
      expect(html).toMatch(/<img src="\/kit\/assets\/media\/logo\.[0-9a-f]{8}\.svg" alt="logo"\/>/);
    } finally {
      await cleanup();
    }
  }, 60_000);
});
