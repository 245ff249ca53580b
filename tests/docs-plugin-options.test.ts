import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/build/build.js';
import { buildSite, copySite, fixture, repoRoot } from './helpers/site.js';

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
  }, 60_000);

  it('as a function that throws, is an error at the doc', async () => {
    const dir = await siteWithDocs('versioned-docs', "editUrl: ({ docPath }) => {\n      if (docPath === 'only-in-next.md') throw new Error('no repository for it');\n      return `https://git.example.com/${docPath}`;\n    },");
    const result = run('build', dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('only-in-next.md:1:1 error docs.editUrl: the function threw "no repository for it" for this doc.');
  }, 60_000);
});
