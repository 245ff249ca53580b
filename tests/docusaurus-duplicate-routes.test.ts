import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { repoRoot, writeSiteFiles } from './helpers/site.js';

/*
 * Found on ionic-team/capacitor-docs: a version's `cli/README.md` beside its `cli/index.md`, both
 * at the category's route. Docusaurus builds such a site and warns (`onDuplicateRoutes`, default
 * `warn`); sdkdocs refused it whatever the config said. Built here by the shipped CLI.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function siteWithTwoIndexDocs(configLines: string[]): Promise<string> {
  const made = await tempDir('sdkdocs-duplicate-routes-');
  cleanups.push(made.cleanup);
  await writeSiteFiles(made.dir, {
    'docusaurus.config.js': [
      'module.exports = {',
      "  title: 'Kit',",
      "  url: 'https://kit.example.com',",
      "  baseUrl: '/',",
      ...configLines,
      "  presets: [['classic', { blog: false }]],",
      '};',
      '',
    ].join('\n'),
    'docs/intro.md': '# Intro\n\nSee [the CLI](cli/index.md).\n',
    'docs/cli/index.md': '# Command line\n\nThe index page of the CLI docs.\n',
    'docs/cli/README.md': '# CLI readme\n\nThe readme of the CLI docs.\n',
  });
  return made.dir;
}

function build(site: string) {
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('two docs at one route in a Docusaurus site', () => {
  it("builds, as Docusaurus does, with a located warning naming both files and the one built", async () => {
    const site = await siteWithTwoIndexDocs([]);
    const { status, output } = build(site);
    expect(status, output).toBe(0);
    expect(output).toContain('with 1 warning');
    expect(output).toMatch(
      /docs\/cli\/(README|index)\.md:1:1 warning Duplicate route \/docs\/cli: \S*docs\/cli\/(README|index)\.md:1 and \S*docs\/cli\/(README|index)\.md:1 both emit it\. Only \S*docs\/cli\/(README|index)\.md:1 is built \(onDuplicateRoutes: 'warn'\)\./,
    );
    const built = /Only \S*docs\/cli\/(README|index)\.md:1 is built/.exec(output)![1];
    const page = readFileSync(path.join(site, 'out', 'docs', 'cli', 'index.html'), 'utf8');
    expect(page).toContain(built === 'index' ? 'The index page of the CLI docs.' : 'The readme of the CLI docs.');
  });

  it("fails (exit 1) under the site's own `onDuplicateRoutes: 'throw'`, and writes nothing", async () => {
    const site = await siteWithTwoIndexDocs(["  onDuplicateRoutes: 'throw',"]);
    const { status, output } = build(site);
    expect(status, output).toBe(1);
    expect(output).toMatch(/docs\/cli\/(README|index)\.md:1:1 error Duplicate route \/docs\/cli: .* both emit it\./);
    expect(output).not.toContain('is built (onDuplicateRoutes');
    expect(existsSync(path.join(site, 'out'))).toBe(false);
  });
});
