import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/site.js';

/*
 * Output folders on file systems of their own: a mount point (which cannot be renamed), one that
 * is read-only, one that is full. Each needs `mount`, which only root may run: without it the
 * tests say so and are skipped.
 */

const cli = path.join(repoRoot, 'bin', 'sdkdocs.js');
const mounted: string[] = [];
const folders: string[] = [];

afterEach(async () => {
  for (const folder of mounted.splice(0)) spawnSync('umount', [folder]);
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

function canMount(): boolean {
  const probe = path.join(os.tmpdir(), `sdkdocs-mount-probe-${process.pid}`);
  mkdirSync(probe, { recursive: true });
  const ok = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe]).status === 0;
  if (ok) spawnSync('umount', [probe]);
  return ok;
}

const mountable = process.getuid?.() === 0 && canMount();
if (!mountable) console.log('output-file-systems: skipped, `mount -t tmpfs` needs root');

async function siteWithMountedOut(size: string): Promise<{ site: string; out: string }> {
  const site = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-mounted-'));
  folders.push(site);
  mkdirSync(path.join(site, 'docs'));
  writeFileSync(path.join(site, 'sdkdocs.config.ts'), "export default { title: 'Mounted', url: 'https://mounted.example.com', baseUrl: '/' };\n");
  writeFileSync(path.join(site, 'docs', 'intro.md'), '# Intro\n\nHello.\n');
  const out = path.join(site, 'out');
  mkdirSync(out);
  expect(spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', out]).status).toBe(0);
  mounted.push(out);
  return { site, out };
}

function build(site: string, ...args: string[]) {
  return spawnSync(process.execPath, [cli, 'build', '.', ...args], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
}

describe.skipIf(!mountable)('an output folder on a file system of its own', { timeout: 120_000 }, () => {
  it('that is a mount point is built into, and built into again, leaving nothing beside the pages', async () => {
    const { site, out } = await siteWithMountedOut('50m');
    expect(build(site).status).toBe(0);
    writeFileSync(path.join(site, 'docs', 'intro.md'), '# Intro\n\nHello again.\n');
    const second = build(site);
    expect(second.stderr).not.toMatch(/error|warning/);
    expect(second.status).toBe(0);
    expect(readFileSync(path.join(out, 'docs', 'intro', 'index.html'), 'utf8')).toContain('Hello again.');
    expect(readdirSync(out).filter((name) => name.startsWith('.out.'))).toEqual([]);
  });

  it('that is read-only is an error naming it, and the previous output stays', async () => {
    const { site, out } = await siteWithMountedOut('50m');
    expect(build(site).status).toBe(0);
    const before = readFileSync(path.join(out, 'docs', 'intro', 'index.html'), 'utf8');
    expect(spawnSync('mount', ['-o', 'remount,ro', out]).status).toBe(0);
    const run = build(site);
    expect(run.stderr).toContain(`error Cannot write the output folder ${out}: the file system is read-only (EROFS). Build to a folder you can write with --out-dir`);
    expect(run.status).toBe(1);
    expect(readFileSync(path.join(out, 'docs', 'intro', 'index.html'), 'utf8')).toBe(before);
  });

  it('that is full is an error, not an internal one, and leaves no staging folder', async () => {
    const { site, out } = await siteWithMountedOut('300k');
    const run = build(site);
    expect(run.stderr).toContain('error Cannot write: the disk is full (ENOSPC). Free some space on that disk, or build to another one with --out-dir.');
    expect(run.status).toBe(1);
    expect(existsSync(out) && readdirSync(out)).toEqual([]);
  });
});

describe.skipIf(!mountable)('a site folder on a read-only file system', { timeout: 120_000 }, () => {
  it('is an error naming the output folder inside it, and builds with --out-dir elsewhere', async () => {
    const source = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-readonly-source-'));
    const site = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-readonly-site-'));
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-readonly-out-'));
    folders.push(source, site, elsewhere);
    mkdirSync(path.join(source, 'docs'));
    writeFileSync(path.join(source, 'sdkdocs.config.ts'), "export default { title: 'Read-only', url: 'https://readonly.example.com', baseUrl: '/' };\n");
    writeFileSync(path.join(source, 'docs', 'intro.md'), '# Intro\n\nHello.\n');
    expect(spawnSync('mount', ['--bind', source, site]).status).toBe(0);
    mounted.push(site);
    expect(spawnSync('mount', ['-o', 'remount,bind,ro', site]).status).toBe(0);

    const inside = build(site);
    expect(inside.stderr).toContain(`error Cannot write the output folder ${path.join(site, 'out')}: the file system is read-only (EROFS).`);
    expect(inside.stderr).not.toMatch(/Internal error|staging/);
    expect(inside.status).toBe(1);

    const outside = build(site, '--out-dir', path.join(elsewhere, 'out'));
    expect(outside.stderr).not.toMatch(/error/);
    expect(outside.status).toBe(0);
    expect(readFileSync(path.join(elsewhere, 'out', 'docs', 'intro', 'index.html'), 'utf8')).toContain('Hello.');
  });
});
