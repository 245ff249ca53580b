import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/site.js';

const bin = path.join(repoRoot, 'bin', 'sdkdocs.js');
const cleanups: string[] = [];
afterEach(async () => {
  for (const dir of cleanups.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A one-doc site whose config starts with `preamble`. */
async function siteWithConfig(preamble: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-config-loading-'));
  cleanups.push(dir);
  await mkdir(path.join(dir, 'docs'));
  await writeFile(path.join(dir, 'docs', 'intro.md'), '# Intro\n');
  await writeFile(path.join(dir, 'sdkdocs.config.ts'), `${preamble}\nexport default { title: 'Kit', url: 'https://kit.example.com' };\n`);
  return dir;
}

function build(siteDir: string, env: Record<string, string> = {}) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [bin, 'build', siteDir], { encoding: 'utf8', env: { ...process.env, CI: 'true', ...env }, timeout: 60_000 });
  return { ...result, ms: Date.now() - started };
}

describe('configs that never finish', () => {
  it('a top-level await that can never settle fails at once with a located error and exit 1', async () => {
    const site = await siteWithConfig('await new Promise(() => {});');
    const result = build(site);
    expect(result.stderr).toContain('sdkdocs.config.ts error The config never finished loading: a top-level `await` waits for something that can no longer happen.');
    expect(result.status).toBe(1);
    expect(existsSync(path.join(site, 'out'))).toBe(false);
  });

  it('a top-level await that keeps the config busy fails after SDKDOCS_CONFIG_TIMEOUT seconds', async () => {
    const site = await siteWithConfig('await new Promise(() => setInterval(() => {}, 100));');
    const result = build(site, { SDKDOCS_CONFIG_TIMEOUT: '1' });
    expect(result.stderr).toContain('error The config did not finish loading within 1 s');
    expect(result.status).toBe(1);
  });

  it('the build exits when it is done, though the config left a timer running', async () => {
    const site = await siteWithConfig('setInterval(() => {}, 1000);');
    const result = build(site);
    expect(result.error).toBeUndefined();
    expect(result.stderr).toContain('Built 4 pages');
    expect(result.status).toBe(0);
    expect(existsSync(path.join(site, 'out', '.sdkdocs-output'))).toBe(true);
  });
});

describe('CommonJS packages a config imports', () => {
  it('may require Node modules at run time, as they do under Node', async () => {
    const site = await siteWithConfig("import { titleCase } from 'kit-helpers';\nif (titleCase('kit') !== 'Kit') throw new Error('wrong');");
    // As many CommonJS packages load an optional dependency: by a name esbuild cannot follow.
    await mkdir(path.join(site, 'node_modules', 'kit-helpers'), { recursive: true });
    await writeFile(path.join(site, 'node_modules', 'kit-helpers', 'package.json'), JSON.stringify({ name: 'kit-helpers', main: 'index.js' }));
    await writeFile(
      path.join(site, 'node_modules', 'kit-helpers', 'index.js'),
      "const name = ['node', 'util'].join(':');\nconst util = require(name);\nexports.titleCase = (word) => util.format('%s%s', word[0].toUpperCase(), word.slice(1));\n",
    );
    const result = build(site);
    expect(result.stderr).not.toContain('Dynamic require');
    expect(result.stderr).toContain('Built 4 pages');
    expect(result.status).toBe(0);
  });
});
