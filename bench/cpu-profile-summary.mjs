#!/usr/bin/env node
// Sums the self time of V8 CPU profiles (`node --cpu-prof --cpu-prof-dir=DIR ...` writes one per
// thread) by module, by package and by function, so that "where does a cold build's CPU go" is
// one command:
//
//   node bench/cpu-profile-summary.mjs DIR|FILE... [--top 30] [--by thread,package,module,function]
//
// Bundled code (dist/cli-bundle, the pool workers' bundles) is one file per bundle; esbuild leaves
// a `// path/of/module.js` line before each module it inlines, so a sample's line in the bundle
// names the module it came from. Each profile is one thread: the table of threads says which
// (the entry that thread ran most, its start and length), so start-up and module load show apart
// from the work. "(garbage collector)", "(program)" (V8 and native code outside JavaScript) and
// "(idle)" are V8's own nodes; idle time is left out of every total.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    by: { type: 'string', default: 'thread,package,module,function' },
  },
});
if (positionals.length === 0) {
  console.error('usage: node bench/cpu-profile-summary.mjs DIR|FILE... [--top 25] [--by thread,package,module,function]');
  process.exit(2);
}
const top = Number(args.top);
const views = new Set(args.by.split(','));

const profileFiles = positionals.flatMap((given) =>
  statSync(given).isDirectory()
    ? readdirSync(given)
        .filter((name) => name.endsWith('.cpuprofile'))
        .sort()
        .map((name) => path.join(given, name))
    : [given],
);

/** Per bundle file: the line numbers where each inlined module starts, and the module's path. */
const bundleModuleStarts = new Map();
function moduleStartsOf(file) {
  let starts = bundleModuleStarts.get(file);
  if (starts) return starts;
  starts = [];
  try {
    const lines = readFileSync(file, 'utf8').split('\n');
    // esbuild writes the module's path relative to the working folder it ran in.
    for (let index = 0; index < lines.length; index++) {
      const match = /^\/\/ ((?:\.\.\/)*(?:dist|src|templates|node_modules|main)\/\S+\.[cm]?[jt]sx?)$/.exec(lines[index]);
      if (match) starts.push({ line: index, module: match[1] });
    }
  } catch {
    // Not readable (a node: builtin, an eval'd script): the URL stands for itself.
  }
  bundleModuleStarts.set(file, starts);
  return starts;
}

/** The module a sample's frame belongs to: the bundle's inlined module when the URL is a bundle. */
function moduleOf(url, line) {
  if (!url) return '';
  if (!url.startsWith('file://')) return url;
  const file = fileURLToPath(url);
  const starts = moduleStartsOf(file);
  if (starts.length === 0) return file;
  let low = 0;
  let high = starts.length - 1;
  if (line < starts[0].line) return `${file} (bundle preamble)`;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle].line <= line) low = middle;
    else high = middle - 1;
  }
  return starts[low].module;
}

/** A package name for a module path: the node_modules package, node's builtins, or our own folder. */
function packageOf(module) {
  if (module === '') return '(V8: gc, program, native)';
  if (module.startsWith('node:')) return 'node: builtins';
  const inPackages = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (inPackages) return inPackages[1];
  const own = /(?:^|\/)(?:dist\/)?(src\/[^/]+|templates)\//.exec(module);
  if (own) return `sdkdocs ${own[1]}`;
  return module;
}

function addTo(map, key, micros) {
  map.set(key, (map.get(key) ?? 0) + micros);
}

const byPackage = new Map();
const byModule = new Map();
const byFunction = new Map();
const threads = [];
let total = 0;

for (const file of profileFiles) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map();
  for (let index = 0; index < profile.samples.length; index++) addTo(selfMicros, profile.samples[index], profile.timeDeltas[index] ?? 0);
  const threadPackages = new Map();
  let threadTotal = 0;
  let gc = 0;
  for (const [id, micros] of selfMicros) {
    const { callFrame } = nodes.get(id);
    if (callFrame.functionName === '(idle)') continue;
    const module = moduleOf(callFrame.url, callFrame.lineNumber);
    const pkg = callFrame.url ? packageOf(module) : `(${callFrame.functionName.replace(/[()]/g, '')})`;
    if (callFrame.functionName === '(garbage collector)') gc += micros;
    threadTotal += micros;
    addTo(byPackage, pkg, micros);
    addTo(threadPackages, pkg, micros);
    addTo(byModule, module || callFrame.functionName, micros);
    const where = callFrame.url ? `${path.basename(module)}:${callFrame.lineNumber + 1}` : '';
    addTo(byFunction, `${callFrame.functionName || '(anonymous)'} ${where}`.trim(), micros);
  }
  total += threadTotal;
  const biggest = [...threadPackages]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, micros]) => `${name} ${(micros / 1e6).toFixed(2)}`);
  threads.push({
    file: path.basename(file),
    started: profile.startTime,
    length: (profile.endTime - profile.startTime) / 1e6,
    cpu: threadTotal / 1e6,
    gc: gc / 1e6,
    biggest: biggest.join(', '),
  });
}

const seconds = (micros) => (micros / 1e6).toFixed(2).padStart(7);
const share = (micros) => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
function printTop(title, map) {
  console.log(`\n${title} (self time, top ${top} of ${map.size})`);
  for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${seconds(micros)} s ${share(micros)}  ${key}`);
}

console.log(`${profileFiles.length} profiles, ${(total / 1e6).toFixed(2)} s sampled on threads (idle left out)`);
if (views.has('thread')) {
  const first = Math.min(...threads.map((thread) => thread.started));
  console.log('\nthreads: start (s after the first), length s, sampled s, gc s, largest packages (s)');
  for (const thread of threads) {
    console.log(
      `${((thread.started - first) / 1e6).toFixed(2).padStart(6)} ${thread.length.toFixed(2).padStart(6)} ${thread.cpu.toFixed(2).padStart(6)} ${thread.gc.toFixed(2).padStart(5)}  ${thread.file.replace(/^CPU\.\d+\.\d+\./, '')}  ${thread.biggest}`,
    );
  }
}
if (views.has('package')) printTop('by package', byPackage);
if (views.has('module')) printTop('by module', byModule);
if (views.has('function')) printTop('by function', byFunction);
