import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createMemoryLogger } from '../src/core/logger.js';
import { serve, type SiteServer } from '../src/serve/serve.js';
import { liveReloadEvents } from '../src/shared/live-reload.js';
import { connectEventStream, rawRequest } from './helpers/http.js';
import { copySite, fixture } from './helpers/site.js';

let server: SiteServer | undefined;
let cleanup: (() => Promise<void>) | undefined;
afterAll(async () => {
  await server?.close();
  await cleanup?.();
});

// A custom page (src/pages) that imports a component is compiled again when only the component changes.
it('rebuilds a custom page when a component it imports changes', { timeout: 180_000 }, async () => {
  const site = await copySite(fixture('serve-site'));
  cleanup = site.cleanup;
  await mkdir(path.join(site.dir, 'src', 'components'), { recursive: true });
  await mkdir(path.join(site.dir, 'src', 'pages'), { recursive: true });
  await writeFile(path.join(site.dir, 'src', 'components', 'Greeting.tsx'), "export default function Greeting() { return <p>FIRST-GREETING</p>; }\n");
  await writeFile(path.join(site.dir, 'src', 'pages', 'hello.tsx'), "import Greeting from '../components/Greeting';\nexport default function Hello() { return <main><Greeting /></main>; }\n");
  const logger = createMemoryLogger();
  server = await serve({ siteDir: site.dir, watch: true, port: 0, logger });
  const events = await connectEventStream(server.port, '/__sdkdocs/events');
  await events.next((event) => event.event === liveReloadEvents.hello);
  expect((await rawRequest(server.port, '/sdk/hello')).body).toContain('FIRST-GREETING');
  await writeFile(path.join(site.dir, 'src', 'components', 'Greeting.tsx'), "export default function Greeting() { return <p>SECOND-GREETING</p>; }\n");
  await events.next((event) => event.event === liveReloadEvents.reload);
  // The page's HTML is made at build time: the watch rebuild must compile the page again.
  const body = (await rawRequest(server.port, '/sdk/hello')).body;
  expect(body).toContain('SECOND-GREETING');
  expect(body).not.toContain('FIRST-GREETING');
  events.close();
});
