import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySite, fixture, repoRoot } from './helpers/site.js';

const bin = path.join(repoRoot, 'bin', 'sdkdocs.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });

let site: Awaited<ReturnType<typeof copySite>>;
beforeAll(async () => {
  site = await copySite(fixture('basic'));
});
afterAll(async () => {
  await site.cleanup();
});

describe('sdkdocs build --explain', () => {
  it("names a doc page's stage, the query that found its doc and the files each query read, writing nothing", () => {
    const result = run('build', site.dir, '--explain', 'docs/guides/setup/index.html');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('made by the renderPages stage, as the page /kit/docs/guides/setup from docs/guides/setup.md');
    expect(result.stdout).not.toContain('renderPages is not on the query engine yet');
    expect(result.stdout).toContain('  it was made from what the query read:\n    pageDocument("/kit/docs/guides/setup")\n      input finishedPage:/kit/docs/guides/setup');
    expect(result.stdout).toContain('      renderSurroundings(null)\n        input renderSurroundings');
    expect(result.stdout).toContain('      routeDataFile("/kit/docs/guides/setup")');
    expect(result.stdout).toContain('docsFolderListing({"docsDir":"docs","siteDir":"."})');
    expect(result.stdout).toContain('      lists docs/guides/');
    expect(result.stdout).toContain('  and read by the query:\n    docSource({"file":"docs/guides/setup.md","docsDir":"docs"})\n      reads docs/guides/setup.md');
    expect(result.stdout).toContain('  and compiled to its content by the query:\n    compiledDoc({"scope":"docs","file":"docs/guides/setup.md"})\n      input compile-context:docs');
    expect(result.stdout).toContain('categoryFileText("docs/guides/_category_.json")');
    expect(result.stdout).toContain('      reads docs/guides/_category_.json');
    expect(existsSync(path.join(site.dir, 'out'))).toBe(false);
  });

  it('says a static file came from the static folder', () => {
    const result = run('build', site.dir, '--explain', 'robots.txt');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('made by the writeSite stage, copied from static/robots.txt');
    expect(result.stdout).toContain('writeSite is not on the query engine yet: the inputs it read are not tracked.');
  });

  it('refuses a path the build made no file at, suggesting the closest one', () => {
    const result = run('build', site.dir, '--explain', 'docs/guides/setp/index.html');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--explain docs/guides/setp/index.html: the build made no such file');
    expect(result.stderr).toContain('Did you mean docs/guides/setup/index.html?');
  });

  it("names the query an API page came from, its inputs and the SDK's files", async () => {
    const apiSite = await copySite(fixture('api-basic'));
    try {
      const result = run('build', apiSite.dir, '--explain', 'api/index.html');
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain('apiPages("/sdk/api")');
      expect(result.stdout).toContain('      input apiModel');
      expect(result.stdout).toContain('      input docRoutes');
      expect(result.stdout).toContain('    sdk/src/shapes.ts');
    } finally {
      await apiSite.cleanup();
    }
  });

  it("names the query that linked a doc's sample names to the API, and the blocks it asked for", async () => {
    const apiSite = await copySite(fixture('api-basic'));
    try {
      const result = run('build', apiSite.dir, '--explain', 'docs/intro/index.html');
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain('  the names in its code samples were linked to the API by the query:\n    linkedSamples("/sdk/docs/intro")\n      input pageToLink:/sdk/docs/intro');
      expect(result.stdout).toMatch(/\n {6}sampleBlock\(\["ts","","import \{ createWidget, Color \} from 'widgets';/);
    } finally {
      await apiSite.cleanup();
    }
  });
});
