import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, copySite, fixture, pageHtml } from './helpers/site.js';

describe('a custom React page', () => {
  it('renders its component once per build, into the document the browser gets', async () => {
    const { dir, cleanup } = await copySite(fixture('basic'));
    const renders = path.join(dir, 'renders.log');
    try {
      // The component notes each render in a file: the page module is loaded by the build, not by this test.
      await writeFile(
        path.join(dir, 'src', 'pages', 'counted.tsx'),
        `// The page is bundled for the browser too, where there is no file to note renders in.
const fs = (globalThis as { process?: { getBuiltinModule?: (name: string) => typeof import('node:fs') } }).process?.getBuiltinModule?.('node:fs');
export default function Counted() {
  fs?.appendFileSync(${JSON.stringify(renders)}, 'render\\n');
  return (
    <div>
      <h1 id="counted-title">Counted</h1>
      <p>Read the <a href="/kit/docs/intro">intro</a>.</p>
    </div>
  );
}
`,
      );
      await writeFile(renders, '');
      const result = await buildSite(dir, { outDir: path.join(os.tmpdir(), `sdkdocs-counted-${process.pid}`) });
      expect((await readFile(renders, 'utf8')).split('\n').filter(Boolean)).toHaveLength(1);
      const html = pageHtml(result, '/kit/counted');
      expect(html).toContain('<div class="markdown" data-route-content=""><div><h1 id="counted-title">Counted</h1><p>Read the <a href="/kit/docs/intro">intro</a>.</p></div></div>');
      expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    } finally {
      await cleanup();
    }
  });
});
