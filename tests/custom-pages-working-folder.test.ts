import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copySite, fixture, repoRoot } from './helpers/site.js';

describe('custom pages built by a host that changed its working folder', () => {
  // esbuild takes the working folder once, when it is loaded; a host (the real-docs bench, which
  // runs a site's config from the site's folder as Docusaurus does) may chdir after that. In a
  // child process, since a test worker may not change its own folder. The new folder lies deeper
  // than the repository: a path relative to the old one that climbs to the root resolves the
  // same from any folder near the root.
  it('loads each page module, whatever the working folder was when esbuild loaded', async () => {
    const { dir, cleanup } = await copySite(fixture('basic'));
    try {
      const script = `
        const { build } = await import(${JSON.stringify(pathToFileURL(path.join(repoRoot, 'dist', 'src', 'index.js')).href)});
        process.chdir(${JSON.stringify(path.join(dir, 'src', 'pages'))});
        const quiet = { info() {}, warn() {}, error() {}, debug() {}, diagnostic() {}, progress() {} };
        const { site } = await build({ siteDir: ${JSON.stringify(dir)}, until: 'collectContent', logger: quiet });
        console.log(JSON.stringify(site.pages.filter((page) => page.kind !== 'doc').map((page) => page.route)));
      `;
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
      expect(child.stderr).toBe('');
      expect(child.status).toBe(0);
      expect(JSON.parse(child.stdout.trim().split('\n').at(-1)!)).toContain('/kit/about');
    } finally {
      await cleanup();
    }
  });
});
