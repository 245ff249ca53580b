import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { build } from '../src/pipeline/build.js';
import { UserError } from '../src/core/diagnostic.js';
import { createMemoryLogger } from '../src/core/logger.js';
import { fixture } from './helpers/site.js';

/** When set, moving the staging folder into place fails, as it may on a full disk or a busy folder. */
const failure = vi.hoisted(() => ({ stagingRename: false }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const rename: typeof actual.rename = async (from, to) => {
    if (failure.stagingRename && String(from).includes('.staging-')) throw Object.assign(new Error('simulated rename failure'), { code: 'EBUSY' });
    return actual.rename(from, to);
  };
  return { ...actual, rename, default: { ...actual, rename } };
});

const cleanups: string[] = [];
afterEach(async () => {
  failure.stagingRename = false;
  for (const dir of cleanups.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('publishing the output', () => {
  it('puts the previous output back when the new one cannot take its place', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-restore-'));
    cleanups.push(dir);
    const outDir = path.join(dir, 'out');
    await build({ siteDir: fixture('basic'), outDir, logger: createMemoryLogger() });
    const page = path.join(outDir, 'kit', 'docs', 'intro', 'index.html');
    const published = readFileSync(page, 'utf8');

    failure.stagingRename = true;
    const error = await build({ siteDir: fixture('basic'), outDir, logger: createMemoryLogger() }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('simulated rename failure');
    expect(readFileSync(page, 'utf8')).toBe(published);
    // Neither the retired output nor the staging folder is left beside it.
    expect(readdirSync(dir)).toEqual(['out']);
  });

  it('after a build that was killed mid-swap, the next one puts the retired output back and tidies up', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-restore-'));
    cleanups.push(dir);
    // A process that has ended: its folders are no one's any more.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const retired = path.join(dir, `.out.old-${deadPid}-abc`);
    await mkdir(path.join(retired, 'sdk'), { recursive: true });
    await writeFile(path.join(retired, '.sdkdocs-output'), '');
    await writeFile(path.join(retired, 'sdk', 'index.html'), 'previous build');
    await mkdir(path.join(dir, `.out.staging-${deadPid}-abd`, 'sdk'), { recursive: true });

    const site = path.join(dir, 'site');
    await cp(fixture('bad-front-matter'), site, { recursive: true });
    const error = await build({ siteDir: site, outDir: path.join(dir, 'out'), logger: createMemoryLogger() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    expect(readdirSync(dir).sort()).toEqual(['out', 'site']);
    expect(readFileSync(path.join(dir, 'out', 'sdk', 'index.html'), 'utf8')).toBe('previous build');
  });
});
