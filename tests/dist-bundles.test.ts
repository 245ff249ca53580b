import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledMarker, cliBundleEntry, workerEntries } from '../scripts/bundle-dist.mjs';

const root = path.resolve(import.meta.dirname, '..');
const notBundled = (file: string) => `${file} is tsc's output; run \`npm run build\` to bundle it`;
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** The specifiers a bundled file still imports at run time. */
function importsOf(code: string): string[] {
  return [...code.matchAll(/^\s*(?:import|export)\b[^;'"]*?from\s*['"]([^'"]+)['"]/gm)].map((match) => match[1]);
}

describe('the bundles of dist/ (scripts/bundle-dist.mjs, run by npm run build and scripts/setup.mjs)', () => {
  it("cover every worker a stage or the build's pool starts and every job the pool runs", () => {
    const started = ['src/core/worker-pool.ts', 'src/content/parse-markdown.ts', 'src/render/render-pages.ts', 'src/search/build-search-index.ts', 'src/links/check-built-site.ts'].flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/new URL\('\.\/([\w-]+-(?:worker|job))\.js', import\.meta\.url\)/g)].map(
        (match) => `dist/${path.dirname(file)}/${match[1]}.js`,
      ),
    );
    expect(started.sort()).toEqual([...(workerEntries as string[])].sort());
  });

  it.each(workerEntries as string[])('%s loads as one file: nothing of sdkdocs or of a package but React imported at run time', (entry) => {
    const code = readFileSync(path.join(root, entry), 'utf8');
    expect(code.startsWith(bundledMarker), notBundled(entry)).toBe(true);
    expect(importsOf(code).filter((specifier) => !specifier.startsWith('node:') && !/^react(-dom)?(\/|$)/.test(specifier))).toEqual([]);
  });

  it('the CLI bundle is newer than the compile it was made from, so bin/sdkdocs.js runs it', () => {
    const bundle = path.join(root, cliBundleEntry as string);
    expect(readFileSync(bundle, 'utf8').startsWith(bundledMarker), notBundled('dist/src/cli/main.js')).toBe(true);
    expect(statSync(bundle).mtimeMs).toBeGreaterThanOrEqual(statSync(path.join(root, 'dist/src/cli/main.js')).mtimeMs);
    // Our own modules are all inside it: none is imported from dist/src at run time.
    const chunks = readdirSync(path.dirname(bundle)).filter((name) => name.endsWith('.js'));
    const imported = chunks.flatMap((name) => importsOf(readFileSync(path.join(path.dirname(bundle), name), 'utf8')));
    expect(imported.filter((specifier) => specifier.includes('dist/') || specifier.startsWith('../'))).toEqual([]);
  });

  it('bin/sdkdocs.js builds a site whose category is a _category_.yml (a CommonJS package, yaml, in the bundle)', () => {
    const bundle = path.join(root, cliBundleEntry as string);
    // bin/sdkdocs.js runs tsc's files when the bundle is older: then this would not test the bundle.
    expect(statSync(bundle).mtimeMs, notBundled('dist/src/cli/main.js')).toBeGreaterThanOrEqual(statSync(path.join(root, 'dist/src/cli/main.js')).mtimeMs);
    const site = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-bundle-category-'));
    temporary.push(site);
    const files: Record<string, string> = {
      'sdkdocs.config.ts': "export default { title: 'T', baseUrl: '/' };\n",
      'docs/intro.md': '# Intro\n',
      'docs/guide/_category_.yml': 'label: Guide\nposition: 1\n',
      'docs/guide/page.md': '# Page\n',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
      writeFileSync(path.join(site, file), text);
    }
    const result = spawnSync(process.execPath, [path.join(root, 'bin', 'sdkdocs.js'), 'build', '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    expect(result.status, result.stderr).toBe(0);
    const html = readFileSync(path.join(site, 'out', 'docs', 'intro', 'index.html'), 'utf8');
    expect(html).toMatch(/<button type="button" class="menu-link menu-category-link[^"]*"[^>]*>Guide<\/button>/);
  }, 60_000);

  it('the bundled CLI builds the example site (API reference, diagrams) to the same files as tsc’s compile', () => {
    const site = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-bundle-site-'));
    temporary.push(site);
    cpSync(path.join(root, 'example-site'), site, {
      recursive: true,
      filter: (source) => !/[\\/](out|\.cache)$/.test(source) && !source.includes(`${path.sep}node_modules${path.sep}.cache`),
    });
    const build = (entry: string, outDir: string) => {
      // A script file, not --input-type: worker threads inherit the process's options.
      const script = path.join(site, `run-${path.basename(outDir)}.mjs`);
      writeFileSync(
        script,
        `const { main } = await import(${JSON.stringify(pathToFileURL(path.join(root, entry)).href)});\nprocess.exitCode = await main(['build', ${JSON.stringify(site)}, '--out-dir', ${JSON.stringify(outDir)}]);\n`,
      );
      const result = spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', CI: 'true' } });
      expect(result.status, result.stderr).toBe(0);
      return path.join(outDir, 'sdk');
    };
    const fromBundle = build(cliBundleEntry as string, path.join(site, 'out-bundled'));
    const fromCompile = build('dist/src/cli/main.js', path.join(site, 'out-compiled'));
    const files = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).filter((name) => statSync(path.join(dir, name)).isFile()).sort();
    expect(files(fromBundle)).toEqual(files(fromCompile));
    const differing = files(fromBundle).filter((name) => !readFileSync(path.join(fromBundle, name)).equals(readFileSync(path.join(fromCompile, name))));
    expect(differing).toEqual([]);
  }, 180_000);
});
