import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';

const bin = fileURLToPath(new URL('../bin/sdkdocs.js', import.meta.url));

type Run = { status: number | null; stdout: string; stderr: string };

function run(...args: string[]): Promise<Run> {
  return collect(spawn(process.execPath, [bin, ...args], { env: { ...process.env, CI: 'true' } }));
}

/** Runs one command line in a shell, as a user would paste it. */
function runInShell(commandLine: string, cwd: string): Promise<Run> {
  return collect(spawn(commandLine, { shell: true, cwd, env: { ...process.env, CI: 'true' } }));
}

function collect(child: ReturnType<typeof spawn>): Promise<Run> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => (stderr += chunk));
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
  it('writes a starter site that builds with the command it prints, with a category, mermaid and an API reference', { timeout: 180_000 }, async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-init-');
    cleanups.push(cleanup);
    const siteDir = path.join(dir, 'my-docs');
    const init = await run('init', siteDir, '--api', '--title', 'Demo Kit');
    expect(init.status).toBe(0);
    expect(filesUnder(siteDir).sort()).toEqual(
      ['docs/guides/_category_.json', 'docs/guides/first-steps.md', 'docs/guides/install.md', 'docs/intro.md', 'sdk/src/index.ts', 'sdk/tsconfig.json', 'sdkdocs.config.ts'].map((file) =>
        path.join(...file.split('/')),
      ),
    );
    expect(readFileSync(path.join(siteDir, 'sdkdocs.config.ts'), 'utf8')).toContain('markdown: { mermaid: true }');
    // This checkout is no dependency of the folder the test runs in, so npx would not find it:
    // the printed command names the running CLI by its path.
    const printed = /Build it: +(.+)$/m.exec(init.stderr + init.stdout)?.[1];
    expect(printed).toBe(`node ${bin} build ${path.relative(process.cwd(), siteDir)}`);
    const build = await runInShell(printed!, process.cwd());
    expect(build.stderr).not.toMatch(/warning|error/);
    expect(build.status).toBe(0);
    const out = path.join(siteDir, 'out');
    // The default landing page: the title, and cards made from the site.
    const landing = readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(landing).toContain('Demo Kit');
    expect(landing).toContain('landing-hero');
    for (const page of ['docs/intro', 'docs/guides/install', 'docs/guides/first-steps', 'docs/category/guides', 'api/function/createClient', 'api/class/Client']) {
      expect(existsSync(path.join(out, page, 'index.html')), page).toBe(true);
    }
  });

  it('writes a landing page of its own only when asked with --landing', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-init-');
    cleanups.push(cleanup);
    const init = await run('init', dir, '--landing');
    expect(init.status).toBe(0);
    expect(readFileSync(path.join(dir, 'src', 'pages', 'index.tsx'), 'utf8')).toContain('export default function Home()');
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
