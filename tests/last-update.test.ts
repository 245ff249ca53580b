import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../src/core/diagnostic.js';
import { parseGitLog } from '../src/content/git-last-update.js';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml, repoRoot } from './helpers/site.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const bin = path.join(repoRoot, 'bin', 'sdkdocs.js');
const gitPath = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

/** A site with three docs, `guide/setup.md` under a folder; `config` is added to the config object's source. */
async function createSite(config = ''): Promise<string> {
  const { dir, cleanup } = await tempDir('sdkdocs-last-update-');
  cleanups.push(cleanup);
  await mkdir(path.join(dir, 'docs', 'guide'), { recursive: true });
  await writeFile(path.join(dir, 'docs', 'intro.md'), '# Intro\n\nHello.\n');
  await writeFile(path.join(dir, 'docs', 'guide', 'setup.md'), '# Setup\n\nSteps.\n');
  await writeFile(path.join(dir, 'docs', 'pinned.md'), '---\nlast_update:\n  date: 2020-02-02\n  author: Front Matter\n---\n\n# Pinned\n');
  await writeFile(path.join(dir, 'sdkdocs.config.ts'), `export default {\n  title: 'Updates',\n  url: 'https://u.example.com',\n  baseUrl: '/kit/',\n${config}};\n`);
  return dir;
}

/** Runs git in `dir` as the given author at the given date, so every run of the test sees the same history. */
function git(dir: string, args: string[], who = { name: 'Ada Lovelace', date: '2024-03-05T10:00:00Z' }): void {
  execFileSync(gitPath, args, {
    cwd: dir,
    stdio: 'ignore',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: who.name,
      GIT_AUTHOR_EMAIL: 'author@example.com',
      GIT_COMMITTER_NAME: who.name,
      GIT_COMMITTER_EMAIL: 'author@example.com',
      GIT_AUTHOR_DATE: who.date,
      GIT_COMMITTER_DATE: who.date,
      GIT_CONFIG_NOSYSTEM: '1',
      HOME: dir,
    },
  });
}

/** A checkout of the site: everything committed by Ada, then `guide/setup.md` changed by Grace a year later. */
async function commitSite(dir: string): Promise<void> {
  git(dir, ['init', '-q', '-b', 'main']);
  git(dir, ['add', '.']);
  git(dir, ['commit', '-q', '-m', 'First']);
  await writeFile(path.join(dir, 'docs', 'guide', 'setup.md'), '# Setup\n\nMore steps.\n');
  git(dir, ['commit', '-q', '-am', 'Second'], { name: 'Grace Hopper', date: '2025-07-09T12:00:00Z' });
}

const lastUpdated = (html: string) => /Last updated[^<]*(<[^>]*>[^<]*)*?(?=<\/)/.exec(html)?.[0].replace(/<[^>]*>/g, '');

describe('"Last updated" from git history', () => {
  it('shows the last commit of each doc, with front matter last_update winning; outside a checkout only front matter', async () => {
    const dir = await createSite();
    const outside = await buildSite(dir, { until: 'renderPages' });
    expect(outside.site.diagnostics.filter((d) => d.code === 'last-update')).toEqual([]);
    expect(outside.site.pages.find((page) => page.route === '/kit/docs/intro')!.data.lastUpdate).toBeUndefined();
    expect(lastUpdated(pageHtml(outside, '/kit/docs/intro'))).toBeUndefined();
    expect(outside.site.pages.find((page) => page.route === '/kit/docs/pinned')!.data.lastUpdate).toEqual({ date: 'Feb 2, 2020', author: 'Front Matter' });

    await commitSite(dir);
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((d) => d.code === 'last-update')).toEqual([]);
    const route = (path: string) => result.site.pages.find((page) => page.route === path)!.data;
    expect(route('/kit/docs/intro').lastUpdate).toEqual({ date: 'Mar 5, 2024', author: 'Ada Lovelace' });
    expect(route('/kit/docs/guide/setup').lastUpdate).toEqual({ date: 'Jul 9, 2025', author: 'Grace Hopper' });
    expect(route('/kit/docs/pinned').lastUpdate).toEqual({ date: 'Feb 2, 2020', author: 'Front Matter' });
    expect(lastUpdated(pageHtml(result, '/kit/docs/guide/setup'))).toBe('Last updated on Jul 9, 2025 by Grace Hopper');
  });

  it('takes only what front matter leaves out from git', async () => {
    const dir = await createSite();
    await writeFile(path.join(dir, 'docs', 'intro.md'), '---\nlast_update:\n  author: Docs Team\n---\n\n# Intro\n');
    await commitSite(dir);
    const result = await buildSite(dir, { until: 'collectContent' });
    expect(result.site.pages.find((page) => page.route === '/kit/docs/intro')!.data.lastUpdate).toEqual({ date: 'Mar 5, 2024', author: 'Docs Team' });
  });

  it('takes a commit made since the previous build of the process', async () => {
    const dir = await createSite();
    await commitSite(dir);
    const first = await buildSite(dir, { until: 'collectContent' });
    const added = path.join(dir, 'docs', 'added.md');
    await writeFile(added, '# Added\n');
    const second = await buildSite(dir, { until: 'collectContent', previous: first.site, changedFiles: new Set([added]) });
    expect(second.site.pages.find((page) => page.route === '/kit/docs/added')!.data.lastUpdate).toBeUndefined();
    git(dir, ['add', '.']);
    git(dir, ['commit', '-q', '-m', 'Third'], { name: 'Alan Turing', date: '2026-01-02T12:00:00Z' });
    const third = await buildSite(dir, { until: 'collectContent', previous: second.site });
    expect(third.site.pages.find((page) => page.route === '/kit/docs/added')!.data.lastUpdate).toEqual({ date: 'Jan 2, 2026', author: 'Alan Turing' });
  });

  it('gives a doc that was never committed no line, with one warning at it', async () => {
    const dir = await createSite();
    await commitSite(dir);
    await writeFile(path.join(dir, 'docs', 'new.md'), '# New\n');
    await writeFile(path.join(dir, 'docs', 'newer.md'), '# Newer\n');
    const result = await buildSite(dir, { until: 'collectContent' });
    expect(result.site.pages.find((page) => page.route === '/kit/docs/new')!.data.lastUpdate).toBeUndefined();
    const warnings = result.site.diagnostics.filter((d) => d.code === 'last-update').map((d) => formatDiagnostic(d, { cwd: dir }));
    expect(warnings).toEqual([
      'docs/new.md warning This doc and 1 more are not committed to git, so they show no "Last updated" line until they are. Commit the docs, set last_update in their front matter, or set docs.showLastUpdateTime and docs.showLastUpdateAuthor to false.',
    ]);
  });

  it('can show the date alone, the author alone, or nothing (front matter included)', async () => {
    for (const [config, intro, pinned] of [
      ['  docs: { showLastUpdateAuthor: false },\n', { date: 'Mar 5, 2024' }, { date: 'Feb 2, 2020' }],
      ['  docs: { showLastUpdateTime: false },\n', { author: 'Ada Lovelace' }, { author: 'Front Matter' }],
      ['  docs: { showLastUpdateTime: false, showLastUpdateAuthor: false },\n', undefined, undefined],
    ] as const) {
      const dir = await createSite(config);
      await commitSite(dir);
      const result = await buildSite(dir, { until: 'collectContent' });
      const route = (path: string) => result.site.pages.find((page) => page.route === path)!.data;
      expect(route('/kit/docs/intro').lastUpdate).toEqual(intro);
      expect(route('/kit/docs/pinned').lastUpdate).toEqual(pinned);
    }
  });

  it('refuses a switch that is not a boolean, at its line', async () => {
    const dir = await createSite("  docs: {\n    showLastUpdateTime: 'yes',\n  },\n");
    const error = await buildSite(dir, { until: 'collectContent' }).catch((caught: unknown) => caught);
    const messages = (error as { diagnostics: Parameters<typeof formatDiagnostic>[0][] }).diagnostics.map((d) => formatDiagnostic(d, { cwd: dir }));
    expect(messages.join('\n')).toMatch(/^sdkdocs\.config\.ts:6:5 error docs\.showLastUpdateTime: expected boolean/);
  });

  it('runs git once for the whole docs folder, and builds without git at all', async () => {
    const dir = await createSite();
    await commitSite(dir);
    const tools = path.join(dir, 'tools');
    await mkdir(tools);
    const calls = path.join(dir, 'git-calls.log');
    await writeFile(path.join(tools, 'git'), `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${gitPath}' "$@"\n`);
    chmodSync(path.join(tools, 'git'), 0o755);
    const run = (PATH: string, outDir: string) =>
      spawnSync(process.execPath, [bin, 'build', dir, '--out-dir', path.join(dir, outDir)], { encoding: 'utf8', env: { ...process.env, CI: 'true', PATH } });
    const counted = run(`${tools}${path.delimiter}${process.env.PATH}`, 'out-tools');
    expect(counted.status, counted.stderr).toBe(0);
    expect(readFileSync(calls, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(readFileSync(path.join(dir, 'out-tools', 'kit', 'docs', 'guide', 'setup', 'index.html'), 'utf8')).toContain('Grace Hopper');

    const empty = path.join(dir, 'no-tools');
    await mkdir(empty);
    const withoutGit = run(empty, 'out-no-tools');
    expect(withoutGit.status, withoutGit.stderr).toBe(0);
    expect(withoutGit.stderr).toContain('warning git is not installed: docs show no "Last updated" date or author from their history.');
    expect(readFileSync(path.join(dir, 'out-no-tools', 'kit', 'docs', 'guide', 'setup', 'index.html'), 'utf8')).not.toContain('Grace Hopper');
  });

  it('reads names git writes with -z, the first (newest) commit of each file winning', () => {
    const log = '\x1e200\x1fNew\0\nb.md\0dir/we"ird\nname.md\0\x1e100\x1fOld\0\na.md\0b.md\0';
    expect(parseGitLog(log)).toEqual(
      new Map([
        ['b.md', { timestamp: 200, author: 'New' }],
        ['dir/we"ird\nname.md', { timestamp: 200, author: 'New' }],
        ['a.md', { timestamp: 100, author: 'Old' }],
      ]),
    );
  });
});
