import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientModulesSiteFiles } from './helpers/client-modules-site.js';
import { repoRoot, writeSiteFiles } from './helpers/site.js';

/*
 * A Docusaurus site's `clientModules`, built by the shipped CLI from the site's folder: applied,
 * not warned of (tests/browser/client-modules.test.ts runs them in Chromium).
 */

const sites: string[] = [];
afterAll(async () => {
  for (const dir of sites) await rm(dir, { recursive: true, force: true });
});

async function siteWith(files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-client-modules-'));
  sites.push(dir);
  await writeSiteFiles(dir, { ...clientModulesSiteFiles, ...files });
  return dir;
}

function runCli(site: string) {
  return spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
}

describe('clientModules of a Docusaurus config', () => {
  it('are bundled into every page: their stylesheets linked from each page, their code in the main script', async () => {
    const site = await siteWith();
    const run = runCli(site);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toContain('clientModules');
    // Written under the base URL, as the example site's /sdk/.
    const out = path.join(site, 'out', 'kit');
    for (const route of ['index.html', 'docs/intro/index.html', 'docs/guide/index.html', '404.html']) {
      const html = readFileSync(path.join(out, route), 'utf8');
      const stylesheets = [...html.matchAll(/<link rel="stylesheet" href="\/kit\/([^"]+)"/g)].map((match) => readFileSync(path.join(out, match[1]!), 'utf8')).join('\n');
      expect(stylesheets, route).toContain('letter-spacing:3px');
      expect(stylesheets, route).toContain('--client-module-extra: on');
    }
    const scripts = readdirSync(path.join(out, 'assets', 'js')).filter((name) => name.endsWith('.js'));
    const code = scripts.map((name) => readFileSync(path.join(out, 'assets', 'js', name), 'utf8')).join('\n');
    expect(code).toContain('__clientModuleRuns');
    // The entry made for their stylesheet has no script of its own on the site.
    expect(scripts.some((name) => name.startsWith('client-modules'))).toBe(false);
  });

  it('stop the build at their key when one names no file', async () => {
    const site = await siteWith({
      'docusaurus.config.js': clientModulesSiteFiles['docusaurus.config.js']!.replace("'./src/css/extra.css'", "'./src/css/gone.css'"),
    });
    const run = runCli(site);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/docusaurus\.config\.js:4:\d+ error clientModules\[1\]: no module at src[\\/]css[\\/]gone\.css/);
    expect(existsSync(path.join(site, 'out'))).toBe(false);
  });
});
