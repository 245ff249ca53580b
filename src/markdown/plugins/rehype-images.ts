import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Element, Root } from 'hast';
import { imageSize } from 'image-size';
import type { VFile } from 'vfile';
import type { SourceLink, DocImage } from '../../model/compiled-doc.js';
import type { ReadBounds, ReadBoundsFactory } from '../../model/read-bounds.js';
import { isExternalUrl, joinUrlPath, withBaseUrl } from '../../shared/paths.js';
import { unsafeScheme } from '../../shared/safe-url.js';
import { addDocMessage } from './doc-messages.js';
import { walkTree } from './walk-tree.js';
import { fingerprintOfContents } from '../../engine/query-engine.js';

/** Folder of the output, under the site root, that image assets go to. */
export const imageAssetsDir = 'assets/images';

/**
 * Images next to a doc (`![shot](./img/shot.png)`, `<img src="../assets/diagram.svg">`): each
 * relative path in an `img` `src` or in a `srcset` of `img` or `source` (`<picture>`) is looked
 * up against the doc's own file, recorded in `file.data.images` to be copied as
 * `assets/images/{name}.{hash}.{ext}`, and replaced by that URL; an `img` also gets the image's
 * width and height where the author gave no size (so the page does not jump as images load). A missing file is an error naming the path looked for. Absolute paths (`/img/x.png`)
 * mean the static folder and get the base URL; other sites' images are left alone. A path that
 * leads out of the site (`../../../../etc/passwd`, or a symbolic link to such a file) is an
 * error, and the file is neither read nor published.
 *
 * Runs only for files that ask for it (`file.data.images`, an array: docs, not TSDoc comments).
 * Each processor reads an image once (a processor compiles one build's docs): nothing read is
 * kept past the build.
 */
export default function rehypeImages(options: { readBounds?: ReadBoundsFactory } = {}) {
  const createReadBounds = options.readBounds ?? noFileMayBeRead;
  const readImage = createImageReader();
  const boundsByFolders = new Map<string, ReadBounds>();
  return (tree: Root, file: VFile) => {
    const images = file.data.images;
    const context = file.data.linkContext;
    if (!images || !context || !file.path) return;
    // A text without an image (markdown's `![`, or an `<img>` or `<source>` as HTML) is not walked.
    if (typeof file.value === 'string' && !/!\[|<img|<source/i.test(file.value)) return;
    const docDir = path.dirname(file.path);
    const roots = [context.siteDir ?? context.docsDir, context.docsDir];
    const boundsKey = roots.join('\0');
    let bounds = boundsByFolders.get(boundsKey);
    if (!bounds) boundsByFolders.set(boundsKey, (bounds = createReadBounds(roots)));
    const links: SourceLink[] = (file.data.links ??= []);

    /** The URL an image's `src` (or a `srcset` candidate) becomes; undefined to leave it as written. */
    const rewrite = (src: string, element: Element): { url: string; image?: ReadImage } | undefined => {
      // A URL that would run script (` javascript:…` too, however spaced) is the safe-URL rule's: removed with its warning.
      if (src === '' || isExternalUrl(src) || src.startsWith('#') || unsafeScheme(src, element.tagName) !== undefined) return undefined;
      const position = element.position?.start;
      if (src.startsWith('/')) {
        const resolved = withBaseUrl(src, context.baseUrl);
        links.push({ url: src, resolved, kind: 'route', file: file.path, line: position?.line, column: position?.column });
        return { url: resolved };
      }
      const [target, suffix] = splitSuffix(src);
      const imageFile = path.resolve(docDir, safeDecodeUri(target));
      const outside = bounds.outside(imageFile);
      if (outside !== undefined) {
        addDocMessage(file, {
          severity: 'error',
          code: 'image-outside-site',
          ...bounds.describeOutside('Image', src, outside),
          line: position?.line,
          column: position?.column,
        });
        return { url: '' };
      }
      const found = readImage(imageFile);
      file.data.compileReads?.files.push({ kind: 'file', path: imageFile, fingerprint: found?.fingerprint ?? fingerprintOfContents(undefined) });
      if (!found) {
        images.push({ file: imageFile, output: '' });
        addDocMessage(file, {
          severity: 'error',
          code: 'missing-image',
          message: `Image not found: ${src}. Looked for ${imageFile}.`,
          hint: 'Image paths are relative to the markdown file; put the image there or fix the path. Files of the static folder are written from the site root: /img/name.png.',
          line: position?.line,
          column: position?.column,
        });
        return undefined;
      }
      const output = `${imageAssetsDir}/${outputName(imageFile, found.hash)}`;
      images.push({ file: imageFile, output, hash: found.hash });
      return { url: encodeURI(joinUrlPath(context.baseUrl, output)) + suffix, image: found };
    };

    walkTree(tree, (node) => {
      if (node.type !== 'element') return;
      const element = node as Element;
      if (element.tagName !== 'img' && element.tagName !== 'source') return;
      // `<picture><source srcset="./dark.png" media="…">`: light and dark variants, as READMEs have them.
      const srcSet = element.properties.srcSet;
      if (typeof srcSet === 'string') {
        element.properties.srcSet = srcsetCandidates(srcSet)
          .map((candidate) => {
            const [url, ...descriptor] = candidate.split(/\s+/);
            const rewritten = rewrite(url, element);
            return rewritten ? [rewritten.url, ...descriptor].join(' ') : candidate;
          })
          .join(', ');
      }
      const src = element.properties.src;
      if (element.tagName !== 'img' || typeof src !== 'string') return;
      const rewritten = rewrite(src, element);
      if (!rewritten) return;
      // An image refused (an error of the build) keeps no src: React would warn of an empty one.
      if (rewritten.url === '') delete element.properties.src;
      else element.properties.src = rewritten.url;
      const size = rewritten.image?.size;
      if (size && element.properties.width === undefined && element.properties.height === undefined) {
        element.properties.width = size.width;
        element.properties.height = size.height;
      }
    });
  };
}

interface ReadImage {
  hash: string;
  /** The engine's fingerprint of the file, which the doc's compile records as read. */
  fingerprint: string;
  size?: { width: number; height: number };
}

/** An image's content hash and its pixel size (when its format tells it); undefined when there is no such file. */
export type ImageReader = (file: string) => ReadImage | undefined;

/**
 * An {@link ImageReader} that reads each file once while it keeps the modification time and size
 * it had. Its owner decides how long it lives: a build's processor, or a watch session's memory.
 */
export function createImageReader(): ImageReader {
  const readImages = new Map<string, { mtimeMs: number; bytes: number; image: ReadImage }>();
  return (file) => readImage(file, readImages);
}

function readImage(file: string, readImages: Map<string, { mtimeMs: number; bytes: number; image: ReadImage }>): ReadImage | undefined {
  let stats;
  try {
    stats = statSync(file);
  } catch {
    return undefined;
  }
  if (!stats.isFile()) return undefined;
  const known = readImages.get(file);
  if (known && known.mtimeMs === stats.mtimeMs && known.bytes === stats.size) return known.image;
  const contents = readFileSync(file);
  const image: ReadImage = { hash: createHash('sha256').update(contents).digest('hex').slice(0, 8), fingerprint: fingerprintOfContents(contents) };
  try {
    const { width, height } = imageSize(contents);
    if (width && height) image.size = { width, height };
  } catch {
    // A format image-size does not know: the image is copied all the same, without a size.
  }
  readImages.set(file, { mtimeMs: stats.mtimeMs, bytes: stats.size, image });
  return image;
}

/** `shot.png` → `shot.1a2b3c4d.png`, with characters that need escaping in URLs replaced. */
function outputName(file: string, hash: string): string {
  const extension = path.extname(file);
  const name = path.basename(file, extension).replace(/[^\w.-]+/g, '-') || 'image';
  return `${name}.${hash}${extension.toLowerCase()}`;
}

/**
 * `a.png 1x, b.png 2x` → its candidates. A comma ends a candidate when whitespace or a descriptor
 * is next to it, so the comma of a `data:` URL does not.
 */
function srcsetCandidates(srcset: string): string[] {
  return srcset.split(/(?<=\s[\d.]+[wxh])\s*,\s*|,\s+/).map((candidate) => candidate.trim()).filter((candidate) => candidate !== '');
}

/** `./a.svg#icon` → [`./a.svg`, `#icon`]: the file to look up, and what follows it in the URL. */
function splitSuffix(src: string): [string, string] {
  const end = src.search(/[?#]/);
  return end === -1 ? [src, ''] : [src.slice(0, end), src.slice(end)];
}

function safeDecodeUri(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/** An image file a doc's compile read, with the fingerprint the engine gives its bytes. */
export interface ImageRead {
  kind: 'file';
  path: string;
  fingerprint: string;
}

declare module 'vfile' {
  interface DataMap {
    /** Set per file by the caller to have images copied as assets; filled with the images found. */
    images: DocImage[];
    /** Set per file by the caller to learn which image files the compile read. */
    compileReads: { files: ImageRead[] };
  }
}

/** The guard of a processor made without the site's read bounds: it reads no image at all. */
const noFileMayBeRead: ReadBoundsFactory = (roots) => ({
  roots,
  outside: (file) => path.resolve(file),
  describeOutside: (what, written) => ({
    message: `${what} ${JSON.stringify(written)} was not read: this markdown processor was made without the site's read bounds.`,
    hint: 'Pass `readBounds` (src/core/path-bounds.ts createReadBounds) to createMarkdownProcessor.',
  }),
});
