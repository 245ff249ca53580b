import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml, writeSiteFiles } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

// Found on 10tap-editor's site: its landing page is `<Redirect to="/10tap-editor/docs/intro" />`
// from @docusaurus/router, and the build failed on the import.
describe("@docusaurus/router's Redirect", () => {
  let result: Built;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-redirect-');
    cleanup = made.cleanup;
    const files: Record<string, string> = {
      'sdkdocs.config.ts': "export default { title: 'Kit', baseUrl: '/kit/' };\n",
      'docs/intro.md': '# Intro\n\nHello.\n',
      'src/pages/index.tsx':
        "import React from 'react';\nimport { Redirect } from '@docusaurus/router';\n\nexport default function Home(): JSX.Element {\n  return <Redirect to=\"/kit/docs/intro\" />;\n}\n",
      'src/pages/old.js':
        "import { Redirect } from '@docusaurus/router';\n\nexport default function Old() {\n  return <Redirect to={{ pathname: '/kit/docs/intro', hash: '#top' }} />;\n}\n",
    };
    await writeSiteFiles(made.dir, files);
    result = await buildSite(made.dir);
  }, 120_000);
  afterAll(() => cleanup?.());

  it('builds a page that is only a Redirect, sending the reader on without scripts too', () => {
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(pageHtml(result, '/kit/')).toMatch(/<meta http-equiv="refresh" content="0; url=\/kit\/docs\/intro"/);
  });

  it('takes a target given as parts of a location', () => {
    expect(pageHtml(result, '/kit/old')).toMatch(/<meta http-equiv="refresh" content="0; url=\/kit\/docs\/intro#top"/);
  });
});
