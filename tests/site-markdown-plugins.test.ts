import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/site.js';

/**
 * A Docusaurus site's own remark and rehype plugins (docs.remarkPlugins and friends), local files
 * given as functions and `[plugin, options]`, run on `.md` and `.mdx` docs, in-process and on
 * the parse worker threads, by the shipped CLI; compiled docs are not reused once a plugin changes.
 */

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

const config = `module.exports = {
  title: 'Plugins',
  url: 'https://plugins.example.com',
  baseUrl: '/',
  presets: [
    ['classic', {
      docs: {
        beforeDefaultRemarkPlugins: [require('./plugins/remark-count-headings')],
        remarkPlugins: [[require('./plugins/remark-shout'), { mark: 'loud ' }], false],
        rehypePlugins: [require('./plugins/rehype-mark-links')],
      },
      blog: false,
    }],
  ],
};
`;

const remarkShout = (suffix: string) => `module.exports = function remarkShout(options) {
  const visit = (node) => {
    if (node.type === 'text' && node.value.startsWith(options.mark)) node.value = node.value.slice(options.mark.length).toUpperCase() + ${JSON.stringify(suffix)};
    (node.children || []).forEach(visit);
  };
  return (tree) => visit(tree);
};
`;

const rehypeMarkLinks = `module.exports = function rehypeMarkLinks() {
  const visit = (node) => {
    if (node.type === 'element' && node.tagName === 'a' && !String(node.properties.className || '').includes('hash-link')) node.properties.dataSitePlugin = 'yes';
    (node.children || []).forEach(visit);
  };
  return (tree) => visit(tree);
};
`;

// Runs before sdkdocs' own plugins: it sees the heading ids as written, before they become ids.
const remarkCountHeadings = `module.exports = function remarkCountHeadings() {
  return (tree) => {
    const count = tree.children.filter((node) => node.type === 'heading').length;
    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'headings: ' + count }] });
  };
};
`;

function makeSite(docs: number): string {
  const site = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-site-plugins-'));
  temporary.push(site);
  const files: Record<string, string> = {
    'docusaurus.config.js': config,
    'plugins/remark-shout.js': remarkShout(''),
    'plugins/rehype-mark-links.js': rehypeMarkLinks,
    'plugins/remark-count-headings.js': remarkCountHeadings,
    'docs/intro.md': '# Intro\n\nloud quiet words\n\nSee [the component page](./component.mdx).\n',
    'docs/component.mdx': "export const Note = ({ children }) => <p className=\"note\">{children}</p>;\n\n# Component\n\n<Note>inside</Note>\n\nloud from mdx\n\n[Back](./intro.md)\n",
  };
  for (let index = 0; index < docs; index++) files[`docs/many/page-${index}.md`] = `# Page ${index}\n\nloud page ${index}\n\n[Intro](../intro.md)\n`;
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
    writeFileSync(path.join(site, name), text);
  }
  return site;
}

function build(site: string) {
  return spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
}

const page = (site: string, route: string) => readFileSync(path.join(site, 'out', route, 'index.html'), 'utf8');

describe("a site's own markdown plugins", () => {
  beforeAll(() => {
    const bundle = path.join(repoRoot, 'dist', 'cli-bundle', 'main.js');
    expect(statSync(bundle).mtimeMs, 'run `npm run build` to bundle the CLI').toBeGreaterThanOrEqual(statSync(path.join(repoRoot, 'dist', 'src', 'cli', 'main.js')).mtimeMs);
  });

  it('run on .md and .mdx docs of a small site, compiled in-process, in their order', () => {
    const site = makeSite(0);
    const result = build(site);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('remarkPlugins');
    const intro = page(site, 'docs/intro');
    expect(intro).toContain('<p>QUIET WORDS</p>');
    expect(intro).toContain('<p>headings: 1</p>');
    expect(intro).toMatch(/<a href="\/docs\/component" data-site-plugin="yes">the component page<\/a>/);
    const component = page(site, 'docs/component');
    expect(component).toContain('FROM MDX');
    expect(component).toContain('<p class="note">inside</p>');
    expect(component).toMatch(/<a href="\/docs\/intro" data-site-plugin="yes">Back<\/a>/);
  });

  it('run on the parse worker threads of a large site, and a changed plugin compiles the docs again', () => {
    const site = makeSite(160);
    const first = build(site);
    expect(first.status, first.stderr).toBe(0);
    expect(page(site, 'docs/many/page-150')).toContain('<p>PAGE 150</p>');
    expect(page(site, 'docs/many/page-7')).toMatch(/<a href="\/docs\/intro" data-site-plugin="yes">Intro<\/a>/);
    writeFileSync(path.join(site, 'plugins/remark-shout.js'), remarkShout('!'));
    const second = build(site);
    expect(second.status, second.stderr).toBe(0);
    expect(page(site, 'docs/many/page-150')).toContain('<p>PAGE 150!</p>');
    expect(page(site, 'docs/intro')).toContain('<p>QUIET WORDS!</p>');
  }, 120_000);
});

describe('an element a plugin makes, with no place of its own', () => {
  it('is reported at the text it was made from when nothing defines it', () => {
    const site = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-plugin-place-'));
    temporary.push(site);
    const files: Record<string, string> = {
      'docusaurus.config.js': "module.exports = { title: 'P', url: 'https://p.example.com', baseUrl: '/', presets: [['classic', { docs: { remarkPlugins: [require('./wrap-code')] }, blog: false }]] };\n",
      // As docusaurus-remark-plugin-tab-blocks does: new elements around the doc's own code nodes.
      'wrap-code.js': "module.exports = function wrapCode() {\n  return (tree) => {\n    tree.children = tree.children.map((node) => node.type === 'code' ? { type: 'mdxJsxFlowElement', name: 'CodePanel', attributes: [], children: [node] } : node);\n  };\n};\n",
      'docs/intro.mdx': '# Intro\n\nSome text.\n\n```js\nlet a = 1;\n```\n',
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
      writeFileSync(path.join(site, name), text);
    }
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    expect(result.stderr).toMatch(/docs\/intro\.mdx:5:1 error .*`<CodePanel>` is not defined/);
    expect(result.status).toBe(1);
  });
});

describe('a plugin that lets an error escape (a program it starts is not installed)', () => {
  // As flow.org's remark plugin does with the `flow` binary: spawn, no 'error' listener, read stdout.
  const checker = (program: string) =>
    [
      "const { spawn } = require('node:child_process');",
      'module.exports = function runChecker() {',
      '  return async (tree) => {',
      `    if (${JSON.stringify(program)} === 'sdkdocs-test-present') return;`,
      `    const child = spawn(${JSON.stringify(program)}, ['--json']);`,
      "    child.stdin.end('x');",
      "    for await (const chunk of child.stdout) tree.children.push({ type: 'text', value: String(chunk) });",
      '  };',
      '};',
      '',
    ].join('\n');
  it('fails the docs it ran on, each at its file, and leaves the last output as it was', () => {
    const site = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-plugin-escape-'));
    temporary.push(site);
    const files: Record<string, string> = {
      'docusaurus.config.js': "module.exports = { title: 'P', url: 'https://p.example.com', baseUrl: '/', presets: [['classic', { docs: { remarkPlugins: [require('./run-checker')] }, blog: false }]] };\n",
      'run-checker.js': checker('sdkdocs-test-present'),
      'docs/intro.md': '# Intro\n\nSome text.\n',
      'docs/second.md': '# Second\n\nMore text.\n',
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
      writeFileSync(path.join(site, name), text);
    }
    const run = () => spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    const before = page(site, 'docs/intro');
    writeFileSync(path.join(site, 'run-checker.js'), checker('sdkdocs-no-such-checker'));
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).not.toContain("Unhandled 'error' event");
    for (const doc of ['docs/intro.md', 'docs/second.md']) {
      expect(result.stderr).toMatch(new RegExp(`${doc.replace('.', '\\.')} error .*spawn sdkdocs-no-such-checker ENOENT.*\`sdkdocs-no-such-checker\`, which is not installed`));
    }
    expect(page(site, 'docs/intro')).toBe(before);
  });
});
