// A loopback load generator for `sdkdocs serve`: clients that browse as a page does. Each client
// loads a page of the sitemap, then what that page points to (stylesheets, scripts, the route
// manifest and route data named in it), revalidates with the ETag it got, asks for byte ranges
// and sometimes hangs up mid-response. Any answer a browser would count as broken is a failure:
// a status other than 200/206/304 for a file the server itself just pointed to, a reset or cut
// body, an undecodable compressed body, a body that does not match its Content-Length.
// Used by tests/serve-load.test.ts (short) and bench/serve-load.mjs (long).
import http from 'node:http';
import zlib from 'node:zlib';
import { seededRandom } from './seeded-random.mjs';

/**
 * @param {{ port: number, baseUrl: string, durationMs: number, maxRequests?: number, concurrency?: number, seed?: number }} options
 * @returns {Promise<{ requests: number, failures: { url: string, problem: string }[], statuses: Record<string, number>, aborted: number }>}
 */
export async function runServeLoad({ port, baseUrl, durationMs, maxRequests = Infinity, concurrency = 8, seed = 1 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 2 });
  const deadline = Date.now() + durationMs;
  const random = seededRandom(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const result = { requests: 0, failures: [], statuses: {}, aborted: 0 };
  const budgetLeft = () => Date.now() < deadline && result.requests < maxRequests;

  const request = (url, headers = {}, { method = 'GET', abortAfterFirstChunk = false } = {}) =>
    new Promise((resolve) => {
      result.requests++;
      const req = http.request({ host: '127.0.0.1', port, path: url, method, agent, headers, timeout: 15_000 }, (res) => {
        const chunks = [];
        let cut = false;
        res.on('data', (chunk) => {
          chunks.push(chunk);
          if (abortAfterFirstChunk) {
            result.aborted++;
            req.destroy();
            resolve({ status: res.statusCode, aborted: true });
          }
        });
        res.on('aborted', () => (cut = true));
        res.on('error', (error) => resolve({ status: res.statusCode, error: `response ${error.code ?? error.message}` }));
        res.on('end', () => {
          result.statuses[res.statusCode] = (result.statuses[res.statusCode] ?? 0) + 1;
          const raw = Buffer.concat(chunks);
          if (cut || (res.headers['content-length'] !== undefined && Number(res.headers['content-length']) !== raw.length && method !== 'HEAD')) {
            resolve({ status: res.statusCode, error: `body cut at ${raw.length} of ${res.headers['content-length']} bytes` });
            return;
          }
          if (method === 'HEAD') {
            resolve({ status: res.statusCode, headers: res.headers, body: '', length: 0 });
            return;
          }
          try {
            const encoding = res.headers['content-encoding'];
            const body = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
            resolve({ status: res.statusCode, headers: res.headers, body: body.toString('utf8'), length: body.length });
          } catch (error) {
            resolve({ status: res.statusCode, error: `undecodable ${res.headers['content-encoding']} body: ${error.message}` });
          }
        });
      });
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', (error) => {
        if (abortAfterFirstChunk && req.destroyed && !error.code) return;
        resolve({ error: `request ${error.code ?? error.message}` });
      });
      req.end();
    });

  const expect = (url, response, statuses) => {
    if (response.aborted) return false;
    if (response.error) result.failures.push({ url, problem: response.error });
    else if (!statuses.includes(response.status)) result.failures.push({ url, problem: `status ${response.status}: ${String(response.body).slice(0, 200)}` });
    else return true;
    return false;
  };
  const encodings = ['br', 'gzip', 'gzip, deflate, br', undefined];

  const sitemap = await request(`${baseUrl}sitemap.xml`);
  const pages = [...String(sitemap.body).matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((match) => match[1]);
  if (pages.length === 0) throw new Error(`no pages in ${baseUrl}sitemap.xml (status ${sitemap.status})`);

  const browse = async () => {
    while (budgetLeft()) {
      const page = pick(pages);
      const encoding = pick(encodings);
      const headers = encoding ? { 'Accept-Encoding': encoding } : {};
      const loaded = await request(page, headers);
      if (!expect(page, loaded, [200])) continue;
      const referenced = [...new Set([...loaded.body.matchAll(/["'(](\/[^"'()\s]*?\/assets\/[^"'()\s]+?\.(?:css|js|json))["')]/g)].map((match) => match[1]))];
      for (const url of referenced.filter((ref) => ref.startsWith(baseUrl))) {
        if (!budgetLeft()) return;
        const asset = await request(url, headers);
        if (!expect(url, asset, [200])) continue;
        if (/\/routes-\d+(\.[^/]*)?\.json$/.test(url)) {
          const names = Object.values(JSON.parse(asset.body));
          for (let i = 0; i < 2 && names.length > 0 && budgetLeft(); i++) {
            const routeData = `${baseUrl}assets/routes/${pick(names)}.json`;
            expect(routeData, await request(routeData, headers), [200]);
          }
        }
        if (url.endsWith('.css') && random() < 0.3 && asset.length > 100) {
          const range = await request(url, { Range: 'bytes=0-99' });
          if (expect(url, range, [206]) && range.length !== 100) result.failures.push({ url, problem: `range gave ${range.length} bytes` });
        }
      }
      if (random() < 0.3 && loaded.headers.etag) expect(page, await request(page, { ...headers, 'If-None-Match': loaded.headers.etag }), [200, 304]);
      if (random() < 0.1) expect(page, await request(page, headers, { method: 'HEAD' }), [200]);
      if (random() < 0.1) await request(page, { 'Accept-Encoding': 'gzip' }, { abortAfterFirstChunk: true });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, browse));
  agent.destroy();
  return result;
}
