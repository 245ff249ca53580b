import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/build.js';
import { UserError, formatDiagnostic } from '../src/core/diagnostic.js';
import { createMemoryLogger } from '../src/core/logger.js';
import { tempDir } from './helpers/browser.js';
import { fixture } from './helpers/site.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Builds a fixture into an out/ that already holds a previous build, and returns the error. */
async function failingBuild(name: string): Promise<{ error: UserError; outRoot: string; text: string }> {
  const { dir, cleanup } = await tempDir('sdkdocs-bad-input-');
  cleanups.push(cleanup);
  const outRoot = path.join(dir, 'out');
  await mkdir(path.join(outRoot, 'sdk'), { recursive: true });
  await writeFile(path.join(outRoot, 'sdk', 'index.html'), 'previous build');
  // Marked as an sdkdocs output, as a previous build leaves it.
  await writeFile(path.join(outRoot, '.sdkdocs-output'), '');
  const error = await build({ siteDir: fixture(name), outDir: outRoot, logger: createMemoryLogger() }).then(
    () => {
      throw new Error(`the ${name} fixture built without error`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  const text = (error as UserError).diagnostics.map((d) => formatDiagnostic(d, { cwd: fixture(name) })).join('\n');
  // Nothing lost: the previous output is exactly as it was, and no staging folder is left behind.
  expect(await readFile(path.join(outRoot, 'sdk', 'index.html'), 'utf8')).toBe('previous build');
  return { error: error as UserError, outRoot, text };
}

describe('bad input fails with a located, actionable error and leaves out/ intact', () => {
  it('malformed front matter → file:line', async () => {
    const { text } = await failingBuild('bad-front-matter');
    expect(text).toMatch(/^docs\/broken\.md:3:\d+ error Malformed front matter: /);
    expect(text).toContain('Front matter is YAML between two `---` lines');
  });

  it('missing docs folder → the config key and how to fix it', async () => {
    const { text } = await failingBuild('missing-docs');
    expect(text).toContain('docs.path: the docs folder');
    expect(text).toContain('does not exist');
    expect(text).toContain('Create it with at least one markdown file');
    expect(text).not.toContain('undefined');
  });

  it('duplicate routes → both files named with file:line', async () => {
    const { text } = await failingBuild('duplicate-routes');
    // Both slugs are on line 2: the error sits at one, its message names the other.
    expect(text).toMatch(/^docs\/intro\.md:2:1 error Duplicate route \/sdk\/docs\/same: \S*docs\/intro\.md:2 and \S*docs\/a\/other\.md:2 both emit it\./);
  });

  it('invalid _category_.json → file:line', async () => {
    const { text } = await failingBuild('bad-category');
    expect(text).toMatch(/^docs\/guides\/_category_\.json:4:\d+ error Invalid _category_\.json/);
  });

  it('navbar item of unknown type → the theme message', async () => {
    const { text } = await failingBuild('unknown-navbar-type');
    expect(text).toContain('navbar.items[0].type: No NavbarItem component found for type "megaMenu"');
  });

  it('a docSidebar item whose sidebar has no doc', async () => {
    const { text } = await failingBuild('empty-sidebar');
    expect(text).toContain('navbar.items[0].sidebarId: the sidebar "docsSidebar" has no doc to link to.');
  });

  it('an unknown config key → line and suggestion', async () => {
    const { text } = await failingBuild('unknown-config-key');
    expect(text).toBe('sdkdocs.config.ts:7:3 error tagLine: unknown key. Did you mean "tagline"?');
  });
});

describe('a successful build replaces out/ whole', () => {
  it('swaps in the new output and removes stale files', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-swap-');
    cleanups.push(cleanup);
    const outRoot = path.join(dir, 'out');
    await mkdir(path.join(outRoot, 'kit'), { recursive: true });
    await writeFile(path.join(outRoot, 'kit', 'stale.html'), 'old');
    await writeFile(path.join(outRoot, '.sdkdocs-output'), '');
    await build({ siteDir: fixture('basic'), outDir: outRoot, logger: createMemoryLogger() });
    expect(existsSync(path.join(outRoot, 'kit', 'stale.html'))).toBe(false);
    expect(existsSync(path.join(outRoot, 'kit', 'docs', 'intro', 'index.html'))).toBe(true);
    expect(existsSync(path.join(outRoot, 'kit', 'robots.txt'))).toBe(true);
    const leftovers = (await import('node:fs/promises')).readdir(dir);
    expect((await leftovers).filter((name) => name.includes('staging') || name.includes('.old-'))).toEqual([]);
  });
});
