// Measures a command and every process it starts, by running it in a cgroup of its own.
//
// Why a cgroup: a process belongs to the cgroup it was started in whatever becomes of its parent,
// so the CPU of Chromium's helpers, which reparent to init and which GNU time (waiting only on its
// own children) never sees, is counted; the kernel adds it up itself, so nothing is missed between
// samples as with reading /proc. CPU is `cpu.stat` usage_usec of a cgroup v2 group (exact, user +
// system of every thread that ran in it). Memory is the group's peak charge (`memory.peak` in v2,
// `memory.max_usage_in_bytes` in a v1 memory hierarchy): exact, and it counts what all the processes
// held at the same moment, plus the page cache of the files they wrote — which is why the anonymous
// memory alone (`anon` / `total_rss` of memory.stat) is also sampled every 50 ms, and the largest
// single process' peak RSS is read from GNU time when it is installed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const cgroupRoot = '/sys/fs/cgroup';

/** This process' cgroup path in the hierarchy with the given v1 controller ('' for v2). */
function ownCgroup(controller) {
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').trim().split('\n')) {
    const [id, controllers, cgroupPath] = line.split(':');
    if (controller === '' ? id === '0' && controllers === '' : controllers.split(',').includes(controller)) return cgroupPath;
  }
  return undefined;
}

/**
 * Where the CPU and memory groups go: a pure v2 hierarchy (one group for both), or the hybrid
 * layout (v2 mounted at /sys/fs/cgroup/unified for cpu.stat, v1 memory controller). Undefined when
 * neither is writable (not root, no cgroupfs).
 */
function cgroupLayout() {
  try {
    if (existsSync(path.join(cgroupRoot, 'cgroup.controllers'))) {
      const parent = path.join(cgroupRoot, ownCgroup(''));
      return { kind: 'v2', cpuParent: parent, memoryParent: parent };
    }
    const unified = path.join(cgroupRoot, 'unified');
    const memory = path.join(cgroupRoot, 'memory');
    if (existsSync(path.join(unified, 'cgroup.procs')) && existsSync(path.join(memory, 'cgroup.procs'))) {
      return { kind: 'v1 memory + v2 cpu', cpuParent: path.join(unified, ownCgroup('')), memoryParent: path.join(memory, ownCgroup('memory')) };
    }
  } catch {
    // /proc/self/cgroup unreadable: no layout
  }
  return undefined;
}

let layout = cgroupLayout();
/** How runs are measured, for the report. */
export function measurementMethod() {
  return layout ? `cgroup (${layout.kind}): CPU of every process of the run, peak memory of the group` : 'GNU time (no writable cgroup: Chromium helpers that reparent are missed)';
}

function makeGroups() {
  const name = `sdkdocs-bench-${process.pid}-${Date.now()}`;
  const cpu = path.join(layout.cpuParent, name);
  const memory = layout.memoryParent === layout.cpuParent ? cpu : path.join(layout.memoryParent, name);
  mkdirSync(cpu);
  if (memory !== cpu) mkdirSync(memory);
  if (layout.kind === 'v2' && !readFileSync(path.join(cpu, 'cgroup.controllers'), 'utf8').includes('memory')) {
    // The parent does not hand the memory controller down: CPU only.
    return { cpu, memory: undefined };
  }
  return { cpu, memory };
}

const readNumber = (file) => Number(readFileSync(file, 'utf8').trim());
function memoryStat(group, key) {
  const line = readFileSync(path.join(group, 'memory.stat'), 'utf8').split('\n').find((entry) => entry.startsWith(`${key} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/** The load average over the last minute, as printed with every run. */
export function loadAverage() {
  return os.loadavg()[0];
}

/**
 * Runs `command args` in its own cgroup and resolves to { wall, cpu (s), gnuTimeCpu (what GNU time
 * counts, when installed: the processes it waited for), peakMb (the group's
 * peak, page cache included), anonPeakMb (sampled), largestRssMb (GNU time's, when installed),
 * load (1-minute load average when it started), stdout, stderr }. Rejects when it exits non-zero.
 * Processes it leaves behind are waited for briefly, then killed: they were started by this run.
 */
export async function measureTree(command, args, { cwd, env = process.env } = {}) {
  const groups = layout ? makeGroups() : undefined;
  const gnuTime = ['/usr/bin/time', '/bin/time'].find((file) => existsSync(file));
  const timeReport = path.join(os.tmpdir(), `sdkdocs-bench-time-${process.pid}.txt`);
  const inner = gnuTime ? [gnuTime, '-f', '%e %U %S %M', '-o', timeReport, command, ...args] : [command, ...args];
  const joins = groups ? [groups.cpu, groups.memory].filter(Boolean).map((group) => path.join(group, 'cgroup.procs')) : [];
  // The shell joins the groups before it becomes the command, so every descendant starts inside them.
  const script = `${joins.map((file, index) => `echo $$ > "$${index + 1}"`).join('; ')}${joins.length ? '; ' : ''}shift ${joins.length}; exec "$@"`;
  const load = loadAverage();
  const started = performance.now();
  const child = spawn('sh', ['-c', script, 'sh', ...joins, ...inner], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout = (stdout + chunk).slice(-200_000)));
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-200_000)));
  let anonPeak = 0;
  const anonKey = layout?.kind === 'v2' ? 'anon' : 'total_rss';
  const sampler = groups?.memory
    ? setInterval(() => {
        try {
          anonPeak = Math.max(anonPeak, memoryStat(groups.memory, anonKey));
        } catch {
          // the group is being removed
        }
      }, 50)
    : undefined;
  const exitCode = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
  const wall = (performance.now() - started) / 1000;
  if (sampler) clearInterval(sampler);
  let cpu;
  let peakMb;
  if (groups) {
    await drainGroup(groups.cpu);
    cpu = Number(/usage_usec (\d+)/.exec(readFileSync(path.join(groups.cpu, 'cpu.stat'), 'utf8'))[1]) / 1e6;
    if (groups.memory) peakMb = readNumber(path.join(groups.memory, layout.kind === 'v2' ? 'memory.peak' : 'memory.max_usage_in_bytes')) / 2 ** 20;
    for (const group of new Set([groups.cpu, groups.memory].filter(Boolean))) await removeGroup(group);
  }
  let largestRssMb;
  let gnuTimeCpu;
  if (gnuTime && existsSync(timeReport)) {
    const [, user, system, maxRssKb] = readFileSync(timeReport, 'utf8').trim().split('\n').pop().split(' ').map(Number);
    largestRssMb = maxRssKb / 1024;
    gnuTimeCpu = user + system;
    cpu ??= gnuTimeCpu;
  }
  if (exitCode !== 0) {
    const error = new Error(`${command} ${args.join(' ')} exited with ${exitCode}\n${stdout.slice(-3000)}\n${stderr.slice(-3000)}`);
    throw error;
  }
  return { wall, cpu, gnuTimeCpu, peakMb, anonPeakMb: sampler ? anonPeak / 2 ** 20 : undefined, largestRssMb, load, stdout, stderr };
}

/**
 * Removes an emptied group. Processes that reparented to init stay in it as zombies until init reaps
 * them, which can take a moment: until then rmdir fails with EBUSY.
 */
async function removeGroup(group) {
  for (let attempt = 0; ; attempt++) {
    try {
      rmdirSync(group);
      return;
    } catch (error) {
      if (error.code !== 'EBUSY' || attempt >= 100) {
        process.stderr.write(`  could not remove ${group} (${error.code}); remove it with rmdir once its processes are gone\n`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Waits up to 5 s for a group's leftover processes to exit, then kills them (SIGKILL, by pid). */
async function drainGroup(group) {
  const procs = () =>
    readFileSync(path.join(group, 'cgroup.procs'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(Number);
  for (let waited = 0; waited < 5000 && procs().length > 0; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  const left = procs();
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (let waited = 0; waited < 2000 && procs().length > 0; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  if (left.length > 0) process.stderr.write(`  ${left.length} process(es) outlived the run and were killed\n`);
}

/** Test whether cgroups can be made here; falls back to GNU time when they cannot. */
export function probeCgroups() {
  if (!layout) return false;
  try {
    const groups = makeGroups();
    for (const group of new Set([groups.cpu, groups.memory].filter(Boolean))) rmdirSync(group);
    return true;
  } catch {
    layout = undefined;
    return false;
  }
}

/** The machine, for the report: CPU model, cores, memory, Node version. */
export function machineDescription() {
  const cpus = os.cpus();
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}
