import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBuiltSite, type BuiltSiteReport } from '../src/links/check-built-site.js';
import { srcsetUrls } from '../src/links/html-links.js';
import { exampleSiteDir, fixture, repoRoot } from './helpers/site.js';

const bin = path.join(repoRoot, 'bin', 'sdkdocs.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });

const cleanups: string[] = [];
afterAll(async () => {
  for (const dir of cleanups) await rm(dir, { recursive: true, force: true });
});
async function temporaryDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-check-links-'));
  cleanups.push(dir);
  return dir;
}

/** A hand-written output folder: one link per line, so each broken one has a known line. */
const builtPages: Record<string, string[]> = {
  'kit/index.html': [
    '<!doctype html><html><head>',
    '<link rel="stylesheet" href="/kit/assets/site.css">',
    '<link rel="stylesheet" href="/kit/assets/missing.css">',
    '<script type="module" src="/kit/assets/main.js"></script>',
    '<script src="/kit/assets/missing.js"></script>',
    '</head><body><main id="main">',
    '<a href="/kit/docs/intro">a page</a>',
    '<a href="/kit/docs/intro/">with a slash</a>',
    '<a href="/kit/docs/intro/index.html">by its file</a>',
    '<a href="/kit/docs/intro#setup">a heading</a>',
    '<a href="/kit/docs/intro#nowhere">a missing heading</a>',
    '<a href="/docs/intro">no base URL</a>',
    '<a href="docs/intro">relative to the root</a>',
    '<a href="/kit/docs/guide">a .html page by its clean URL</a>',
    '<a href="https://base.example.com/kit/docs/intro">absolute, this site</a>',
    '<a href="https://base.example.com/kit/docs/gone">absolute, this domain, no file: another app there, not checked</a>',
    '<a href="https://elsewhere.example.com/nope">another site</a><a href="mailto:team@example.com">mail</a>',
    '<a href="#top">top</a><a href="#main">an id on this page</a><a href="#">empty</a>',
    '<a href="#nope">a missing id on this page</a>',
    '<a href="/kit/files/a%20b.txt?download=1&amp;x=2">encoded, with a query</a>',
    '<img src="/kit/img/logo.png" srcset="/kit/img/logo.png 1x, /kit/img/logo@2x.png 2x" alt="">',
    '<picture><source srcset="/kit/img/wide.png 800w"><img src="/kit/img/logo.png" alt=""></picture>',
    '</main></body></html>',
  ],
  'kit/docs/intro/index.html': [
    '<h2 id="setup">Setup</h2>',
    '<a href="./guide">relative to /kit/docs/intro</a>',
    '<img src="../img/logo.png" alt="">',
    '<a href="../../kit/docs/guide#usage">up and down again</a>',
    '<a href="./guide#usgae">a missing heading on another page</a>',
  ],
  'kit/docs/guide.html': ['<h2 id="usage">Usage</h2>'],
  'kit/based/index.html': ['<head><base href="/kit/docs/"></head>', '<a href="intro">against the base</a>', '<a href="missing">missing against the base</a>'],
};
const otherFiles = ['kit/assets/site.css', 'kit/assets/main.js', 'kit/img/logo.png', 'kit/files/a b.txt'];

async function writeBuiltSite(): Promise<string> {
  const outDir = await temporaryDir();
  for (const [file, lines] of Object.entries(builtPages)) {
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await writeFile(path.join(outDir, file), lines.join('\n'));
  }
  for (const file of otherFiles) {
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await writeFile(path.join(outDir, file), 'x');
  }
  return outDir;
}

const expectedBroken = [
  { file: 'kit/based/index.html', line: 3, url: 'missing', resolved: '/kit/docs/missing', source: 'a[href]', problem: 'missing' },
  { file: 'kit/docs/intro/index.html', line: 5, url: './guide#usgae', resolved: '/kit/docs/guide#usgae', source: 'a[href]', problem: 'anchor' },
  { file: 'kit/index.html', line: 3, url: '/kit/assets/missing.css', resolved: '/kit/assets/missing.css', source: 'link[href]', problem: 'missing' },
  { file: 'kit/index.html', line: 5, url: '/kit/assets/missing.js', resolved: '/kit/assets/missing.js', source: 'script[src]', problem: 'missing' },
  { file: 'kit/index.html', line: 11, url: '/kit/docs/intro#nowhere', resolved: '/kit/docs/intro#nowhere', source: 'a[href]', problem: 'anchor' },
  { file: 'kit/index.html', line: 12, url: '/docs/intro', resolved: '/docs/intro', source: 'a[href]', problem: 'missing' },
  { file: 'kit/index.html', line: 19, url: '#nope', resolved: '/kit/#nope', source: 'a[href]', problem: 'anchor' },
  { file: 'kit/index.html', line: 21, url: '/kit/img/logo@2x.png', resolved: '/kit/img/logo@2x.png', source: 'img[srcset]', problem: 'missing' },
  { file: 'kit/index.html', line: 22, url: '/kit/img/wide.png', resolved: '/kit/img/wide.png', source: 'source[srcset]', problem: 'missing' },
];

function withoutHints(report: BuiltSiteReport) {
  return report.broken.map(({ hint: _hint, ...link }) => link);
}

describe('checkBuiltSite: the built HTML as a browser follows it', () => {
  let outDir: string;
  let report: BuiltSiteReport;
  beforeAll(async () => {
    outDir = await writeBuiltSite();
    report = await checkBuiltSite({ outDir, baseUrl: '/kit/', siteUrl: 'https://base.example.com', workers: 0 });
  });

  it('finds every broken a[href], link[href], script[src], srcset candidate and #fragment, and nothing else', () => {
    expect(withoutHints(report)).toEqual(expectedBroken);
    expect(report.pages).toBe(4);
  });

  it('says when a link only lacks the base URL, and suggests the nearest heading', () => {
    expect(report.broken.find((link) => link.url === '/docs/intro')?.hint).toBe('It lacks the base URL /kit/: /kit/docs/intro exists.');
    expect(report.broken.find((link) => link.url === './guide#usgae')?.hint).toBe('Did you mean #usage?');
  });

  it('gives the same report when worker threads scan the pages (compiled build)', async () => {
    const compiled = (await import(path.join(repoRoot, 'dist', 'src', 'links', 'check-built-site.js'))) as { checkBuiltSite: typeof checkBuiltSite };
    const threaded = await compiled.checkBuiltSite({ outDir, baseUrl: '/kit/', siteUrl: 'https://base.example.com', workers: 2 });
    expect(threaded.broken).toEqual(report.broken);
    expect(threaded.links).toBe(report.links);
  });
});

describe('srcsetUrls', () => {
  it('splits candidates on the commas between them, not those inside a URL', () => {
    expect(srcsetUrls('a.png 1x, b.png 2x')).toEqual(['a.png', 'b.png']);
    expect(srcsetUrls('/img/a,b.png 480w,/img/c.png 800w')).toEqual(['/img/a,b.png', '/img/c.png']);
    expect(srcsetUrls('single.png')).toEqual(['single.png']);
  });
});

describe('sdkdocs check-links (bin)', () => {
  it('exits 1 and lists the built link that lacks the base URL as file:line → target; --json reports it for CI', async () => {
    const siteDir = fixture('links-base-url');
    const outDir = await temporaryDir();
    const built = run('build', siteDir, '--out-dir', outDir);
    expect(built.status).toBe(0);

    const checked = run('check-links', siteDir, '--out-dir', outDir);
    expect(checked.status).toBe(1);
    // Outside the working folder, so printed as an absolute path.
    const aboutPage = path.join(outDir, 'kit', 'about', 'index.html');
    expect(checked.stderr).toMatch(new RegExp(`${aboutPage.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+ error Broken link → /docs/guide in a\\[href\\] It lacks the base URL /kit/: /kit/docs/guide exists\\.`));
    expect(checked.stderr).toMatch(/✖ 1 broken link on 1 page \(\d+ links on \d+ pages checked in/);

    const json = run('check-links', siteDir, '--out-dir', outDir, '--json');
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout) as BuiltSiteReport & { ok: boolean };
    expect(report.ok).toBe(false);
    expect(report.broken).toEqual([
      expect.objectContaining({ file: 'kit/about/index.html', url: '/docs/guide', resolved: '/docs/guide', source: 'a[href]', problem: 'missing' }),
    ]);
    expect(report.links).toBeGreaterThan(10);
  });

  it('exits 0 on the example site: it builds with no broken link', async () => {
    const outDir = await temporaryDir();
    const built = run('build', exampleSiteDir, '--out-dir', outDir);
    expect(built.stderr).not.toMatch(/Broken (link|anchor|markdown link)/);
    expect(built.status).toBe(0);
    const checked = run('check-links', exampleSiteDir, '--out-dir', outDir);
    expect(checked.stderr).toMatch(/No broken links: \d+ links on \d+ pages checked/);
    expect(checked.status).toBe(0);
  }, 180_000);

  it('exits 1 with how to build first when there is no output', async () => {
    const result = run('check-links', fixture('links-base-url'), '--out-dir', path.join(await temporaryDir(), 'nothing'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('No built site in');
    expect(result.stderr).toContain('Build it first: `sdkdocs build');
  });
});
