import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { lookup } from 'mrmime';

/** A running {@link startPlainStaticHost}. */
export interface PlainStaticHost {
  /** `http://127.0.0.1:<port>/` */
  origin: string;
  close(): Promise<void>;
}

/**
 * The plainest static host there is, as a stand-in for GitHub Pages, S3 or `python -m http.server`
 * behind a 404 rule: a file is served when it exists (a folder by its `index.html`), anything else
 * gets `notFoundFile` with status 404. No rewrites, no clean URLs, nothing sdkdocs-specific.
 */
export async function startPlainStaticHost(root: string, notFoundFile: string): Promise<PlainStaticHost> {
  const server = http.createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
      let file = path.join(root, pathname);
      if (!file.startsWith(root)) file = '';
      let info = file ? await stat(file).catch(() => undefined) : undefined;
      if (info?.isDirectory()) {
        file = path.join(file, 'index.html');
        info = await stat(file).catch(() => undefined);
      }
      const found = info?.isFile() === true;
      const served = found ? file : notFoundFile;
      response.writeHead(found ? 200 : 404, { 'Content-Type': lookup(served) ?? 'application/octet-stream' });
      createReadStream(served).pipe(response);
    })().catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
