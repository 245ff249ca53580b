import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, tempDir } from '../helpers/browser.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

// Redux's errors page shows the error named by `?code=` through @docusaurus/router's useLocation.
describe.skipIf(!chromiumPath)("@docusaurus/router's useLocation in the browser", () => {
  let site: SiteUnderTest;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-router-site-');
    cleanup = made.cleanup;
    const files: Record<string, string> = {
      'sdkdocs.config.ts': "export default { title: 'Kit', baseUrl: '/kit/' };\n",
      'docs/intro.md': '# Intro\n\nHello.\n',
      'src/pages/errors.js':
        "import { useLocation } from '@docusaurus/router';\n\nexport default function Errors() {\n  const { search } = useLocation();\n  const code = new URLSearchParams(search).get('code');\n  return <main><h1>Errors</h1>{code ? <p className=\"code\">Error {code}</p> : <p className=\"code\">No code</p>}</main>;\n}\n",
      // 10tap-editor's landing page is only a Redirect to its first doc.
      'src/pages/start.js': "import { Redirect } from '@docusaurus/router';\n\nexport default function Start() {\n  return <Redirect to=\"/kit/docs/intro\" />;\n}\n",
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(made.dir, file)), { recursive: true });
      await writeFile(path.join(made.dir, file), text);
    }
    site = await startSiteUnderTest(made.dir, '/kit/');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await cleanup?.();
  });

  it('reads the query of the address once the page has hydrated, without a hydration mismatch', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, `${site.url('errors')}?code=7`);
    await eventually(() => page.locator('.code').innerText()).toBe('Error 7');
    expect(problems).toEqual([]);
  });

  it('takes the reader from a page that is only a Redirect to its target', async () => {
    const { page, problems } = await site.open();
    await page.goto(site.url('start'));
    await eventually(() => new URL(page.url()).pathname).toBe('/kit/docs/intro');
    await eventually(() => page.locator('h1').first().innerText()).toBe('Intro');
    expect(problems).toEqual([]);
  });
});
