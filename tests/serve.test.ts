import { readFile, symlink, writeFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHashedAsset, PortInUseError, startStaticServer, type StaticServer } from '../src/serve/static-server.js';
import { negotiateEncoding } from '../src/serve/content-encoding.js';
import { tempDir } from './helpers/browser.js';
import { rawRequest } from './helpers/http.js';
import { buildSite, copySite, fixture } from './helpers/site.js';
import { serve, type SiteServer } from '../src/serve/serve.js';
import { createMemoryLogger } from '../src/core/logger.js';

const secret = 'TOP-SECRET-OUTSIDE-THE-SITE';
let work: Awaited<ReturnType<typeof tempDir>>;
let server: StaticServer;
let siteOut: string;
let notFoundHtml: string;

beforeAll(async () => {
  work = await tempDir('sdkdocs-serve-');
  const outDir = path.join(work.dir, 'out');
  const { site } = await buildSite(fixture('serve-site'), { outDir });
  siteOut = site.config.paths.siteOut;
  notFoundHtml = await readFile(path.join(siteOut, '404.html'), 'utf8');
  // Secrets next to the output folder and one level up, and links that point at them.
  await writeFile(path.join(work.dir, 'secret.txt'), secret);
  await writeFile(path.join(outDir, 'secret.txt'), secret);
  await mkdir(path.join(work.dir, 'private'));
  await writeFile(path.join(work.dir, 'private', 'secret.txt'), secret);
  await symlink(path.join(work.dir, 'secret.txt'), path.join(siteOut, 'leak.txt'));
  await symlink(path.join(work.dir, 'private'), path.join(siteOut, 'linked'));
  server = await startStaticServer({ root: outDir, baseUrl: '/sdk/', port: 0 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await work?.cleanup();
});

const get = (rawPath: string, headers?: Record<string, string>) => rawRequest(server.port, rawPath, { headers });

describe('serve: a built site as a static host serves it', () => {
  it('binds to 127.0.0.1 and announces the base URL', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/sdk/`);
    expect(server.server.address()).toMatchObject({ address: '127.0.0.1' });
  });

  it('answers clean URLs with and without a trailing slash, and the file itself', async () => {
    const page = await readFile(path.join(siteOut, 'docs', 'intro', 'index.html'), 'utf8');
    for (const url of ['/sdk/docs/intro', '/sdk/docs/intro/', '/sdk/docs/intro/index.html']) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.body, url).toBe(page);
    }
    expect((await get('/sdk/')).body).toBe(await readFile(path.join(siteOut, 'index.html'), 'utf8'));
    expect((await get('/sdk/docs/guides/setup?tab=1')).status).toBe(200);
  });

  it('answers anything else with 404.html and status 404', async () => {
    for (const url of ['/sdk/docs/nope', '/sdk/docs/intro/extra', '/elsewhere', '/sdk/assets/missing.css']) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.body, url).toBe(notFoundHtml);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('redirects / and the base URL without its slash to the base URL', async () => {
    for (const url of ['/', '/sdk']) {
      const response = await get(url);
      expect(response.status, url).toBe(302);
      expect(response.headers.location).toBe('/sdk/');
    }
  });

  it('sends the right content types', async () => {
    const css = (await readdir(path.join(siteOut, 'assets', 'css')))[0];
    const expected: Record<string, string> = {
      '/sdk/docs/intro': 'text/html; charset=utf-8',
      '/sdk/robots.txt': 'text/plain; charset=utf-8',
      '/sdk/img/logo.svg': 'image/svg+xml; charset=utf-8',
      '/sdk/sitemap.xml': 'text/xml; charset=utf-8',
      [`/sdk/assets/css/${css}`]: 'text/css; charset=utf-8',
    };
    for (const [url, type] of Object.entries(expected)) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers['content-type'], url).toBe(type);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('caches hashed assets for good and revalidates HTML', async () => {
    const css = (await readdir(path.join(siteOut, 'assets', 'css')))[0];
    expect((await get(`/sdk/assets/css/${css}`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/sdk/docs/intro')).headers['cache-control']).toBe('no-cache');
    expect((await get('/sdk/robots.txt')).headers['cache-control']).toBe('no-cache');
    const first = await get('/sdk/docs/intro');
    const again = await get('/sdk/docs/intro', { 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('tells hashed asset names from names that change in place', () => {
    for (const hashed of ['assets/css/theme.IYQFDKLR.css', 'assets/js/chunk.2CSOMVUM.js', 'assets/routes/mznr0j.9e0d0bdd.json', 'assets/search/index.a0d47df1aa.json']) {
      expect(isHashedAsset(hashed), hashed).toBe(true);
    }
    for (const changing of ['assets/data/routes-0.json', 'assets/search/index.json', 'assets/fonts/inter.woff2', 'img/logo.ABCDEFGH.svg', 'assets/notes.readme.txt']) {
      expect(isHashedAsset(changing), changing).toBe(false);
    }
  });

  it('compresses text with brotli or gzip as the client accepts, and leaves small files and images alone', async () => {
    const plain = await get('/sdk/docs/intro');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.body));
    expect(plain.headers.vary).toBe('Accept-Encoding');

    const gzip = await get('/sdk/docs/intro', { 'Accept-Encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe(plain.body);
    expect(gzip.encodedLength).toBeLessThan(plain.body.length / 2);

    const brotli = await get('/sdk/docs/intro', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toBe(plain.body);

    const refused = await get('/sdk/docs/intro', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();

    const small = await get('/sdk/robots.txt', { 'Accept-Encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const notFound = await get('/sdk/nope', { 'Accept-Encoding': 'gzip' });
    expect(notFound.status).toBe(404);
    expect(notFound.headers['content-encoding']).toBe('gzip');
    expect(notFound.body).toBe(notFoundHtml);
  });

  it('negotiates encodings by weight', () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
  });

  it('refuses paths that try to leave the output folder, in every encoding, and symlinks that point outside', async () => {
    const attempts = [
      '/sdk/../secret.txt',
      '/sdk/../../secret.txt',
      '/sdk/docs/../../secret.txt',
      '/sdk/%2e%2e/secret.txt',
      '/sdk/%2E%2E/%2e%2e/secret.txt',
      '/sdk/..%2fsecret.txt',
      '/sdk/..%2F..%2Fsecret.txt',
      '/sdk/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/sdk/..%5csecret.txt',
      '/sdk/..\\..\\secret.txt',
      '/sdk/%252e%252e/secret.txt',
      '/sdk/docs%00/intro',
      '/sdk/./docs/intro',
      '/sdk/%c0%ae%c0%ae/secret.txt',
      '/sdk/leak.txt',
      '/sdk/linked/secret.txt',
      '/sdk/linked/',
    ];
    for (const attempt of attempts) {
      const response = await get(attempt);
      expect(response.status, attempt).toBe(404);
      expect(response.body, attempt).not.toContain(secret);
    }
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await rawRequest(server.port, '/sdk/docs/intro', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    const post = await rawRequest(server.port, '/sdk/docs/intro', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('answers a byte range with 206, one past the end with 416, and the whole file when If-Range is stale', async () => {
    const css = `/sdk/assets/css/${(await readdir(path.join(siteOut, 'assets', 'css')))[0]}`;
    const whole = await get(css);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = Buffer.byteLength(whole.body);
    const cases: [string, number, number][] = [
      ['bytes=0-9', 0, 9],
      ['bytes=10-', 10, size - 1],
      ['bytes=-5', size - 5, size - 1],
      [`bytes=5-${size + 100}`, 5, size - 1],
    ];
    for (const [range, start, end] of cases) {
      // A range is of the bytes as stored, so it is never compressed.
      const partial = await get(css, { Range: range, 'Accept-Encoding': 'gzip, br' });
      expect(partial.status, range).toBe(206);
      expect(partial.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
      expect(partial.headers['content-encoding'], range).toBeUndefined();
      expect(partial.body, range).toBe(Buffer.from(whole.body).subarray(start, end + 1).toString());
    }
    const past = await get(css, { Range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    const stale = await get(css, { Range: 'bytes=0-9', 'If-Range': 'Wed, 21 Oct 2015 07:28:00 GMT' });
    expect(stale.status).toBe(200);
    expect(stale.body).toBe(whole.body);
    const current = await get(css, { Range: 'bytes=0-9', 'If-Range': String(whole.headers['last-modified']) });
    expect(current.status).toBe(206);
  });

  it('revalidates with any form of If-None-Match, and a 304 still says Vary', async () => {
    const first = await get('/sdk/docs/intro', { 'Accept-Encoding': 'gzip' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const strong = etag.slice(2);
    for (const ifNoneMatch of [etag, strong, `"other", ${etag}`, `W/"other",${strong}`, '*']) {
      const again = await get('/sdk/docs/intro', { 'If-None-Match': ifNoneMatch, 'Accept-Encoding': 'gzip' });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.headers.vary, ifNoneMatch).toBe('Accept-Encoding');
      expect(again.headers.etag, ifNoneMatch).toBe(etag);
    }
    expect((await get('/sdk/docs/intro', { 'If-None-Match': '"other", W/"else"' })).status).toBe(200);
  });

  it('sends .ico files as image/x-icon', async () => {
    const icon = await get('/sdk/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/x-icon');
  });

  it('streams files too big to hold, with ranges and compression', async () => {
    const big = Array.from({ length: 60_000 }, (_, line) => `line ${line} of a large text file`).join('\n');
    await writeFile(path.join(siteOut, 'big.txt'), big);
    const whole = await get('/sdk/big.txt', { 'Accept-Encoding': 'gzip' });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBe('gzip');
    expect(whole.body).toBe(big);
    const partial = await get('/sdk/big.txt', { Range: 'bytes=1000000-1000009' });
    expect(partial.status).toBe(206);
    expect(partial.body).toBe(big.slice(1_000_000, 1_000_010));
    expect(partial.headers['content-range']).toBe(`bytes 1000000-1000009/${big.length}`);
  });

  it('never puts a path on disk in an error response', async () => {
    const outRoot = path.dirname(siteOut);
    const logged: string[] = [];
    const failing = await startStaticServer({
      port: 0,
      onError: (error, url) => logged.push(`${url}: ${error.message}`),
      files: () => ({
        baseUrl: '/sdk/',
        get: async () => {
          throw Object.assign(new Error(`ENOENT: no such file or directory, realpath '${path.join(outRoot, 'sdk', 'docs', 'intro')}'`), { code: 'ENOENT' });
        },
      }),
    });
    try {
      const response = await rawRequest(failing.port, '/sdk/docs/intro');
      expect(response.status).toBe(500);
      expect(response.body).not.toContain(outRoot);
      expect(response.body).not.toMatch(/ENOENT|realpath|\//);
      // The terminal gets the whole story.
      expect(logged).toEqual([expect.stringContaining(`/sdk/docs/intro: ENOENT: no such file or directory, realpath '${outRoot}`)]);
    } finally {
      await failing.close();
    }
  });

  it('says clearly that a port is taken, or moves to the next free one when allowed', async () => {
    const root = path.dirname(siteOut);
    await expect(startStaticServer({ root, baseUrl: '/sdk/', port: server.port })).rejects.toThrow(PortInUseError);
    await expect(startStaticServer({ root, baseUrl: '/sdk/', port: server.port })).rejects.toThrow(
      `Port ${server.port} on 127.0.0.1 is already in use.`,
    );
    const next = await startStaticServer({ root, baseUrl: '/sdk/', port: server.port, portAttempts: 5 });
    try {
      expect(next.port).toBeGreaterThan(server.port);
      expect(next.port).toBeLessThanOrEqual(server.port + 5);
      expect((await rawRequest(next.port, '/sdk/docs/intro')).status).toBe(200);
    } finally {
      await next.close();
    }
  });
});

describe('plain serve while sdkdocs build replaces the output', () => {
  it("still answers a replaced build's hashed assets, so a page loaded just before keeps working", async () => {
    const copy = await copySite(fixture('serve-site'));
    const outDir = path.join(copy.dir, 'out');
    let plain: SiteServer | undefined;
    try {
      await buildSite(copy.dir, { outDir });
      plain = await serve({ siteDir: copy.dir, outDir, port: 0, logger: createMemoryLogger() });
      const assetsOf = async () => new Set((await readdir(path.join(outDir, 'sdk', 'assets'), { recursive: true })).map((file) => `assets/${file}`).filter(isHashedAsset));
      const before = await assetsOf();
      const earlier = new Map(await Promise.all([...before].map(async (asset) => [asset, await readFile(path.join(outDir, 'sdk', asset))] as const)));
      expect((await rawRequest(plain.port, '/sdk/docs/intro')).status).toBe(200);

      const intro = path.join(copy.dir, 'docs', 'intro.md');
      await writeFile(intro, `${await readFile(intro, 'utf8')}\n\nA paragraph the next build adds.\n`);
      await buildSite(copy.dir, { outDir });
      const after = await assetsOf();
      const replaced = [...before].filter((asset) => !after.has(asset));
      expect(replaced.length).toBeGreaterThan(0);

      for (const asset of replaced) {
        const response = await rawRequest(plain.port, `/sdk/${asset}`);
        expect(response.status, asset).toBe(200);
        expect(response.body, asset).toBe(earlier.get(asset)!.toString());
      }
      for (const asset of after) expect((await rawRequest(plain.port, `/sdk/${asset}`)).status, asset).toBe(200);
      expect((await rawRequest(plain.port, '/sdk/assets/never-built.0123abcd.js')).status).toBe(404);
    } finally {
      await plain?.close();
      await copy.cleanup();
    }
  }, 120_000);
});
