import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(benchDir, '..');
/** Generated corpora and build outputs; ignored by git. */
export const workDir = path.join(benchDir, '.work');
const sharedGenerator = path.resolve(repoRoot, '..', 'shared', 'bench', 'gen-corpus.mjs');
import { writeOwnCorpus } from './own-corpus.mjs';

/**
 * Which generator makes the corpora: the workspace's shared one, whose figures bench/RESULTS.md quotes,
 * when it is beside the repository; else the project's own (bench/lib/own-corpus.mjs), so that the
 * benchmarks run in any clone (SDKDOCS_BENCH_CORPUS=own chooses it anyway). Their corpora live in
 * different folders and their figures differ.
 */
export const corpusGenerator = process.env.SDKDOCS_BENCH_CORPUS === 'own' || !existsSync(sharedGenerator) ? 'own' : 'shared';
if (corpusGenerator === 'own') process.stderr.write(`corpus: made by bench/lib/own-corpus.mjs, not ${sharedGenerator} (figures differ from bench/RESULTS.md)\n`);

/** Writes the docs of a corpus of `pages` pages into `dir`. */
export function generateCorpus(dir, pages) {
  mkdirSync(dir, { recursive: true });
  if (corpusGenerator === 'shared') execFileSync(process.execPath, [sharedGenerator, '--pages', String(pages), '--out', dir], { stdio: 'ignore' });
  else writeOwnCorpus(dir, pages);
}

/** A doc of the corpus in `dir` (relative to its docs folder) for a benchmark to edit: the first one in a topic folder. */
export function firstNestedDoc(dir) {
  const docs = path.join(dir, 'docs');
  const walk = (relative) => {
    const entries = readdirSync(path.join(docs, relative), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        const found = walk(child);
        if (found) return found;
      } else if (relative && entry.name.endsWith('.md')) return child.split(path.sep).join('/');
    }
    return undefined;
  };
  return walk('');
}

/**
 * Deletes a build output of the benchmarks' own work folder that an sdkdocs from before the
 * output marker made: a build refuses to replace a folder without `.sdkdocs-output`.
 */
export function dropUnmarkedOutput(outDir) {
  if (existsSync(outDir) && !existsSync(path.join(outDir, '.sdkdocs-output'))) rmSync(outDir, { recursive: true, force: true });
}

/**
 * A site folder with the deterministic Docusaurus-style corpus of `pages` pages (generated once,
 * reused by later runs since the generator's output depends only on its arguments) and a small
 * sdkdocs config like the example site's, without the API reference.
 */
export function ensureCorpus(pages, { mermaid = true } = {}) {
  const dir = path.join(workDir, `${corpusGenerator === 'own' ? 'own-' : ''}corpus-${pages}`);
  if (!existsSync(path.join(dir, 'docs'))) generateCorpus(dir, pages);
  dropUnmarkedOutput(path.join(dir, 'out'));
  writeFileSync(
    path.join(dir, 'sdkdocs.config.ts'),
    `import { defineConfig } from 'sdkdocs';
export default defineConfig({
  title: 'Corpus ${pages}',
  tagline: 'Benchmark corpus',
  url: 'https://corpus.example.com',
  baseUrl: '/sdk/',
  markdown: { mermaid: ${mermaid} },
  onBrokenLinks: 'throw',
  navbar: { items: [{ type: 'docSidebar', sidebarId: 'docsSidebar', label: 'Docs', position: 'left' }] },
  footer: { copyright: 'Copyright © 2025 Corpus' },
});
`,
  );
  return dir;
}
