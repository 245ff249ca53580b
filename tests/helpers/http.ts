import http from 'node:http';
import zlib from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body after undoing any Content-Encoding. */
  body: string;
  /** Bytes as sent, before decoding. */
  encodedLength: number;
}

/**
 * A GET (or another method) with the path sent exactly as given: fetch() and `new URL` would
 * normalise `..` and `%2e%2e` away before the server sees them.
 */
export function rawRequest(
  port: number,
  rawPath: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded =
          encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: decoded.toString('utf8'), encodedLength: raw.length });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** One server-sent event. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * A minimal EventSource for Node: connects, collects events, and lets a test wait for the next
 * one that matches.
 */
export async function connectEventStream(port: number, path: string): Promise<{
  events: ServerSentEvent[];
  next(match: (event: ServerSentEvent) => boolean, timeoutMs?: number): Promise<ServerSentEvent>;
  close(): void;
}> {
  const events: ServerSentEvent[] = [];
  const waiters: { match: (event: ServerSentEvent) => boolean; resolve: (event: ServerSentEvent) => void }[] = [];
  let consumed = 0;
  const req = http.request({ host: '127.0.0.1', port, path, headers: { Accept: 'text/event-stream' } });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: ServerSentEvent = { event: 'message', data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event.event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length === 0) continue;
      event.data = data.join('\n');
      events.push(event);
      const waiter = waiters.find((candidate) => candidate.match(event));
      if (waiter) {
        waiters.splice(waiters.indexOf(waiter), 1);
        consumed = events.length;
        waiter.resolve(event);
      }
    }
  });
  res.on('error', () => {});
  return {
    events,
    /** Resolves with the first event after the last one returned that matches. */
    next(match, timeoutMs = 30_000) {
      const earlier = events.slice(consumed).find(match);
      if (earlier) {
        consumed = events.indexOf(earlier) + 1;
        return Promise.resolve(earlier);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)), timeoutMs);
        waiters.push({
          match,
          resolve: (event) => {
            clearTimeout(timer);
            resolve(event);
          },
        });
      });
    },
    close() {
      req.destroy();
    },
  };
}
