import { existsSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../src/core/logger.js';
import { serve, type SiteServer } from '../src/serve/serve.js';
import type { BuildOutcome } from '../src/serve/watch-site.js';
import type { DiagramRenderer } from '../src/core/diagram-renderer.js';
import { liveReloadEvents, type BuildErrorMessage, type ReloadMessage } from '../src/shared/live-reload.js';
import { connectEventStream, rawRequest, type ServerSentEvent } from './helpers/http.js';
import { copySite, fixture } from './helpers/site.js';
import { createWatchEventLog, isChangeOf } from './helpers/watch-events.js';

let site: Awaited<ReturnType<typeof copySite>>;
let server: SiteServer;
let events: Awaited<ReturnType<typeof connectEventStream>>;
const logger = createMemoryLogger();
const outcomes: BuildOutcome[] = [];

beforeAll(async () => {
  site = await copySite(fixture('serve-site'));
  server = await serve({ siteDir: site.dir, watch: true, port: 0, logger, onBuild: (outcome) => outcomes.push(outcome) });
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
const get = (url: string) => rawRequest(server.port, url);
const isReload = (event: ServerSentEvent) => event.event === liveReloadEvents.reload;
const reloadOf = (event: ServerSentEvent) => JSON.parse(event.data) as ReloadMessage;
const lastOutcome = () => outcomes[outcomes.length - 1];

describe('serve --watch', () => {
  it('builds first, serves on 127.0.0.1 and adds the live-reload script to pages only', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/sdk/`);
    expect(outcomes[0]).toMatchObject({ ok: true, full: true });
    const page = await get('/sdk/docs/intro');
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<script src="\/__sdkdocs\/live-reload\.js" data-version="\d+" data-base-url="\/sdk\/" data-file="docs\/intro\/index\.html"><\/script>\s*<\/body>/);
    const notFound = await get('/sdk/nope');
    expect(notFound.status).toBe(404);
    expect(notFound.body).toContain('data-file="404.html"');
    const script = await get('/__sdkdocs/live-reload.js');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('EventSource');
    // The files on disk are what `build` writes: the script is added on the way out.
    expect(await readFile(outFile('docs/intro/index.html'), 'utf8')).not.toContain('live-reload');
  });

  it('keeps the names every page links to while watching, and has browsers revalidate them', async () => {
    // Hashed names there would change with every edit, and every page with them.
    const manifest = await get('/sdk/assets/data/routes-0.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await get('/sdk/assets/search/index.json')).headers['cache-control']).toBe('no-cache');
    expect(await readFile(outFile('docs/intro/index.html'), 'utf8')).toContain('/sdk/assets/data/routes-0.json');
  });

  it('still serves the route data a loaded page points to after a rebuild replaced it, for a while', async () => {
    const routeDataOf = async (route: string) => {
      const manifest = JSON.parse((await get('/sdk/assets/data/routes-0.json')).body) as Record<string, string>;
      return `/sdk/assets/routes/${manifest[route]}.json`;
    };
    const before = await routeDataOf('/sdk/docs/intro');
    expect((await get(before)).status).toBe(200);
    const source = await readFile(docFile('intro.md'), 'utf8');
    await writeFile(docFile('intro.md'), `${source}\nA sentence added while a page was open: GRACE-3C1D.\n`);
    await events.next((event) => isReload(event) && reloadOf(event).paths.includes('/sdk/docs/intro'));
    const after = await routeDataOf('/sdk/docs/intro');
    expect(after).not.toBe(before);
    expect((await get(after)).body).toContain('GRACE-3C1D');
    // The page loaded before the rebuild asks for the data it was built with.
    const earlier = await get(before);
    expect(earlier.status).toBe(200);
    expect(earlier.body).not.toContain('GRACE-3C1D');
    // The output folder holds only the current build.
    expect(existsSync(outFile(before.slice('/sdk/'.length)))).toBe(false);
  });

  it('rebuilds an edited page and tells connected pages to reload it', async () => {
    const introBefore = await stat(outFile('docs/intro/index.html'));
    const source = await readFile(docFile('guides/setup.md'), 'utf8');
    await writeFile(docFile('guides/setup.md'), source.replace('Install the kit and run it.', 'Install the kit, then run it: EDITED-7F3A.'));
    const reload = reloadOf(await events.next(isReload));
    expect(reload.paths).toContain('/sdk/docs/guides/setup');
    expect(reload.paths).not.toContain('/sdk/docs/intro');
    // Only content changed: the open page may take it in place.
    expect(reload.assets).toBe(false);
    expect((await get('/sdk/docs/guides/setup')).body).toContain('EDITED-7F3A');
    const outcome = lastOutcome();
    expect(outcome).toMatchObject({ ok: true, full: false, sources: [path.join('docs', 'guides', 'setup.md')] });
    expect(outcome.ok && outcome.written?.changed).toContain('docs/guides/setup/index.html');
    // Its markdown copy follows it (served once the build has made it, after the pages).
    expect((await get('/sdk/docs/guides/setup.md')).body).toContain('EDITED-7F3A');
    expect(outcome.ok && outcome.written?.changed).toEqual(expect.arrayContaining(['docs/guides/setup.md', 'llms-full.txt']));
    // Neither the other pages nor their files were touched.
    expect(outcome.ok && outcome.written?.changed.filter((file) => file.endsWith('.html'))).toEqual(['docs/guides/setup/index.html']);
    expect((await stat(outFile('docs/intro/index.html'))).mtimeMs).toBe(introBefore.mtimeMs);
    expect(logger.messages.some((line) => /docs\/guides\/setup\.md → 1 page\b/.test(line))).toBe(true);
  });

  it('rebuilds every page when a title in the sidebar changes', async () => {
    const source = await readFile(docFile('guides/deploy.md'), 'utf8');
    await writeFile(docFile('guides/deploy.md'), source.replace('title: Deploying', 'title: Shipping It'));
    const reload = reloadOf(await events.next(isReload));
    const everyPage = ['/sdk/', '/sdk/docs/intro', '/sdk/docs/guides/setup', '/sdk/docs/guides/deploy'];
    expect(reload.all || everyPage.every((route) => reload.paths.includes(route))).toBe(true);
    const outcome = lastOutcome();
    expect(outcome.ok && outcome.written?.changed).toEqual(expect.arrayContaining(['index.html', 'docs/intro/index.html', 'docs/guides/setup/index.html']));
    // The page before it links it by its new title.
    expect((await get('/sdk/docs/guides/setup')).body).toContain('Shipping It');
  });

  it('reports a build error to the terminal and the open pages, keeps serving, and recovers when it is fixed', async () => {
    const file = docFile('guides/setup.md');
    const good = await readFile(file, 'utf8');
    await writeFile(file, good.replace('sidebar_position: 1', 'sidebar_position: first'));
    const failure = JSON.parse((await events.next((event) => event.event === liveReloadEvents.buildError)).data) as BuildErrorMessage;
    expect(failure.diagnostics[0]).toMatchObject({ file: path.join('docs', 'guides', 'setup.md'), line: 3 });
    expect(failure.diagnostics[0].message).toContain('sidebar_position');
    expect(logger.diagnostics.some((d) => d.file === file && d.line === 3)).toBe(true);
    expect(logger.messages.some((line) => line.includes('build failed with 1 error'))).toBe(true);
    // The last good build is still served.
    expect((await get('/sdk/docs/guides/setup')).body).toContain('EDITED-7F3A');
    // A page opened now learns about the error as soon as it connects.
    const late = await connectEventStream(server.port, '/__sdkdocs/events');
    try {
      const hello = JSON.parse((await late.next((event) => event.event === liveReloadEvents.hello)).data) as { error?: BuildErrorMessage };
      expect(hello.error?.diagnostics[0].file).toBe(path.join('docs', 'guides', 'setup.md'));
    } finally {
      late.close();
    }

    await writeFile(file, good.replace('EDITED-7F3A', 'FIXED-91C2'));
    const reload = reloadOf(await events.next(isReload));
    expect(reload.all).toBe(true);
    expect((await get('/sdk/docs/guides/setup')).body).toContain('FIXED-91C2');
    expect(lastOutcome()).toMatchObject({ ok: true });
  });

  it('adds a route for a new file and removes the route of a deleted one', async () => {
    await writeFile(docFile('guides/extra.md'), '# Extra\n\nA page that was not there: ADDED-55D1.\n');
    await events.next((event) => isReload(event) && reloadOf(event).paths.includes('/sdk/docs/guides/extra'));
    expect((await get('/sdk/docs/guides/extra')).body).toContain('ADDED-55D1');

    await rm(docFile('guides/deploy.md'));
    await events.next((event) => isReload(event) && (reloadOf(event).all || reloadOf(event).paths.includes('/sdk/docs/guides/deploy')));
    const gone = await get('/sdk/docs/guides/deploy');
    expect(gone.status).toBe(404);
    expect(existsSync(outFile('docs/guides/deploy/index.html'))).toBe(false);
    expect(existsSync(outFile('docs/guides/deploy'))).toBe(false);
    const outcome = lastOutcome();
    expect(outcome.ok && outcome.written?.removed).toContain('docs/guides/deploy/index.html');
    expect((await get('/sdk/sitemap.xml')).body).not.toContain('/deploy');
  });

  it('copies a changed static file, and reloads every page when it may show on any', async () => {
    await writeFile(path.join(site.dir, 'static', 'robots.txt'), 'User-agent: *\nDisallow: /private\n');
    expect(reloadOf(await events.next(isReload)).all).toBe(false);
    expect((await get('/sdk/robots.txt')).body).toContain('Disallow: /private');
    expect(lastOutcome()).toMatchObject({ ok: true, written: { changed: ['robots.txt'], removed: [] } });

    await writeFile(path.join(site.dir, 'static', 'img', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" id="new-logo"/>');
    expect(reloadOf(await events.next(isReload))).toMatchObject({ all: true, assets: true });
    expect((await get('/sdk/img/logo.svg')).body).toContain('new-logo');
  });

  it('starts afresh when the config changes', async () => {
    const configFile = path.join(site.dir, 'sdkdocs.config.ts');
    const config = await readFile(configFile, 'utf8');
    await writeFile(configFile, config.replace("title: 'Serve Kit'", "title: 'Renamed Kit'"));
    const reload = reloadOf(await events.next(isReload));
    expect(reload).toMatchObject({ all: true, assets: true });
    expect(lastOutcome()).toMatchObject({ ok: true, full: true });
    expect((await get('/sdk/docs/intro')).body).toContain('Renamed Kit');
  });
});

describe('serve --watch: saves made while a build runs', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

  it('wait for that build and then go into one build together, the first build included', async () => {
    const slowSite = await copySite(fixture('serve-site'));
    const configFile = path.join(slowSite.dir, 'sdkdocs.config.ts');
    await writeFile(configFile, (await readFile(configFile, 'utf8')).replace("docs: { mainDocId: 'intro' },", "docs: { mainDocId: 'intro' },\n  markdown: { mermaid: true },"));
    const diagramDoc = path.join(slowSite.dir, 'docs', 'diagram.md');
    await writeFile(diagramDoc, '# Diagram\n\n```mermaid\ngraph TD\n  A-->B\n```\n');
    // Diagrams render only when their text is new: a new diagram holds the build until released.
    let release = () => {};
    let started = () => {};
    const holdNextBuild = () => {
      const gate = new Promise<void>((resolve) => (release = resolve));
      const running = new Promise<void>((resolve) => (started = resolve));
      return { gate, running };
    };
    let hold = holdNextBuild();
    const renderer: DiagramRenderer = {
      cacheKey: 'held renderer',
      browserLaunches: 0,
      async render() {
        started();
        await hold.gate;
        return svg;
      },
      async close() {},
    };
    const slowOutcomes: BuildOutcome[] = [];
    const saved = ['intro.md', 'guides/setup.md', 'guides/deploy.md'];
    const watchEvents = createWatchEventLog();
    // One save after another, each seen by the watcher before the next, all while the build is held.
    const save = async (token: string) => {
      for (const file of saved) {
        const target = path.join(slowSite.dir, 'docs', file);
        const seen = watchEvents.next(isChangeOf(target));
        await writeFile(target, `${await readFile(target, 'utf8')}\n${token} in ${file}.\n`);
        await seen;
      }
    };
    const serving = serve({
      siteDir: slowSite.dir,
      watch: true,
      port: 0,
      logger: createMemoryLogger(),
      onBuild: (outcome) => void slowOutcomes.push(outcome),
      buildOptions: { diagramRenderer: renderer },
      onWatchEvent: watchEvents.record,
    });
    let slowServer: SiteServer | undefined;
    try {
      // Saves are seen from the moment the watcher has subscribed, which the first build does not wait for.
      await Promise.all([hold.running, watchEvents.seen((event) => event.type === 'ready')]);
      await save('SAVED-DURING-FIRST');
      release();
      slowServer = await serving;
      await slowServer.watcher!.idle();
      const sources = saved.map((file) => path.join('docs', ...file.split('/'))).sort();
      expect(slowOutcomes.map((outcome) => outcome.sources)).toEqual([[], sources]);
      expect((await rawRequest(slowServer.port, '/sdk/docs/guides/deploy')).body).toContain('SAVED-DURING-FIRST');

      hold = holdNextBuild();
      await writeFile(diagramDoc, '# Diagram\n\n```mermaid\ngraph TD\n  A-->C\n```\n');
      await hold.running;
      await save('SAVED-DURING-LATER');
      release();
      await slowServer.watcher!.idle();
      expect(slowOutcomes.slice(2).map((outcome) => outcome.sources)).toEqual([[path.join('docs', 'diagram.md')], sources]);
      expect(slowOutcomes.every((outcome) => outcome.ok)).toBe(true);
      expect((await rawRequest(slowServer.port, '/sdk/docs/intro')).body).toContain('SAVED-DURING-LATER');
    } finally {
      release();
      await (slowServer ?? (await serving.catch(() => undefined)))?.close();
      await slowSite.cleanup();
    }
  }, 60_000);
});
