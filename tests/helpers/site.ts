import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { build, type BuildOptions, type BuildResult, type StageName } from '../../src/pipeline/build.js';
import { createMemoryLogger } from '../../src/core/logger.js';
import type { BuildContext, Site } from '../../src/core/site.js';
import { createOutputSink } from '../../src/write/output-sink.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const exampleSiteDir = path.join(repoRoot, 'example-site');
export const fixturesDir = path.join(repoRoot, 'tests', 'fixtures');

/** Path of a fixture site under tests/fixtures. */
export function fixture(name: string): string {
  return path.join(fixturesDir, name);
}

/** Builds a site with a recording logger; output goes to a fresh temporary folder unless told otherwise. */
export async function buildSite(
  siteDir: string,
  options: Omit<BuildOptions, 'siteDir' | 'logger'> = {},
): Promise<BuildResult & { logger: ReturnType<typeof createMemoryLogger> }> {
  const logger = createMemoryLogger();
  let outDir = options.outDir;
  // In the run's scratch folder, which the run removes (tests/setup/run-folders.ts).
  outDir ??= await mkdtemp(path.join(inject('scratchDir'), 'out-'));
  const result = await build({ ...options, siteDir, logger, outDir });
  return { ...result, logger };
}

/** In-memory builds of this process that test files share, by site folder and last stage. */
const sharedInMemoryBuilds = new Map<string, ReturnType<typeof buildSite>>();

/**
 * An in-memory build of `siteDir` up to `until`, made once per test process: the files of the
 * `shared` vitest project run one after another in the same process, and several of them only
 * read the same build of the example site. Callers must not change the result; a failed build
 * fails every caller, as building it again would.
 */
export function sharedInMemoryBuild(siteDir: string, until: StageName): ReturnType<typeof buildSite> {
  const key = `${siteDir}\0${until}`;
  let built = sharedInMemoryBuilds.get(key);
  if (!built) {
    built = buildSite(siteDir, { until });
    sharedInMemoryBuilds.set(key, built);
  }
  return built;
}

/** Copies a site folder to a temporary place so that a test may change it. */
export async function copySite(siteDir: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-test-site-'));
  await cp(siteDir, dir, { recursive: true, filter: (src) => !/(^|[\\/])(out|node_modules)([\\/]|$)/.test(path.relative(siteDir, src)) });
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes a site's files, by their paths in `dir`, making the folders they need. */
export async function writeSiteFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
}

/** An output file's text by its path under the site root, from memory or, after a full build, from the output folder. */
export function outputText(result: BuildResult, outputPath: string): string {
  const file = result.site.outputs.get(outputPath);
  if (file) return typeof file.contents === 'string' ? file.contents : new TextDecoder().decode(file.contents);
  const written = path.join(result.site.config.paths.siteOut, outputPath);
  if (!existsSync(written)) throw new Error(`no output ${outputPath}`);
  return readFileSync(written, 'utf8');
}

/** The HTML a build emitted for a route (`/sdk/docs/intro` → `docs/intro/index.html`). */
export function pageHtml(result: BuildResult, route: string): string {
  const base = result.site.config.baseUrl;
  const relative = route.startsWith(base) ? route.slice(base.length) : route.replace(/^\//, '');
  const key = relative === '' ? 'index.html' : relative.endsWith('.html') ? relative : `${relative.replace(/\/$/, '')}/index.html`;
  const file = result.site.outputs.get(key);
  if (file) return typeof file.contents === 'string' ? file.contents : new TextDecoder().decode(file.contents);
  // A full build writes its pages straight to the output folder instead of keeping them.
  const written = path.join(result.site.config.paths.siteOut, key);
  if (!existsSync(written)) throw new Error(`no output for ${route} (looked for ${key})`);
  return readFileSync(written, 'utf8');
}

/** What a stage run on its own is given: a memory logger and an in-memory sink, the site's cache folder, unless `overrides` say otherwise. */
export function stageContext(site: Site, overrides: Partial<Omit<BuildContext, 'sink'>> = {}): BuildContext {
  const base = { logger: createMemoryLogger(), cacheDir: site.config.paths.cache, ...overrides };
  return { ...base, sink: createOutputSink(site, base, 'memory') };
}
