import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { build } from '../src/pipeline/build.js';
import { UserError, formatDiagnostic } from '../src/core/diagnostic.js';
import { createMemoryLogger } from '../src/core/logger.js';
import { tempDir } from './helpers/browser.js';

// The race made certain: a file named `vanishing.md` is deleted just before the build reads it
// (or looks at its size), after the docs folder was listed with it.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const deleteFirst =
    <T extends (file: never, ...rest: never[]) => unknown>(original: T) =>
    async (file: Parameters<T>[0], ...rest: unknown[]) => {
      if (String(file).endsWith('vanishing.md')) await actual.unlink(file as string).catch(() => {});
      return (original as unknown as (...args: unknown[]) => unknown)(file, ...rest);
    };
  const patched = { ...actual, readFile: deleteFirst(actual.readFile), stat: deleteFirst(actual.stat) };
  return { ...patched, default: patched };
});
// Docs are read synchronously too (many small files): the same race on that path.
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const deleteFirst =
    <T extends (file: never, ...rest: never[]) => unknown>(original: T) =>
    (file: Parameters<T>[0], ...rest: unknown[]) => {
      if (String(file).endsWith('vanishing.md')) {
        try {
          actual.unlinkSync(file as string);
        } catch {
          // Already gone.
        }
      }
      return (original as unknown as (...args: unknown[]) => unknown)(file, ...rest);
    };
  const patched = { ...actual, readFileSync: deleteFirst(actual.readFileSync), statSync: deleteFirst(actual.statSync) };
  return { ...patched, default: patched };
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('a doc deleted between listing and reading', () => {
  it('is an error at the file that says to build again, not a crash', async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-vanishing-');
    cleanups.push(cleanup);
    const siteDir = path.join(dir, 'site');
    await mkdir(path.join(siteDir, 'docs'), { recursive: true });
    await writeFile(path.join(siteDir, 'sdkdocs.config.ts'), "export default { title: 'T', url: 'https://t.example' };\n");
    await writeFile(path.join(siteDir, 'docs', 'intro.md'), '# Intro\n');
    await writeFile(path.join(siteDir, 'docs', 'vanishing.md'), '# Soon gone\n');
    const error = await build({ siteDir, outDir: path.join(dir, 'out'), logger: createMemoryLogger(), until: 'collectContent' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).diagnostics.map((d) => formatDiagnostic(d, { cwd: siteDir }))).toEqual([
      'docs/vanishing.md error This file was deleted or moved while the build was reading it. Run the build again once the files have stopped changing.',
    ]);
  });
});
