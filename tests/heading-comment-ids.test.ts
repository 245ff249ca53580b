import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml, writeSiteFiles } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

// Found on babeljs.io: its 5.0.0 post (a `.md` file, which Docusaurus reads as MDX) writes
// `### Stage 0: Class Properties { /*#stage-0:-class-properties*/ }` and links to
// `#stage-0:-class-properties` from its contents list, under `onBrokenAnchors: 'throw'`. sdkdocs
// showed the comment in the heading, slugged it into the id, and failed the build on the links.
describe("Docusaurus' comment form of explicit heading ids", () => {
  let result: Built;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-heading-comment-ids-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'sdkdocs.config.ts': "export default { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/', onBrokenAnchors: 'throw' };\n",
      'docs/intro.md': [
        '# Intro',
        '',
        '- [Class properties](#stage-0:-class-properties)',
        '- [Decorators](#decorators-id)',
        '- [Plain](#a-plain-heading)',
        '',
        '### Stage 0: *Class* Properties { /*#stage-0:-class-properties*/ }',
        '',
        'Text.',
        '',
        '## Decorators <!-- #decorators-id -->',
        '',
        '## A plain heading',
        '',
        '```md',
        '## In code {/* #not-an-id */}',
        '```',
        '',
      ].join('\n'),
      'docs/guide.mdx': '# Guide\n\n[Jump](#step-1.2:go)\n\n## Step one {/* #step-1.2:go and a note */}\n\nText.\n',
    });
    result = await buildSite(made.dir, { until: 'renderPages' });
  }, 120_000);
  afterAll(() => cleanup?.());

  const headings = (route: string) => [...pageHtml(result, route).matchAll(/<h([23]) id="([^"]+)">(.*?)<a class="hash-link"/g)].map((match) => `h${match[1]} #${match[2]} ${match[3].replace(/<[^>]+>/g, '')}`);

  it('give a markdown doc\'s headings their ids, and the comment leaves the heading', () => {
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(headings('/docs/intro')).toEqual(['h3 #stage-0:-class-properties Stage 0: Class Properties', 'h2 #decorators-id Decorators', 'h2 #a-plain-heading A plain heading']);
    expect(pageHtml(result, '/docs/intro').replace(/<[^>]+>/g, '')).toContain('## In code {/* #not-an-id */}');
  });

  it("give an MDX doc's heading the comment's first word, whatever its characters", () => {
    expect(headings('/docs/guide')).toEqual(['h2 #step-1.2:go Step one']);
  });
});
