import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as BuildModule from '../src/pipeline/build.js';
import type * as ConfigModule from '../src/config/load.js';
import type * as LoggerModule from '../src/core/logger.js';
import type * as PrefetchModule from '../src/api/prefetch-api.js';
import type * as PrefetchedModule from '../src/api/prefetched-typedoc.js';
import { copySite, fixture, repoRoot } from './helpers/site.js';

// TypeDoc runs on a worker thread only from compiled code (dist/), as `sdkdocs build` runs it.
const dist = (file: string) => import(path.join(repoRoot, 'dist', 'src', file));

describe.skipIf(!existsSync(path.join(repoRoot, 'dist', 'src', 'api', 'api-worker.js')))('the TypeDoc run sdkdocs build starts ahead', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    site = await copySite(fixture('api-basic'));
  });
  afterAll(() => site.cleanup());

  it('goes to the build it is handed to, not to another build in the same process', async () => {
    const { build } = (await dist('pipeline/build.js')) as typeof BuildModule;
    const { loadConfig } = (await dist('config/load.js')) as typeof ConfigModule;
    const { createMemoryLogger } = (await dist('core/logger.js')) as typeof LoggerModule;
    const { prefetchApi, warmUpApiWorker } = (await dist('api/prefetch-api.js')) as typeof PrefetchModule;
    const { discardApiPrefetch } = (await dist('api/prefetched-typedoc.js')) as typeof PrefetchedModule;
    const buildLogged = async (options: Partial<BuildModule.BuildOptions>) => {
      const debug: string[] = [];
      const logger = { ...createMemoryLogger(), debug: (message: string) => void debug.push(message) };
      await build({ siteDir: site.dir, outDir: path.join(site.dir, 'out'), logger, until: 'generateApi', ...options });
      return debug.find((message) => message.startsWith('generateApi:')) ?? '';
    };
    const config = await loadConfig(site.dir);
    const prefetch = warmUpApiWorker();
    try {
      await prefetchApi(prefetch, config);
      expect(prefetch.runs.size).toBe(1);
      // A build not handed the run makes its own model.
      expect(await buildLogged({ config })).toContain('model from typedoc (');
      expect(prefetch.runs.size).toBe(1);
      expect(await buildLogged({ config, apiPrefetch: prefetch })).toContain('model from typedoc-worker (');
      expect(prefetch.runs.size).toBe(0);
    } finally {
      discardApiPrefetch(prefetch);
    }
  }, 120_000);

  it('is warmed up only for a config that may ask for an API reference', async () => {
    const { warmUpApiWorker } = (await dist('api/prefetch-api.js')) as typeof PrefetchModule;
    const { discardApiPrefetch } = (await dist('api/prefetched-typedoc.js')) as typeof PrefetchedModule;
    const started = (configDir?: string) => {
      const prefetch = warmUpApiWorker(configDir);
      const warm = prefetch.warm !== undefined;
      discardApiPrefetch(prefetch);
      return warm;
    };
    expect(started(site.dir)).toBe(true);
    expect(started(fixture('docusaurus-typedoc-api'))).toBe(true);
    expect(started(fixture('basic'))).toBe(false);
    // A folder without a config: the build will say so; meanwhile nothing is known.
    expect(started(path.join(site.dir, 'docs'))).toBe(true);
    expect(started()).toBe(true);
  });
});
