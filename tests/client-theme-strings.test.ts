import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../src/core/logger.js';
import { build } from '../src/pipeline/build.js';
import { tempDir } from './helpers/browser.js';
import { repoRoot, writeSiteFiles } from './helpers/site.js';

/*
 * The browser bundle carries only the theme strings its code names, which are known once esbuild
 * has followed the imports: a cold bundle was made twice, the second time with the strings the
 * first named. A new bundle now starts from the strings the last bundle of the process named, and
 * is made again only when its code names others; the bytes must not depend on that guess.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const config = "module.exports = { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/', presets: [['classic', { blog: false }]] };\n";

async function site(files: Record<string, string> = {}): Promise<string> {
  const made = await tempDir('sdkdocs-theme-strings-');
  cleanups.push(made.cleanup);
  await writeSiteFiles(made.dir, { 'docusaurus.config.js': config, 'docs/intro.md': '# Intro\n\nHello.\n', ...files });
  return made.dir;
}

/** A build in this process: its debug lines, and its scripts by file name. */
async function buildHere(siteDir: string): Promise<{ debug: string[]; scripts: Map<string, string> }> {
  const debug: string[] = [];
  const logger = { ...createMemoryLogger(), debug: (message: string) => debug.push(message) };
  await build({ siteDir, logger });
  return { debug, scripts: scriptsOf(siteDir) };
}

/** A build by the shipped CLI in a process of its own, which has bundled nothing before. */
function buildInFreshProcess(siteDir: string): Map<string, string> {
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', siteDir], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  expect(run.status, run.stderr).toBe(0);
  return scriptsOf(siteDir);
}

function scriptsOf(siteDir: string): Map<string, string> {
  const folder = path.join(siteDir, 'out', 'assets', 'js');
  return new Map(readdirSync(folder).map((name) => [name, readFileSync(path.join(folder, name), 'utf8')]));
}

const bundledAgain = /^bundleClient: bundled again with the \d+ theme strings the code names$/;

describe('the theme strings of the browser bundle', () => {
  it('are bundled once when the code names what the last bundle named, twice when not, and the bytes are the same either way', async () => {
    const plain = await site();
    await buildHere(plain);
    const plainAgain = await site();
    const second = await buildHere(plainAgain);
    expect(second.debug.filter((line) => bundledAgain.test(line))).toEqual([]);

    // A theme override names a string no plain site's code does: the guess is wrong, and mended.
    const override = "export default function Footer() {\n  return <footer data-label=\"apiBadgeStatic\">Kit</footer>;\n}\n";
    const withOverride = await site({ 'src/theme/Footer.js': override });
    const third = await buildHere(withOverride);
    expect(third.debug.filter((line) => bundledAgain.test(line))).toHaveLength(1);
    expect([...third.scripts.values()].some((code) => code.includes('apiBadgeStatic:"static"'))).toBe(true);
    expect([...second.scripts.values()].some((code) => code.includes('apiBadgeStatic'))).toBe(false);

    // The same sites built again, in their folders (a site file's path is part of its chunk's
    // name), by processes that guessed nothing.
    expect(buildInFreshProcess(plainAgain)).toEqual(second.scripts);
    expect(buildInFreshProcess(withOverride)).toEqual(third.scripts);
  }, 120_000);

  it("are bundled once by a new process when the site's last build named the same, kept in its cache folder", async () => {
    const withOverride = await site({ 'src/theme/Footer.js': "export default function Footer() {\n  return <footer data-label=\"apiBadgeReadonly\">Kit</footer>;\n}\n" });
    const verbose = () => spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', withOverride, '--verbose'], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    const first = verbose();
    expect(first.status, first.stderr).toBe(0);
    const firstScripts = scriptsOf(withOverride);
    const second = verbose();
    expect(second.status, second.stderr).toBe(0);
    const passes = (run: { stdout: string; stderr: string }) => `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.includes('bundled again with the')).length;
    expect([passes(first), passes(second)]).toEqual([1, 0]);
    expect(scriptsOf(withOverride)).toEqual(firstScripts);
  }, 120_000);
});
