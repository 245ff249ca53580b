import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../src/core/diagnostic.js';
import { tempDir } from './helpers/browser.js';
import { buildSite, writeSiteFiles } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

// Found on sequelize.org: its `prism.magicComments` add `// error-next-line` and
// `// success-next-line`, which sdkdocs does not read. The comments stayed in the code blocks as
// written and their lines unmarked, and the only word was that Prism's colours are not applied.
describe("a Docusaurus site's own magic comments", () => {
  let result: Built;
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir('sdkdocs-magic-comments-'));
    await writeSiteFiles(dir, {
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Magic', url: 'https://magic.example.com', baseUrl: '/',",
        '  themeConfig: {',
        '    prism: {',
        '      magicComments: [',
        "        { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },",
        "        { className: 'code-block-error-line', line: 'error-next-line', block: { start: 'error-start', end: 'error-end' } },",
        '      ],',
        '    },',
        '  },',
        '};',
        '',
      ].join('\n'),
      'docs/intro.md': '# Intro\n\n```js\n// error-next-line\nconst x = 1;\n```\n',
    });
    result = await buildSite(dir, { until: 'collectContent' });
  }, 120_000);
  afterAll(() => cleanup?.());

  it('are a warning at their entry that says the comments stay in the code; the default one is not', () => {
    const printed = result.site.diagnostics.filter((d) => d.code === 'docusaurus-config').map((d) => formatDiagnostic(d, { color: false, cwd: dir }));
    expect(printed).toEqual([
      expect.stringMatching(
        /^docusaurus\.config\.js:7:9 warning themeConfig\.prism\.magicComments\[1\]: not applied: sdkdocs reads only the highlight-next-line, highlight-start and highlight-end comments, so `error-next-line`, `error-start`, `error-end` comments stay in the code as written and their lines do not get the class "code-block-error-line"\./,
      ),
    ]);
  });
});
