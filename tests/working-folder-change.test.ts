import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copySite, fixture, repoRoot } from './helpers/site.js';

/*
 * esbuild takes the working folder once, when it is loaded; a host (the real-docs bench, which
 * runs a site's config from the site's folder as Docusaurus does) may chdir after that. Each case
 * runs in a child process, since a test worker may not change its own folder, and moves into a
 * folder deeper than the repository: a path relative to the old one that climbs to the root
 * resolves the same from any folder near the root.
 */

/** Imports sdkdocs, moves into `folder`, runs `body` (with `build` and a silent `quiet` logger) and prints its result as JSON. */
function runAfterChdir(folder: string, body: string): { status: number | null; stdout: string; stderr: string } {
  const script = `
    const { build } = await import(${JSON.stringify(pathToFileURL(path.join(repoRoot, 'dist', 'src', 'index.js')).href)});
    process.chdir(${JSON.stringify(folder)});
    const quiet = { info() {}, warn() {}, error() {}, debug() {}, diagnostic() {}, progress() {} };
    console.log(JSON.stringify(await (async () => { ${body} })()));
  `;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
}

describe('a host that changed its working folder after loading sdkdocs', () => {
  it('loads each custom page module', async () => {
    const { dir, cleanup } = await copySite(fixture('basic'));
    try {
      const child = runAfterChdir(
        path.join(dir, 'src', 'pages'),
        `const { site } = await build({ siteDir: ${JSON.stringify(dir)}, until: 'collectContent', logger: quiet });
         return site.pages.filter((page) => page.kind !== 'doc').map((page) => page.route);`,
      );
      expect(child.stderr).toBe('');
      expect(child.status).toBe(0);
      expect(JSON.parse(child.stdout.trim().split('\n').at(-1)!)).toContain('/kit/about');
    } finally {
      await cleanup();
    }
  });

  it("places a config's compile error in the config file", async () => {
    const { dir, cleanup } = await copySite(fixture('basic'));
    try {
      const configFile = path.join(dir, 'sdkdocs.config.ts');
      await writeFile(configFile, "export default { title: 'Broken',\n");
      const child = runAfterChdir(
        path.join(dir, 'docs'),
        `try { await build({ siteDir: ${JSON.stringify(dir)}, until: 'collectContent', logger: quiet }); return 'built'; }
         catch (error) { return (error.diagnostics ?? []).map((diagnostic) => diagnostic.file); }`,
      );
      expect(child.stderr).toBe('');
      expect(JSON.parse(child.stdout.trim().split('\n').at(-1)!)).toEqual([configFile]);
    } finally {
      await cleanup();
    }
  });
});
