import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { fixture, repoRoot } from './helpers/site.js';

const bin = path.join(repoRoot, 'bin', 'sdkdocs.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe('sdkdocs CLI (bin)', () => {
  it('prints help and version with exit 0', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('build [options] [siteDir]');
    expect(help.stdout).toContain('check-links');
    expect(run('--version').stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('exits 2 with help on a bad command or option', () => {
    const badCommand = run('frobnicate');
    expect(badCommand.status).toBe(2);
    expect(badCommand.stderr).toContain("unknown command 'frobnicate'");
    const badOption = run('build', '--no-such-option');
    expect(badOption.status).toBe(2);
    expect(badOption.stderr).toContain("unknown option '--no-such-option'");
    expect(badOption.stderr).toContain('Usage: sdkdocs build');
    expect(run().status).toBe(2);
  });

  it('builds a site and prints a summary with pages, time and output folder', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-cli-');
    cleanups.push(cleanup);
    const result = run('build', fixture('basic'), '--out-dir', dir);
    expect(result.stderr).toMatch(/Built 10 pages in [\d.]+ m?s with 1 warning → /);
    expect(result.status).toBe(0);
    expect(existsSync(path.join(dir, 'kit', 'docs', 'intro', 'index.html'))).toBe(true);
  });

  it('builds when Node was started with V8 flags, which a worker thread refuses', async () => {
    // A big site is built with `node --max-old-space-size=8192 …/sdkdocs build`; each thread the
    // build starts inherits Node's flags, and Node refuses V8's in a thread's.
    const { dir, cleanup } = await tempDir('sdkdocs-cli-v8-flags-');
    cleanups.push(cleanup);
    const result = spawnSync(process.execPath, ['--max-old-space-size=4096', '--stack-size=2000', bin, 'build', fixture('basic'), '--out-dir', dir], { encoding: 'utf8', env: { ...process.env, CI: 'true', SDKDOCS_WORKERS: '2' } });
    expect(result.stderr).not.toContain('ERR_WORKER_INVALID_EXEC_ARGV');
    expect(result.stderr).toMatch(/Built 10 pages in /);
    expect(result.status).toBe(0);
  });

  it('exits 1 on bad input and prints the located error', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-cli-');
    cleanups.push(cleanup);
    const result = run('build', fixture('bad-front-matter'), '--out-dir', dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/broken\.md:3:\d+ error Malformed front matter/);
  });
});

describe('the error catalogue from the terminal', () => {
  it('ends each printed diagnostic with its [code], and says where the code is explained', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-cli-');
    cleanups.push(cleanup);
    const result = run('build', fixture('bad-front-matter'), '--out-dir', dir);
    const located = result.stderr.split('\n').find((line) => /broken\.md:3:\d+ error Malformed front matter/.test(line));
    const code = /\[([a-z][\w-]*)\]$/.exec(located ?? '')?.[1];
    expect(code, result.stderr).toBeDefined();
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(`What a [code] means and how to fix it: run \`sdkdocs errors <code>\` (e.g. \`sdkdocs errors ${code}\`).`);
    const explained = run('errors', code!);
    expect(explained.status).toBe(0);
    expect(explained.stdout.split('\n')[0]).toBe(code);
    expect(explained.stdout.length).toBeGreaterThan(code!.length + 40);
  });

  it('lists every code, and answers a mistyped code with the nearest one and exit 1', () => {
    const listed = run('errors');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^broken-link +A link leads to no page/m);
    const mistyped = run('errors', 'broken-lnk');
    expect(mistyped.status).toBe(1);
    expect(mistyped.stderr).toContain('There is no diagnostic code "broken-lnk". Did you mean `sdkdocs errors broken-link`?');
    expect(mistyped.stderr).not.toContain('What a [code] means');
  });

  it('links to the published catalogue page once the package names its docs site', async () => {
    const { catalogueReference } = await import('../src/core/error-catalogue.js');
    expect(catalogueReference('broken-anchor', 'https://sdkdocs.example.org')).toBe('https://sdkdocs.example.org/docs/reference/errors#broken-anchor');
    expect(catalogueReference('broken-anchor', 'https://example.org/sdkdocs/')).toBe('https://example.org/sdkdocs/docs/reference/errors#broken-anchor');
    expect(catalogueReference('broken-anchor', undefined)).toBe('sdkdocs errors broken-anchor');
  });
});

describe('exit codes by failure class', () => {
  it('exits 1 for input errors and 3 when the machine lacks a tool such as Chromium', async () => {
    const { runCommand } = await import('../src/cli/run-command.js');
    const { UserError } = await import('../src/core/diagnostic.js');
    const quiet = { verbose: false };
    const stderr = process.stderr.write;
    process.stderr.write = () => true;
    try {
      expect(await runCommand(quiet, async () => {
        throw new UserError({ severity: 'error', code: 'front-matter', message: 'bad' });
      })).toBe(1);
      expect(await runCommand(quiet, async () => {
        throw new UserError({ severity: 'error', code: 'chromium', message: 'no browser' });
      })).toBe(3);
      expect(await runCommand(quiet, async () => {
        throw new Error('bug');
      })).toBe(3);
    } finally {
      process.stderr.write = stderr;
    }
  });
});
