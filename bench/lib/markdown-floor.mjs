// Baseline for the build benchmarks: the bare cost of turning the corpus's markdown into hast with
// unified (remark-parse, remark-gfm, remark-rehype) on one thread, nothing else. sdkdocs' build
// time is reported as a ratio to it, which stays comparable across machines.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

const docsDir = path.join(process.argv[2], 'docs');
const files = readdirSync(docsDir, { recursive: true })
  .filter((file) => String(file).endsWith('.md'))
  .map((file) => readFileSync(path.join(docsDir, String(file)), 'utf8'));
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);
const started = performance.now();
for (const text of files) processor.runSync(processor.parse(text));
process.stdout.write(`${JSON.stringify({ wallMs: performance.now() - started, files: files.length })}\n`);
