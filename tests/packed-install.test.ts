import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPath, tempDir } from './helpers/browser.js';

// A new user's first hour, from the package as it would be published: `npm pack` this checkout,
// install the tarball into an empty project with nothing but the npm registry reachable, run
// `sdkdocs init`, then the build command exactly as init printed it.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

type Run = { status: number | null; output: string };

/**
 * The environment of a user who set nothing up: no puppeteer variables (a skipped browser
 * download must not depend on one), and a browser cache that the test can inspect afterwards.
 */
function userEnvironment(browserCache: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PUPPETEER_') && !name.startsWith('npm_')));
  return { ...env, PUPPETEER_CACHE_DIR: browserCache, CI: 'true' };
}

function runInShell(commandLine: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(commandLine, { shell: true, cwd, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** Whether the npm registry answers; this test installs from it and is skipped offline. */
async function registryReachable(): Promise<boolean> {
  try {
    const registry = execFileSync(npm, ['config', 'get', 'registry'], { encoding: 'utf8' }).trim() || 'https://registry.npmjs.org/';
    const response = await fetch(new URL('react', registry.endsWith('/') ? registry : `${registry}/`), { method: 'HEAD', signal: AbortSignal.timeout(10_000) });
    return response.ok;
  } catch {
    return false;
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe('sdkdocs installed from its packed tarball', () => {
  it('installs without a browser download, and init prints a build command that builds the site', { timeout: 900_000 }, async (context) => {
    if (!(await registryReachable())) {
      context.skip('skipped: the npm registry is not reachable, and this test installs sdkdocs\' dependencies from it');
    }
    const { dir, cleanup } = await tempDir('sdkdocs-packed-');
    cleanups.push(cleanup);
    const browserCache = path.join(dir, 'browser-cache');
    const env = userEnvironment(browserCache);

    // --ignore-scripts: `prepare` would recompile dist/ under tests that run it; the checkout is built already.
    const packed = await runInShell(`${npm} pack --ignore-scripts --silent --pack-destination "${dir}"`, repoRoot, env);
    expect(packed.status, packed.output).toBe(0);
    const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
    expect(tarball, packed.output).toBeDefined();

    const project = path.join(dir, 'my-sdk');
    await mkdir(project);
    await writeFile(path.join(project, 'package.json'), `${JSON.stringify({ name: 'my-sdk', private: true }, null, 2)}\n`);
    const install = await runInShell(`${npm} install --no-audit --no-fund "${path.join(dir, tarball!)}"`, project, env);
    expect(install.status, install.output).toBe(0);
    expect(existsSync(browserCache) ? readdirSync(browserCache) : [], 'no browser was downloaded').toEqual([]);

    const init = await runInShell('npx sdkdocs init docs --title "Packed Kit"', project, env);
    expect(init.status, init.output).toBe(0);
    const buildCommand = /Build it: +(.+)$/m.exec(init.output)?.[1];
    expect(buildCommand, init.output).toBe('npx sdkdocs build docs');

    // With a Chromium on the machine, a diagram too: puppeteer drives the system browser it finds.
    if (chromiumPath) await appendFile(path.join(project, 'docs', 'docs', 'intro.md'), '\n```mermaid\nflowchart LR\n  Install --> Init --> Build\n```\n');
    const build = await runInShell(buildCommand!, project, env);
    expect(build.status, build.output).toBe(0);
    const out = path.join(project, 'docs', 'out');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('Packed Kit');
    const intro = readFileSync(path.join(out, 'docs', 'intro', 'index.html'), 'utf8');
    expect(intro).toContain('Introduction');
    if (chromiumPath) expect(intro).toContain('<svg');

    // The error catalogue ships with the package: the `[code]` a diagnostic ends with is explained offline.
    const explained = await runInShell('npx sdkdocs errors broken-link', project, env);
    expect(explained.status, explained.output).toBe(0);
    expect(explained.output).toContain('A link leads to no page');
  });
});
