import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { buildSite, copySite, fixture, outputText, pageHtml, repoRoot } from './helpers/site.js';

// Docusaurus docs-plugin options as real sites write them (packages/docusaurus-plugin-content-docs/src/options.ts).

const bin = path.join(repoRoot, 'bin', 'sdkdocs.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** A copy of a fixture whose config has these `docs` options (written as TypeScript source). */
async function siteWithDocs(name: string, docsOptions: string): Promise<string> {
  const { dir, cleanup } = await copySite(fixture(name));
  cleanups.push(cleanup);
  await writeFile(
    path.join(dir, 'sdkdocs.config.ts'),
    `import { defineConfig } from 'sdkdocs';\n\nexport default defineConfig({\n  title: 'Options Kit',\n  url: 'https://options.example.com',\n  baseUrl: '/kit/',\n  docs: {\n    ${docsOptions}\n  },\n});\n`,
  );
  return dir;
}

function editUrl(result: BuildResult, route: string): string | undefined {
  const page = result.site.pages.find((each) => each.route === route);
  if (!page) throw new Error(`no page ${route}`);
  return page.data.editUrl;
}

const errors = (result: BuildResult) => result.site.diagnostics.filter((d) => d.severity === 'error');

describe('docs.editUrl', () => {
  it('is the site folder: each version links to its own docs folder', async () => {
    const dir = await siteWithDocs('versioned-docs', "editUrl: 'https://git.example.com/kit/edit/main/website/',");
    const result = await buildSite(dir, { inMemory: true });
    expect(errors(result)).toEqual([]);
    expect(editUrl(result, '/kit/docs/next/intro')).toBe('https://git.example.com/kit/edit/main/website/docs/intro.md');
    expect(editUrl(result, '/kit/docs/next/guides/setup')).toBe('https://git.example.com/kit/edit/main/website/docs/guides/setup.md');
    expect(editUrl(result, '/kit/docs/intro')).toBe('https://git.example.com/kit/edit/main/website/versioned_docs/version-1.1.0/intro.md');
    expect(editUrl(result, '/kit/docs/1.0.0/legacy')).toBe('https://git.example.com/kit/edit/main/website/versioned_docs/version-1.0.0/legacy.md');
  }, 60_000);

  it('with editCurrentVersion, links every version to the current docs folder', async () => {
    const dir = await siteWithDocs('versioned-docs', "editUrl: 'https://git.example.com/kit/edit/main/website',\n    editCurrentVersion: true,");
    const result = await buildSite(dir, { inMemory: true });
    expect(errors(result)).toEqual([]);
    expect(editUrl(result, '/kit/docs/next/intro')).toBe('https://git.example.com/kit/edit/main/website/docs/intro.md');
    expect(editUrl(result, '/kit/docs/intro')).toBe('https://git.example.com/kit/edit/main/website/docs/intro.md');
    expect(editUrl(result, '/kit/docs/1.0.0/legacy')).toBe('https://git.example.com/kit/edit/main/website/docs/legacy.md');
  }, 60_000);

  it('as a function, is asked per doc with what Docusaurus passes it', async () => {
    // As pnpm.io's config: the current docs edit on GitHub, older versions have no edit link.
    const dir = await siteWithDocs(
      'versioned-docs',
      "editUrl: ({ version, versionDocsDirPath, docPath, permalink, locale }) =>\n      version === '1.0.0' ? undefined : `https://git.example.com/edit/${versionDocsDirPath}/${docPath}?at=${permalink}&v=${version}&l=${locale}`,",
    );
    const result = await buildSite(dir, { inMemory: true });
    expect(errors(result)).toEqual([]);
    expect(editUrl(result, '/kit/docs/next/guides/setup')).toBe('https://git.example.com/edit/docs/guides/setup.md?at=/kit/docs/next/guides/setup&v=current&l=en');
    expect(editUrl(result, '/kit/docs/intro')).toBe('https://git.example.com/edit/versioned_docs/version-1.1.0/intro.md?at=/kit/docs/intro&v=1.1.0&l=en');
    expect(editUrl(result, '/kit/docs/1.0.0/legacy')).toBeUndefined();

    // The CLI renders on worker threads: the function stays on the main thread, its answers reach the pages.
    const built = run('build', dir);
    expect(built.status, built.stderr).toBe(0);
    const html = await readFile(path.join(dir, 'out', 'kit', 'docs', 'intro', 'index.html'), 'utf8');
    expect(html).toContain('href="https://git.example.com/edit/versioned_docs/version-1.1.0/intro.md?at=/kit/docs/intro&amp;v=1.1.0&amp;l=en"');
  }, 60_000);

  it('that is neither a URL nor a function, is an error at the key saying what it takes', async () => {
    const notUrl = run('build', await siteWithDocs('versioned-docs', "editUrl: 'edit/main/website',"));
    expect(notUrl.status).toBe(1);
    expect(notUrl.stderr).toContain('sdkdocs.config.ts:8:5 error docs.editUrl: expected a URL such as "https://github.com/org/repo/edit/main/website/", found "edit/main/website".');
    const notFunction = run('build', await siteWithDocs('versioned-docs', 'editUrl: true,'));
    expect(notFunction.status).toBe(1);
    expect(notFunction.stderr).toContain('sdkdocs.config.ts:8:5 error docs.editUrl: expected a URL or a function that returns one.');
  }, 60_000);

  it('as a function that throws, is an error at the doc', async () => {
    const dir = await siteWithDocs('versioned-docs', "editUrl: ({ docPath }) => {\n      if (docPath === 'only-in-next.md') throw new Error('no repository for it');\n      return `https://git.example.com/${docPath}`;\n    },");
    const result = run('build', dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('only-in-next.md:1:1 error docs.editUrl: the function threw "no repository for it" for this doc.');
  }, 60_000);
});

describe('docs.sidebarCollapsible / docs.sidebarCollapsed', () => {
  const categories = (result: BuildResult) => result.site.sidebars.docsSidebar.filter((item) => item.type === 'category');

  it('set the autogenerated sidebar\'s categories as docs.sidebar.collapsible / collapsed do', async () => {
    const dir = await siteWithDocs('versioned-docs', 'disableVersioning: true,\n    sidebarCollapsible: false,\n    sidebarCollapsed: false,');
    const result = await buildSite(dir, { inMemory: true });
    expect(errors(result)).toEqual([]);
    expect(result.site.config.docs.sidebar).toMatchObject({ collapsible: false, collapsed: false });
    expect(categories(result).map(({ label, collapsible, collapsed }) => ({ label, collapsible, collapsed }))).toEqual([{ label: 'guides', collapsible: false, collapsed: false }]);
  }, 60_000);

  it('default to collapsible and collapsed', async () => {
    const result = await buildSite(await siteWithDocs('versioned-docs', 'disableVersioning: true,\n    sidebarCollapsed: false,'), { inMemory: true });
    expect(categories(result).map(({ collapsible, collapsed }) => ({ collapsible, collapsed }))).toEqual([{ collapsible: true, collapsed: false }]);
  }, 60_000);

  it('is an error at the key when docs.sidebar says it too', async () => {
    const dir = await siteWithDocs('versioned-docs', 'sidebar: { collapsed: true },\n    sidebarCollapsed: false,');
    const result = run('build', dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "sdkdocs.config.ts:9:5 error docs.sidebarCollapsed: it and docs.sidebar.collapsed say the same thing: keep one of them (sidebarCollapsed is Docusaurus' name).",
    );
  }, 60_000);
});

describe('docs.sidebarPath', () => {
  it('is only checked when the docs folder is built, as Docusaurus checks it', async () => {
    const released = await buildSite(await siteWithDocs('versioned-no-current', "includeCurrentVersion: false,\n    sidebarPath: './sidebars.js',"), { inMemory: true });
    expect(errors(released)).toEqual([]);
    expect(released.site.pages.some((page) => page.route === '/kit/docs/1.0.0/legacy')).toBe(true);
    const onlyOld = await buildSite(await siteWithDocs('versioned-docs', "onlyIncludeVersions: ['1.0.0'],\n    sidebarPath: './sidebars.js',"), { inMemory: true });
    expect(errors(onlyOld)).toEqual([]);
    expect(onlyOld.site.pages.some((page) => page.route === '/kit/docs/legacy')).toBe(true);

    const withCurrent = run('build', await siteWithDocs('versioned-docs', "onlyIncludeVersions: ['current', '1.0.0'],\n    sidebarPath: './sidebars.js',"));
    expect(withCurrent.status).toBe(1);
    expect(withCurrent.stderr).toContain('sdkdocs.config.ts:9:5 error docs.sidebarPath: the sidebars file ./sidebars.js does not exist.');
  }, 60_000);
});

describe('docs.include / docs.exclude', () => {
  /** A one-version copy of the fixture with files that Docusaurus' defaults leave out. */
  async function siteWithExtraFiles(docsOptions: string): Promise<string> {
    const dir = await siteWithDocs('versioned-docs', `disableVersioning: true,\n    ${docsOptions}`);
    const docs = path.join(dir, 'docs');
    await mkdir(path.join(docs, '_drafts'), { recursive: true });
    await mkdir(path.join(docs, '__tests__'), { recursive: true });
    await mkdir(path.join(docs, '.hidden'), { recursive: true });
    await writeFile(path.join(docs, '_shared-note.md'), '# Shared note\n\nImported by other docs.\n');
    await writeFile(path.join(docs, '_drafts', 'wip.md'), '# Work in progress\n');
    await writeFile(path.join(docs, '__tests__', 'fixture.md'), '# Test fixture\n');
    await writeFile(path.join(docs, '.hidden', 'secret.md'), '# Secret\n');
    await writeFile(path.join(docs, 'notes.txt'), 'Plain notes.\n');
    return dir;
  }
  const docIds = (result: BuildResult) => result.site.docs.map((doc) => doc.id).sort();

  it("default to Docusaurus': markdown files, without _ files and folders, tests or dot folders", async () => {
    const result = await buildSite(await siteWithExtraFiles(''), { inMemory: true });
    expect(errors(result)).toEqual([]);
    expect(docIds(result)).toEqual(['guides/setup', 'intro', 'only-in-next']);
    expect(result.site.config.docs.exclude).toEqual(['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**']);
  }, 60_000);

  it('replace the defaults; a file include matches that is not markdown is a warning at the file', async () => {
    const result = await buildSite(await siteWithExtraFiles("include: ['**/*.md', '*.txt'],\n    exclude: ['**/only-*.md', '__tests__/**'],"), { inMemory: true });
    expect(errors(result)).toEqual([]);
    expect(docIds(result)).toEqual(['_drafts/wip', '_shared-note', 'guides/setup', 'intro']);
    const warning = result.site.diagnostics.find((d) => d.message.startsWith('docs.include matches'));
    expect(warning).toMatchObject({ severity: 'warning', message: 'docs.include matches notes.txt, which is not a .md or .mdx file: it is not built.' });
    expect(warning?.file?.endsWith(path.join('docs', 'notes.txt'))).toBe(true);
  }, 60_000);

  it('apply to every version\'s folder', async () => {
    const dir = await siteWithDocs('versioned-docs', "exclude: ['**/legacy.md', '**/only-in-next.md'],");
    const result = await buildSite(dir, { inMemory: true });
    expect(errors(result)).toEqual([]);
    const routes = result.site.pages.filter((page) => page.kind === 'doc').map((page) => page.route);
    expect(routes).not.toContain('/kit/docs/1.0.0/legacy');
    expect(routes).not.toContain('/kit/docs/next/only-in-next');
    expect(routes).toContain('/kit/docs/1.0.0/intro');
  }, 60_000);
});

describe('docs.numberPrefixParser', () => {
  /** The serve-site fixture with number-prefixed docs and folders added, and these `docs` options. */
  async function prefixedSite(docsOptions: string): Promise<string> {
    const dir = await siteWithDocs('serve-site', docsOptions);
    const write = async (relative: string, text: string) => {
      await mkdir(path.dirname(path.join(dir, 'docs', relative)), { recursive: true });
      await writeFile(path.join(dir, 'docs', relative), text);
    };
    await write('03-basics/02-first-steps.md', '# First steps\n\nStep one.\n');
    await write('03-basics/1 - setup.md', '# Setup\n\nInstall it.\n');
    await write('2021-01-15-notes.md', '# Notes\n\nA dated doc.\n');
    await write('7.0-changes.md', '# Changes\n\nA versioned name.\n');
    return dir;
  }
  const routesOf = (result: BuildResult) => result.site.pages.filter((page) => page.kind === 'doc').map((page) => page.route);
  const labelsOf = (result: BuildResult) => JSON.stringify(result.site.sidebars.docsSidebar.map((item) => [item.label, item.type === 'category' ? item.items.map((child) => child.label) : []]));

  it('by default reads positions off names, as Docusaurus does, but not from dates and versions', async () => {
    const result = await buildSite(await prefixedSite(''), { until: 'collectContent' });
    expect(errors(result)).toEqual([]);
    expect(routesOf(result)).toEqual(expect.arrayContaining(['/kit/docs/basics/first-steps', '/kit/docs/basics/setup', '/kit/docs/2021-01-15-notes', '/kit/docs/7.0-changes']));
    expect(result.site.docs.find((doc) => doc.route === '/kit/docs/basics/setup')).toMatchObject({ id: 'basics/setup', sidebarPosition: 1 });
    expect(result.site.docs.find((doc) => doc.route === '/kit/docs/2021-01-15-notes')?.sidebarPosition).toBeUndefined();
    expect(result.site.docs.find((doc) => doc.route === '/kit/docs/7.0-changes')?.sidebarPosition).toBeUndefined();
    // The folder is the category "basics", its docs in the order of their numbers.
    expect(labelsOf(result)).toContain('["basics",["Setup","First steps"]]');
  }, 60_000);

  it('false keeps every name as written', async () => {
    const result = await buildSite(await prefixedSite('numberPrefixParser: false,'), { until: 'collectContent' });
    expect(errors(result)).toEqual([]);
    expect(routesOf(result)).toEqual(expect.arrayContaining(['/kit/docs/03-basics/02-first-steps', '/kit/docs/03-basics/1 - setup']));
    expect(result.site.docs.find((doc) => doc.id === '03-basics/02-first-steps')?.sidebarPosition).toBeUndefined();
    expect(labelsOf(result)).toContain('"03-basics"');
  }, 60_000);

  it('as a function, is asked for every doc and folder name', async () => {
    const result = await buildSite(
      await prefixedSite("numberPrefixParser: (filename) => { const match = /^(\\d+)-(.+)$/.exec(filename); return match ? { filename: match[2].toUpperCase(), numberPrefix: Number(match[1]) } : { filename }; },"),
      { until: 'collectContent' },
    );
    expect(errors(result)).toEqual([]);
    // The site's own parser decides alone: the default's rule for dates is not applied.
    expect(routesOf(result)).toEqual(expect.arrayContaining(['/kit/docs/BASICS/FIRST-STEPS', '/kit/docs/BASICS/1 - setup', '/kit/docs/01-15-NOTES']));
    expect(result.site.docs.find((doc) => doc.id === 'BASICS/FIRST-STEPS')?.sidebarPosition).toBe(2);
  }, 60_000);

  it('as a function that returns no name, is an error at the key', async () => {
    const dir = await prefixedSite('numberPrefixParser: () => ({ numberPrefix: 1 }),');
    const result = run('build', dir);
    expect(result.status).toBe(1);
    expect(result.stderr + result.stdout).toMatch(/sdkdocs\.config\.ts:\d+:\d+ error docs\.numberPrefixParser returned \{"numberPrefix":1\} for "[^"]+"/);
  }, 60_000);
});

describe('docs.versions.current.noIndex', () => {
  it('keeps the docs of a site without versions.json from search engines, as Docusaurus does', async () => {
    const dir = await siteWithDocs('serve-site', 'versions: { current: { noIndex: true } },');
    const result = await buildSite(dir, { inMemory: true });
    expect(errors(result)).toEqual([]);
    expect(pageHtml(result, '/kit/docs/intro')).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(pageHtml(result, '/kit/')).not.toContain('noindex');
    const sitemap = outputText(result, 'sitemap.xml');
    expect(sitemap).not.toContain('/kit/docs/intro');
    // The pages outside the docs stay indexed.
    expect(sitemap).toContain('<loc>https://options.example.com/kit/</loc>');
  }, 60_000);
});

describe('docs.admonitions', () => {
  /** The serve-site fixture with a doc of admonitions (and an MDX one), and these `docs` options. */
  async function admonitionSite(docsOptions: string): Promise<string> {
    const dir = await siteWithDocs('serve-site', docsOptions);
    const body = ':::release-note\n\nShipped.\n\n:::\n\n:::release-note In 2.0\n\nTitled.\n\n:::\n\n:::note\n\nA note.\n\n:::\n';
    await writeFile(path.join(dir, 'docs', 'notes.md'), `# Notes\n\n${body}`);
    await writeFile(path.join(dir, 'docs', 'notes-mdx.mdx'), `export const year = 2026;\n\n# Notes in MDX\n\n${body}`);
    return dir;
  }
  const asides = (html: string) => [...html.matchAll(/<aside class="(admonition[^"]*)"[^>]*><p class="admonition-title">(?:<svg[\s\S]*?<\/svg>)?([^<]*)<\/p>/g)].map(([, classes, title]) => `${classes} | ${title}`);
  const unknownWarnings = (result: BuildResult) => result.site.diagnostics.filter((d) => d.message.startsWith('Unknown admonition')).map((d) => `${path.basename(d.file!)}:${d.line} ${d.message}`);

  it('takes the site\'s own keywords beside the default ones, drawn as Docusaurus draws a type it has no component for', async () => {
    const result = await buildSite(await admonitionSite("admonitions: { keywords: ['release-note'] },"), { inMemory: true });
    expect(errors(result)).toEqual([]);
    expect(unknownWarnings(result)).toEqual([]);
    for (const route of ['/kit/docs/notes', '/kit/docs/notes-mdx']) {
      expect(asides(pageHtml(result, route))).toEqual([
        'admonition admonition-info admonition-release-note | Info',
        'admonition admonition-info admonition-release-note | In 2.0',
        'admonition admonition-note | Note',
      ]);
    }
  }, 60_000);

  it('without extendDefaults, has only the keywords; false has none: the rest are plain boxes, each a warning at its line', async () => {
    const only = await buildSite(await admonitionSite("admonitions: { keywords: ['release-note'], extendDefaults: false },"), { inMemory: true });
    expect(errors(only)).toEqual([]);
    expect(unknownWarnings(only).sort()).toEqual(['notes-mdx.mdx:17 Unknown admonition `:::note`: it is shown as a plain box.', 'notes.md:15 Unknown admonition `:::note`: it is shown as a plain box.']);
    const none = await buildSite(await admonitionSite('admonitions: false,'), { inMemory: true });
    expect(unknownWarnings(none).filter((warning) => warning.startsWith('notes.md'))).toEqual([
      'notes.md:3 Unknown admonition `:::release-note`: it is shown as a plain box.',
      'notes.md:15 Unknown admonition `:::note`: it is shown as a plain box.',
    ]);
    expect(pageHtml(none, '/kit/docs/notes')).toContain('<aside class="admonition admonition-plain" role="note"><p>A note.</p></aside>');
    // A title after a space is only an admonition's: without admonitions the line is text, shown as written.
    expect(pageHtml(none, '/kit/docs/notes')).toContain('<p>:::release-note In 2.0</p>');
  }, 60_000);

  it('by default, a keyword of another site is a plain box and a warning that says where to add it', async () => {
    const result = await buildSite(await admonitionSite(''), { inMemory: true });
    const [warning] = result.site.diagnostics.filter((d) => d.message.startsWith('Unknown admonition') && d.file?.endsWith('notes.md'));
    expect(warning).toMatchObject({ line: 3, hint: expect.stringContaining('add the name to docs.admonitions.keywords in the config') });
  }, 60_000);
});
