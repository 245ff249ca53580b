import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(benchDir, '..');
/** Generated corpora and build outputs; ignored by git. */
export const workDir = path.join(benchDir, '.work');
const generator = path.resolve(repoRoot, '..', 'shared', 'bench', 'gen-corpus.mjs');

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
  const dir = path.join(workDir, `corpus-${pages}`);
  if (!existsSync(path.join(dir, 'docs'))) {
    if (!existsSync(generator)) throw new Error(`corpus generator not found at ${generator}`);
    mkdirSync(dir, { recursive: true });
    execFileSync(process.execPath, [generator, '--pages', String(pages), '--out', dir], { stdio: 'ignore' });
  }
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
