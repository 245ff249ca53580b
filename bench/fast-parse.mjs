// The fast parse (markdown-it's tokens converted to mdast) against remark-parse, in one process:
// every doc of the generated corpus is parsed, then parsed and transformed to hast (where the
// garbage micromark leaves behind is paid too), with the fast parse on and off in alternating
// rounds. Prints the median of each and the ratio off/on, with the load average.
//   node bench/fast-parse.mjs [--pages 1000] [--runs 5]
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateCorpus, repoRoot, workDir } from './lib/corpus.mjs';
import { median, printTable, row } from './lib/stats.mjs';
import { printHelpIfAsked } from './lib/help.mjs';

printHelpIfAsked(import.meta.url);

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const pages = argument('pages', 1000);
const runs = argument('runs', 5);

const compiled = path.join(repoRoot, 'dist', 'src', 'markdown', 'processor.js');
if (!existsSync(compiled)) throw new Error('bench/fast-parse.mjs: run `npm run build` first (it imports dist/src/markdown/processor.js)');
const { createMarkdownProcessor } = await import(compiled);

const corpusDir = path.join(workDir, `fast-parse-${pages}`);
if (!existsSync(path.join(corpusDir, 'docs'))) {
  mkdirSync(corpusDir, { recursive: true });
  generateCorpus(corpusDir, pages);
}
const docsDir = path.join(corpusDir, 'docs');
const docs = readdirSync(docsDir, { recursive: true })
  .filter((file) => String(file).endsWith('.md'))
  .map((file) => ({ file: path.join(docsDir, String(file)), text: readFileSync(path.join(docsDir, String(file)), 'utf8') }));
const megabytes = docs.reduce((sum, doc) => sum + Buffer.byteLength(doc.text), 0) / 1e6;

const processors = { on: createMarkdownProcessor({ fastParse: true }), off: createMarkdownProcessor({ fastParse: false }) };
const links = { routeOfFile: () => undefined, docsDir, siteDir: corpusDir, baseUrl: '/', pageRoute: '/docs/x' };

let fastDocs = 0;
function timeParse(processor) {
  const started = performance.now();
  fastDocs = 0;
  for (const doc of docs) if (processor.parse(doc.text, doc.file).fast) fastDocs++;
  return performance.now() - started;
}

async function timeParseAndTransform(processor) {
  const started = performance.now();
  for (const doc of docs) {
    const { mdast, file } = processor.parse(doc.text, doc.file);
    await processor.transform(mdast, file, links);
  }
  return performance.now() - started;
}

// One warm-up round each: the JIT and the highlighter's grammars are not what is measured.
timeParse(processors.on);
timeParse(processors.off);
const times = { parseOn: [], parseOff: [], compileOn: [], compileOff: [] };
for (let round = 0; round < runs; round++) {
  const order = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
  for (const mode of order) times[mode === 'on' ? 'parseOn' : 'parseOff'].push(timeParse(processors[mode]));
  for (const mode of order) times[mode === 'on' ? 'compileOn' : 'compileOff'].push(await timeParseAndTransform(processors[mode]));
}
timeParse(processors.on);
const ratio = (off, on) => off.map((value, index) => value / on[index]);

process.stdout.write(`fast parse: ${docs.length} docs, ${megabytes.toFixed(1)} MB; ${fastDocs} of them take the fast path\n`);
process.stdout.write(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}\n`);
printTable([
  row('parse, fast parse off', times.parseOff, 'ms'),
  row('parse, fast parse on', times.parseOn, 'ms'),
  row('parse speed-up (off/on)', ratio(times.parseOff, times.parseOn), 'ratio'),
  row('parse + transform, off', times.compileOff, 'ms'),
  row('parse + transform, on', times.compileOn, 'ms'),
  row('parse + transform speed-up', ratio(times.compileOff, times.compileOn), 'ratio'),
]);
process.stdout.write(`median speed-up: parse ${(median(times.parseOff) / median(times.parseOn)).toFixed(2)}×, parse + transform ${(median(times.compileOff) / median(times.compileOn)).toFixed(2)}×\n`);
