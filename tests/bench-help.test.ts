import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from './helpers/site.js';

// Two helpers ran a whole benchmark (minutes of builds, on a shared machine) by asking it for help.
it('every benchmark prints what it measures for --help, and starts no work', () => {
  const benchDir = path.join(repoRoot, 'bench');
  const benches = readdirSync(benchDir).filter((name) => name.endsWith('.mjs'));
  expect(benches.length).toBeGreaterThan(10);
  for (const name of benches) {
    const file = path.join(benchDir, name);
    const firstLine = readFileSync(file, 'utf8').split('\n').find((line) => line.startsWith('// '))!.slice(3);
    const run = spawnSync(process.execPath, [file, '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, `${name}: ${run.stderr}`).toBe(0);
    expect(run.stdout.split('\n')[0], name).toBe(firstLine);
  }
}, 300_000);
