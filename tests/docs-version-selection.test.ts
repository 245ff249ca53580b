import { spawnSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SearchDocuments } from '../src/shared/search/search-data.js';
import { buildSite, copySite, fixture, outputText, pageHtml, repoRoot } from './helpers/site.js';

const bin = path.join(repoRoot, 'bin', 'sdkdocs.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function siteCopy(name: string): Promise<string> {
  const { dir, cleanup } = await copySite(fixture(name));
  cleanups.push(cleanup);
  return dir;
}

/** Replaces the `docs` options of a copied fixture's config. */
async function withDocsOptions(dir: string, from: RegExp, to: string): Promise<void> {
  const file = path.join(dir, 'sdkdocs.config.ts');
  const config = await readFile(file, 'utf8');
  expect(config).toMatch(from);
  await writeFile(file, config.replace(from, to));
}

const releasedRoutes = ['/kit/docs/intro', '/kit/docs/guides/setup', '/kit/docs/1.0.0/intro', '/kit/docs/1.0.0/legacy'];

describe('docs.includeCurrentVersion: false', () => {
  it('builds only the versions of versions.json, the newest at the docs root', async () => {
    const result = await buildSite(fixture('versioned-no-current'), { inMemory: true });
    // The fixture is not committed on its own, so its docs have no git history to show.
    expect(result.site.diagnostics.filter((d) => d.code !== 'last-update')).toEqual([]);
    const docRoutes = result.site.pages.filter((page) => page.kind === 'doc').map((page) => page.route);
    expect(docRoutes.sort()).toEqual([...releasedRoutes].sort());
    expect(result.site.pages.some((page) => page.route.includes('/next') || page.route.includes('unreleased-only'))).toBe(false);
    expect(result.site.pages.some((page) => page.data.docsVersion === 'current')).toBe(false);
    expect(pageHtml(result, '/kit/docs/intro')).toContain('Kit 2 introduction');
    expect(pageHtml(result, '/kit/docs/intro')).toContain('href="/kit/docs/guides/setup"');
    // The newest version reads its own versioned sidebars file.
    expect(result.site.pages.find((page) => page.route === '/kit/docs/intro')?.data.sidebar).toBe('version-2.0.0/docsSidebar');
    expect(result.site.sidebars['version-2.0.0/docsSidebar'].map((item) => item.label)).toEqual(['Introduction', 'Guides']);

    const versions = result.site.siteData!.docsVersions!;
    expect(versions.map(({ name, label, isLast, path: route, banner, mainDocPath }) => ({ name, label, isLast, route, banner, mainDocPath }))).toEqual([
      { name: '2.0.0', label: '2.0.0', isLast: true, route: '/kit/docs', banner: undefined, mainDocPath: '/kit/docs/intro' },
      { name: '1.0.0', label: '1.0.0', isLast: false, route: '/kit/docs/1.0.0', banner: 'unmaintained', mainDocPath: '/kit/docs/1.0.0/intro' },
    ]);
    expect(result.site.pages.find((page) => page.route === '/kit/docs/intro')?.data.versionLinks).toEqual({ '1.0.0': '/kit/docs/1.0.0/intro' });
    expect(result.site.siteData!.navbar.items[0]).toMatchObject({ to: '/kit/docs/intro', activeBasePath: '/kit/docs' });
    // The dropdown lists the two released versions, and no "Next".
    const html = pageHtml(result, '/kit/docs/1.0.0/legacy');
    const right = html.slice(html.indexOf('navbar-items-right'));
    expect(right).toContain('>1.0.0<');
    expect(right).toContain('href="/kit/docs/intro"');
    expect(right).not.toContain('Next');
    expect(html).toContain('This is documentation for Released Kit 1.0.0, which is no longer actively maintained.');

    const documents = JSON.parse(outputText(result, result.site.siteData!.searchFiles!.documents.slice('/kit/'.length))) as SearchDocuments;
    expect(new Set(documents.records.map((record) => record.version))).toEqual(new Set(['2.0.0', '1.0.0']));
    expect(JSON.stringify(documents)).not.toContain('zephyrwork');

    const sitemap = outputText(result, 'sitemap.xml');
    for (const route of releasedRoutes) expect(sitemap).toContain(`<loc>https://released.example.com${route}</loc>`);
    expect(sitemap).not.toMatch(/next|unreleased/);
    for (const name of ['llms.txt', 'llms-full.txt']) {
      const text = outputText(result, name);
      expect(text).toContain('https://released.example.com/kit/docs/intro');
      expect(text).not.toMatch(/zephyrwork|unreleased-only|\/next\//);
    }
  }, 60_000);

  it('builds without a docs folder', async () => {
    const dir = await siteCopy('versioned-no-current');
    await rm(path.join(dir, 'docs'), { recursive: true });
    const result = await buildSite(dir, { inMemory: true });
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.site.pages.filter((page) => page.kind === 'doc').map((page) => page.route).sort()).toEqual([...releasedRoutes].sort());
  }, 60_000);

  it('follows lastVersion to an older version, the newer one then unreleased', async () => {
    const dir = await siteCopy('versioned-no-current');
    await withDocsOptions(dir, /includeCurrentVersion: false,/, "includeCurrentVersion: false, lastVersion: '1.0.0',");
    const result = await buildSite(dir, { until: 'collectContent' });
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.site.siteData!.docsVersions!.map(({ name, path: route, banner }) => `${name} ${route} ${banner}`)).toEqual([
      '2.0.0 /kit/docs/2.0.0 unreleased',
      '1.0.0 /kit/docs undefined',
    ]);
    expect(result.site.pages.map((page) => page.route)).toEqual(expect.arrayContaining(['/kit/docs/legacy', '/kit/docs/2.0.0/guides/setup']));
  }, 60_000);

  it('rebuilds an edited doc of the last version under serve --watch', async () => {
    const dir = await siteCopy('versioned-no-current');
    const first = await buildSite(dir, { watch: true, until: 'renderPages' });
    const setup = path.join(dir, 'versioned_docs/version-2.0.0/guides/setup.md');
    await writeFile(setup, '# Setup\n\nInstall Kit 2 with the edited wizard.\n');
    const second = await buildSite(dir, { watch: true, until: 'renderPages', previous: first.site, changedFiles: new Set([setup]) });
    expect(second.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(second.site.pages.find((page) => page.route === '/kit/docs/guides/setup')?.data.html).toContain('the edited wizard');
    expect(second.site.pages.find((page) => page.route === '/kit/docs/1.0.0/legacy')?.data.docsVersion).toBe('1.0.0');
  }, 60_000);

  it('is an error at the key when there are no versions to build', async () => {
    const dir = await siteCopy('versioned-no-current');
    await rm(path.join(dir, 'versions.json'));
    const missing = run('build', dir);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(
      'sdkdocs.config.ts:9:5 error docs.includeCurrentVersion: it is false, so only the versions of versions.json are built, but the site has no versions.json: there would be no docs.',
    );
    expect(missing.stderr).toContain('Leave includeCurrentVersion out to build the docs folder, or snapshot the docs first with `sdkdocs docs:version <name>`.');
    await writeFile(path.join(dir, 'versions.json'), '[]\n');
    const empty = run('build', dir);
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain('sdkdocs.config.ts:9:5 error docs.includeCurrentVersion: it is false, so only the versions of versions.json are built, but versions.json lists none');
  }, 60_000);

  it('is an error to name the current version it leaves out', async () => {
    const dir = await siteCopy('versioned-no-current');
    await withDocsOptions(dir, /includeCurrentVersion: false,/, "includeCurrentVersion: false,\n    onlyIncludeVersions: ['current', '2.0.0'],");
    const refused = run('build', dir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      'sdkdocs.config.ts:10:27 error docs.onlyIncludeVersions: "current" is not built, as docs.includeCurrentVersion is false. Name one of "2.0.0", "1.0.0", or leave includeCurrentVersion out.',
    );
  }, 60_000);
});

describe('docs.onlyIncludeVersions', () => {
  it('may leave out the current version; the last version is then the newest one listed', async () => {
    const dir = await siteCopy('versioned-docs');
    await withDocsOptions(dir, /docs: \{ mainDocId: 'intro' \}/, "docs: { mainDocId: 'intro', onlyIncludeVersions: ['1.0.0'] }");
    const result = await buildSite(dir, { until: 'collectContent' });
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const docRoutes = result.site.pages.filter((page) => page.kind === 'doc').map((page) => page.route);
    expect(docRoutes.sort()).toEqual(['/kit/docs/intro', '/kit/docs/legacy']);
    expect(result.site.siteData!.docsVersions!.map(({ name, isLast, path: route }) => `${name} ${isLast} ${route}`)).toEqual(['1.0.0 true /kit/docs']);
  }, 60_000);

  it('keeps the order of versions.json, the last version the first listed one that is not current', async () => {
    const dir = await siteCopy('versioned-docs');
    await withDocsOptions(dir, /docs: \{ mainDocId: 'intro' \}/, "docs: { mainDocId: 'intro', onlyIncludeVersions: ['1.0.0', 'current'] }");
    const result = await buildSite(dir, { until: 'collectContent' });
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.site.siteData!.docsVersions!.map(({ name, path: route, banner }) => `${name} ${route} ${banner}`)).toEqual([
      'current /kit/docs/next unreleased',
      '1.0.0 /kit/docs undefined',
    ]);
  }, 60_000);

  it('names an unknown version at its place in the list, with the versions there are', async () => {
    const dir = await siteCopy('versioned-docs');
    await withDocsOptions(dir, /docs: \{ mainDocId: 'intro' \}/, "docs: {\n    mainDocId: 'intro',\n    onlyIncludeVersions: ['current', '1.1'],\n  }");
    const refused = run('build', dir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      'sdkdocs.config.ts:9:38 error docs.onlyIncludeVersions: there is no docs version "1.1". Did you mean "1.1.0"? The versions are "current", "1.1.0", "1.0.0".',
    );
  }, 60_000);
});

// trpc.io's versions.json is ["current", "10.x", "9.x"]: Docusaurus reads "current" as the place of
// the docs folder's own version, where sdkdocs refused it as a version name.
describe('"current" listed in versions.json', () => {
  it('puts the current version at its place in the list, and lastVersion may name it', async () => {
    const dir = await siteCopy('versioned-docs');
    await writeFile(path.join(dir, 'versions.json'), '["1.1.0", "current", "1.0.0"]\n');
    await withDocsOptions(dir, /docs: \{ mainDocId: 'intro' \}/, "docs: { mainDocId: 'intro', lastVersion: 'current' }");
    const result = await buildSite(dir, { until: 'collectContent' });
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.site.siteData!.docsVersions!.map(({ name, path: route, banner }) => `${name} ${route} ${banner}`)).toEqual([
      '1.1.0 /kit/docs/1.1.0 unreleased',
      'current /kit/docs undefined',
      '1.0.0 /kit/docs/1.0.0 unmaintained',
    ]);
  }, 60_000);
});

describe('docs.disableVersioning', () => {
  it('builds the docs folder alone, as a site without versions', async () => {
    const dir = await siteCopy('versioned-docs');
    await withDocsOptions(dir, /docs: \{ mainDocId: 'intro' \}/, "docs: { mainDocId: 'intro', disableVersioning: true }");
    const result = await buildSite(dir, { until: 'collectContent' });
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const docRoutes = result.site.pages.filter((page) => page.kind === 'doc').map((page) => page.route);
    expect(docRoutes.sort()).toEqual(['/kit/docs/guides/setup', '/kit/docs/intro', '/kit/docs/only-in-next']);
    expect(result.site.siteData!.docsVersions).toBeUndefined();
  }, 60_000);

  it('is an error at the key on a site without versions.json', async () => {
    const dir = await siteCopy('versioned-docs');
    await rm(path.join(dir, 'versions.json'));
    await withDocsOptions(dir, /docs: \{ mainDocId: 'intro' \}/, "docs: {\n    mainDocId: 'intro',\n    disableVersioning: true,\n  }");
    const refused = run('build', dir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('sdkdocs.config.ts:9:5 error docs.disableVersioning: the site has no versions.json, so there is no versioning to turn off. Remove disableVersioning.');
  }, 60_000);
});
