import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { compilerFingerprint } from '../core/compiler-fingerprint.js';
import { readCacheFile, storeCacheFile } from '../core/cache-file.js';
import type { Page } from '../core/site.js';
import type { StagingFolder } from '../core/site.js';
import { resolveOutputPath } from '../write/output-path.js';
import type { PageSurroundings } from './page-document.js';

/** What the last published build rendered each document from: its output folder and one hash per document. */
interface PublishedManifest {
  siteOut: string;
  documents: Record<string, string>;
}

const manifestName = 'published-documents.json';

/**
 * Lets a full build take unchanged page documents from the output folder it is about to replace,
 * instead of rendering them again. A document is the same when its inputs are: the page's route
 * data (content included), what surrounds every page (site data, sidebars, data file and asset
 * names) and the rendering code itself. The hashes of the published build are kept in the cache
 * folder and written only once that build's output is in place, so they always describe it.
 * Unchanged documents are hard-linked into the staging folder (copied where links fail).
 */
export function openPublishedDocuments(cacheDir: string, siteOut: string, surroundings: PageSurroundings) {
  const manifestFile = path.join(cacheDir, manifestName);
  const published = readManifest(manifestFile);
  const usable = published?.siteOut === siteOut ? published.documents : {};
  const surroundingsHash = createHash('sha256').update(compilerFingerprint()).update(JSON.stringify(surroundings)).digest('hex');
  const documents: Record<string, string> = {};

  return {
    /**
     * Puts the published document of a page into the staging folder when its inputs did not
     * change, and says whether it did; records the page's hash either way. `routeDataDigest` is
     * the SHA-256 of the page's route data as JSON, when the caller has it already.
     */
    reuse(page: Page, outputPath: string, staging: StagingFolder, routeDataDigest?: string): boolean {
      // Custom pages render React components whose code the hash does not cover.
      if (page.component) return false;
      const dataDigest = routeDataDigest ?? createHash('sha256').update(JSON.stringify(page.data)).digest('hex');
      const hash = createHash('sha256').update(surroundingsHash).update(page.route).update('\0').update(dataDigest).digest('hex');
      documents[outputPath] = hash;
      const source = path.join(siteOut, outputPath);
      if (usable[outputPath] !== hash || !existsSync(source)) return false;
      const target = resolveOutputPath(staging.siteOut, outputPath);
      mkdirSync(path.dirname(target), { recursive: true });
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
      staging.recordWritten(outputPath);
      return true;
    },
    /** Records this build's hashes; call once its output has been published. */
    writeManifest(): void {
      // Without the manifest the next build renders every document: slower, never wrong.
      storeCacheFile(manifestFile, JSON.stringify({ siteOut, documents } satisfies PublishedManifest));
    },
  };
}

export type PublishedDocuments = ReturnType<typeof openPublishedDocuments>;

function readManifest(file: string): PublishedManifest | undefined {
  try {
    return JSON.parse(readCacheFile(file) ?? '') as PublishedManifest;
  } catch {
    return undefined;
  }
}

/**
 * Deletes the record of the published build: called when the output folder is written without
 * one (serve --watch writes it in place), so a later build never trusts hashes of files that changed.
 */
export function forgetPublishedDocuments(cacheDir: string): void {
  rmSync(path.join(cacheDir, manifestName), { force: true });
}
