import { createHash } from 'node:crypto';
import { compilerFingerprint } from '../core/compiler-fingerprint.js';
import type { Page } from '../core/site.js';
import type { PageSurroundings } from './page-document.js';

/**
 * Names the inputs a page's document is made from, for the output sink to carry an unchanged
 * document over from the published output: the page's route data (content included), what
 * surrounds every page (site data, sidebars, data file and asset names) and the rendering code
 * itself. Custom pages have none: they render React components whose code it does not cover.
 */
export function createDocumentFingerprints(surroundings: PageSurroundings) {
  const surroundingsHash = createHash('sha256').update(compilerFingerprint()).update(JSON.stringify(surroundings)).digest('hex');
  /** `routeDataDigest` is the SHA-256 of the page's route data as JSON, when the caller has it already. */
  return (page: Page, routeDataDigest?: string): string | undefined => {
    if (page.component) return undefined;
    const dataDigest = routeDataDigest ?? createHash('sha256').update(JSON.stringify(page.data)).digest('hex');
    return createHash('sha256').update(surroundingsHash).update(page.route).update('\0').update(dataDigest).digest('hex');
  };
}
