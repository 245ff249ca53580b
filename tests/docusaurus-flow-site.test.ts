import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic, UserError } from '../src/core/diagnostic.js';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml } from './helpers/site.js';
import { createItemMemory } from '../src/core/item-store.js';

/*
 * What flow.org's Docusaurus site asks of the theme and of the build: components written with
 * Flow types, which its `babel.config.js` strips (`@babel/preset-flow`), `useBaseUrlUtils` of
 * `@docusaurus/useBaseUrl`, and `@theme/DocCardList`.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/**
 * Stands in for the site's own `@babel/core`, whose `loadOptionsAsync` and `transformAsync` sdkdocs
 * calls: the config's presets and plugins become plugins keyed by name, as Babel's are, and the
 * transform strips the little Flow the fixture writes, with only Flow's plugins given to it.
 */
const fakeBabelSource = `// The config as the file says now (Babel reads a changed config again).
const configOf = (file) => {
  delete require.cache[require.resolve(file)];
  return require(file);
};
exports.loadPartialConfigAsync = async function (options) {
  const config = configOf(options.configFile);
  const item = (name) => ({ file: { resolved: name.startsWith('/') ? name : '/site/node_modules/' + name + '/lib/index.js' } });
  return { options: { presets: (config.presets || []).map(item), plugins: (config.plugins || []).map(item) } };
};
exports.loadOptionsAsync = async function (options) {
  const config = configOf(options.configFile);
  if (config.fullLoadFails) throw new Error('loaded in full');
  const names = [...(config.presets || []), ...(config.plugins || [])];
  const plugins = names.flatMap((name) => (/preset-flow/.test(name) ? [{ key: 'syntax-flow' }, { key: 'transform-flow-strip-types' }] : [{ key: name }]));
  return { plugins: [...plugins, { key: 'transform-react-jsx' }], parserOpts: config.parserOpts || {} };
};
exports.transformAsync = async function (code, options) {
  const keys = options.plugins.map((plugin) => plugin.key);
  if (keys.some((key) => !/flow/.test(key))) throw new Error('not a Flow plugin: ' + keys.join(', '));
  const frame = code.split('\\n').findIndex((line) => line.includes('@@'));
  if (frame >= 0) {
    const error = new Error(options.filename + ': Unexpected token (' + (frame + 1) + ':4)\\n> ' + (frame + 1) + ' | code');
    error.loc = { line: frame + 1, column: 4 };
    throw error;
  }
  return { code: code.replace(/^type .*$/gm, '').replace(/: (Props|React\\.Node)/g, '') };
};
`;

async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [file, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), contents);
  }
}

/** A Docusaurus site at base URL /kit/ whose Babel config strips Flow, with these extra files. */
async function flowSite(files: Record<string, string>): Promise<string> {
  const { dir, cleanup } = await tempDir('sdkdocs-flow-site-');
  cleanups.push(cleanup);
  await writeFiles(dir, {
    'docusaurus.config.js': "module.exports = { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/kit/', presets: [['classic', { blog: false }]] };\n",
    'babel.config.js': "module.exports = { presets: ['@babel/preset-flow'], parserOpts: { flow: 'all' } };\n",
    'node_modules/@babel/core/package.json': JSON.stringify({ name: '@babel/core', version: '7.99.0', main: 'index.js' }),
    'node_modules/@babel/core/index.js': fakeBabelSource,
    'src/components/Greeting.js': [
      '// @flow',
      "import * as React from 'react';",
      "import {useBaseUrlUtils} from '@docusaurus/useBaseUrl';",
      'type Props = {name: string};',
      'export default function Greeting({name}: Props): React.Node {',
      '  const {withBaseUrl} = useBaseUrlUtils();',
      "  return <a className=\"greeting\" href={withBaseUrl('/docs/intro')}>Hello {name}</a>;",
      '}',
      '',
    ].join('\n'),
    'docs/intro.mdx': "import Greeting from '@site/src/components/Greeting';\n\n# Intro\n\n<Greeting name=\"docs\" />\n",
    ...files,
  });
  return dir;
}

describe("a site whose babel.config.js strips Flow (flow.org)", () => {
  it("reads its Flow-typed components in MDX docs and React pages, with only the config's Flow plugins", async () => {
    const dir = await flowSite({
      'src/pages/index.js': "// @flow\nimport Greeting from '../components/Greeting';\ntype Props = {};\nexport default function Home(props: Props): React.Node {\n  return <main><Greeting name=\"page\" /></main>;\n}\n",
    });
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(pageHtml(result, '/kit/docs/intro')).toContain('<a class="greeting" href="/kit/docs/intro">Hello <!-- -->docs</a>');
    expect(pageHtml(result, '/kit/')).toContain('<main><a class="greeting" href="/kit/docs/intro">Hello <!-- -->page</a></main>');
  });

  it("does not load a config that names Docusaurus' preset alone in full (it has no Flow)", async () => {
    const dir = await flowSite({
      'babel.config.js': "module.exports = { presets: [__dirname + '/node_modules/@docusaurus/core/lib/babel/preset.js'], fullLoadFails: true };\n",
      'src/components/Greeting.js': "export default function Greeting({name}) {\n  return <b className=\"greeting\">Hello {name}</b>;\n}\n",
    });
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(pageHtml(result, '/kit/docs/intro')).toContain('<b class="greeting">Hello <!-- -->docs</b>');
  });

  it('compiles the site\'s code again under serve --watch when babel.config.js changes', async () => {
    const dir = await flowSite({
      // An exact object type: Flow's alone, which no TypeScript-aware reader takes.
      'src/pages/index.js': "// @flow\nimport Greeting from '../components/Greeting';\ntype Props = {| |};\nexport default function Home(props: Props): React.Node {\n  return <main><Greeting name=\"page\" /></main>;\n}\n",
    });
    const memory = createItemMemory();
    const first = await buildSite(dir, { watch: true, memory });
    expect(pageHtml(first, '/kit/')).toContain('Hello <!-- -->page');
    // Without its Flow preset the config strips nothing, and esbuild cannot read the types.
    const babelConfig = path.join(dir, 'babel.config.js');
    await writeFile(babelConfig, 'module.exports = { presets: [] };\n');
    const error = await buildSite(dir, { watch: true, memory, previous: first.site, changedFiles: new Set([babelConfig]) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).diagnostics.map((diagnostic) => diagnostic.file)).toContain(path.join(dir, 'src', 'pages', 'index.js'));
  });

  it('notices a babel.config.js edit that keeps the file\'s size and time stamp', async () => {
    const dir = await flowSite({
      'src/pages/index.js': "// @flow\nimport Greeting from '../components/Greeting';\ntype Props = {| |};\nexport default function Home(props: Props): React.Node {\n  return <main><Greeting name=\"page\" /></main>;\n}\n",
    });
    const babelConfig = path.join(dir, 'babel.config.js');
    // A whole second, which a file's time stamp holds exactly.
    const time = Math.floor(Date.now() / 1000) - 60;
    await utimes(babelConfig, time, time);
    const memory = createItemMemory();
    const first = await buildSite(dir, { watch: true, memory });
    expect(pageHtml(first, '/kit/')).toContain('Hello <!-- -->page');
    // The engine compares the config by its bytes, as it does every file a query read.
    const stamp = await stat(babelConfig);
    const withoutFlow = "module.exports = { presets: [], parserOpts: { flow: 'all' } };";
    await writeFile(babelConfig, `${withoutFlow.padEnd(stamp.size - 1)}\n`);
    await utimes(babelConfig, time, time);
    expect(await stat(babelConfig)).toMatchObject({ size: stamp.size, mtimeMs: stamp.mtimeMs });
    const error = await buildSite(dir, { watch: true, memory, previous: first.site, changedFiles: new Set([babelConfig]) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).diagnostics.map((diagnostic) => diagnostic.file)).toContain(path.join(dir, 'src', 'pages', 'index.js'));
  });

  it('reports Babel\'s syntax error at its line and column in the component', async () => {
    const dir = await flowSite({ 'src/components/Broken.js': "// @flow\nexport default function Broken() {\n  return @@;\n}\n", 'docs/broken.mdx': "import Broken from '@site/src/components/Broken';\n\n# Broken\n\n<Broken />\n" });
    const error = await buildSite(dir, { until: 'renderPages' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    const lines = (error as UserError).diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, { cwd: dir }));
    expect(lines).toContainEqual(expect.stringMatching(/^src\/components\/Broken\.js:3:5 error .*Flow \(the site's babel\.config\.js\): Unexpected token/));
  });
});

describe('@theme/DocCardList, as Docusaurus index docs write it', () => {
  it('draws a card per item given, and without items the sidebar category the doc is the index of', async () => {
    const dir = await flowSite({
      'docs/guides/index.mdx': "import DocCardList from '@theme/DocCardList';\n\n# Guides\n\n<DocCardList />\n",
      'docs/guides/install.md': '---\ndescription: Get the kit.\n---\n\n# Install\n',
      'docs/guides/deploy.md': '# Deploy\n',
      'docs/tools.mdx': [
        "import DocCardList from '@theme/DocCardList';",
        '',
        '# Tools',
        '',
        "<DocCardList items={[{type: 'link', label: 'Install', href: '/docs/guides/install', description: 'Start here.'}, {type: 'link', label: 'Babel', href: 'https://babeljs.io'}]} />",
        '',
      ].join('\n'),
    });
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    const cards = (route: string) =>
      [...pageHtml(result, route).replaceAll('<!-- -->', '').matchAll(/<article class="card"><h2 class="card-title"><a ([^>]*)>([^<]*)<\/a><\/h2>(?:<p class="card-description">([^<]*)<\/p>)?/g)].map((match) => [match[1], match[2], match[3]]);
    expect(cards('/kit/docs/tools')).toEqual([
      ['href="/kit/docs/guides/install" class="card-link"', '📄️ Install', 'Start here.'],
      ['href="https://babeljs.io" target="_blank" rel="noopener noreferrer" class="card-link"', '🔗 Babel', undefined],
    ]);
    // Each doc's description, as Docusaurus shows it: its front matter's, else none.
    expect(cards('/kit/docs/guides')).toEqual([
      ['href="/kit/docs/guides/deploy" class="card-link"', '📄️ Deploy', undefined],
      ['href="/kit/docs/guides/install" class="card-link"', '📄️ Install', 'Get the kit.'],
    ]);
  });
});
