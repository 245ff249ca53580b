import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, writeSiteFiles } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

// Found on socket.io's site: its landing page links `/blog/rss.xml` and `/blog/atom.xml`, the feeds
// its blog has by default. The link check ran before the feeds were rendered and called both
// links broken, which its `onBrokenLinks: "throw"` made a failed build.
describe('links to the blog feeds', () => {
  let result: Built;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-feed-links-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'sdkdocs.config.ts': "export default { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/kit/', onBrokenLinks: 'warn' };\n",
      'docs/intro.md': '# Intro\n\nHello.\n',
      'blog/2024-01-02-hello.md': '---\ntitle: Hello\n---\n\nFirst post.\n',
      'src/pages/feeds.js': [
        'export default function Feeds() {',
        '  return (',
        '    <p>',
        '      <a href="/kit/blog/rss.xml">RSS</a> <a href="/kit/blog/atom.xml">Atom</a> <a href="/kit/blog/feed.json">JSON</a>',
        '    </p>',
        '  );',
        '}',
        '',
      ].join('\n'),
    });
    result = await buildSite(made.dir, { until: 'checkLinks' });
  }, 120_000);
  afterAll(() => cleanup?.());

  it('counts the feeds the blog has as link targets, and not those it has not', () => {
    const broken = result.site.diagnostics.filter((d) => d.code === 'broken-link').map((d) => d.message);
    expect(broken).toEqual([expect.stringContaining('/kit/blog/feed.json')]);
  });
});
