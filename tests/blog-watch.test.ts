import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../src/core/logger.js';
import { serve, type SiteServer } from '../src/serve/serve.js';
import { liveReloadEvents, type ReloadMessage } from '../src/shared/live-reload.js';
import { connectEventStream, rawRequest, type ServerSentEvent } from './helpers/http.js';
import { copySite, fixture } from './helpers/site.js';

// serve --watch takes an edited post in: its page, the lists that show it and the feeds.
let site: Awaited<ReturnType<typeof copySite>>;
let server: SiteServer;
let events: Awaited<ReturnType<typeof connectEventStream>>;

beforeAll(async () => {
  site = await copySite(fixture('blog-site'));
  server = await serve({ siteDir: site.dir, watch: true, port: 0, logger: createMemoryLogger() });
  events = await connectEventStream(server.port, '/__sdkdocs/events');
  await events.next((event) => event.event === liveReloadEvents.hello);
}, 120_000);

afterAll(async () => {
  events?.close();
  await server?.close();
  await site?.cleanup();
});

const isReload = (event: ServerSentEvent) => event.event === liveReloadEvents.reload;
const get = async (url: string) => (await rawRequest(server.port, url)).body;

describe('serve --watch and the blog', () => {
  it('shows drafts, marked as such', async () => {
    const draft = await get('/kit/blog/2024/04/01/draft');
    expect(draft).toContain('Not yet.');
    expect(draft).toContain('<aside class="admonition admonition-warning visibility-banner" role="note"><p class="admonition-title">Draft page</p>');
  });

  it('rebuilds an edited post, the list that shows it and the feeds', async () => {
    const file = path.join(site.dir, 'blog', '2024-02-20-second', 'index.mdx');
    await writeFile(file, (await readFile(file, 'utf8')).replace('Before the cut, with a component:', 'EDITED-BLOG-9C1 before the cut:'));
    const reload = JSON.parse((await events.next(isReload)).data) as ReloadMessage;
    // While writing, the draft and the unlisted post are listed too: the post is on the second page.
    expect(reload.paths).toEqual(expect.arrayContaining(['/kit/blog/second', '/kit/blog/page/2', '/kit/blog/tags/releases']));
    expect(reload.paths).not.toContain('/kit/blog');
    expect(await get('/kit/blog/second')).toContain('EDITED-BLOG-9C1');
    expect(await get('/kit/blog/page/2')).toContain('EDITED-BLOG-9C1');
    await expect.poll(() => get('/kit/blog/rss.xml'), { timeout: 60_000 }).toContain('EDITED-BLOG-9C1');
  });
});
