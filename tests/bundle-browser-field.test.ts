import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, writeSiteFiles } from './helpers/site.js';

// Found on babeljs.io: its pages reach object-inspect, whose package.json leaves a file out of
// browser bundles (`"browser": { "./util.inspect.js": false }`). esbuild names that module
// `(disabled):…` in its metafile; the list of bundled packages read the prefix as part of a path
// and the build ended in an internal error (ENOENT on a package.json under sdkdocs' own folder).
describe("a package whose browser field leaves one of its files out", () => {
  let outDir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-browser-field-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'sdkdocs.config.ts': "export default { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/' };\n",
      'docs/intro.md': '# Intro\n\nHello.\n',
      'src/pages/inspect.js': "import inspect from 'tiny-inspect';\n\nexport default function Inspect() {\n  return <main><p className=\"shown\">{inspect({ a: 1 })}</p></main>;\n}\n",
      'node_modules/tiny-inspect/package.json': '{ "name": "tiny-inspect", "version": "2.0.1", "license": "MIT", "main": "index.js", "browser": { "./node-inspect.js": false } }\n',
      'node_modules/tiny-inspect/index.js': "const nodeInspect = require('./node-inspect.js');\nmodule.exports = function inspect(value) { return typeof nodeInspect === 'function' ? nodeInspect(value) : JSON.stringify(value); };\n",
      'node_modules/tiny-inspect/node-inspect.js': "module.exports = require('node:util').inspect;\n",
    });
    outDir = path.join(made.dir, 'out');
    await buildSite(made.dir, { outDir });
  }, 120_000);
  afterAll(() => cleanup?.());

  it('builds, the page shows the value as rendered in Node, and the package is in the third-party licences', async () => {
    expect(await readFile(path.join(outDir, 'inspect', 'index.html'), 'utf8')).toContain('<p class="shown">{ a: 1 }</p>');
    expect(await readFile(path.join(outDir, 'assets', 'js', 'third-party-licenses.txt'), 'utf8')).toMatch(/^tiny-inspect 2\.0\.1$/m);
  });
});
