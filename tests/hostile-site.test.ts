import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/build.js';
import { UserError, formatDiagnostic } from '../src/core/diagnostic.js';
import { createMemoryLogger } from '../src/core/logger.js';
import { createFolderWriter } from '../src/write/folder-writer.js';
import { liveScriptUrlsInHtml, liveScriptUrlsInJavaScript, liveScriptUrlsInJson } from './helpers/live-script-urls.js';
import { repoRoot } from './helpers/site.js';

/**
 * A hostile or careless site: each case is a small site made in a fresh temporary folder, built,
 * and the whole folder (the site and the folder around it) compared before and after. A refused
 * build must leave every byte as it was; a build that succeeds may only have replaced its output
 * folder and its caches.
 */

const cleanups: string[] = [];
afterEach(async () => {
  for (const dir of cleanups.splice(0)) await rm(dir, { recursive: true, force: true });
});

interface HostileSite {
  /** The temporary folder around the site. */
  root: string;
  site: string;
}

const baseConfig = { title: 'Hostile', url: 'https://hostile.example.com', baseUrl: '/kit/' };

async function makeSite(files: Record<string, string>, config: Record<string, unknown> = {}): Promise<HostileSite> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-hostile-'));
  cleanups.push(root);
  const site = path.join(root, 'site');
  const all: Record<string, string> = {
    'sdkdocs.config.ts': `export default ${JSON.stringify({ ...baseConfig, ...config }, null, 2)};\n`,
    'docs/intro.md': '# Intro\n\nWelcome.\n',
    'static/robots.txt': 'User-agent: *\n',
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    await mkdir(path.dirname(path.join(site, name)), { recursive: true });
    await writeFile(path.join(site, name), text);
  }
  await writeFile(path.join(root, 'precious.txt'), 'not the site’s\n');
  return { root, site };
}

/** Every file, folder and link under `dir` (without following links), with a hash of each file's bytes. */
function snapshot(dir: string, ignore: (relative: string) => boolean = () => false): Record<string, string> {
  const entries: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      const relative = path.relative(dir, file);
      if (ignore(relative)) continue;
      const stats = lstatSync(file);
      if (stats.isSymbolicLink()) entries[relative] = `link → ${readlinkSync(file)}`;
      else if (stats.isDirectory()) {
        entries[relative] = 'folder';
        walk(file);
      } else entries[relative] = `file ${createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16)} ${stats.mtimeMs}`;
    }
  };
  walk(dir);
  return entries;
}

/** The site's node_modules, which holds the build caches: a build may write them whether or not it succeeds (the sites here have no dependencies). */
const isCache = (relative: string) => relative.split(path.sep).slice(0, 2).join('/') === 'site/node_modules';

/** Builds the site, expects it to be refused, checks that nothing changed anywhere, and returns the errors as printed. */
async function expectRefused(hostile: HostileSite, options: { outDir?: string } = {}): Promise<string> {
  const before = snapshot(hostile.root, isCache);
  const error = await build({ siteDir: hostile.site, logger: createMemoryLogger(), ...options }).then(
    () => new Error('the hostile site was built'),
    (caught: unknown) => caught,
  );
  expect(snapshot(hostile.root, isCache)).toEqual(before);
  expect(error).toBeInstanceOf(UserError);
  return (error as UserError).diagnostics.map((d) => formatDiagnostic(d, { cwd: hostile.site })).join('\n');
}

describe('hostile site: the output folder can never be the site', () => {
  it.each([
    ['.', /^sdkdocs\.config\.ts:5:3 error outDir: the output folder \S+ contains \S*sdkdocs\.config\.ts, the config file; each build replaces the output folder whole\./],
    ['..', /^sdkdocs\.config\.ts:5:3 error outDir: the output folder \S+ contains \S*sdkdocs\.config\.ts, the config file/],
    ['docs', /^sdkdocs\.config\.ts:5:3 error outDir: the output folder \S+ is \S*docs, the docs folder \(docs\.path\)/],
    ['docs/out', /^sdkdocs\.config\.ts:5:3 error outDir: the output folder \S+ lies inside \S*docs, the docs folder/],
    ['static', /error outDir: the output folder \S+ is \S*static, the static folder \(staticDir\)/],
    ['src', /error outDir: the output folder \S+ contains \S*src\/pages, the custom pages folder \(pagesDir\)/],
    ['node_modules', /error outDir: the output folder \S+ is \S*node_modules, the site's node_modules/],
  ])('outDir %j is refused at its line in the config', async (outDir, expected) => {
    const text = await expectRefused(await makeSite({}, { outDir }));
    expect(text).toMatch(expected);
    expect(text).toContain('Use a folder of its own that holds no sources');
  });

  it('a static folder that holds the output folder is refused', async () => {
    const text = await expectRefused(await makeSite({}, { staticDir: '.' }));
    expect(text).toMatch(/^sdkdocs\.config\.ts error outDir \(default "out"\): the output folder \S+ lies inside \S+, the static folder \(staticDir\)/);
  });

  it("outDir around the SDK's source is refused", async () => {
    const api = { entryPoints: ['sdk/src/index.ts'], tsconfig: 'sdk/tsconfig.json' };
    const text = await expectRefused(await makeSite({ 'sdk/src/index.ts': 'export const x = 1;\n' }, { outDir: 'sdk', api }));
    expect(text).toMatch(/error outDir: the output folder \S+ contains \S*sdk\/src\/index\.ts, an API entry point \(api\.entryPoints\)/);
  });

  it('--out-dir naming the site or a folder around it is refused, naming the option', async () => {
    const hostile = await makeSite({});
    for (const outDir of [hostile.site, hostile.root, path.join(hostile.site, 'docs')]) {
      const text = await expectRefused(hostile, { outDir });
      expect(text).toMatch(/^error --out-dir: the output folder \S+ (contains|is) /);
      expect(text).toContain('--out-dir is taken relative to the current folder');
    }
  });

  it('`sdkdocs build site --out-dir .` run from the folder around the site (a checkout) exits 1 and changes nothing', async () => {
    const hostile = await makeSite({});
    const before = snapshot(hostile.root);
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', 'site', '--out-dir', '.'], {
      cwd: hostile.root,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });
    expect(result.stderr).toMatch(/^error --out-dir: the output folder \. contains site\/sdkdocs\.config\.ts, the config file;/);
    expect(result.stderr).toContain(`--out-dir is taken relative to the current folder (${hostile.root})`);
    expect(result.status).toBe(1);
    expect(snapshot(hostile.root)).toEqual(before);
  });

  it('a folder sdkdocs did not make is never replaced; one it made is', async () => {
    const hostile = await makeSite({ 'out/notes.txt': 'mine\n' });
    const text = await expectRefused(hostile);
    expect(text).toMatch(/^sdkdocs\.config\.ts error outDir \(default "out"\): the output folder \S+ is not empty and was not made by sdkdocs \(it has no \.sdkdocs-output file\)/);
    expect(text).toContain('delete it and build again; otherwise set another outDir.');

    await rm(path.join(hostile.site, 'out'), { recursive: true });
    await build({ siteDir: hostile.site, logger: createMemoryLogger() });
    expect(existsSync(path.join(hostile.site, 'out', '.sdkdocs-output'))).toBe(true);
    expect(existsSync(path.join(hostile.site, 'out', 'kit', 'docs', 'intro', 'index.html'))).toBe(true);
    // The next build replaces it: it is marked as sdkdocs' own.
    await build({ siteDir: hostile.site, logger: createMemoryLogger() });
    expect(readdirSync(hostile.site).sort()).toEqual(['docs', 'node_modules', 'out', 'sdkdocs.config.ts', 'static']);
  });

  it('a file where the output folder should be is refused', async () => {
    const text = await expectRefused(await makeSite({ 'build.txt': 'a file\n' }, { outDir: 'build.txt' }));
    expect(text).toMatch(/error outDir: the output folder \S+build\.txt is a file, not a folder\./);
  });
});

describe('hostile site: routes from content stay inside the site', () => {
  it.each([
    ['slug: ../../../../escaped.html', /^docs\/esc\.md:2:1 error slug "\.\.\/\.\.\/\.\.\/\.\.\/escaped\.html" leads to a path above \/, outside the site's base URL \/kit\//],
    ['slug: ../../elsewhere', /^docs\/esc\.md:2:1 error slug "\.\.\/\.\.\/elsewhere" leads to \/elsewhere, outside the site's base URL \/kit\//],
    ['slug: /../sitemap.xml', /^docs\/esc\.md:2:1 error slug "\/\.\.\/sitemap\.xml" gives the route \/kit\/sitemap\.xml, which is the generated sitemap \(sitemap\.xml in the output folder\)/],
    ['slug: /../404.html', /^docs\/esc\.md:2:1 error slug "\/\.\.\/404\.html" gives the route \/kit\/404\.html, which is the generated not-found page/],
    ['slug: /../assets/search', /^docs\/esc\.md:2:1 error slug "\/\.\.\/assets\/search" gives the route \/kit\/assets\/search, which is the generated assets folder/],
    ["slug: 'windows\\..\\..\\escaped'", /^docs\/esc\.md:2:1 error slug "windows\\\\\.\.\\\\\.\.\\\\escaped" gives the route "\/kit\/docs\/windows\\\\\.\.\\\\\.\.\\\\escaped", which cannot be a URL path: it holds a backslash/],
    // The front matter check refuses an id with a slash (as Docusaurus does) before any route is made from it.
    ['id: ../../../../../escaped', /^docs\/esc\.md:2:1 error Front matter key/],
  ])('front matter %j is a located error', async (frontMatter, expected) => {
    const text = await expectRefused(await makeSite({ 'docs/esc.md': `---\n${frontMatter}\ntitle: Escape\n---\n# Escape\n` }));
    expect(text).toMatch(expected);
  });

  it("a doc slug into the API reference names both", async () => {
    const api = { entryPoints: ['sdk/index.ts'], tsconfig: 'sdk/tsconfig.json' };
    const text = await expectRefused(await makeSite({ 'docs/esc.md': '---\ntitle: Escape\nslug: /../api\n---\n# Escape\n' }, { api }));
    expect(text).toMatch(/^docs\/esc\.md:3:1 error slug "\/\.\.\/api" gives the route \/kit\/api, inside the API reference \(\/kit\/api, api\.routeBasePath\)/);
  });

  it('a custom page named like a generated file is refused, naming both', async () => {
    const page = 'export default function Sitemap() {\n  return null;\n}\n';
    const text = await expectRefused(await makeSite({ 'src/pages/sitemap.xml.tsx': page }));
    expect(text).toMatch(/^src\/pages\/sitemap\.xml\.tsx error The file name gives the route \/kit\/sitemap\.xml, which is the generated sitemap/);
  });

  it("a category's link.slug is checked at its line", async () => {
    const category = JSON.stringify({ label: 'Guide', link: { type: 'generated-index', slug: '../../../../../outside' } }, null, 2);
    const text = await expectRefused(await makeSite({ 'docs/guide/_category_.json': category, 'docs/guide/page.md': '# Page\n' }));
    expect(text).toMatch(/^docs\/guide\/_category_\.json:5:5 error slug "\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/outside" leads to a path above \//);
  });
});

describe('hostile site: base URL and route bases', () => {
  it.each([
    ['/../', 'it holds a "." or ".." segment'],
    ['/./', 'it holds a "." or ".." segment'],
    ['/a/../../', 'it holds a "." or ".." segment'],
    ['//', 'it holds an empty segment ("//")'],
    ['/a//b/', 'it holds an empty segment ("//")'],
    ['/a\\b/', 'it holds a backslash or a control character'],
  ])('baseUrl %j is a config error at its line', async (baseUrl, problem) => {
    const text = await expectRefused(await makeSite({}, { baseUrl }));
    expect(text).toContain(`sdkdocs.config.ts:4:3 error baseUrl: ${JSON.stringify(baseUrl)} cannot be used: ${problem}`);
  });

  it("docs.routeBasePath equal to or inside the API's is a config error", async () => {
    const api = { entryPoints: ['sdk/index.ts'], tsconfig: 'sdk/tsconfig.json' };
    for (const routeBasePath of ['api', 'api/guides']) {
      const text = await expectRefused(await makeSite({}, { docs: { routeBasePath }, api }));
      expect(text).toMatch(/^sdkdocs\.config\.ts:6:5 error docs\.routeBasePath: the docs \(\/kit\/api[/\w]*\) and the API reference \(api\.routeBasePath, \/kit\/api\) share URLs/);
    }
  });

  it('a route base on a generated name is a config error', async () => {
    const text = await expectRefused(await makeSite({}, { docs: { routeBasePath: 'assets' } }));
    expect(text).toMatch(/^sdkdocs\.config\.ts:6:5 error docs\.routeBasePath: \/kit\/assets is the generated assets folder/);
  });
});

describe('hostile site: static symbolic links', () => {
  it('a link out of the site is refused, naming the link', async () => {
    const hostile = await makeSite({});
    await symlink(path.join(hostile.root, 'precious.txt'), path.join(hostile.site, 'static', 'leak.txt'));
    const text = await expectRefused(hostile);
    expect(text).toMatch(/^static\/leak\.txt error static\/leak\.txt is a symbolic link to \S+precious\.txt, outside the site folder/);
  });

  it('a link inside the site is published as a copy of its target', async () => {
    const hostile = await makeSite({ 'shared/logo.txt': 'logo\n', 'shared/more/a.txt': 'a\n' });
    await symlink('../shared/logo.txt', path.join(hostile.site, 'static', 'logo.txt'));
    await symlink('../shared/more', path.join(hostile.site, 'static', 'more'));
    const before = snapshot(hostile.root, (relative) => isCache(relative) || relative.startsWith(`site${path.sep}out`));
    await build({ siteDir: hostile.site, logger: createMemoryLogger() });
    expect(snapshot(hostile.root, (relative) => isCache(relative) || relative.startsWith(`site${path.sep}out`))).toEqual(before);
    for (const [file, text] of [['logo.txt', 'logo\n'], ['more/a.txt', 'a\n']]) {
      const published = path.join(hostile.site, 'out', 'kit', file);
      expect(lstatSync(published).isFile()).toBe(true);
      expect(readFileSync(published, 'utf8')).toBe(text);
    }
  });
});

describe('hostile site: the output sink', () => {
  it('refuses to write any path that leads outside the folder it writes to', async () => {
    const hostile = await makeSite({});
    const out = path.join(hostile.site, 'out');
    const write = createFolderWriter(out);
    const before = snapshot(hostile.root);
    for (const escape of ['../escaped.txt', '../../precious.txt', 'docs/../../x.txt', path.join(hostile.root, 'absolute.txt'), '', '.', 'a/../..']) {
      expect(() => write(escape, 'written')).toThrow(/^error Refusing to write .*: it is not a file inside the output folder/);
    }
    expect(snapshot(hostile.root)).toEqual(before);
    write('docs/../inside.txt', 'fine');
    expect(readFileSync(path.join(out, 'inside.txt'), 'utf8')).toBe('fine');
  });
});

describe('hostile site: content reads only files of the site', () => {
  const deep = '../'.repeat(24);
  it.each([
    ['a markdown image', 'docs/leak.md', '# Leak\n\n![e](../../precious.txt)\n', 'docs/leak.md:3:1', '"../../precious.txt"'],
    ['an image of the build machine', 'docs/leak.md', `# Leak\n\n![e](${deep}proc/self/environ)\n`, 'docs/leak.md:3:1', `"${deep}proc/self/environ"`],
    ['a raw HTML image', 'docs/leak.md', '# Leak\n\n<img src="../../precious.txt" alt="k">\n', 'docs/leak.md:3:1', '"../../precious.txt"'],
    ['a srcset candidate', 'docs/leak.md', '# Leak\n\n<picture><source srcset="../../precious.txt 2x"><img src="/img/x.png"></picture>\n', 'docs/leak.md:3:', '"../../precious.txt"'],
    ['an MDX image', 'docs/leak.mdx', '# Leak\n\n![e](../../precious.txt)\n', 'docs/leak.mdx:3:1', '"../../precious.txt"'],
  ])('%s leading out of the site is a located error, and nothing is published', async (_name, file, text, place, written) => {
    const hostile = await makeSite({ [file]: text });
    const printed = await expectRefused(hostile);
    expect(printed).toContain(`${place}`);
    expect(printed).toMatch(new RegExp(`error Image ${written.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} leads to \\S+, outside the site folder`));
    expect(printed).toContain('sdkdocs reads and publishes only files of the site.');
  });

  it('an image refused as leading out of the site is named by its error alone, by the shipped CLI', async () => {
    const hostile = await makeSite({ 'docs/leak.md': '# Leak\n\n![e](../../precious.txt)\n\n<img src="../../precious.txt" alt="k" />\n' });
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: hostile.site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^docs\/leak\.md:3:1 error Image "\.\.\/\.\.\/precious\.txt" leads to/m);
    // Rendered without a src, not with an empty one that React warns of beside the error.
    expect(result.stderr).not.toContain('empty string');
  });

  it('an image that is a symbolic link out of the site is refused at the image', async () => {
    const hostile = await makeSite({ 'docs/leak.md': '# Leak\n\n![e](../shots/leak.png)\n' });
    await mkdir(path.join(hostile.site, 'shots'));
    await symlink(path.join(hostile.root, 'precious.txt'), path.join(hostile.site, 'shots', 'leak.png'));
    const printed = await expectRefused(hostile);
    expect(printed).toMatch(/^docs\/leak\.md:3:1 error Image "\.\.\/shots\/leak\.png" leads to \S+precious\.txt, outside the site folder/m);
  });

  it.each([
    ['a text file', "import secret from '../../precious.txt';\n\n# Leak\n\n{secret}\n", '"../../precious.txt"'],
    ['a file as its URL', "import secret from '../../precious.png';\n\n# Leak\n\n<img src={secret} />\n", '"../../precious.png"'],
    ['a partial', "import Outside from '../../outside.mdx';\n\n# Leak\n\n<Outside />\n", '"../../outside.mdx"'],
    ['a module without its extension', "import { leak } from '../../outside';\n\n# Leak\n\n{leak}\n", '"../../outside"'],
  ])('an MDX import of %s outside the site is an error at the import', async (_name, text, written) => {
    const hostile = await makeSite({ 'docs/leak.mdx': text });
    await writeFile(path.join(hostile.root, 'precious.png'), 'not an image\n');
    await writeFile(path.join(hostile.root, 'outside.mdx'), '# Outside\n\nnot the site’s\n');
    await writeFile(path.join(hostile.root, 'outside.js'), 'export const leak = "not the site’s";\n');
    const printed = await expectRefused(hostile);
    expect(printed).toMatch(new RegExp(`^docs/leak\\.mdx:1:\\d+ error MDX: The import ${written.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} leads to \\S+, outside the site folder`, 'm'));
  });

  it('a component of the site importing a file outside it is refused', async () => {
    const hostile = await makeSite({
      'docs/page.mdx': "import Leak from '@site/src/components/Leak';\n\n# Page\n\n<Leak />\n",
      'src/components/Leak.jsx': "import secret from '../../../precious.txt';\nexport default function Leak() { return <pre>{secret}</pre>; }\n",
    });
    const printed = await expectRefused(hostile);
    expect(printed).toMatch(/src\/components\/Leak\.jsx:1:\d+ error MDX: The import "\.\.\/\.\.\/\.\.\/precious\.txt" leads to \S+precious\.txt, outside the site folder/);
  });

  /** Makes the folder around the site a git repository, as a monorepo holding the site is. */
  function gitInit(root: string): void {
    const result = spawnSync('git', ['init', '--quiet', root], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  }

  it('a page of a site in a git repository may import a file of the repository outside the site', async () => {
    const repo = await makeSite({
      'src/pages/errors.jsx': "import codes from '../../../errors.json';\nexport default function Errors() { return <p>{codes['7']}</p>; }\n",
    });
    await writeFile(path.join(repo.root, 'errors.json'), JSON.stringify({ 7: 'code seven explained' }));
    gitInit(repo.root);
    await build({ siteDir: repo.site, logger: createMemoryLogger() });
    const html = readFileSync(path.join(repo.site, 'out', 'kit', 'errors', 'index.html'), 'utf8');
    expect(html).toContain('code seven explained');
  });

  it('a file of the repository that git ignores stays refused, as do content imports of repository files', async () => {
    const repo = await makeSite({
      'src/components/Leak.jsx': "import secret from '../../../precious.txt';\nexport default function Leak() { return <pre>{secret}</pre>; }\n",
      'docs/page.mdx': "import Leak from '@site/src/components/Leak';\n\n# Page\n\n<Leak />\n",
      'docs/table.mdx': "import codes from '../../errors.json';\n\n# Table\n\n{codes['7']}\n",
    });
    await writeFile(path.join(repo.root, 'errors.json'), JSON.stringify({ 7: 'code seven explained' }));
    await writeFile(path.join(repo.root, '.gitignore'), 'precious.txt\n');
    gitInit(repo.root);
    const printed = await expectRefused(repo);
    expect(printed).toMatch(/src\/components\/Leak\.jsx:1:\d+ error MDX: The import "\.\.\/\.\.\/\.\.\/precious\.txt" leads to \S+precious\.txt, outside the site folder/);
    expect(printed).toMatch(/^docs\/table\.mdx:1:\d+ error MDX: The import "\.\.\/\.\.\/errors\.json" leads to \S+errors\.json, outside the site folder/m);
  });

  it('docs kept beside the site (docs.path "../docs") show their own images', async () => {
    const hostile = await makeSite({}, { docs: { path: '../docs' } });
    await mkdir(path.join(hostile.root, 'docs', 'img'), { recursive: true });
    await writeFile(path.join(hostile.root, 'docs', 'intro.md'), '# Intro\n\n![shot](./img/shot.png)\n');
    await writeFile(path.join(hostile.root, 'docs', 'img', 'shot.png'), 'png\n');
    await build({ siteDir: hostile.site, logger: createMemoryLogger() });
    const html = readFileSync(path.join(hostile.site, 'out', 'kit', 'docs', 'intro', 'index.html'), 'utf8');
    expect(html).toMatch(/src="\/kit\/assets\/images\/shot\.[0-9a-f]{8}\.png"/);
  });

  it('the shipped CLI refuses a markdown image of the build machine and publishes nothing', async () => {
    const hostile = await makeSite({ 'docs/leak.md': '# Leak\n\n![e](../../precious.txt)\n' });
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', 'site'], {
      cwd: hostile.root,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });
    expect(result.stderr).toMatch(/site\/docs\/leak\.md:3:1 error Image "\.\.\/\.\.\/precious\.txt" leads to \S+precious\.txt, outside the site folder/);
    expect(result.status).toBe(1);
    expect(existsSync(path.join(hostile.site, 'out'))).toBe(false);
  });
});

describe('hostile site: no live script URL from content or config', () => {
  /** Everything the browser reads of a built site: the pages and the route data. */
  function publishedText(out: string): string {
    const texts: string[] = [];
    const walk = (folder: string) => {
      for (const name of readdirSync(folder)) {
        const file = path.join(folder, name);
        if (lstatSync(file).isDirectory()) walk(file);
        else if (/\.(html|json)$/.test(name)) texts.push(readFileSync(file, 'utf8'));
      }
    };
    walk(out);
    return texts.join('\n');
  }

  it('neutralises every such URL with a warning at its place, through the shipped CLI', async () => {
    const hostile = await makeSite(
      {
        'docs/intro.md': [
          '---',
          'custom_edit_url: javascript:alert(3)',
          'image: "  javascript:alert(4)"',
          '---',
          '# Intro',
          '',
          '<iframe srcdoc="<script>alert(5)</script>"></iframe>',
          '',
          '<meta http-equiv="refresh" content="0; url=javascript:alert(6)">',
          '',
          '<svg><a><animate attributeName="href" values="https://ok.example.com;javascript:alert(7)"/><text y="20">x</text></a></svg>',
          '',
          '<div style="background: url(\'javascript:alert(8)\')">styled</div>',
          '',
          '<a href="java\tscript:alert(9)">bad</a> and <iframe sandbox="" srcdoc="<p>inert</p>"></iframe>',
        ].join('\n'),
      },
      {
        redirects: [{ from: '/old', to: 'javascript:alert(1)' }],
        navbar: { items: [{ label: 'Fine', to: '/docs/intro' }, { label: 'Bad', href: 'javascript:alert(2)' }] },
        footer: { links: [{ title: 'More', items: [{ label: 'Data', href: 'data:text/html,<script>alert(10)</script>' }] }] },
      },
    );
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: hostile.site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    expect(result.status, result.stderr).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.includes(' warning '));
    const expected = [
      /^docs\/intro\.md:2:1 warning The javascript: URL of front matter key "custom_edit_url" was removed/,
      /^docs\/intro\.md:3:1 warning The javascript: URL of front matter key "image" was removed/,
      /^docs\/intro\.md:7:1 warning The srcdoc of this <iframe> was removed/,
      /^docs\/intro\.md:9:1 warning The javascript: refresh target of this <meta> was removed/,
      /^docs\/intro\.md:11:9 warning The javascript: URL it animates to of this <animate> was removed/,
      /^docs\/intro\.md:13:1 warning The style's javascript: url\(\) of this <div> was removed/,
      /^docs\/intro\.md:15:1 warning The javascript: URL of this link was removed/,
      /^sdkdocs\.config\.ts:\d+:\d+ warning redirects\[0\]\.to: the javascript: URL was removed, and with it the item/,
      /^sdkdocs\.config\.ts:\d+:\d+ warning navbar\.items\[1\]\.href: the javascript: URL was removed/,
      /^sdkdocs\.config\.ts:\d+:\d+ warning footer\.links\[0\]\.items\[0\]\.href: the data: URL was removed/,
    ];
    for (const pattern of expected) expect(warnings.some((line) => pattern.test(line)), String(pattern)).toBe(true);
    expect(warnings).toHaveLength(expected.length);
    const published = publishedText(path.join(hostile.site, 'out'));
    expect(published).not.toMatch(/javascript:alert|vbscript:|data:text\/html|&lt;script&gt;alert/);
    // What is safe stays: the sandboxed srcdoc, the first animation value, the fine navbar item.
    expect(published).toContain('srcDoc="&lt;p&gt;inert&lt;/p&gt;"');
    expect(published).toContain('>Fine</a>');
    expect(existsSync(path.join(hostile.site, 'out', 'old', 'index.html'))).toBe(false);
  });
});

describe('hostile site: script URLs the fuzz test found', () => {
  it('HTML written as JSX in MDX, a refresh target across lines, srcset, spaced URLs and <style> are neutralised with warnings', async () => {
    const hostile = await makeSite({
      'docs/jsx.mdx': [
        '# JSX',
        '',
        '<a href="vbscript:msgbox(1)">vb</a> <img src="data:text/html,<b>x</b>" alt="d" />',
        '',
        '<iframe srcDoc="<script>alert(1)</script>" />',
        '',
        '<meta httpEquiv="refresh" content="0;url=javascript:alert(1)" />',
        '',
        '<svg><a><animate attributeName="href" values="javascript:alert(1)" /><text y="10">y</text></a></svg>',
        '',
        '<div style={{background: "url(javascript:alert(1))"}}>styled</div>',
        '',
        '<form action={"java\tscript:alert(1)"}><button formAction="javascript:alert(1)">go</button></form>',
        '',
        '<img srcSet="https://example.com/a.png 1x, data:text/html,x 2x" alt="s" />',
        '',
        '<a href="https://example.com/fine">fine</a>',
      ].join('\n'),
      'docs/html.md': [
        '# HTML',
        '',
        '<meta http-equiv="Refresh" content="1;',
        ' URL=\'jav&#x0A;ascript:alert(1)\' and more">',
        '',
        '<img srcset="https://example.com/a.png 1x, javascript:alert(1) 2x" alt="s">',
        '',
        '<img src=" &#9;javascript:alert(1)" alt="spaced">',
        '',
        '<style>a { background: url(javascript:alert(1)) }</style>',
        '',
        '<div style="background:url(&quot;java&#9;script:alert(1)&quot;)">tab</div>',
      ].join('\n'),
    });
    const logger = createMemoryLogger();
    const result = await build({ siteDir: hostile.site, logger });
    const warnings = result.site.diagnostics.filter((d) => d.severity === 'warning').map((d) => formatDiagnostic(d, { cwd: hostile.site }));
    const expected = [
      /^docs\/jsx\.mdx:3:1 warning The vbscript: URL of this link was removed/,
      /^docs\/jsx\.mdx:3:37 warning The data: URL of this <img> was removed/,
      /^docs\/jsx\.mdx:5:1 warning The srcdoc of this <iframe> was removed/,
      /^docs\/jsx\.mdx:7:1 warning The javascript: refresh target of this <meta> was removed/,
      /^docs\/jsx\.mdx:9:9 warning The javascript: URL it animates to of this <animate> was removed/,
      /^docs\/jsx\.mdx:11:1 warning The style's javascript: url\(\) of this <div> was removed/,
      /^docs\/jsx\.mdx:13:1 warning The javascript: URL of this <form> was removed/,
      /^docs\/jsx\.mdx:13:39 warning The javascript: URL of this <button> was removed/,
      /^docs\/jsx\.mdx:15:1 warning The data: URL in its srcset of this <img> was removed/,
      /^docs\/html\.md:3:1 warning The javascript: refresh target of this <meta> was removed/,
      /^docs\/html\.md:6:1 warning The javascript: URL in its srcset of this <img> was removed/,
      /^docs\/html\.md:8:1 warning The javascript: URL of this <img> was removed/,
      /^docs\/html\.md:10:1 warning The stylesheet's javascript: url\(\) of this <style> was removed/,
      /^docs\/html\.md:12:1 warning The style's javascript: url\(\) of this <div> was removed/,
    ];
    for (const pattern of expected) expect(warnings.some((line) => pattern.test(line)), `${pattern}\n${warnings.join('\n')}`).toBe(true);
    expect(warnings.filter((line) => line.includes('could run script'))).toHaveLength(expected.length);
    expect(await liveScriptUrlsIn(path.join(hostile.site, 'out'))).toEqual([]);
    expect(readFileSync(path.join(hostile.site, 'out', 'kit', 'docs', 'jsx', 'index.html'), 'utf8')).toContain('href="https://example.com/fine"');
  });
});

/** Every live script URL the browser would meet in a built site: its pages, route data and MDX chunks. */
async function liveScriptUrlsIn(out: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of readdirSync(out, { recursive: true }) as string[]) {
    const file = path.join(out, name);
    const read = name.endsWith('.html') ? liveScriptUrlsInHtml : name.endsWith('.json') ? liveScriptUrlsInJson : /mdx-.*\.js$/.test(name) ? liveScriptUrlsInJavaScript : undefined;
    if (read) for (const live of read(readFileSync(file, 'utf8'))) found.push(`${name}: ${live.where} ${live.value}`);
  }
  return found;
}

describe('hostile site: a component that throws while pages render', () => {
  it('a theme override that throws is one error at its file, for all the pages it broke', async () => {
    const hostile = await makeSite({
      'docs/second.md': '# Second\n',
      'src/theme/Footer.tsx': "export default function Footer(): never {\n  throw new Error('footer broke');\n}\n",
    });
    expect(await expectRefused(hostile)).toBe(
      'src/theme/Footer.tsx error Rendering 5 pages (the first /kit/docs/intro) failed: footer broke A component threw while the page was rendered at build time. Fix it, or guard code that needs the browser (window, document) with useEffect or <BrowserOnly>.',
    );
  });

  it('custom pages that throw are errors at their files, each of them, through the shipped CLI', async () => {
    const hostile = await makeSite({
      'src/pages/about.tsx': "export default function About(): never {\n  throw new Error('about broke');\n}\n",
      'src/pages/team.tsx': "export default function Team(): never {\n  throw new Error('window is not defined');\n}\n",
    });
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: hostile.site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('src/pages/about.tsx error Rendering the page /kit/about failed: about broke');
    expect(result.stderr).toContain('src/pages/team.tsx error Rendering the page /kit/team failed: window is not defined');
    expect(result.stderr).not.toContain('Internal error');
  });
});

describe('hostile site: inputs that crashed the build', () => {
  it('a _category_.json nested 3,500 arrays deep builds, with no stack overflow', async () => {
    const hostile = await makeSite({
      'docs/guide/a.md': '# A\n',
      'docs/guide/_category_.json': `{"label": "Guide", "customProps": {"deep": ${'['.repeat(3500)}${']'.repeat(3500)}}}`,
    });
    const result = await build({ siteDir: hostile.site, logger: createMemoryLogger() });
    expect(result.site.pages.some((page) => page.route === '/kit/docs/guide/a')).toBe(true);
  });

  it('an MDX doc importing a Node module is an error at the import, not an internal error', async () => {
    const hostile = await makeSite({ 'docs/node.mdx': "# Node\n\nimport os from 'node:os';\n\nOn {os.platform()}.\n" });
    expect(await expectRefused(hostile)).toMatch(/^docs\/node\.mdx:3:1 error Cannot bundle for the browser: Could not resolve "node:os"\. An MDX doc runs in the browser too/);
  });

  it('a tag of emoji alone gets a page of its own; a tag permalink with ".." is an error at the key', async () => {
    const tagged = await makeSite({ 'docs/tagged.md': '---\ntags: ["🚀"]\n---\n# Tagged\n' });
    const result = await build({ siteDir: tagged.site, logger: createMemoryLogger() });
    expect(result.site.pages.map((page) => page.route)).toContain('/kit/docs/tags/🚀');
    const escaping = await makeSite({ 'docs/tagged.md': "---\ntags: [{label: Up, permalink: '../../escape'}]\n---\n# Tagged\n" });
    expect(await expectRefused(escaping)).toMatch(/^docs\/tagged\.md:2:1 error Front matter key "tags" must be a list of tags \(strings, or \{label, permalink\} whose permalink is a path under the tags page, without "\.\." segments\)/);
  });
});
