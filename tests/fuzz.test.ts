import { appendFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/build.js';
import { UserError, formatDiagnostic, type Diagnostic } from '../src/core/diagnostic.js';
import { createMemoryLogger } from '../src/core/logger.js';
import type { DiagramRenderer } from '../src/core/diagram-renderer.js';
import { tempDir } from './helpers/browser.js';
import { liveScriptUrlsInHtml, liveScriptUrlsInJavaScript, liveScriptUrlsInJson, type LiveScriptUrl } from './helpers/live-script-urls.js';
import { createRandom, fuzzSiteComponents, generateFuzzDoc, type FuzzDocKind } from './helpers/markdown-fuzz.js';

/** Docs to generate: a few hundred in CI, `FUZZ_N=10000` for the long run (see website/docs/design/reliability.md); `FUZZ_LOG=file` appends progress per site. */
const docCount = Number(process.env.FUZZ_N ?? 200);
const seed = Number(process.env.FUZZ_SEED ?? 19);
/** Docs per site: a failing doc stops its build, so sites are small and rebuilt without the docs at fault. */
const docsPerSite = 24;

const fakeRenderer: DiagramRenderer = {
  cacheKey: 'fuzz',
  browserLaunches: 0,
  async render() {
    return '<svg id="mermaid-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>';
  },
  async close() {},
};

const config = `export default {
  title: 'Fuzz',
  url: 'https://fuzz.example',
  baseUrl: '/',
  markdown: { mermaid: true },
  onBrokenLinks: 'warn',
};
`;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

interface Crash {
  site: number;
  error: string;
}

describe(`fuzz: ${docCount} generated docs (seed ${seed})`, () => {
  it('never crash, every error is located, a failed build leaves out/ as it was, and no content runs script', { timeout: Math.max(120_000, docCount * 2_000) }, async () => {
    const { dir, cleanup } = await tempDir('sdkdocs-fuzz-');
    cleanups.push(cleanup);
    const random = createRandom(seed);
    const crashes: Crash[] = [];
    const unlocated: string[] = [];
    const unsafeOutput: string[] = [];
    const kinds: Record<FuzzDocKind, number> = { markdown: 0, html: 0, mdx: 0 };
    let failedBuilds = 0;
    let docsWithErrors = 0;
    const started = performance.now();
    for (let site = 0; site * docsPerSite < docCount; site++) {
      const count = Math.min(docsPerSite, docCount - site * docsPerSite);
      const siteDir = path.join(dir, `site-${site}`);
      const outDir = path.join(dir, `out-${site}`);
      await mkdir(path.join(siteDir, 'docs'), { recursive: true });
      await mkdir(outDir, { recursive: true });
      await writeFile(path.join(siteDir, 'sdkdocs.config.ts'), config);
      for (const [name, code] of Object.entries(fuzzSiteComponents)) {
        await mkdir(path.dirname(path.join(siteDir, name)), { recursive: true });
        await writeFile(path.join(siteDir, name), code);
      }
      await writeFile(path.join(outDir, 'index.html'), 'previous build');
      // An output of an earlier sdkdocs build carries the marker; an unmarked folder is never replaced.
      await writeFile(path.join(outDir, '.sdkdocs-output'), '');
      for (let i = 0; i < count; i++) {
        const doc = generateFuzzDoc(random, i, count);
        kinds[doc.kind]++;
        await writeFile(path.join(siteDir, 'docs', doc.file), doc.text);
      }
      // Rebuild without the docs at fault, so the others go through every stage too.
      for (let round = 0; round < 4; round++) {
        const outcome = await build({ siteDir, outDir, logger: createMemoryLogger(), diagramRenderer: fakeRenderer }).then(
          () => undefined,
          (error: unknown) => error,
        );
        if (outcome === undefined) {
          unsafeOutput.push(...(await unsafeOutputs(outDir)).map((problem) => `site-${site}: ${problem}`));
          break;
        }
        failedBuilds++;
        if (!(outcome instanceof UserError)) {
          crashes.push({ site, error: (outcome as Error).stack ?? String(outcome) });
          break;
        }
        expect(await readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('previous build');
        const errors = outcome.diagnostics.filter((d) => d.severity === 'error');
        if (process.env.FUZZ_DEBUG) for (const d of errors) console.log(formatDiagnostic(d, { cwd: siteDir }).slice(0, 200));
        unlocated.push(...errors.filter((d) => !isLocated(d)).map((d) => `site-${site}: ${formatDiagnostic(d, { cwd: siteDir })}`));
        const atFault = new Set(errors.map((d) => d.file).filter((file): file is string => /\.mdx?$/.test(file ?? '')));
        if (atFault.size === 0) break;
        docsWithErrors += atFault.size;
        for (const file of atFault) await rm(file);
      }
      await rm(siteDir, { recursive: true, force: true });
      await rm(outDir, { recursive: true, force: true });
      if (process.env.FUZZ_LOG) {
        const done = Math.min(docCount, (site + 1) * docsPerSite);
        const progress = `${done} docs, ${((performance.now() - started) / 1000).toFixed(0)} s, ${crashes.length} crashes, ${unlocated.length} unlocated, ${unsafeOutput.length} unsafe outputs (live script URLs, NUL); ${kinds.markdown}/${kinds.html}/${kinds.mdx} markdown/HTML/MDX\n`;
        await appendFile(process.env.FUZZ_LOG, progress);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `fuzz: ${docCount} docs (seed ${seed}; ${kinds.markdown} markdown, ${kinds.html} markdown with raw HTML, ${kinds.mdx} MDX) in ${seconds.toFixed(0)} s; ${failedBuilds} failed builds, ${docsWithErrors} docs with located errors, ${crashes.length} crashes, ${unlocated.length} unlocated errors, ${unsafeOutput.length} unsafe outputs`,
    );
    expect(crashes).toEqual([]);
    expect(unlocated).toEqual([]);
    expect(unsafeOutput).toEqual([]);
  });
});

/**
 * What the browser reads of a build that carries a NUL character or a URL that runs script: the
 * pages, the route data (assets/routes/*.json, which holds each page's content HTML) and the MDX
 * chunks the browser renders docs with again.
 */
async function unsafeOutputs(outDir: string): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(outDir, file);
    const reader = entry.name.endsWith('.html')
      ? liveScriptUrlsInHtml
      : entry.name.endsWith('.json')
        ? liveScriptUrlsInJson
        : /^assets\/js\/mdx-.*\.js$/.test(relative.split(path.sep).join('/'))
          ? liveScriptUrlsInJavaScript
          : undefined;
    if (!reader) continue;
    const text = await readFile(file, 'utf8');
    if (text.includes('\u0000')) problems.push(`${relative} holds a NUL character`);
    const live: LiveScriptUrl[] = reader(text);
    for (const found of live) problems.push(`${relative}: live script URL in ${found.where}: ${JSON.stringify(found.value.slice(0, 120))}`);
  }
  return problems;
}

/** An error a reader can act on: a file, and a line unless it is about the whole file. */
function isLocated(diagnostic: Diagnostic): boolean {
  if (!diagnostic.file) return false;
  const wholeFile = new Set(['duplicate-id', 'read', 'doc-too-large', 'symlink']);
  return diagnostic.line !== undefined || wholeFile.has(diagnostic.code ?? '') || /Duplicate route/.test(diagnostic.message);
}
