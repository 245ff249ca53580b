import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml, writeSiteFiles } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

// Found on sequelize.org: its swizzled TOC (the classic theme's, with an ad slot added) renders
// the list through `@theme/TOCItems`, which sdkdocs did not have: the build failed at the import.
describe('@theme/TOCItems', () => {
  let result: Built;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-toc-items-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'sdkdocs.config.ts': "export default { title: 'Toc', url: 'https://toc.example.com', baseUrl: '/' };\n",
      'src/theme/TOC/index.js': [
        "import TOCItems from '@theme/TOCItems';",
        'export default function TOC({ className, ...props }) {',
        '  return (',
        '    <div className="my-toc">',
        '      <div className="ads-container" />',
        '      <TOCItems {...props} linkClassName="table-of-contents__link toc-highlight" linkActiveClassName="table-of-contents__link--active" />',
        '    </div>',
        '  );',
        '}',
        '',
      ].join('\n'),
      'docs/intro.md': '# Intro\n\n## Setup\n\nText.\n\n### Install\n\nText.\n\n## Usage\n\nText.\n',
      'docs/inline.mdx': "import TOCItems from '@theme/TOCItems';\n\n# Inline\n\n## First `step`\n\nText.\n\n#### Deep\n\nText.\n\n<TOCItems toc={toc} />\n",
    });
    result = await buildSite(made.dir, { until: 'renderPages' });
  }, 120_000);
  afterAll(() => cleanup?.());

  it("draws the list a swizzled TOC passes its props to, with the site's link classes and the theme's", () => {
    const html = pageHtml(result, '/docs/intro');
    expect(html).toContain(
      '<div class="my-toc"><div class="ads-container"></div><ul class="toc-list table-of-contents table-of-contents__left-border"><li><a href="#setup" class="toc-link table-of-contents__link toc-highlight">Setup</a><ul><li><a href="#install" class="toc-link table-of-contents__link toc-highlight">Install</a></li></ul></li><li><a href="#usage" class="toc-link table-of-contents__link toc-highlight">Usage</a></li></ul></div>',
    );
  });

  it("takes a doc's `toc` in Docusaurus' shape, between its heading levels", () => {
    const list = /<ul class="toc-list table-of-contents[^]*?<\/ul>/.exec(pageHtml(result, '/docs/inline'))?.[0];
    expect(list).toBe('<ul class="toc-list table-of-contents table-of-contents__left-border"><li><a href="#first-step" class="toc-link table-of-contents__link">First step</a></li></ul>');
  });
});

// A swizzled TOC that reads `toc` itself, as many do (a heading count, a list of their own):
// sdkdocs gave its TOC slot `items` only, so such a TOC drew nothing, in silence.
describe("a swizzled TOC given Docusaurus' props", () => {
  let result: Built;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-toc-props-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'docusaurus.config.js': "module.exports = { title: 'Toc', url: 'https://toc.example.com', baseUrl: '/', presets: [['classic', { blog: false }]], themeConfig: { tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 } } };\n",
      'src/theme/TOC.js': [
        'export default function TOC({ toc, minHeadingLevel, maxHeadingLevel, className }) {',
        '  if (toc.length === 0) return null;',
        '  return (',
        '    <nav className={`my-toc ${className}`} data-levels={`${minHeadingLevel}-${maxHeadingLevel}`}>',
        '      <ol>',
        '        {toc.map((item) => <li key={item.id} data-level={item.level}><a href={`#${item.id}`} dangerouslySetInnerHTML={{ __html: item.value }} /></li>)}',
        '      </ol>',
        '    </nav>',
        '  );',
        '}',
        '',
      ].join('\n'),
      'docs/intro.md': '# Intro\n\n## Compare `a < b`\n\nText.\n\n#### Deep\n\nText.\n',
    });
    result = await buildSite(made.dir, { until: 'renderPages' });
  }, 120_000);
  afterAll(() => cleanup?.());

  it('gets the headings as `toc` (HTML values, levels), the heading levels and the desktop class', () => {
    expect(pageHtml(result, '/docs/intro')).toContain(
      '<nav class="my-toc theme-doc-toc-desktop" data-levels="2-4"><ol><li data-level="2"><a href="#compare-a--b">Compare a &lt; b</a></li><li data-level="4"><a href="#deep">Deep</a></li></ol></nav>',
    );
  });
});
