import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/site.js';

/*
 * The build's worker pool (startWorkerPool in src/core/worker-pool.ts) runs the docs' compile and
 * then the pages' render on the same threads. Its workers start from compiled JavaScript, so each
 * case runs a small script against dist/ in a process of its own and prints what it saw; that the
 * process ends by itself shows the pool left no thread holding it open.
 */

const poolModule = pathToFileURL(path.join(repoRoot, 'dist/src/core/worker-pool.js')).href;
let dir: string;

const jobs: Record<string, string> = {
  // Answers each task with itself doubled and the thread that did it.
  'double.mjs': `import { threadId } from 'node:worker_threads';
export const poolJob = { async start(setup) { return (batch) => batch.map((n) => ({ value: n * setup.factor, thread: threadId })); } };`,
  // Asks the main thread about each task.
  'ask.mjs': `export const poolJob = { async start(setup, ask) { return (batch) => Promise.all(batch.map((n) => ask({ n }))); } };`,
  // Throws on the task 'bad'; slow on the others, so that the other worker is still busy when it throws.
  'throws.mjs': `export const poolJob = { async start() { return async (batch) => {
  if (batch.includes('bad')) throw new Error('task bad failed');
  await new Promise((resolve) => setTimeout(resolve, 50));
  return batch;
} } };`,
};

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-pool-'));
  for (const [name, code] of Object.entries(jobs)) writeFileSync(path.join(dir, name), code);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `body` (an async function's body with `startWorkerPool`, `job(name)` and `report(value)`) in a new node process; returns its reports and how it ended. */
function runScript(body: string): { reports: unknown[]; status: number | null; stderr: string } {
  const script = `import { startWorkerPool } from ${JSON.stringify(poolModule)};
const job = (name) => new URL(${JSON.stringify(pathToFileURL(dir).href + '/')} + name);
const report = (value) => console.log('REPORT ' + JSON.stringify(value));
${body}`;
  const file = path.join(dir, `script-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, script);
  const run = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
  const reports = run.stdout
    .split('\n')
    .filter((line) => line.startsWith('REPORT '))
    .map((line) => JSON.parse(line.slice('REPORT '.length)) as unknown);
  return { reports, status: run.status, stderr: run.stderr };
}

describe("the build's worker pool: one set of threads for one stage's job after another", { timeout: 90_000 }, () => {
  it('runs a second job on the threads of the first, answers in task order, and lets the process end while idle', () => {
    const { reports, status, stderr } = runScript(`
const pool = startWorkerPool({ size: 2 });
const tasks = Array.from({ length: 40 }, (_, index) => index);
const first = await pool.run(job('double.mjs'), { factor: 2 }, tasks, { batchSize: 5 });
const second = await pool.run(job('double.mjs'), { factor: 3 }, tasks, { batchSize: 5, batchesPerWorker: 2 });
report(first.map((result) => result.value));
report(second.map((result) => result.value));
report(new Set(first.map((result) => result.thread)).size);
report(second.every((result) => first.some((earlier) => earlier.thread === result.thread)));
const asked = await pool.run(job('ask.mjs'), {}, [1, 2, 3], { batchSize: 2, answer: async ({ n }) => n * 10 });
report(asked);
// Not closed: idle workers must not keep the process alive.
`);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(reports[0]).toEqual(Array.from({ length: 40 }, (_, index) => index * 2));
    expect(reports[1]).toEqual(Array.from({ length: 40 }, (_, index) => index * 3));
    expect(reports[2]).toBe(2);
    expect(reports[3]).toBe(true);
    expect(reports[4]).toEqual([10, 20, 30]);
  });

  it('fails a run whose job throws, with its error, and refuses the runs after it', () => {
    const { reports, status } = runScript(`
const pool = startWorkerPool({ size: 2 });
const outcome = (promise) => promise.then((results) => ({ results }), (error) => ({ error: error.message }));
report(await outcome(pool.run(job('throws.mjs'), {}, ['a', 'b', 'c', 'bad', 'd', 'e'], { batchSize: 1 })));
report(await outcome(pool.run(job('double.mjs'), { factor: 1 }, [1, 2], { batchSize: 1 })));
await pool.close();
`);
    expect(status).toBe(0);
    expect(reports[0]).toEqual({ error: 'task bad failed' });
    expect(reports[1]).toEqual({ error: 'task bad failed' });
  });

  it('fails a run whose results handler throws, instead of ending the process, and hands on no result after that', () => {
    const { reports, status, stderr } = runScript(`
const pool = startWorkerPool({ size: 2 });
const outcome = (promise) => promise.then((results) => ({ results }), (error) => ({ error: error.message }));
let taken = 0;
report(await outcome(pool.run(job('throws.mjs'), {}, ['a', 'b', 'c', 'd'], { batchSize: 1, onResults: () => { if (++taken === 1) throw new Error('the sink refused'); } })));
report(taken);
await new Promise((resolve) => setTimeout(resolve, 300));
report(taken);
await pool.close();
`);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(reports[0]).toEqual({ error: 'the sink refused' });
    // The batches the workers still held when the run failed were not handed on.
    expect(reports[2]).toBe(reports[1]);
  });
});
