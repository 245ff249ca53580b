import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import type { BuildResult } from '../src/pipeline/build.js';
import { formatDiagnostic, UserError } from '../src/core/diagnostic.js';
import { tempDir } from './helpers/browser.js';
import { buildSite, fixture, pageHtml, repoRoot } from './helpers/site.js';

// A config of only `title` and `baseUrl` builds; the landing page leads to a doc that exists.
const site = fixture('minimal-config');
let result: BuildResult;

beforeAll(async () => {
  result = await buildSite(site, { until: 'renderPages' });
});

const getStarted = (html: string) => /<a href="([^"]*)" class="button button-primary button-lg">Get started<\/a>/.exec(html)?.[1];

describe('a config with only title and baseUrl', () => {
  it('builds, with one warning that url is missing', () => {
    const warnings = result.site.diagnostics.filter((d) => d.severity === 'warning').map((d) => formatDiagnostic(d, { cwd: site }));
    expect(warnings).toEqual([
      "sdkdocs.config.ts warning url is not set: pages have no canonical URL and no Open Graph URL or image, and there is no sitemap.xml. Set url to the site's origin, e.g. url: 'https://docs.example.com'.",
    ]);
  });

  it('leaves out what needs the url: canonical and og:url, and the sitemap', () => {
    const html = pageHtml(result, '/minimal/docs/overview');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:url');
    expect(html).toContain('<meta property="og:title" content="Overview | Minimal">');
    expect(result.site.outputs.has('sitemap.xml')).toBe(false);
  });

  it('links "Get started" to the first doc of the sidebar when docs.mainDocId is not set', () => {
    expect(getStarted(pageHtml(result, '/minimal/'))).toBe('/minimal/docs/overview');
    expect(result.site.siteData!.docsVersion.mainDocId).toBe('overview');
  });

  it('links "Get started" to docs.mainDocId when it is set, and rejects an id that matches no doc', async () => {
    const config = await loadConfig(site);
    const withMain = await buildSite(site, { until: 'renderPages', config: { ...config, docs: { ...config.docs, mainDocId: 'setup/install' } } });
    expect(getStarted(pageHtml(withMain, '/minimal/'))).toBe('/minimal/docs/setup/install');
    const error = await buildSite(site, { until: 'collectContent', config: { ...config, docs: { ...config.docs, mainDocId: 'intro' } } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).diagnostics.map((d) => formatDiagnostic(d, { cwd: site }))).toEqual([
      'sdkdocs.config.ts error docs.mainDocId: no doc has the id "intro". Leave it out to use the first doc of the sidebar, or set it to the id of a doc.',
    ]);
  });
});

describe('build summary (bin)', () => {
  const bin = path.join(repoRoot, 'bin', 'sdkdocs.js');
  const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('counts the warnings', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-summary-');
    cleanups.push(cleanup);
    const built = run('build', site, '--out-dir', dir);
    expect(built.status).toBe(0);
    expect(built.stderr).toMatch(/Built 6 pages in [\d.]+ m?s with 1 warning → /);
  });

  it('says the previous output was left as it was only when there was one', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-summary-');
    cleanups.push(cleanup);
    const fresh = run('build', fixture('bad-front-matter'), '--out-dir', path.join(dir, 'fresh'));
    expect(fresh.status).toBe(1);
    expect(fresh.stderr).toContain('✖ Failed with 1 error.');
    expect(fresh.stderr).not.toContain('previous output');
    await mkdir(path.join(dir, 'earlier', 'sdk'), { recursive: true });
    await writeFile(path.join(dir, 'earlier', 'sdk', 'index.html'), 'earlier build');
    const again = run('build', fixture('bad-front-matter'), '--out-dir', path.join(dir, 'earlier'));
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('✖ Failed with 1 error; the previous output was left as it was.');
  });
});
