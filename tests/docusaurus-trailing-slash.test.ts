import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml, writeSiteFiles } from './helpers/site.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** A Docusaurus site whose doc at /docs/querying/operators links `../../models/data-types` (sequelize.org's docs). */
async function siteWith(trailingSlash: string) {
  const { dir, cleanup } = await tempDir('sdkdocs-trailing-slash-');
  cleanups.push(cleanup);
  await writeSiteFiles(dir, {
    'docusaurus.config.js': `module.exports = { title: 'Slash', url: 'https://slash.example.com', baseUrl: '/', onBrokenLinks: 'warn'${trailingSlash} };\n`,
    'docs/models/data-types.md': '# Data types\n\n## Ranges\n\nText.\n',
    'docs/querying/operators.md': '# Operators\n\nSee [ranges](../../models/data-types#ranges).\n',
  });
  return buildSite(dir, { until: 'renderPages' });
}

const brokenLinks = (result: Awaited<ReturnType<typeof siteWith>>) => result.site.diagnostics.filter((d) => d.code === 'broken-link').map((d) => d.message);

// sequelize.org sets `trailingSlash: true`: its page /docs/v7/querying/operators/ links
// `../../models/data-types`, which Docusaurus resolves from the folder the slash makes.
describe('relative links in docs with trailingSlash', () => {
  it('resolve from the page URL with its slash when `trailingSlash: true`', async () => {
    const result = await siteWith(', trailingSlash: true');
    expect(brokenLinks(result)).toEqual([]);
    expect(pageHtml(result, '/docs/querying/operators')).toContain('<a href="/docs/models/data-types#ranges">ranges</a>');
  });

  it('resolve from the page URL without a slash otherwise, as Docusaurus does', async () => {
    const result = await siteWith('');
    expect(brokenLinks(result)).toEqual([expect.stringContaining('Broken link → ../../models/data-types#ranges (/models/data-types#ranges)')]);
  });
});
