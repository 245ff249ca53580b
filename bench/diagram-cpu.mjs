#!/usr/bin/env node
// Where a mermaid render's CPU goes: renders the ```mermaid blocks of a docs folder with the build's
// renderer (one page, both colour modes) and reads the CPU of each Chromium process and thread from
// /proc before and after, with Node's own CPU and the cost of making each figure (diagram-svg.ts,
// diagram-figure.ts) on the Node side:
//
//   npm run build && node bench/diagram-cpu.mjs DOCS_DIR [COUNT]
//
// The first render is counted apart: it starts the browser, loads mermaid into the page and works
// out the colour modes' variables. Linux only (/proc); per-render figures are per diagram.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const [docsDir, countArg] = process.argv.slice(2);
if (!docsDir) {
  console.error('usage: node bench/diagram-cpu.mjs DOCS_DIR [COUNT]');
  process.exit(2);
}
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'src');
const { createMermaidCliRenderer } = await import(path.join(dist, 'mermaid', 'mermaid-cli-renderer.js'));
const { diagramFont } = await import(path.join(dist, 'mermaid', 'diagram-font.js'));
const { buildDiagramFigure } = await import(path.join(dist, 'core', 'diagram-figure.js'));
const { foreseenDiagrams } = await import(path.join(dist, 'markdown', 'foreseen-diagrams.js'));

const definitions = [];
for (const file of readdirSync(docsDir, { recursive: true }).filter((name) => /\.mdx?$/.test(name)).sort()) {
  for (const request of foreseenDiagrams(readFileSync(path.join(docsDir, file), 'utf8'))) definitions.push(request.definition);
}
const used = definitions.slice(0, Number(countArg ?? 50) + 1);
if (used.length < 2) {
  console.error(`${docsDir} holds fewer than two mermaid diagrams`);
  process.exit(2);
}
const font = diagramFont({ theme: { fonts: {} }, paths: { customCss: [] } });
const renderer = createMermaidCliRenderer({ fontFamily: font.layout, concurrency: 1 });
const clockTicks = 100;

function statFields(file) {
  const text = readFileSync(file, 'utf8');
  return { name: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')), fields: text.slice(text.lastIndexOf(')') + 2).split(' ') };
}

/** CPU seconds of every process below this one and of each of their threads, keyed by pid (and pid/tid). */
function chromiumCpu() {
  const parents = new Map();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      parents.set(pid, statFields(`/proc/${pid}/stat`).fields[1]);
    } catch {
      // gone meanwhile
    }
  }
  const ours = new Set([String(process.pid)]);
  for (let size = 0; size !== ours.size; ) {
    size = ours.size;
    for (const [pid, parent] of parents) if (ours.has(parent)) ours.add(pid);
  }
  ours.delete(String(process.pid));
  const cpu = new Map();
  for (const pid of ours) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const type = /--type=([\w-]+)/.exec(command)?.[1] ?? 'browser';
      const utility = /--utility-sub-type=[\w.]*\.(\w+)/.exec(command)?.[1];
      const processType = utility ? `${type}:${utility}` : type;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const { name, fields } = statFields(`/proc/${pid}/task/${tid}/stat`);
        cpu.set(`${pid}/${tid}`, { processType, thread: name.replace(/\d+$/, ''), seconds: (Number(fields[11]) + Number(fields[12])) / clockTicks });
      }
    } catch {
      // gone meanwhile
    }
  }
  return cpu;
}

function byKey(before, after, key) {
  const sums = new Map();
  for (const [id, { seconds, ...names }] of after) sums.set(key(names), (sums.get(key(names)) ?? 0) + seconds - (before.get(id)?.seconds ?? 0));
  return [...sums].filter(([, seconds]) => seconds > 0.005).sort((a, b) => b[1] - a[1]);
}

const nodeCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const ms = (seconds, count) => `${((seconds * 1000) / count).toFixed(1)} ms`;

const start = performance.now();
const nodeAtStart = nodeCpu();
await renderer.render(used[0], 'both');
const afterFirst = chromiumCpu();
console.log(`first render (browser start, mermaid loaded, colour modes worked out): ${Math.round(performance.now() - start)} ms wall, Node ${(nodeCpu() - nodeAtStart).toFixed(2)} s CPU`);
for (const [type, seconds] of byKey(new Map(), afterFirst, ({ processType }) => processType)) console.log(`  ${type}: ${seconds.toFixed(2)} s`);

const rest = used.slice(1);
const renderStart = performance.now();
const nodeBefore = nodeCpu();
const svgs = [];
for (const definition of rest) svgs.push(await renderer.render(definition, 'both'));
const wall = performance.now() - renderStart;
const nodeRendering = nodeCpu() - nodeBefore;
const afterRest = chromiumCpu();
const figureStart = nodeCpu();
svgs.forEach((svg, index) => buildDiagramFigure(svg, index + 1, { measured: font.layout, shown: font.display }));
const figures = nodeCpu() - figureStart;
await renderer.close();

console.log(`${rest.length} more renders, per diagram: ${(wall / rest.length).toFixed(1)} ms wall`);
for (const [type, seconds] of byKey(afterFirst, afterRest, ({ processType }) => processType)) console.log(`  ${type}: ${ms(seconds, rest.length)} CPU`);
for (const [thread, seconds] of byKey(afterFirst, afterRest, ({ processType, thread }) => `${processType} / ${thread}`)) console.log(`    ${thread}: ${ms(seconds, rest.length)}`);
console.log(`  Node, protocol and colour sentinels: ${ms(nodeRendering, rest.length)} CPU`);
console.log(`  Node, figures (inline SVG as hast): ${ms(figures, rest.length)} CPU`);
