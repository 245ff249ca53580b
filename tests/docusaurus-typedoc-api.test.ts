import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translateDocusaurusConfig } from '../src/config/docusaurus-config.js';
import { loadConfig } from '../src/config/load.js';
import { UserError } from '../src/core/diagnostic.js';
import { repoRoot } from './helpers/site.js';

/**
 * docusaurus-plugin-typedoc-api in a Docusaurus config becomes sdkdocs' `api`: the site's API
 * reference is generated from the same SDK, its `{@apilink}`s link and links written for that
 * plugin's anchors keep working.
 */

const fixture = path.join(repoRoot, 'tests', 'fixtures', 'docusaurus-typedoc-api');
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function copyOf(source: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-typedoc-api-'));
  temporary.push(dir);
  cpSync(source, dir, { recursive: true });
  return dir;
}

describe('translating docusaurus-plugin-typedoc-api', () => {
  const siteDir = path.join(os.tmpdir(), 'site');
  const translate = (options: Record<string, unknown>) => translateDocusaurusConfig({ plugins: [['docusaurus-plugin-typedoc-api', options]] }, siteDir);

  it("maps the packages' entry points, the tsconfig, the TypeDoc options and the route to `api`, with {@apilink} as a link", () => {
    const { config, notices } = translate({
      projectRoot: path.join(siteDir, '..'),
      packages: ['packages/core', { path: 'packages/react', entry: { index: 'src/index.tsx', client: { path: 'src/client.tsx', label: 'Client' } } }, { path: 'packages/ui', entry: 'src/' }],
      tsconfigName: 'tsconfig.docs.json',
      typedocOptions: { excludeProtected: true },
      routeBasePath: 'reference',
    });
    expect(config.api).toEqual({
      entryPoints: ['../packages/core/src/index.ts', '../packages/react/src/index.tsx', '../packages/react/src/client.tsx', '../packages/ui/src/**/*.{ts,tsx}'],
      tsconfig: '../tsconfig.docs.json',
      linkTags: ['@apilink'],
      typedocOptions: { excludeProtected: true },
      routeBasePath: 'reference',
    });
    expect(notices.map((notice) => notice.message.split(':')[0])).toEqual(['plugins[0][1].packages[1].entry', 'plugins[0][1].packages']);
  });

  it('takes the TypeDoc options a package gives (as Excalibur once wrote them) and says what it does not apply', () => {
    const { config, notices, originOf } = translate({
      projectRoot: siteDir,
      packages: [{ path: '', entry: 'index.ts', typedocOptions: { excludePrivate: true } }],
      remarkPlugins: ['x'],
      gitRefName: 'main',
      sortSidebar: () => 0,
      unknownOption: 1,
      remarkPlugins2: undefined,
    });
    expect(config.api).toMatchObject({ entryPoints: ['index.ts'], tsconfig: 'tsconfig.json', typedocOptions: { excludePrivate: true } });
    expect(notices.map((notice) => notice.message.split(':')[0])).toEqual([
      'plugins[0][1].remarkPlugins',
      'plugins[0][1].gitRefName',
      'plugins[0][1].sortSidebar',
      'plugins[0][1].unknownOption',
    ]);
    // An error about a translated key is placed where the Docusaurus config writes it.
    expect(originOf(['api', 'typedocOptions', 'excludePrivate'])).toEqual(['plugins', 0, 1, 'packages', 0, 'typedocOptions', 'excludePrivate']);
    expect(originOf(['api', 'entryPoints', 0])).toEqual(['plugins', 0, 1, 'packages', 0]);
  });

  it('builds one API reference: a second instance, or one without options, is a notice', () => {
    const { config, notices } = translateDocusaurusConfig(
      {
        plugins: [
          'docusaurus-plugin-typedoc-api',
          ['docusaurus-plugin-typedoc-api', { projectRoot: siteDir, packages: ['.'] }],
          ['docusaurus-plugin-typedoc-api', { id: 'other', projectRoot: siteDir, packages: ['other'] }],
        ],
      },
      siteDir,
    );
    expect((config.api as { entryPoints: string[] }).entryPoints).toEqual(['src/index.ts']);
    expect(notices.map((notice) => notice.message)).toEqual([
      'plugins[0]: not run: without `projectRoot` and `packages` there is no SDK to document.',
      'plugins[2]: a second API reference is not built: sdkdocs builds one, from the first docusaurus-plugin-typedoc-api.',
    ]);
  });

  it('refuses a TypeDoc option sdkdocs sets itself at its line in docusaurus.config.js', async () => {
    const site = copyOf(fixture);
    const file = path.join(site, 'docusaurus.config.js');
    writeFileSync(file, readFileSync(file, 'utf8').replace('excludeProtected: true,', "excludeProtected: true,\n          out: 'build/api',"));
    const error = await loadConfig(site).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).diagnostics.map((d) => `${path.basename(d.file!)}:${d.line}:${d.column} ${d.message.split(':')[0]}`)).toEqual([
      'docusaurus.config.js:21:11 plugins[0][1].typedocOptions.out',
    ]);
  });
});

describe('a Docusaurus site with docusaurus-plugin-typedoc-api, built by bin/sdkdocs.js', () => {
  let site: string;
  let result: SpawnSyncReturns<string>;
  const page = (route: string) => readFileSync(path.join(site, 'out', route, 'index.html'), 'utf8');

  beforeAll(() => {
    // bin/sdkdocs.js runs tsc's files when the bundle is older, and then this would not test the bundle.
    const bundle = path.join(repoRoot, 'dist', 'cli-bundle', 'main.js');
    expect(statSync(bundle).mtimeMs, 'run `npm run build` to bundle the CLI').toBeGreaterThanOrEqual(statSync(path.join(repoRoot, 'dist', 'src', 'cli', 'main.js')).mtimeMs);
    site = copyOf(fixture);
    result = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  }, 120_000);

  it('exits 0, with a warning at its line for each option it does not apply', () => {
    expect(result.stderr).toMatch(/Built \d+ pages/);
    expect(result.status).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => /:\d+:\d+ warning /.test(line));
    expect(warnings.map((line) => line.replace(/ warning (\S+):.*/, ' $1'))).toEqual(['docusaurus.config.js:24:9 plugins[0][1].banner']);
  });

  it("generates the API pages at the plugin's routes, with {@apilink}s as links and the TypeDoc options applied", () => {
    const actor = page('api/class/Actor');
    expect(actor).toMatch(/<a href="\/api\/class\/Scene#add"[^>]*>Scene\.add<\/a>/);
    expect(actor).toMatch(/<a href="\/api\/class\/Scene"[^>]*>scenes<\/a>/);
    expect(actor).toContain('An actor belongs to one scene at a time.');
    expect(actor).not.toContain('secret');
    expect(page('api/class/Scene')).toMatch(/<a href="\/api\/class\/Actor"[^>]*>actors<\/a>/);
  });

  it("answers the plugin's member anchors, so the docs' links to them pass the link check", () => {
    expect(page('api/class/Actor')).toMatch(/<section id="Box" class="api-member/);
    expect(page('docs/intro')).toMatch(/<a href="\/api\/class\/Actor#Box"/);
  });
});
