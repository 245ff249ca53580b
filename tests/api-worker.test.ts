import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySite, fixture, repoRoot } from './helpers/site.js';

// `sdkdocs build` starts TypeDoc and the doc-sample check on a worker thread as soon as the
// config is loaded; SDKDOCS_WORKERS=0 runs them in the generateApi stage instead. The CLI runs
// compiled code (dist/), as a user's does.
const bin = path.join(repoRoot, 'bin', 'sdkdocs.js');

function build(siteDir: string, outDir: string, workers?: '0') {
  // Every build here is cold: a cached model would skip TypeDoc on both paths.
  const cacheDir = path.join(siteDir, 'node_modules', '.cache', 'sdkdocs');
  return rm(cacheDir, { recursive: true, force: true }).then(() =>
    spawnSync(process.execPath, [bin, 'build', siteDir, '--out-dir', outDir, '--verbose'], {
      encoding: 'utf8',
      env: { ...process.env, SDKDOCS_WORKERS: workers ?? '' },
    }),
  );
}

function listFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The printed diagnostics: lines with `error` or `warning` after a position. */
function diagnosticLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => / (error|warning) /.test(line) && !line.startsWith('typedoc:'));
}

// Each test runs one or two cold builds with TypeDoc in child processes: minutes under a load of 15.
describe.skipIf(!existsSync(path.join(repoRoot, 'dist', 'src', 'api', 'api-worker.js')))('TypeDoc on a worker thread (sdkdocs build)', { timeout: 300_000 }, () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  /** Where the first test's cold build on the worker path left its caches in `site`, if it passed. */
  let workerBuildOut: string | undefined;

  beforeAll(async () => {
    site = await copySite(fixture('api-basic'));
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  it('emits exactly what the run in the generateApi stage emits', async () => {
    const inStage = await build(site.dir, path.join(site.dir, 'out-stage'), '0');
    const onWorker = await build(site.dir, path.join(site.dir, 'out-worker'));
    expect(inStage.status, inStage.stderr).toBe(0);
    expect(onWorker.status, onWorker.stderr).toBe(0);
    expect(inStage.stderr).toContain('model from typedoc (');
    expect(onWorker.stderr).toContain('model from typedoc-worker (');
    workerBuildOut = path.join(site.dir, 'out-worker');
    expect(onWorker.stderr).toMatch(/doc samples checked, [1-9]\d* compiled/);
    expect(diagnosticLines(onWorker.stderr)).toEqual(diagnosticLines(inStage.stderr));
    const files = listFiles(path.join(site.dir, 'out-stage'));
    expect(files.length).toBeGreaterThan(5);
    expect(listFiles(path.join(site.dir, 'out-worker'))).toEqual(files);
    for (const file of files) {
      expect(readFileSync(path.join(site.dir, 'out-worker', file), 'utf8'), file).toBe(readFileSync(path.join(site.dir, 'out-stage', file), 'utf8'));
    }
  });

  it('reports stale doc samples and @examples at the same places', async () => {
    const { dir, cleanup } = await copySite(fixture('api-basic'));
    try {
      const sdkFile = path.join(dir, 'sdk', 'src', 'shapes.ts');
      await writeFile(sdkFile, (await readFile(sdkFile, 'utf8')).replace(' * const widget = createWidget(3);', " * const widget = createWidget('3');"));
      await writeFile(path.join(dir, 'docs', 'samples.md'), "# Samples\n\n```ts\nimport { Widget } from 'widgets';\nconst side: string = new Widget(2).side;\n```\n");
      const inStage = await build(dir, path.join(dir, 'out-stage'), '0');
      const onWorker = await build(dir, path.join(dir, 'out-worker'));
      expect(inStage.status).toBe(1);
      expect(onWorker.status).toBe(1);
      const reported = diagnosticLines(onWorker.stderr);
      expect(reported.some((line) => /samples\.md:5:\d+ error This code sample does not compile/.test(line)), onWorker.stderr).toBe(true);
      expect(reported.some((line) => /shapes\.ts:\d+:\d+ error This @example does not compile/.test(line)), onWorker.stderr).toBe(true);
      expect(reported).toEqual(diagnosticLines(inStage.stderr));
    } finally {
      await cleanup();
    }
  });

  it('reports TypeScript errors in the SDK at the same places', async () => {
    const { dir, cleanup } = await copySite(fixture('api-basic'));
    try {
      await writeFile(path.join(dir, 'sdk', 'src', 'broken.ts'), 'export const count: number = "three";\n');
      const inStage = await build(dir, path.join(dir, 'out-stage'), '0');
      const onWorker = await build(dir, path.join(dir, 'out-worker'));
      expect(inStage.status).toBe(1);
      expect(onWorker.status).toBe(1);
      const reported = diagnosticLines(onWorker.stderr);
      expect(reported.some((line) => /broken\.ts:1:14 error TS2322/.test(line)), onWorker.stderr).toBe(true);
      expect(reported).toEqual(diagnosticLines(inStage.stderr));
    } finally {
      await cleanup();
    }
  });

  it('runs the TypeDoc plugins the SDK names, which may import TypeScript by name, and still reports through sdkdocs', async () => {
    const { dir, cleanup } = await copySite(fixture('api-basic'));
    try {
      const tsconfigFile = path.join(dir, 'sdk', 'tsconfig.json');
      const tsconfig = JSON.parse(await readFile(tsconfigFile, 'utf8'));
      await writeFile(tsconfigFile, JSON.stringify({ ...tsconfig, typedocOptions: { plugin: ['./plugin.mjs'] } }));
      await writeFile(
        path.join(dir, 'sdk', 'plugin.mjs'),
        "import { version } from 'typescript';\nexport function load(app) { app.logger.info(`plugin sees TypeScript ${version}`); }\n",
      );
      // Where the SDK's own TypeScript would be installed.
      await mkdir(path.join(dir, 'node_modules'), { recursive: true });
      await symlink(path.join(repoRoot, 'node_modules', 'typescript'), path.join(dir, 'node_modules', 'typescript'));
      for (const workers of ['0', undefined] as const) {
        const run = await build(dir, path.join(dir, `out-${workers ?? 'worker'}`), workers);
        expect(run.status, run.stderr).toBe(0);
        // Through sdkdocs' logger (debug lines and diagnostics), not TypeDoc's own console output.
        expect(run.stderr, `SDKDOCS_WORKERS=${workers ?? ''}`).toMatch(/^typedoc: plugin sees TypeScript \d+\.\d+/m);
        expect(diagnosticLines(run.stderr).some((line) => /shapes\.ts:\d+:\d+ warning Encountered an unknown block tag @frobnicate/.test(line)), run.stderr).toBe(true);
        expect(run.stderr).not.toMatch(/\[(info|warning)\]/);
      }
    } finally {
      await cleanup();
    }
  });

  it('builds a site without an API even when TypeDoc cannot load, and reports it where an API needs it', async () => {
    // An install of sdkdocs whose typedoc throws on import: the worker started before the config
    // has failed by the time a slow config has loaded.
    const install = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-broken-typedoc-'));
    const sites: { dir: string; cleanup: () => Promise<void> }[] = [];
    try {
      for (const part of ['bin', 'dist', 'src', 'templates', 'package.json']) await cp(path.join(repoRoot, part), path.join(install, part), { recursive: true });
      await mkdir(path.join(install, 'node_modules', 'typedoc'), { recursive: true });
      for (const name of readdirSync(path.join(repoRoot, 'node_modules'))) {
        if (name !== 'typedoc') await symlink(path.join(repoRoot, 'node_modules', name), path.join(install, 'node_modules', name));
      }
      await writeFile(path.join(install, 'node_modules', 'typedoc', 'package.json'), JSON.stringify({ name: 'typedoc', version: '0.28.0', type: 'module', exports: { '.': './index.js', './package.json': './package.json' } }));
      await writeFile(path.join(install, 'node_modules', 'typedoc', 'index.js'), "throw new Error('this typedoc is broken');\n");
      const run = (siteDir: string) =>
        spawnSync(process.execPath, [path.join(install, 'bin', 'sdkdocs.js'), 'build', siteDir, '--out-dir', path.join(siteDir, 'out')], { encoding: 'utf8', timeout: 60_000 });

      const plain = await copySite(fixture('basic'));
      sites.push(plain);
      const configFile = path.join(plain.dir, 'sdkdocs.config.ts');
      await writeFile(configFile, (await readFile(configFile, 'utf8')).replace(/^(import .*\n)+/, (imports) => `${imports}await new Promise((resolve) => setTimeout(resolve, 1000));\n`));
      const withoutApi = run(plain.dir);
      expect(withoutApi.status, withoutApi.stderr).toBe(0);
      expect(existsSync(path.join(plain.dir, 'out', 'kit', 'docs', 'intro', 'index.html'))).toBe(true);

      const api = await copySite(fixture('api-basic'));
      sites.push(api);
      const withApi = run(api.dir);
      // Reported as sdkdocs' internal error (exit 3), not a crash of the worker that takes the process down.
      expect(withApi.status, withApi.stderr).toBe(3);
      expect(withApi.stderr).toMatch(/Internal error: .*typedoc/);
    } finally {
      for (const site of sites) await site.cleanup();
      await rm(install, { recursive: true, force: true });
    }
  });

  it('does not load TypeScript when the cached model and sample results fit', async () => {
    // The caches of a cold build on the worker path: the first test's, unless it did not run or pass.
    let outDir = workerBuildOut;
    if (!outDir) {
      outDir = path.join(site.dir, 'out-warm');
      expect((await build(site.dir, outDir)).status).toBe(0);
    }
    // A second process, with the caches the first one left, reports which packages it loaded.
    const script = `
      import { createRequire } from 'node:module';
      const { build } = await import(${JSON.stringify(path.join(repoRoot, 'dist', 'src', 'pipeline', 'build.js'))});
      const { createMemoryLogger } = await import(${JSON.stringify(path.join(repoRoot, 'dist', 'src', 'core', 'logger.js'))});
      const result = await build({ siteDir: ${JSON.stringify(site.dir)}, outDir: ${JSON.stringify(outDir)}, logger: createMemoryLogger() });
      // TypeScript is CommonJS: once loaded, even through import, its compiler sits in require's cache.
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      console.log(JSON.stringify({ pages: result.site.pages.length, typescript: loaded.some((file) => file.includes('/node_modules/typescript/lib/')) }));
    `;
    const warm = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(warm.status, warm.stderr).toBe(0);
    expect(JSON.parse(warm.stdout)).toMatchObject({ typescript: false });
    expect(JSON.parse(warm.stdout).pages).toBeGreaterThan(5);
  });
});
