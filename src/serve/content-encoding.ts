import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Transform } from 'node:stream';

export type ContentEncoding = 'br' | 'gzip';

/** Below this size compression costs more than it saves. */
const minimumCompressedSize = 1024;

/** Text formats worth compressing; images, fonts and archives are compressed already. */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(javascript|json|manifest\+json|xml|wasm)|image\/svg\+xml)/.test(contentType);
}

/**
 * Picks the encoding from an `Accept-Encoding` header: brotli before gzip at equal weight,
 * nothing for `q=0` or a missing header. `*` stands for any encoding not listed.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weightOf = (encoding: ContentEncoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce<ContentEncoding | undefined>(
    (chosen, encoding) => (weightOf(encoding) > (chosen ? weightOf(chosen) : 0) ? encoding : chosen),
    undefined,
  );
  return best;
}

/** Whether a response of this type and size should be compressed with the negotiated encoding. */
export function shouldCompress(contentType: string, size: number, encoding: ContentEncoding | undefined): encoding is ContentEncoding {
  return encoding !== undefined && size >= minimumCompressedSize && isCompressible(contentType);
}

/**
 * A compressing stream. Brotli runs at quality 4: on the fly, its default (11) takes hundreds of
 * milliseconds for a large page, while 4 is about as fast as gzip and still smaller.
 */
export function createCompressor(encoding: ContentEncoding, size: number): Transform {
  return encoding === 'br' ? zlib.createBrotliCompress(brotliOptions(size)) : zlib.createGzip(gzipOptions);
}

const gzipOptions: zlib.ZlibOptions = { level: 6 };

function brotliOptions(size: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      // The smallest window that holds the whole body: brotli's default of 4 MiB per stream is
      // what made the server's memory grow under load.
      [zlib.constants.BROTLI_PARAM_LGWIN]: Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.min(22, Math.ceil(Math.log2(Math.max(size, 1) + 16)))),
    },
  };
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compresses a whole body off the main thread, with the same settings as {@link createCompressor}. */
export function compressBody(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotliCompress(body, brotliOptions(body.length)) : gzip(body, gzipOptions);
}
