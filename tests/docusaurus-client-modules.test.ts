import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, copySite, fixture, pageHtml } from './helpers/site.js';

/**
 * `@docusaurus/plugin-content-docs/client` and `@docusaurus/useGlobalData`, which sites' own
 * components read docs versions through, on a versioned site: a custom page lists the versions,
 * an MDX doc's component names the version it is read in.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe("the docs plugin's client hooks", () => {
  it('give custom pages and MDX docs the versions, the latest and the active one', async () => {
    const { dir, cleanup } = await copySite(fixture('versioned-docs'));
    cleanups.push(cleanup);
    const files: Record<string, string> = {
      'src/pages/versions.js': [
        "import React from 'react';",
        "import { useVersions, useLatestVersion, useActiveVersion } from '@docusaurus/plugin-content-docs/client';",
        "import useGlobalData from '@docusaurus/useGlobalData';",
        'export default function Versions() {',
        '  const versions = useVersions();',
        '  const latest = useLatestVersion();',
        "  const plugins = Object.keys(useGlobalData()['docusaurus-plugin-content-docs']);",
        '  return (',
        '    <main>',
        '      <ul className="all-versions">{versions.map((v) => <li key={v.name} data-path={v.path}>{v.label}</li>)}</ul>',
        '      <p className="latest">{latest.name}</p>',
        "      <p className=\"active\">{useActiveVersion() ? 'in docs' : 'outside docs'}</p>",
        "      <p className=\"plugins\">{plugins.join(',')}</p>",
        '    </main>',
        '  );',
        '}',
      ].join('\n'),
      'src/components/ReadingVersion.js': [
        "import React from 'react';",
        "import { useActiveVersion, useDocsVersion } from '@docusaurus/plugin-content-docs/client';",
        'export default function ReadingVersion() {',
        '  return <span className="reading-version">{useActiveVersion()?.name}/{useDocsVersion().label}</span>;',
        '}',
      ].join('\n'),
      'versioned_docs/version-1.0.0/reading.mdx': "import ReadingVersion from '@site/src/components/ReadingVersion';\n\n# Reading\n\nYou read <ReadingVersion />.\n",
    };
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    const page = pageHtml(result, '/kit/versions');
    expect([...page.matchAll(/<li data-path="([^"]+)">([^<]+)<\/li>/g)].map((match) => `${match[2]} ${match[1]}`)).toEqual(['Next /kit/docs/next', '1.1.0 /kit/docs', '1.0.0 /kit/docs/1.0.0']);
    expect(page).toContain('<p class="latest">1.1.0</p>');
    expect(page).toContain('<p class="active">outside docs</p>');
    expect(page).toContain('<p class="plugins">default</p>');
    expect(pageHtml(result, '/kit/docs/1.0.0/reading')).toContain('<span class="reading-version">1.0.0<!-- -->/<!-- -->1.0.0</span>');
  });
});
