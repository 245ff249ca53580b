import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import type { ResolvedConfig } from '../src/config/resolve.js';
import { UserError, type Diagnostic } from '../src/core/diagnostic.js';
import { build } from '../src/pipeline/build.js';
import { createMemoryLogger } from '../src/core/logger.js';
import type { Page } from '../src/core/site.js';
import { checkLinks } from '../src/links/check-links.js';
import { buildSite, fixture, repoRoot, stageContext } from './helpers/site.js';

const cleanups: string[] = [];
afterAll(async () => {
  for (const dir of cleanups) await rm(dir, { recursive: true, force: true });
});

async function temporaryDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-links-'));
  cleanups.push(dir);
  return dir;
}

/** The fixture's config with some link rules changed. */
async function configWith(name: string, rules: Partial<Pick<ResolvedConfig, 'onBrokenLinks' | 'onBrokenMarkdownLinks' | 'onBrokenAnchors'>>): Promise<ResolvedConfig> {
  return { ...(await loadConfig(fixture(name))), ...rules };
}

/** `docs/intro.md:11 <message>`, relative to the fixture. */
function located(siteDir: string, diagnostic: Diagnostic): string {
  return `${path.relative(siteDir, diagnostic.file ?? '')}:${diagnostic.line} ${diagnostic.message}`;
}

const linkCodes = new Set(['broken-link', 'broken-markdown-link', 'broken-anchor']);

describe('checkLinks: link rules of the build', () => {
  const brokenSite = fixture('links-broken');

  it("onBrokenLinks 'throw' fails the build, lists every broken link as file:line → target grouped by file, and leaves out/ as it was", async () => {
    const outDir = await temporaryDir();
    await mkdir(path.join(outDir, 'kit'), { recursive: true });
    await writeFile(path.join(outDir, 'kit', 'index.html'), 'previous build');
    await writeFile(path.join(outDir, '.sdkdocs-output'), '');

    const error = await buildSite(brokenSite, { outDir }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    const errors = (error as UserError).diagnostics;
    expect(errors.map((d) => located(brokenSite, d))).toEqual([
      'docs/guide.md:9 Broken link → /docs/intro-old (/kit/docs/intro-old)',
      'docs/intro.md:11 Broken link → /docs/missing (/kit/docs/missing)',
      'sdkdocs.config.ts:17 footer.links[0].items[0].to: Broken link → /docs/retired (/kit/docs/retired)',
    ]);
    expect(errors.every((d) => d.severity === 'error' && d.code === 'broken-link')).toBe(true);
    expect(errors[0].hint).toBe('No page, static file or generated file has the route /kit/docs/intro-old. Did you mean /kit/docs/intro?');
    expect(await readFile(path.join(outDir, 'kit', 'index.html'), 'utf8')).toBe('previous build');
  });

  it("onBrokenMarkdownLinks and onBrokenAnchors 'warn': listed as warnings at file:line, the build goes on", async () => {
    const config = await configWith('links-broken', { onBrokenLinks: 'ignore' });
    const result = await buildSite(brokenSite, { config, until: 'checkLinks' });
    const warnings = result.site.diagnostics.filter((d) => linkCodes.has(d.code ?? ''));
    expect(warnings.map((d) => [d.severity, d.code, located(brokenSite, d)])).toEqual([
      ['warning', 'broken-markdown-link', 'docs/intro.md:13 Broken markdown link → ./missing.md: no doc at that path.'],
      ['warning', 'broken-anchor', 'docs/intro.md:15 Broken anchor → ./guide.md#nowhere (/kit/docs/guide#nowhere)'],
    ]);
    expect(warnings[1].hint).toBe('/kit/docs/guide has no heading or element with the id "nowhere".');
    // Printed while the build goes on.
    expect(result.logger.diagnostics).toEqual(warnings);
  });

  it("'throw' on markdown links and anchors fails the build on them too", async () => {
    const config = await configWith('links-broken', { onBrokenLinks: 'ignore', onBrokenMarkdownLinks: 'throw', onBrokenAnchors: 'throw' });
    const error = await buildSite(brokenSite, { config, until: 'checkLinks' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).diagnostics.map((d) => d.code)).toEqual(['broken-markdown-link', 'broken-anchor']);
  });

  it("'ignore' is silent", async () => {
    const config = await configWith('links-broken', { onBrokenLinks: 'ignore', onBrokenMarkdownLinks: 'ignore', onBrokenAnchors: 'ignore' });
    const result = await buildSite(brokenSite, { config, until: 'checkLinks' });
    expect(result.site.diagnostics).toEqual([]);
    expect(result.logger.messages).toEqual([]);
  });

  it('accepts links that are right only with the base URL, and reports raw HTML that lacks it', async () => {
    const siteDir = fixture('links-base-url');
    const result = await buildSite(siteDir, { until: 'checkLinks' });
    const intro = result.site.pages.find((page) => page.route === '/kit/docs/intro')!;
    expect(intro.links.map((link) => link.resolved)).toEqual(['/kit/docs/guide', '/kit/docs/guide#usage', '/kit/files/sample.txt']);

    // Only the custom page's `<a href="/docs/guide">` is broken: the browser would leave /kit/.
    const diagnostics = result.site.diagnostics.filter((d) => linkCodes.has(d.code ?? ''));
    expect(diagnostics.map((d) => located(siteDir, d))).toEqual(['src/pages/about.tsx:8 Broken link → /docs/guide']);
    expect(diagnostics[0]).toMatchObject({ severity: 'warning', hint: 'The link lacks the base URL /kit/: write /kit/docs/guide.' });
  });

  it('fails the build on a broken {@link} in a TSDoc comment, at its line in the SDK source, and checks doc links to API members', async () => {
    const siteDir = fixture('links-tsdoc');
    const logger = createMemoryLogger();
    const error = await build({ siteDir, logger, until: 'checkLinks' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).diagnostics.map((d) => located(siteDir, d))).toEqual([
      // The module comment at the top of the file is located too, not only declarations' comments.
      'sdk/src/index.ts:2 Broken link → StartHere: TypeDoc cannot resolve it to a declaration of the API.',
      'sdk/src/index.ts:13 Broken link → RetryPolicy: TypeDoc cannot resolve it to a declaration of the API.',
    ]);
    // The comment's working links ({@link GameClient.connect}, the guide's #connecting) pass; a doc's
    // link to a member that does not exist is a broken anchor.
    const warnings = logger.diagnostics.filter((d) => d.severity === 'warning');
    expect(warnings.map((d) => located(siteDir, d))).toEqual(['docs/intro.md:9 Broken anchor → /api/class/GameClient#conect (/kit/api/class/GameClient#conect)']);
    expect(warnings[0].hint).toContain('Did you mean #connect?');
  });

  it('checks TSDoc links of API pages given as SourceLinks: an unresolved {@link} and a missing member anchor', async () => {
    const result = await buildSite(brokenSite, { config: await configWith('links-broken', { onBrokenLinks: 'warn' }), until: 'parseMarkdown' });
    const site = result.site;
    const sdkFile = path.join(brokenSite, 'sdk', 'src', 'sdk.ts');
    const apiPage: Page = {
      route: '/kit/api/class/Sdk',
      kind: 'api',
      sourceFile: sdkFile,
      anchors: new Set(['init', 'shutdown']),
      data: { path: '/kit/api/class/Sdk', kind: 'api', title: 'Sdk', documentTitle: 'Sdk', html: '<h1>Sdk</h1>', toc: [], breadcrumbs: [] },
      links: [
        { url: 'Missing', kind: 'tsdoc', file: sdkFile, line: 12 },
        { url: 'Sdk.init', kind: 'tsdoc', resolved: '/kit/api/class/Sdk#init', file: sdkFile, line: 20 },
        { url: 'Sdk.shutdwn', kind: 'tsdoc', resolved: '/kit/api/class/Sdk#shutdwn', file: sdkFile, line: 30 },
        { url: 'the guide', kind: 'route', resolved: '/kit/docs/guide#usage', file: sdkFile, line: 40 },
      ],
    };
    site.pages.push(apiPage);
    site.diagnostics = [];
    await checkLinks(site, stageContext(site, { cacheDir: await temporaryDir() }));
    const fromSdk = site.diagnostics.filter((d) => d.file === sdkFile);
    expect(fromSdk.map((d) => [d.severity, d.line, d.message])).toEqual([
      ['warning', 12, 'Broken link → Missing: TypeDoc cannot resolve it to a declaration of the API.'],
      ['warning', 30, 'Broken anchor → Sdk.shutdwn (/kit/api/class/Sdk#shutdwn)'],
    ]);
    expect(fromSdk[1].hint).toBe('/kit/api/class/Sdk has no heading or element with the id "shutdwn". Did you mean #shutdown?');
  });
});

describe('full URLs on the site\'s own domain', () => {
  it('are checked when they match a page, and are another app\'s links when they match none (build and check-links alike)', async () => {
    const { mkdtemp, mkdir, writeFile, rm } = await import('node:fs/promises');
    const os = await import('node:os');
    const { spawnSync } = await import('node:child_process');
    const site = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-same-domain-'));
    try {
      const files: Record<string, string> = {
        'sdkdocs.config.ts': "export default { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/' };\n",
        'docs/intro.md': '# Intro\n\n## Setup\n',
        'src/pages/links.js':
          'export default function Links() {\n  return <main><a href="https://kit.example.com/playground/?embed=1">Playground</a><a href="https://kit.example.com/docs/intro#setup">Setup</a><a href="https://kit.example.com/docs/intro#nowhere">Nowhere</a></main>;\n}\n',
      };
      for (const [name, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(site, name)), { recursive: true });
        await writeFile(path.join(site, name), text);
      }
      const bin = path.join(repoRoot, 'bin', 'sdkdocs.js');
      const built = spawnSync(process.execPath, [bin, 'build', '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
      expect(built.status, built.stderr).toBe(0);
      expect(built.stderr).not.toContain('playground');
      expect(built.stderr).toMatch(/src\/pages\/links\.js\S* warning Broken anchor → https:\/\/kit\.example\.com\/docs\/intro#nowhere/);
      const checked = spawnSync(process.execPath, [bin, 'check-links', '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
      expect(checked.stdout + checked.stderr).not.toContain('playground');
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  }, 60_000);
});
