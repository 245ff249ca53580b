import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../src/core/logger.js';
import { serve, type SiteServer } from '../src/serve/serve.js';
import { liveReloadEvents, type ReloadMessage } from '../src/shared/live-reload.js';
import { connectEventStream, rawRequest, type ServerSentEvent } from './helpers/http.js';
import { copySite, fixture } from './helpers/site.js';

let site: Awaited<ReturnType<typeof copySite>>;
let server: SiteServer;
let events: Awaited<ReturnType<typeof connectEventStream>>;

beforeAll(async () => {
  site = await copySite(fixture('images-next-to-docs'));
  server = await serve({ siteDir: site.dir, watch: true, port: 0, logger: createMemoryLogger() });
  events = await connectEventStream(server.port, '/__sdkdocs/events');
  await events.next((event) => event.event === liveReloadEvents.hello);
}, 120_000);

afterAll(async () => {
  events?.close();
  await server?.close();
  await site?.cleanup();
});

const get = (url: string) => rawRequest(server.port, url);
const isReload = (event: ServerSentEvent) => event.event === liveReloadEvents.reload;
const diagramSource = async () => /src="(\/kit\/assets\/images\/diagram\.[0-9a-f]{8}\.svg)"[^>]*width="(\d+)"/.exec((await get('/kit/docs/guide/setup')).body)!.slice(1);

describe('serve --watch and images next to docs', () => {
  it('rebuilds the page that shows an image when the image changes, with its new asset', async () => {
    const [before] = await diagramSource();
    expect((await get(before)).status).toBe(200);
    await writeFile(path.join(site.dir, 'docs', 'assets', 'diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20" id="edited"></svg>');
    const reload = JSON.parse((await events.next(isReload)).data) as ReloadMessage;
    expect(reload.paths).toContain('/kit/docs/guide/setup');
    const [after, width] = await diagramSource();
    expect(after).not.toBe(before);
    expect(width).toBe('30');
    expect((await get(after)).body).toContain('id="edited"');
  });
});
