import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { locateConfigKey } from '../config/locate-key.js';
import type { Site } from '../core/site.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { isExternalUrl } from '../shared/paths.js';

/**
 * Warns about each Open Graph image (config `image`, a doc's front matter `image`, a generated
 * index's `link.image`) that names a file of the site that the static folder does not hold: the
 * card would show no picture, and nothing else would tell.
 */
export function checkSocialImages(site: Site): void {
  const { config } = site;
  const missing = (image: string) => !isExternalUrl(image) && !existsSync(staticFileOf(site, image));
  const warning = (key: string, image: string, whose: string, place: Pick<Diagnostic, 'file' | 'line' | 'column'>): Diagnostic => ({
    severity: 'warning',
    code: 'image',
    message: `${key}: ${image} is not a file of the static folder, so link previews of ${whose} show no image.`,
    ...place,
    hint: `Put the image at ${path.relative(config.siteDir, staticFileOf(site, image)).split(path.sep).join('/')}, or give a full URL (https://…).`,
  });
  if (config.image && missing(config.image)) {
    site.diagnostics.push(warning('image', config.image, 'the site', { file: config.configFile, ...locateConfigKey(config, ['image']) }));
  }
  for (const doc of site.docs) {
    const image = doc.frontMatter.image;
    if (image && missing(image)) site.diagnostics.push(warning('image', image, 'this page', { file: doc.source.file, ...doc.frontMatterPositions.image }));
  }
  for (const category of site.categories) {
    const link = category.metadata.link;
    if (link?.type !== 'generated-index' || !link.image || !missing(link.image) || !category.file) continue;
    const source = readSource(category.file);
    const line = source.split('\n').findIndex((text) => /["']?image["']?\s*:/.test(text));
    site.diagnostics.push(warning('link.image', link.image, 'the category page', { file: category.file, ...(line >= 0 ? { line: line + 1 } : {}) }));
  }
}

/** Where a site path (`/img/card.png`, with or without the base URL) would be in the static folder. */
function staticFileOf(site: Site, image: string): string {
  const { baseUrl, paths } = site.config;
  let relative = image.split(/[?#]/)[0];
  if (relative.startsWith(baseUrl)) relative = relative.slice(baseUrl.length);
  try {
    relative = decodeURI(relative);
  } catch {
    // Not percent-encoded after all: the path as written.
  }
  return path.join(paths.static, ...relative.split('/').filter((segment) => segment && segment !== '.'));
}

function readSource(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
