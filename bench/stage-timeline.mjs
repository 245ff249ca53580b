#!/usr/bin/env node
// Where a cold build's CPU goes, stage by stage and thread by thread: runs `sdkdocs build --verbose`
// on a site with its caches and output removed, reads every thread's CPU from /proc each quarter
// second and the time each stage line is printed, then says per stage how long it took, how much
// CPU the main thread and all threads spent in it, and so how busy the cores were. A stage whose
// CPU is nearly all the main thread's, on a machine of several cores, is serial: the other cores
// wait. A CPU profile cannot say this on a loaded machine, where it samples a thread's wall time.
//
//   node bench/stage-timeline.mjs SITE_DIR [--json FILE] [-- NODE_FLAGS...]
//
// The build writes to a temporary folder, removed afterwards; the site's own cache
// (node_modules/.cache, as bench/compare-docusaurus.mjs clears it) is removed before the run.
// Threads are told apart by id: the main thread's id is the process id; the others are the pool's
// workers, the output writer, the watchdog and V8's own helpers (concurrent garbage collection).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { repoRoot } from './lib/corpus.mjs';
import { loadAverage } from './lib/process-tree.mjs';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const { values: args, positionals } = parseArgs({ allowPositionals: true, options: { json: { type: 'string' } } });
const [siteDir, ...nodeFlags] = positionals;
if (!siteDir) {
  console.error('usage: node bench/stage-timeline.mjs SITE_DIR [--json FILE] [-- NODE_FLAGS...]');
  process.exit(2);
}

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on every Linux Node runs on). */
const ticksPerSecond = 100;
const sampleMs = 250;

/** CPU seconds of each thread of a process, by thread id; empty once the process is gone. */
function threadCpu(pid) {
  const cpu = new Map();
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return cpu;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(tid, (Number(fields[11]) + Number(fields[12])) / ticksPerSecond);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return cpu;
}

function residentMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return 0;
  }
}

/** Runs the build, sampling its threads; resolves to the stage lines with their times and the samples. */
async function sampleBuild() {
  rmSync(path.join(siteDir, 'node_modules', '.cache'), { recursive: true, force: true });
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-timeline-'));
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const child = spawn(process.execPath, [...nodeFlags, path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', siteDir, '--out-dir', outDir, '--verbose'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  const take = (chunk) => {
    for (const line of String(chunk).split('\n')) if (line.trim()) lines.push({ at: seconds(), text: line.trim() });
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  // Each thread's last reading stays: a worker that ended keeps the CPU it spent.
  const lastCpu = new Map();
  const samples = [];
  const timer = setInterval(() => {
    for (const [tid, cpu] of threadCpu(child.pid)) lastCpu.set(tid, cpu);
    samples.push({ at: seconds(), cpu: new Map(lastCpu), rssMb: residentMb(child.pid) });
  }, sampleMs);
  const exitCode = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(timer);
  rmSync(outDir, { recursive: true, force: true });
  if (exitCode !== 0) throw new Error(`the build exited with ${exitCode}:\n${lines.map((line) => line.text).join('\n')}`);
  return { pid: String(child.pid), wall: seconds(), lines, samples };
}

/** The stages in the order they ended, each from the end of the one before: `name   123 ms` lines. */
function stagesOf(lines) {
  const stages = [];
  let from = 0;
  for (const { at, text } of lines) {
    const ended = /^(\w+)\s+(\d+) ms$/.exec(text);
    if (!ended || stages.some((stage) => stage.name === ended[1])) continue;
    stages.push({ name: ended[1], from, to: at });
    from = at;
  }
  return stages;
}

/** The CPU each thread had spent by a moment: the last sample at or before it. */
function cpuAt(samples, at) {
  let found = new Map();
  for (const sample of samples) {
    if (sample.at > at) break;
    found = sample.cpu;
  }
  return found;
}

function sum(values) {
  return values.reduce((total, value) => total + value, 0);
}

const load = loadAverage();
const { pid, wall, lines, samples } = await sampleBuild();
const finalCpu = samples.at(-1)?.cpu ?? new Map();
const rows = stagesOf(lines).map(({ name, from, to }) => {
  const before = cpuAt(samples, from);
  const after = to >= samples.at(-1).at ? finalCpu : cpuAt(samples, to);
  const spent = (tid) => (after.get(tid) ?? 0) - (before.get(tid) ?? 0);
  const all = sum([...after.keys()].map(spent));
  return { name, wall: to - from, mainCpu: spent(pid), allCpu: all, peakRssMb: Math.max(0, ...samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.rssMb)) };
});
const cores = os.availableParallelism();
const pad = (text, width) => String(text).padStart(width);
console.log(`stage                   wall s  main CPU s  all CPU s  cores busy (of ${cores})  peak RSS MB`);
for (const row of rows) {
  console.log(`${row.name.padEnd(22)} ${pad(row.wall.toFixed(1), 7)} ${pad(row.mainCpu.toFixed(1), 11)} ${pad(row.allCpu.toFixed(1), 10)} ${pad(row.wall > 0 ? (row.allCpu / row.wall).toFixed(2) : '-', 19)} ${pad(row.peakRssMb.toFixed(0), 12)}`);
}
const threads = [...finalCpu].sort((a, b) => b[1] - a[1]);
console.log(`\nthreads by CPU s (main first): ${pid} ${(finalCpu.get(pid) ?? 0).toFixed(1)}; ${threads.filter(([tid, cpu]) => tid !== pid && cpu >= 0.5).map(([tid, cpu]) => `${tid} ${cpu.toFixed(1)}`).join(', ')}`);
console.log(`total: wall ${wall.toFixed(1)} s, CPU ${sum([...finalCpu.values()]).toFixed(1)} s, peak RSS ${Math.max(...samples.map((s) => s.rssMb)).toFixed(0)} MB; load average before ${load.toFixed(2)}, after ${loadAverage().toFixed(2)}`);
if (args.json) writeFileSync(args.json, JSON.stringify({ wall, rows, threads: Object.fromEntries(finalCpu), lines }, null, 2));
