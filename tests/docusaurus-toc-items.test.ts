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
