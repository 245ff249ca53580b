import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { lookup as lookupMimeType } from 'mrmime';
import { compressBody, createCompressor, isCompressible, negotiateEncoding, shouldCompress } from './content-encoding.js';
import { BodyCache } from './body-cache.js';
import { requestCandidates } from './request-path.js';
import { createDiskSiteFiles, type SiteFile, type SiteFiles } from './site-files.js';

/** Changes HTML responses on their way out (serve --watch adds its live-reload script). */
export interface HtmlTransform {
  /** Goes into the ETag: a cached page must not be reused once the transform's output differs. */
  readonly version: string;
  /** `relativePath` is the served file (`docs/intro/index.html`), undefined for the built-in not-found page. */
  apply(html: string, relativePath: string | undefined): string;
}

export interface StaticServerOptions {
  /** The output root (`out/`); the site lives under `{root}{baseUrl}`. Unused with `files`. */
  root?: string;
  baseUrl?: string;
  /**
   * Where the files come from instead of `root`: asked once per request, which is then answered
   * from what it returned (serve --watch hands out one complete build at a time).
   */
  files?: () => SiteFiles;
  /** 0 picks a free port. @defaultValue 3000 */
  port?: number;
  /** @defaultValue '127.0.0.1' */
  host?: string;
  /** How many following ports to try when `port` is taken. @defaultValue 0: a taken port is an error */
  portAttempts?: number;
  /** Handles requests before the static files (live reload endpoints). Returns true when it answered. */
  before?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  htmlTransform?: HtmlTransform;
  /** Told about a request the server failed to answer; the response itself says only that it failed. */
  onError?: (error: Error, url: string) => void;
}

export interface StaticServer {
  /** The site's address: `http://127.0.0.1:3000/sdk/`. */
  readonly url: string;
  port: number;
  server: http.Server;
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

/** Bytes of ready-made bodies (with the live-reload tag, compressed) one server keeps, at most, of each kind. */
const bodyCacheLimit = 24 * 1024 * 1024;

/**
 * Serves a built site the way a static host does: `/docs/intro` and `/docs/intro/` find
 * `docs/intro/index.html`, anything missing gets `404.html` with status 404, `/` redirects to
 * the base URL. Text is compressed (brotli or gzip; each version of a file once), hashed assets
 * under `assets/` are cached for good and everything else is revalidated (`If-None-Match`,
 * `If-Modified-Since`); single byte ranges are honoured. Paths that try to leave the output folder
 * get the not-found page, never a file. An error response never names a file on disk.
 */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  let files: () => SiteFiles;
  if (options.files) {
    files = options.files;
  } else {
    if (options.root === undefined || options.baseUrl === undefined) throw new Error('startStaticServer needs either files or root and baseUrl.');
    const disk = createDiskSiteFiles(options.root, options.baseUrl);
    files = () => disk;
  }
  const tagged = new BodyCache(bodyCacheLimit);
  const compressed = new BodyCache(bodyCacheLimit);

  const server = http.createServer((req, res) => {
    if (options.before?.(req, res)) return;
    handleRequest(req, res).catch((error: unknown) => {
      options.onError?.(error as Error, req.url ?? '');
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end('Internal server error. The terminal running sdkdocs says more.');
      } else {
        res.destroy();
      }
    });
  });

  async function handleRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    // One published output answers the whole request, however long it takes.
    const site = files();
    const { baseUrl } = site;
    const target = req.url ?? '/';
    const queryStart = target.search(/[?#]/);
    const encodedPath = queryStart === -1 ? target : target.slice(0, queryStart);
    const query = queryStart === -1 ? '' : target.slice(queryStart).replace(/#.*$/, '');
    if ((encodedPath === '/' || `${encodedPath}/` === baseUrl) && encodedPath !== baseUrl) {
      res.writeHead(302, { Location: `${baseUrl}${query}` });
      res.end();
      return;
    }
    const candidates = encodedPath.startsWith(baseUrl) ? (requestCandidates(encodedPath.slice(baseUrl.length)) ?? []) : [];
    for (const candidate of candidates) {
      const found = await site.get(candidate);
      if (found) {
        await sendFile(req, res, 200, found);
        return;
      }
    }
    const notFoundPage = await site.get('404.html');
    if (notFoundPage) {
      await sendFile(req, res, 404, notFoundPage);
      return;
    }
    const html = '<!doctype html><title>Not found</title><h1>Not found</h1>';
    await sendFile(req, res, 404, { relativePath: '', contents: html, size: html.length, mtime: new Date(0), version: 'not-found' });
  }

  async function sendFile(req: http.IncomingMessage, res: http.ServerResponse, status: number, file: SiteFile): Promise<void> {
    let handle = file.handle;
    try {
      const contentType = contentTypeOf(file.relativePath || 'index.html');
      const transform = contentType.startsWith('text/html') ? options.htmlTransform : undefined;
      const etag = `W/"${file.version}${transform ? `-${transform.version}` : ''}"`;
      res.setHeader('Content-Type', contentType);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', status === 200 && isHashedAsset(file.relativePath) ? immutableCache : 'no-cache');
      if (isCompressible(contentType)) res.setHeader('Vary', 'Accept-Encoding');
      if (status === 200) {
        res.setHeader('ETag', etag);
        res.setHeader('Last-Modified', file.mtime.toUTCString());
        res.setHeader('Accept-Ranges', 'bytes');
        if (isNotModified(req, etag, transform ? undefined : file.mtime)) {
          res.writeHead(304);
          res.end();
          return;
        }
      }

      const { contents } = file;
      const cacheKey = `${file.relativePath}|${etag}`;
      let body: Buffer | undefined;
      if (transform) {
        const { handle: source } = file;
        body = await tagged.get(cacheKey, async () => {
          const html = contents === undefined ? await source!.readFile('utf8') : typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8');
          return Buffer.from(transform.apply(html, file.relativePath || undefined));
        });
      } else if (typeof contents === 'string') {
        // Watch builds keep their outputs as strings: encoded once per version, not per request.
        body = await tagged.get(cacheKey, () => Buffer.from(contents));
      } else if (contents !== undefined) {
        body = Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
      }
      const size = body?.length ?? file.size;
      const isHead = req.method === 'HEAD';

      const range = status === 200 ? requestedRange(req, size, file.mtime) : undefined;
      if (range === 'unsatisfiable') {
        res.removeHeader('Content-Type');
        res.writeHead(416, { 'Content-Range': `bytes */${size}`, 'Content-Length': 0 });
        res.end();
        return;
      }
      if (range) {
        res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
        res.setHeader('Content-Length', range.end - range.start + 1);
        res.writeHead(206);
        if (isHead) res.end();
        else if (body) res.end(body.subarray(range.start, range.end + 1));
        else {
          const stream = handle!.createReadStream({ start: range.start, end: range.end });
          handle = undefined;
          await pipeline(stream, res);
        }
        return;
      }

      const encoding = negotiateEncoding(req.headers['accept-encoding']);
      const compress = shouldCompress(contentType, size, encoding);
      if (compress) res.setHeader('Content-Encoding', encoding);
      if (body) {
        const identity = body;
        const sent = compress ? await compressed.get(`${encoding}:${cacheKey}`, () => compressBody(identity, encoding)) : body;
        res.setHeader('Content-Length', sent.length);
        res.writeHead(status);
        res.end(isHead ? undefined : sent);
        return;
      }
      if (!compress) res.setHeader('Content-Length', size);
      res.writeHead(status);
      if (isHead) {
        res.end();
        return;
      }
      const stream = handle!.createReadStream();
      handle = undefined;
      if (compress) await pipeline(stream, createCompressor(encoding, size), res);
      else await pipeline(stream, res);
    } finally {
      await handle?.close().catch(() => undefined);
    }
  }

  const listening = await listen(server, options);
  const origin = `http://${listening.host.includes(':') ? `[${listening.host}]` : listening.host}:${listening.port}`;
  return {
    get url() {
      return `${origin}${files().baseUrl}`;
    },
    port: listening.port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Whether the client's copy is current: any entity tag of `If-None-Match` (a list, `*`, weak or
 * strong: weak comparison, as RFC 9110 asks for GET) matches, or, without that header,
 * `If-Modified-Since` is not older than the file. `mtime` is undefined when the date says nothing
 * (a page whose added script changed).
 */
function isNotModified(req: http.IncomingMessage, etag: string, mtime: Date | undefined): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.replace(/^W\//, '');
    const tags = ifNoneMatch.match(/\*|(?:W\/)?"[^"]*"/g) ?? [];
    return tags.some((tag) => tag === '*' || opaque(tag) === opaque(etag));
  }
  const ifModifiedSince = req.headers['if-modified-since'];
  if (ifModifiedSince === undefined || mtime === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

/**
 * The byte range a GET asks for (`Range: bytes=0-99`, `bytes=100-`, `bytes=-100`), 'unsatisfiable'
 * when it starts past the end, or undefined to send the whole file: no or a malformed header,
 * several ranges, or an `If-Range` that does not match (an entity tag never does: ours are weak).
 */
function requestedRange(req: http.IncomingMessage, size: number, mtime: Date): { start: number; end: number } | 'unsatisfiable' | undefined {
  const header = req.headers.range;
  if (header === undefined) return undefined;
  const ifRange = req.headers['if-range'] as string | undefined;
  if (ifRange !== undefined && (/^(W\/)?"/.test(ifRange.trim()) || Date.parse(ifRange) !== Math.floor(mtime.getTime() / 1000) * 1000)) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  if (match[2] !== '' && Number(match[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1) };
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
  const extension = path.extname(file).toLowerCase();
  // The registered type (image/vnd.microsoft.icon) is one some browsers do not show as a favicon.
  const type = extension === '.ico' ? 'image/x-icon' : (lookupMimeType(extension) ?? 'application/octet-stream');
  return /^text\/|^application\/(javascript|json|xml)|\+xml$/.test(type) ? `${type}; charset=utf-8` : type;
}

/** Listens on the first free port from `port` (within `portAttempts`), on 127.0.0.1 unless told otherwise. */
async function listen(server: http.Server, options: StaticServerOptions): Promise<{ port: number; host: string }> {
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
      return { port: (server.address() as AddressInfo).port, host };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      if (port >= first + attempts || port >= 65535) throw new PortInUseError(host, port);
    }
  }
}
