import { createReadStream, existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';

export interface StaticServerOptions {
  /** The output root (`out/`); the site lives under `{root}{baseUrl}`. */
  root: string;
  baseUrl: string;
  /** 0 picks a free port. @defaultValue 3000 */
  port?: number;
  /** @defaultValue '127.0.0.1' */
  host?: string;
  /** Handles requests before the static files (live reload endpoints). Returns true when it answered. */
  before?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

export interface StaticServer {
  url: string;
  port: number;
  server: http.Server;
  close(): Promise<void>;
}

/**
 * Serves a built site the way a static host does: `/docs/intro` finds `docs/intro/index.html`,
 * anything missing gets `404.html` with status 404, `/` redirects to the base URL.
 */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const { root, baseUrl } = options;
  const files = sirv(root, { dev: true, etag: true, extensions: ['html'] });
  const notFoundPage = path.join(root, ...baseUrl.split('/').filter(Boolean), '404.html');
  const server = http.createServer((req, res) => {
    if (options.before?.(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/' && baseUrl !== '/') {
      res.writeHead(302, { Location: baseUrl });
      res.end();
      return;
    }
    files(req, res, () => {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      if (existsSync(notFoundPage)) createReadStream(notFoundPage).pipe(res);
      else res.end('Not found');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${baseUrl}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
