import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/build.js';
import { createMemoryLogger } from '../src/core/logger.js';

// ```bash npm2yarn fences, as Docusaurus sites write them: npm, Yarn and pnpm tabs, without the plugin.
describe('npm2yarn fences', () => {
  let site: string;
  const page = (route: string) => readFileSync(path.join(site, 'out', 'kit', route, 'index.html'), 'utf8');
  beforeAll(async () => {
    site = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-npm2yarn-'));
    const files: Record<string, string> = {
      'sdkdocs.config.ts': "export default { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/kit/' };\n",
      'docs/install.md': '# Install\n\n```bash npm2yarn\nnpm install --save-dev @playkit/sdk\n```\n\nBraces {stay} text in a markdown doc, and <b>HTML</b> stays HTML.\n\n```bash\nnpm run plain\n```\n',
      'docs/scripts.mdx': "import Tabs from '@theme/Tabs';\n\n# Scripts\n\n- In a list:\n\n  ```sh npm2yarn title=\"Build\"\n  npm run build\n  ```\n",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
      writeFileSync(path.join(site, name), text);
    }
    await build({ siteDir: site, logger: createMemoryLogger() });
  }, 60_000);
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  const tabLabels = (html: string) => [...html.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((match) => match[1]);
  const commands = (html: string) => [...html.matchAll(/<span class="code-line">([^<]*)<\/span>/g)].map((match) => match[1]);

  it('shows a markdown doc\'s npm command as npm, Yarn and pnpm tabs, and leaves the rest of the doc markdown', () => {
    const html = page('docs/install');
    expect(tabLabels(html)).toEqual(['npm', 'Yarn', 'pnpm']);
    expect(commands(html)).toEqual(['npm install --save-dev @playkit/sdk', 'yarn add --dev @playkit/sdk', 'pnpm add --save-dev @playkit/sdk', 'npm run plain']);
    expect(html).toContain('Braces {stay} text in a markdown doc, and <b>HTML</b> stays HTML.');
    expect(html).not.toContain('npm2yarn');
  });

  it('does the same in an MDX doc that imports Tabs itself, keeping the fence\'s title', () => {
    const html = page('docs/scripts');
    expect(tabLabels(html)).toEqual(['npm', 'Yarn', 'pnpm']);
    expect(commands(html)).toEqual(['npm run build', 'yarn build', 'pnpm run build']);
    expect(html.match(/Build<\/div>/g)?.length ?? html.match(/>Build</g)?.length).toBe(3);
  });
});

// docusaurus-remark-plugin-tab-blocks (Jest's site) writes <Tabs> and imports Tabs itself only when
// no import of @theme/Tabs is there yet: after an npm2yarn fence, it finds that import and relies on it.
describe('npm2yarn fences beside a plugin that writes <Tabs> itself', () => {
  let site: string;
  beforeAll(async () => {
    site = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-npm2yarn-tabs-'));
    const tabBlocks = `export default function tabBlocks() {
  return (tree) => {
    let made = false;
    const visit = (parent) => {
      parent.children = parent.children.map((node) => {
        if (node.type === 'code' && /(^|\\s)tab(\\s|$)/.test(node.meta ?? '')) {
          made = true;
          const item = { type: 'mdxJsxFlowElement', name: 'TabItem', attributes: [{ type: 'mdxJsxAttribute', name: 'value', value: node.lang }, { type: 'mdxJsxAttribute', name: 'label', value: node.lang.toUpperCase() }], children: [{ ...node, meta: null }] };
          return { type: 'mdxJsxFlowElement', name: 'Tabs', attributes: [], children: [item] };
        }
        if (Array.isArray(node.children)) visit(node);
        return node;
      });
    };
    visit(tree);
    const imported = tree.children.some((node) => node.type === 'mdxjsEsm' && node.value.includes('@theme/Tabs'));
    if (made && !imported) throw new Error('this test wants the import made by the npm2yarn fence');
  };
}
`;
    const files: Record<string, string> = {
      'sdkdocs.config.ts': "import tabBlocks from './tab-blocks.mjs';\nexport default { title: 'Kit', url: 'https://kit.example.com', docs: { remarkPlugins: [tabBlocks] } };\n",
      'tab-blocks.mjs': tabBlocks,
      'docs/config.mdx': '# Config\n\n```bash npm2yarn\nnpm install kit\n```\n\n```ts tab\nexport default {};\n```\n',
      'docs/own-tabs.mdx': "# Own tabs\n\n```bash npm2yarn\nnpm install kit\n```\n\nimport Tabs from '@theme/Tabs';\n\n<Tabs><TabItem value=\"a\" label=\"A\">a</TabItem></Tabs>\n\nexport const TabItem = ({ children }) => <div className=\"own-item\">{children}</div>;\n",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
      writeFileSync(path.join(site, name), text);
    }
  }, 60_000);
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it("gives that plugin's <Tabs> and <TabItem> the theme's tabs, and leaves a doc's own names alone", async () => {
    const logger = createMemoryLogger();
    await build({ siteDir: site, logger });
    expect(logger.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    const html = readFileSync(path.join(site, 'out', 'docs', 'config', 'index.html'), 'utf8');
    expect([...html.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(['npm', 'Yarn', 'pnpm', 'TS']);
    // A second \`Tabs\` or \`TabItem\` declaration would have failed this doc's compile.
    const own = readFileSync(path.join(site, 'out', 'docs', 'own-tabs', 'index.html'), 'utf8');
    expect([...own.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(['npm', 'Yarn', 'pnpm', 'A']);
  });
});
