import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../src/core/logger.js';
import { serve, type SiteServer } from '../src/serve/serve.js';
import type { BuildOutcome } from '../src/serve/watch-site.js';
import { liveReloadEvents, type BuildErrorMessage, type ReloadMessage } from '../src/shared/live-reload.js';
import { connectEventStream, rawRequest, type ServerSentEvent } from './helpers/http.js';
import { copySite, fixture } from './helpers/site.js';

let site: Awaited<ReturnType<typeof copySite>>;
let server: SiteServer;
let events: Awaited<ReturnType<typeof connectEventStream>>;
const logger = createMemoryLogger();
/** Run inside serve's onBuild, which it calls right after it has sent the reload of a good build. */
let whenTold: ((outcome: BuildOutcome) => void) | undefined;

beforeAll(async () => {
  site = await copySite(fixture('serve-site'));
  server = await serve({ siteDir: site.dir, watch: true, port: 0, logger, onBuild: (outcome) => whenTold?.(outcome) });
  events = await connectEventStream(server.port, '/__sdkdocs/events');
  await events.next((event) => event.event === liveReloadEvents.hello);
}, 120_000);

afterAll(async () => {
  events?.close();
  await server?.close();
  await site?.cleanup();
});

const docFile = (relative: string) => path.join(site.dir, 'docs', relative);
const outFile = (relative: string) => path.join(site.dir, 'out', 'sdk', relative);
const cacheIndex = () => path.join(server.watcher!.config.paths.cache, 'engine', 'engine.json');
const isReload = (event: ServerSentEvent) => event.event === liveReloadEvents.reload;
const reloadOf = (event: ServerSentEvent) => JSON.parse(event.data) as ReloadMessage;

async function appendToDoc(relative: string, text: string): Promise<void> {
  const file = docFile(relative);
  await writeFile(file, `${await readFile(file, 'utf8')}\n${text}\n`);
}

describe('serve --watch: the reload does not wait for the files no page loads', () => {
  it('sends the reload with the pages on disk, and writes the llms files and the compile cache after it, before the rebuild ends', async () => {
    const indexBefore = await readFile(cacheIndex(), 'utf8');
    let told: { page: string; llmsFull: string; cacheIndex: string } | undefined;
    whenTold = (outcome) => {
      // Read synchronously: the build goes on only once serve has done with its published moment.
      if (outcome.ok) told ??= { page: readFileSync(outFile('docs/intro/index.html'), 'utf8'), llmsFull: readFileSync(outFile('llms-full.txt'), 'utf8'), cacheIndex: readFileSync(cacheIndex(), 'utf8') };
    };
    await appendToDoc('intro.md', 'A sentence saved while the page was open: PUBLISHED-4E2B.');
    await events.next((event) => isReload(event) && reloadOf(event).paths.includes('/sdk/docs/intro'));
    expect((await rawRequest(server.port, '/sdk/docs/intro')).body).toContain('PUBLISHED-4E2B');
    expect((await rawRequest(server.port, '/sdk/llms-full.txt')).body).toContain('PUBLISHED-4E2B');
    // When the reload went out, the page was on disk and the files no page loads were not yet.
    expect(told?.page).toContain('PUBLISHED-4E2B');
    expect(told?.llmsFull).not.toContain('PUBLISHED-4E2B');
    expect(told?.cacheIndex).toBe(indexBefore);

    // The rebuild ends only once they are written.
    await server.watcher!.idle();
    expect(await readFile(outFile('llms-full.txt'), 'utf8')).toContain('PUBLISHED-4E2B');
    expect(await readFile(outFile('docs/intro.md'), 'utf8')).toContain('PUBLISHED-4E2B');
    expect(await readFile(cacheIndex(), 'utf8')).not.toBe(indexBefore);
  });

  it('reports a failure of that later work as a failed build, after the reload, and recovers', async () => {
    const outcomes: BuildOutcome[] = [];
    whenTold = (outcome) => outcomes.push(outcome);
    // A folder where llms-full.txt goes: writing it fails once the pages are served.
    await rm(outFile('llms-full.txt'));
    await mkdir(outFile('llms-full.txt/blocked'), { recursive: true });
    await appendToDoc('intro.md', 'A second sentence: BLOCKED-81AF.');
    const reload = await events.next((event) => isReload(event) && reloadOf(event).paths.includes('/sdk/docs/intro'));
    expect(reload).toBeDefined();
    const failure = JSON.parse((await events.next((event) => event.event === liveReloadEvents.buildError)).data) as BuildErrorMessage;
    expect(failure.diagnostics.length).toBeGreaterThan(0);
    await server.watcher!.idle();
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false]);
    expect(logger.messages.some((line) => line.includes('build failed with 1 error') && line.includes('the output folder is rewritten by the next build'))).toBe(true);

    await rm(outFile('llms-full.txt'), { recursive: true });
    await appendToDoc('intro.md', 'Fixed: RECOVERED-30C7.');
    expect(reloadOf(await events.next(isReload)).all).toBe(true);
    await server.watcher!.idle();
    expect(await readFile(outFile('llms-full.txt'), 'utf8')).toContain('RECOVERED-30C7');
    // The output folder was left between two builds: the next one writes it whole, not in place.
    expect(outcomes.at(-1)).toMatchObject({ ok: true, full: true });
  });
});
