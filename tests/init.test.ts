import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';

const bin = fileURLToPath(new URL('../bin/sdkdocs.js', import.meta.url));

function run(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, CI: 'true' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Every file under a folder, relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(dir, path.join(prefix, entry.name)) : [path.join(prefix, entry.name)],
  );
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe('sdkdocs init', () => {
  it('writes a starter site that builds, with a category, a landing page and an API reference', { timeout: 180_000 }, async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-init-');
    cleanups.push(cleanup);
    const siteDir = path.join(dir, 'my-docs');
    const init = await run('init', siteDir, '--api', '--title', 'Demo Kit');
    expect(init.status).toBe(0);
    expect(init.stderr + init.stdout).toContain(`npx sdkdocs build`);
    expect(filesUnder(siteDir).sort()).toEqual(
      ['docs/guides/_category_.json', 'docs/guides/first-steps.md', 'docs/guides/install.md', 'docs/intro.md', 'sdk/src/index.ts', 'sdk/tsconfig.json', 'sdkdocs.config.ts', 'src/pages/index.tsx'].map(
        (file) => path.join(...file.split('/')),
      ),
    );
    const build = await run('build', siteDir);
    expect(build.stderr).not.toMatch(/warning|error/);
    expect(build.status).toBe(0);
    const out = path.join(siteDir, 'out');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('Demo Kit');
    for (const page of ['docs/intro', 'docs/guides/install', 'docs/guides/first-steps', 'docs/category/guides', 'api/function/createClient', 'api/class/Client']) {
      expect(existsSync(path.join(out, page, 'index.html')), page).toBe(true);
    }
  });

  it('never overwrites: with one starter file present it writes nothing and names the file', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-init-');
    cleanups.push(cleanup);
    await mkdir(path.join(dir, 'docs'), { recursive: true });
    await writeFile(path.join(dir, 'docs', 'intro.md'), '# Mine\n');
    const init = await run('init', dir);
    expect(init.status).toBe(1);
    expect(init.stderr).toContain(`${path.join(dir, 'docs', 'intro.md')} error This file exists already`);
    expect(filesUnder(dir)).toEqual([path.join('docs', 'intro.md')]);
    expect(readFileSync(path.join(dir, 'docs', 'intro.md'), 'utf8')).toBe('# Mine\n');
  });
});
