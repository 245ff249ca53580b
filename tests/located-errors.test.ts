import { spawnSync } from 'node:child_process';
import { chmod, chown, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../src/pipeline/build.js';
import { UserError, formatDiagnostic, type Diagnostic } from '../src/core/diagnostic.js';
import { createMemoryLogger } from '../src/core/logger.js';
import type { DiagramRenderer } from '../src/core/diagram-renderer.js';
import { tempDir } from './helpers/browser.js';
import { fixture, pageHtml, repoRoot } from './helpers/site.js';

const bin = path.join(repoRoot, 'bin', 'sdkdocs.js');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const config = `import { defineConfig } from 'sdkdocs';
export default defineConfig({ title: 'Hostile', url: 'https://hostile.example', baseUrl: '/', markdown: { mermaid: true } });
`;

/** A site in a temporary folder (`site/`, beside `out/` holding a previous build) with these files under the site. */
async function siteWith(files: Record<string, string | Uint8Array>): Promise<{ root: string; siteDir: string; outDir: string }> {
  const { dir: root, cleanup } = await tempDir('sdkdocs-located-');
  cleanups.push(cleanup);
  const siteDir = path.join(root, 'site');
  const outDir = path.join(root, 'out');
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'index.html'), 'previous build');
  // An output of an earlier sdkdocs build carries the marker; an unmarked folder is never replaced.
  await writeFile(path.join(outDir, '.sdkdocs-output'), '');
  for (const [name, contents] of Object.entries({ 'sdkdocs.config.ts': config, 'docs/intro.md': '# Intro\n\nHello.\n', ...files })) {
    await mkdir(path.dirname(path.join(siteDir, name)), { recursive: true });
    await writeFile(path.join(siteDir, name), contents);
  }
  return { root, siteDir, outDir };
}

/** Stands in for mermaid-cli: any definition draws. */
const fakeRenderer: DiagramRenderer = {
  cacheKey: 'fake',
  browserLaunches: 0,
  async render() {
    return '<svg id="mermaid-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><text>ok</text></svg>';
  },
  async close() {},
};

/** The build's errors, formatted relative to the site; fails unless the build failed with only located errors and out/ kept. */
async function failingBuild(site: { siteDir: string; outDir: string }): Promise<{ text: string; diagnostics: Diagnostic[] }> {
  const error = await build({ siteDir: site.siteDir, outDir: site.outDir, logger: createMemoryLogger(), diagramRenderer: fakeRenderer }).then(
    () => new Error('the site built without error'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  const { diagnostics } = error as UserError;
  for (const diagnostic of diagnostics) expect(diagnostic.file, formatDiagnostic(diagnostic)).toBeDefined();
  expect(await readFile(path.join(site.outDir, 'index.html'), 'utf8')).toBe('previous build');
  return { text: diagnostics.map((d) => formatDiagnostic(d, { cwd: site.siteDir })).join('\n'), diagnostics };
}

async function passingBuild(site: { siteDir: string; outDir: string }): Promise<BuildResult & { warnings: string }> {
  const logger = createMemoryLogger();
  const result = await build({ siteDir: site.siteDir, outDir: site.outDir, logger, diagramRenderer: fakeRenderer, until: 'renderPages' });
  const warnings = result.site.diagnostics.filter((d) => d.severity === 'warning').map((d) => formatDiagnostic(d, { cwd: site.siteDir }));
  return { ...result, warnings: warnings.join('\n') };
}

describe('front matter YAML', () => {
  it('an alias with no anchor is an error at the alias', async () => {
    const { text } = await failingBuild(await siteWith({ 'docs/intro.md': '---\na: *u\n---\n# Hi\n' }));
    expect(text).toBe(
      'docs/intro.md:2:4 error Malformed front matter: the alias *u names no anchor &u set before it. Set the anchor on an earlier value (`base: &u value`), or quote the text if the `*` is meant literally: "*u".',
    );
  });

  it('an alias bomb is refused at its first alias, at once', async () => {
    const lines = ['---', 'a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let level = 1; level < 10; level++) lines.push(`l${level}: &l${level} [${Array(10).fill(level === 1 ? '*a' : `*l${level - 1}`).join(', ')}]`);
    const { text } = await failingBuild(await siteWith({ 'docs/intro.md': `${lines.join('\n')}\n---\n# Hi\n` }));
    expect(text).toMatch(/^docs\/intro\.md:3:\d+ error Malformed front matter: its aliases expand to more than 100 copies/);
  });

  it('a control character escaped into a value (NUL) is an error, and never reaches a page', async () => {
    const { text } = await failingBuild(await siteWith({ 'docs/intro.md': '---\ndescription: "a\\0b"\n---\n# Hi\n' }));
    expect(text).toMatch(/^docs\/intro\.md:2:14 error Malformed front matter: a value holds the control character U\+0000/);
  });
});

describe('_category_.json', () => {
  it('a control character escaped into a value is an error at its key', async () => {
    const { text } = await failingBuild(
      await siteWith({ 'docs/guide/_category_.json': '{\n  "label": "Guide",\n  "description": "a\\u0000b"\n}\n', 'docs/guide/step.md': '# Step\n' }),
    );
    expect(text).toBe(
      'docs/guide/_category_.json:3 error Invalid _category_.json: description: a value holds the control character U+0000, which no page can show. Remove the escape (`\\u0000`…) from the value.',
    );
  });
});

describe('file encodings', () => {
  it('UTF-16 with a byte order mark is decoded, with a warning', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('---\ntitle: Wide\n---\n# Wide text é\n', 'utf16le')]);
    const result = await passingBuild(await siteWith({ 'docs/wide.md': utf16 }));
    expect(result.warnings).toContain('docs/wide.md warning This doc is saved as UTF-16LE');
    expect(pageHtml(result, '/docs/wide')).toContain('Wide text é</h1>');
  });

  it('a UTF-8 byte order mark is dropped: the front matter still counts', async () => {
    const result = await passingBuild(await siteWith({ 'docs/bom.md': '\uFEFF---\ntitle: Marked\n---\nBody.\n' }));
    expect(pageHtml(result, '/docs/bom')).toContain('<title>Marked | Hostile</title>');
  });

  it('invalid UTF-8 is an error at the first bad byte', async () => {
    const latin1 = Buffer.from('# Caf\u00e9\n\nna\u00efve\n', 'latin1');
    const { text } = await failingBuild(await siteWith({ 'docs/latin.md': latin1 }));
    expect(text).toMatch(/^docs\/latin\.md:1:6 error This file is not valid UTF-8 text/);
  });

  it('a binary file named .md is an error', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const { text } = await failingBuild(await siteWith({ 'docs/image.md': png }));
    expect(text).toMatch(/^docs\/image\.md:\d+:\d+ error This file (is not valid UTF-8 text|holds a NUL character)/);
  });

  it('a NUL byte in markdown is an error, so none reaches <meta description> or any output', async () => {
    const { text } = await failingBuild(await siteWith({ 'docs/nul.md': '# Nul\n\nSome\u0000text.\n' }));
    expect(text).toMatch(/^docs\/nul\.md:3:5 error This file holds a NUL character/);
  });
});

describe('limits on pathological markdown', () => {
  it('a 20 MB doc is refused before it is parsed', async () => {
    const site = await siteWith({ 'docs/huge.md': `# Huge\n\n${'Some prose, over and over. '.repeat(800_000)}\n` });
    const { text } = await failingBuild(site);
    expect(text).toMatch(/^docs\/huge\.md error This doc is 20\.\d MiB; sdkdocs compiles docs of up to 512 KiB\. Split it/);
  });

  it.each([
    ['a 2,000-level nested list', `${'- '.repeat(2000)}item`, 1],
    ['a 10,000-level nested block quote', `${'>'.repeat(10_000)} deep`, 1],
    ['a list nested one level per line, 300 levels', Array.from({ length: 300 }, (_, i) => `${' '.repeat(2 * i)}- item ${i}`).join('\n'), 51],
    ['quotes nested one level per line, 300 levels', Array.from({ length: 300 }, (_, i) => `${'> '.repeat(i + 1)}q`).join('\n'), 51],
    ['a list nested one level per line with CR line ends, 300 levels', Array.from({ length: 300 }, (_, i) => `${' '.repeat(2 * i)}- item ${i}`).join('\r'), 51],
  ])('%s is refused at its line, before the parser runs', async (_name, markdown, line) => {
    const site = await siteWith({ 'docs/deep.md': `# Deep\n\n${markdown}\n` });
    const { text } = await failingBuild(site);
    expect(text).toContain(`docs/deep.md:${line + 2}:1 error Cannot parse markdown: Block quotes and lists nest`);
    expect(text).toContain('sdkdocs compiles up to 50 levels.');
    expect(text).not.toContain('call stack');
  });

  it('5,000 nested admonitions fail at the line that goes past the limit, not after minutes', async () => {
    const nested = Array.from({ length: 5000 }, (_, i) => `:::note Level ${i}`).join('\n\n') + '\n\n' + Array.from({ length: 5000 }, () => ':::').join('\n\n');
    const { text } = await failingBuild(await siteWith({ 'docs/deep.md': `# Deep\n\n${nested}\n` }));
    expect(text).toContain('docs/deep.md:103:1 error Cannot parse markdown: Admonitions (`:::` containers) nest 51 levels deep here; sdkdocs compiles up to 50 levels.');
  });

  it('nesting within the limit, code with deep indentation and rules of dashes still build', async () => {
    const list = Array.from({ length: 12 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    const code = '```yaml\n' + Array.from({ length: 80 }, (_, i) => `${'  '.repeat(i)}- key${i}:`).join('\n') + '\n```';
    const result = await passingBuild(await siteWith({ 'docs/ok.md': `# Ok\n\n${list}\n\n${code}\n\n${'- '.repeat(60)}\n\n> > > quoted\n` }));
    expect(pageHtml(result, '/docs/ok')).toContain('level 11');
  });

  it('a mermaid diagram over mermaid\'s text limit is an error at its fence, not a "Maximum text size" picture', async () => {
    const definition = `flowchart LR\n${Array.from({ length: 4000 }, (_, i) => `  n${i}[node number ${i}] --> n${i + 1}`).join('\n')}`;
    expect(definition.length).toBeGreaterThan(50_000);
    const { text } = await failingBuild(await siteWith({ 'docs/chart.md': `# Chart\n\nText.\n\n\`\`\`mermaid\n${definition}\n\`\`\`\n` }));
    expect(text).toMatch(/^docs\/chart\.md:5:1 error This mermaid diagram is [\d,]+ characters long; mermaid draws diagrams of up to 50,000/);
  });
});

describe('link URLs that run script', () => {
  it('javascript:, vbscript: and data:text/html URLs are removed, each with a warning at its place', async () => {
    const markdown = [
      '# Links',
      '',
      '[js](javascript:alert(1)) [vb](VBScript:msgbox(1))',
      '',
      '[page](data:text/html,<script>alert(1)</script>) ![ok](data:image/png;base64,iVBORw0KGgo=)',
      '',
      '[ref][r]',
      '',
      '[r]: vbscript:x',
      '',
    ].join('\n');
    const result = await passingBuild(await siteWith({ 'docs/links.md': markdown }));
    const html = pageHtml(result, '/docs/links');
    expect(html).not.toMatch(/javascript:|vbscript:|data:text\/html/i);
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).toContain('>js</a>');
    expect(result.warnings.split('\n')).toEqual([
      "docs/links.md:3:1 warning The javascript: URL of this link was removed: it could run script in the reader's browser. Link to a page or an http(s) URL instead; put scripts in a custom React page (src/pages).",
      expect.stringMatching(/^docs\/links\.md:3:27 warning The vbscript: URL of this link was removed/),
      expect.stringMatching(/^docs\/links\.md:5:1 warning The data: URL of this link was removed/),
      expect.stringMatching(/^docs\/links\.md:7:1 warning The vbscript: URL of this link was removed/),
    ]);
  });
});

describe('MDX render errors', () => {
  const throwing = "export default function Throwing({ when }: { when?: string }) {\n  if (when === 'now') throw new Error('asked to throw');\n  return <b>fine</b>;\n}\n";

  it('a component that throws while the doc renders is an error at its tag', async () => {
    const doc = [
      '---',
      'title: Throws',
      '---',
      "import Throwing from '@site/src/components/Throwing';",
      '',
      '# Throws',
      '',
      '<Throwing />',
      '',
      '<div>',
      '  Inside <em>a div</em>: <Throwing when="now" />',
      '</div>',
      '',
    ].join('\n');
    const { text } = await failingBuild(await siteWith({ 'docs/throws.mdx': doc, 'src/components/Throwing.tsx': throwing }));
    expect(text).toBe(
      'docs/throws.mdx:11:26 error MDX: rendering the doc failed: asked to throw A component of the doc threw while rendering at build time; it must render without the browser (use effects for window and document).',
    );
  });

  it('an MDX doc that exports a toc of its own keeps it, with no clash with the one made for TOCInline', async () => {
    const doc = "import TOCInline from '@theme/TOCInline';\n\nexport const toc = [{ value: 'Own entry', id: 'own', level: 2 }];\n\n# Own\n\n<TOCInline toc={toc} />\n\n## Real heading\n";
    const result = await passingBuild(await siteWith({ 'docs/own-toc.mdx': doc }));
    expect(pageHtml(result, '/docs/own-toc')).toContain('Own entry');
  });

  it('an import of a missing package inside an admonition of a .md doc is an error at the import', async () => {
    const { text } = await failingBuild(await siteWith({ 'docs/nested.md': '# Nested\r\n\r\n:::danger[Title]\r\n\r\nimport X from "no-such-package";\r\n\r\n:::\r\n' }));
    expect(text).toMatch(/^docs\/nested\.md:5:1 error MDX: Could not resolve "no-such-package"/);
  });

  it('<Tabs> with two tabs of one value is an error at the <Tabs> tag, not at a tab', async () => {
    const doc = [
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      '# Tabs',
      '',
      '<Tabs>',
      '  <TabItem value="a">First</TabItem>',
      '  <TabItem value="b">Second</TabItem>',
      '</Tabs>',
      '',
      '  <Tabs>',
      '    <TabItem value="a">One</TabItem>',
      '    <TabItem value="a">Two</TabItem>',
      '  </Tabs>',
      '',
    ].join('\n');
    const { text } = await failingBuild(await siteWith({ 'docs/tabs.mdx': doc }));
    expect(text).toMatch(/^docs\/tabs\.mdx:11:3 error MDX: rendering the doc failed: <Tabs>: the value "a" is used by two tabs; each TabItem needs its own value\./);
  });
});

describe('symlinked docs', () => {
  it('a link to a doc inside the site is followed; one leading outside it or nowhere is an error at the link', async () => {
    const site = await siteWith({ 'shared/common.md': '# Shared doc\n' });
    await symlink(path.join(site.siteDir, 'shared', 'common.md'), path.join(site.siteDir, 'docs', 'common.md'));
    await symlink(path.join(site.siteDir, 'shared'), path.join(site.siteDir, 'docs', 'linked-folder'));
    const inside = await passingBuild(site);
    expect(pageHtml(inside, '/docs/common')).toContain('Shared doc</h1>');
    expect(pageHtml(inside, '/docs/linked-folder/common')).toContain('Shared doc</h1>');

    await writeFile(path.join(site.root, 'secret.md'), '# Outside\n');
    await symlink(path.join(site.root, 'secret.md'), path.join(site.siteDir, 'docs', 'secret.md'));
    await symlink(path.join(site.siteDir, 'missing.md'), path.join(site.siteDir, 'docs', 'dangling.md'));
    await symlink(path.join(site.siteDir, 'docs'), path.join(site.siteDir, 'docs', 'loop'));
    const { text } = await failingBuild(site);
    expect(text.split('\n').sort()).toEqual([
      expect.stringMatching(/^docs\/dangling\.md error dangling\.md is a symbolic link to .*missing\.md, which does not exist\./),
      expect.stringMatching(/^docs\/loop error loop is a symbolic link to a folder that contains it/),
      expect.stringMatching(/^docs\/secret\.md error secret\.md is a symbolic link to .*secret\.md, outside the site folder/),
    ]);
  });
});

describe('unreadable files', () => {
  /**
   * Runs `sdkdocs build` as a user who cannot read the file at `unreadable`: root reads any file
   * whatever its mode, so as root the build runs as `nobody`.
   */
  async function buildWithout(site: { root: string; siteDir: string; outDir: string }, unreadable: string) {
    await chmod(unreadable, 0o000);
    const asRoot = process.getuid?.() === 0;
    if (asRoot) await chownTree(site.root, 65534, 65534);
    const result = spawnSync(process.execPath, [bin, 'build', site.siteDir, '--out-dir', site.outDir], {
      encoding: 'utf8',
      cwd: site.siteDir,
      env: { ...process.env, CI: 'true', HOME: site.root },
      ...(asRoot && { uid: 65534, gid: 65534 }),
    });
    await chmod(unreadable, 0o755);
    return result;
  }

  it.each([
    ['a doc', 'docs/secret.md', 'docs/secret.md error This file cannot be read: permission denied.'],
    ['a folder of docs', 'docs/private', 'docs/private error This folder cannot be read: permission denied.'],
    ['a _category_.json', 'docs/guide/_category_.json', 'docs/guide/_category_.json error This file cannot be read: permission denied.'],
    ['a static file', 'static/secret.txt', 'static/secret.txt error This file cannot be read: permission denied.'],
  ])('%s → a located error, exit 1, out/ kept', async (_name, unreadable, expected) => {
    const site = await siteWith({
      'docs/secret.md': '# Secret\n',
      'docs/private/page.md': '# Private\n',
      'docs/guide/_category_.json': '{"label": "Guide"}',
      'docs/guide/step.md': '# Step\n',
      'static/secret.txt': 'secret',
    });
    const result = await buildWithout(site, path.join(site.siteDir, unreadable));
    expect(result.stderr).toContain(expected);
    expect(result.stderr).not.toContain('Internal error');
    expect(result.status).toBe(1);
    expect(await readFile(path.join(site.outDir, 'index.html'), 'utf8')).toBe('previous build');
  });
});

describe('serve options', () => {
  it('--host that is no address is a usage error (exit 2) before anything starts', () => {
    const result = spawnSync(process.execPath, [bin, 'serve', '.', '--host', '999.1.1.1'], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("option '--host <host>' argument '999.1.1.1' is invalid. expected an IP address (127.0.0.1, 0.0.0.0, ::1) or a host name (localhost).");
  });
});

describe('serve on a host this machine does not have', () => {
  it('is an error naming the option, exit 1', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-serve-host-');
    cleanups.push(cleanup);
    await build({ siteDir: fixture('basic'), outDir: dir, logger: createMemoryLogger() });
    const result = spawnSync(process.execPath, [bin, 'serve', fixture('basic'), '--out-dir', dir, '--port', '0', '--host', 'no-such-host.invalid'], {
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
      timeout: 30_000,
    });
    expect(result.stderr).toContain('error --host no-such-host.invalid: this machine has no such address');
    expect(result.stderr).not.toContain('Internal error');
    expect(result.status).toBe(1);
  });
});

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, uid, gid);
    else await chown(full, uid, gid);
  }
}


