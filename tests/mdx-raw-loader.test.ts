import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, writeSiteFiles } from './helpers/site.js';

// Found on sequelize.org: its docs show TypeScript files as code blocks through
// `import example from '!!raw-loader!@site/…/define.ts'`. The browser bundle's scan for theme
// strings took the raw module (`sdkdocs-asset:/…/define.ts`) for a source file and crashed the
// build with ENOENT.
describe('a TypeScript file imported through !!raw-loader! by an MDX doc', () => {
  let outDir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-raw-loader-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'sdkdocs.config.ts': "export default { title: 'Raw', url: 'https://raw.example.com', baseUrl: '/' };\n",
      'docs/intro.md': '# Intro\n\nHello.\n',
      'docs/models.mdx': [
        "import CodeBlock from '@theme/CodeBlock';",
        "import defineExample from '!!raw-loader!@site/examples/define.ts';",
        '',
        '# Models',
        '',
        '<CodeBlock language="typescript">{defineExample}</CodeBlock>',
        '',
      ].join('\n'),
      'examples/define.ts': "export const modelName = 'User';\n",
    });
    outDir = path.join(made.dir, 'out');
    await buildSite(made.dir, { outDir });
  }, 120_000);
  afterAll(() => cleanup?.());

  it("builds, and the doc shows the file's text", async () => {
    const html = await readFile(path.join(outDir, 'docs', 'models', 'index.html'), 'utf8');
    expect(html).toMatch(/modelName.*User/s);
  });
});
