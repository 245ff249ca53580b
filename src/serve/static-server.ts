import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { lookup as lookupMimeType } from 'mrmime';
import { createCompressor, negotiateEncoding, shouldCompress } from './content-encoding.js';
import { resolveRequestFile, type ResolvedFile } from './request-path.js';

/** Changes HTML responses on their way out (serve --watch adds its live-reload script). */
export interface HtmlTransform {
  /** Goes into the ETag: a cached page must not be reused once the transform's output differs. */
  readonly version: string;
  /** `relativePath` is the served file (`docs/intro/index.html`), undefined for the built-in not-found page. */
  apply(html: string, relativePath: string | undefined): string;
}

export interface StaticServerOptions {
  /** The output root (`out/`); the site lives under `{root}{baseUrl}`. */
  root: string;
  baseUrl: string;
  /** 0 picks a free port. @defaultValue 3000 */
  port?: number;
  /** @defaultValue '127.0.0.1' */
  host?: string;
  /** How many following ports to try when `port` is taken. @defaultValue 0: a taken port is an error */
  portAttempts?: number;
  /** Handles requests before the static files (live reload endpoints). Returns true when it answered. */
  before?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  htmlTransform?: HtmlTransform;
}

export interface StaticServer {
  /** The site's address: `http://127.0.0.1:3000/sdk/`. */
  url: string;
  port: number;
  server: http.Server;
  /** Serves another output folder or base URL from now on (the config changed under serve --watch). */
  retarget(root: string, baseUrl: string): void;
  close(): Promise<void>;
}

/** Thrown when the port is taken and no other port may be tried. */
export class PortInUseError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(`Port ${port} on ${host} is already in use.`);
    this.name = 'PortInUseError';
  }
}

/** Hashed file names never change content: browsers may keep them for a year without asking. */
const immutableCache = 'public, max-age=31536000, immutable';

/**
 * Serves a built site the way a static host does: `/docs/intro` and `/docs/intro/` find
 * `docs/intro/index.html`, anything missing gets `404.html` with status 404, `/` redirects to
 * the base URL. Text is compressed on the fly (brotli or gzip), hashed assets under `assets/` are
 * cached for good and everything else is revalidated. Paths that try to leave the output folder
 * get the not-found page, never a file.
 */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  let root = options.root;
  let baseUrl = options.baseUrl;
  const siteRoot = () => path.join(root, ...baseUrl.split('/').filter(Boolean));

  const server = http.createServer((req, res) => {
    if (options.before?.(req, res)) return;
    handleRequest(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`Internal error: ${(error as Error).message}`);
      } else {
        res.destroy(error as Error);
      }
    });
  });

  async function handleRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    const target = req.url ?? '/';
    const queryStart = target.search(/[?#]/);
    const encodedPath = queryStart === -1 ? target : target.slice(0, queryStart);
    const query = queryStart === -1 ? '' : target.slice(queryStart).replace(/#.*$/, '');
    if ((encodedPath === '/' || `${encodedPath}/` === baseUrl) && encodedPath !== baseUrl) {
      res.writeHead(302, { Location: `${baseUrl}${query}` });
      res.end();
      return;
    }
    const found = encodedPath.startsWith(baseUrl)
      ? await resolveRequestFile(siteRoot(), encodedPath.slice(baseUrl.length))
      : undefined;
    if (found) {
      await sendFile(req, res, 200, found);
      return;
    }
    const notFoundPage = await resolveRequestFile(siteRoot(), '404.html');
    if (notFoundPage) await sendFile(req, res, 404, notFoundPage);
    else await sendHtml(req, res, 404, '<!doctype html><title>Not found</title><h1>Not found</h1>', undefined);
  }

  async function sendFile(req: http.IncomingMessage, res: http.ServerResponse, status: number, found: ResolvedFile): Promise<void> {
    const contentType = contentTypeOf(found.file);
    const isHtml = contentType.startsWith('text/html');
    const version = isHtml && options.htmlTransform ? `-${options.htmlTransform.version}` : '';
    const etag = `W/"${found.stats.size.toString(16)}-${Math.floor(found.stats.mtimeMs).toString(16)}${version}"`;
    res.setHeader('Cache-Control', isHashedAsset(found.relativePath) ? immutableCache : 'no-cache');
    res.setHeader('Last-Modified', found.stats.mtime.toUTCString());
    if (status === 200) res.setHeader('ETag', etag);
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304);
      res.end();
      return;
    }
    if (isHtml && options.htmlTransform) {
      await sendHtml(req, res, status, await readFile(found.file, 'utf8'), found.relativePath);
      return;
    }
    await send(req, res, status, contentType, found.stats.size, () => createReadStream(found.file));
  }

  async function sendHtml(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    html: string,
    relativePath: string | undefined,
  ): Promise<void> {
    if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-cache');
    const body = Buffer.from(options.htmlTransform ? options.htmlTransform.apply(html, relativePath) : html);
    await send(req, res, status, 'text/html; charset=utf-8', body.length, () => Readable.from([body]));
  }

  return listen(server, options, (port, host) => ({
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${baseUrl}`,
    port,
    server,
    retarget(nextRoot, nextBaseUrl) {
      root = nextRoot;
      baseUrl = nextBaseUrl;
      this.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${baseUrl}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }));
}

async function send(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  contentType: string,
  size: number,
  open: () => Readable,
): Promise<void> {
  res.setHeader('Content-Type', contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  if (isCompressibleType(contentType)) res.setHeader('Vary', 'Accept-Encoding');
  const compress = shouldCompress(contentType, size, encoding);
  if (compress) res.setHeader('Content-Encoding', encoding);
  else res.setHeader('Content-Length', size);
  res.writeHead(status);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (compress) await pipeline(open(), createCompressor(encoding, size), res);
  else await pipeline(open(), res);
}

function isCompressibleType(contentType: string): boolean {
  return shouldCompress(contentType, Infinity, 'gzip');
}

/**
 * A file under `assets/` whose name carries a content hash: esbuild's eight base-32 characters
 * (`theme.IYQFDKLR.css`) or eight or more hex digits (`docs.34f12d12.json`). Files there without
 * one (the route manifest and search data under serve --watch) change in place.
 */
export function isHashedAsset(relativePath: string): boolean {
  return relativePath.startsWith('assets/') && /\.([A-Z2-7]{8}|[a-f0-9]{8,})\.\w+$/.test(relativePath);
}

/** The Content-Type of a file, with a charset for text. */
export function contentTypeOf(file: string): string {
  const type = lookupMimeType(path.extname(file)) ?? 'application/octet-stream';
  return /^text\/|^application\/(javascript|json|xml)|\+xml$/.test(type) ? `${type}; charset=utf-8` : type;
}

/** Listens on the first free port from `port` (within `portAttempts`), on 127.0.0.1 unless told otherwise. */
async function listen<T>(
  server: http.Server,
  options: StaticServerOptions,
  describe: (port: number, host: string) => T,
): Promise<T> {
  const host = options.host ?? '127.0.0.1';
  const first = options.port ?? 3000;
  const attempts = first === 0 ? 0 : (options.portAttempts ?? 0);
  for (let port = first; ; port++) {
    try {
      await new Promise<void>((resolve, reject) => {
        const fail = (error: Error) => {
          server.off('listening', succeed);
          reject(error);
        };
        const succeed = () => {
          server.off('error', fail);
          resolve();
        };
        server.once('error', fail);
        server.once('listening', succeed);
        server.listen(port, host);
      });
      return describe((server.address() as AddressInfo).port, host);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      if (port >= first + attempts || port >= 65535) throw new PortInUseError(host, port);
    }
  }
}
