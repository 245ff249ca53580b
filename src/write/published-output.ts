import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readCacheFile, storeCacheFile } from '../core/cache-file.js';

/** What the last published build made each reusable file from: its output folder and one fingerprint per file. */
interface PublishedManifest {
  siteOut: string;
  documents: Record<string, string>;
}

const manifestName = 'published-documents.json';

/**
 * The output a full build is about to replace, as far as it can be reused: the fingerprint of
 * the inputs each of its files was made from (kept in the cache folder, written only once that
 * build's output is in place, so it always describes it). A stage names a file's inputs with a
 * fingerprint; when it matches the published one, the published file is the file to write.
 */
export function openPublishedOutput(cacheDir: string, siteOut: string) {
  const manifestFile = path.join(cacheDir, manifestName);
  const published = readManifest(manifestFile);
  const usable = published?.siteOut === siteOut ? published.documents : {};
  const fingerprints: Record<string, string> = {};
  let asked = false;

  return {
    /** The published file of `outputPath` when it was made from the same inputs; records the fingerprint either way. */
    unchangedFile(outputPath: string, fingerprint: string): string | undefined {
      asked = true;
      fingerprints[outputPath] = fingerprint;
      const source = path.join(siteOut, outputPath);
      return usable[outputPath] === fingerprint && existsSync(source) ? source : undefined;
    },
    /** Records this build's fingerprints, once its output is in place; without any, forgets the old ones. */
    save(): void {
      // Without the manifest the next build makes every file again: slower, never wrong.
      if (asked) storeCacheFile(manifestFile, JSON.stringify({ siteOut, documents: fingerprints } satisfies PublishedManifest));
      else forgetPublishedOutput(cacheDir);
    },
  };
}

function readManifest(file: string): PublishedManifest | undefined {
  try {
    return JSON.parse(readCacheFile(file) ?? '') as PublishedManifest;
  } catch {
    return undefined;
  }
}

/**
 * Deletes the record of the published build: called when the output folder is written without
 * one (serve --watch writes it in place), so a later build never trusts fingerprints of files that changed.
 */
export function forgetPublishedOutput(cacheDir: string): void {
  rmSync(path.join(cacheDir, manifestName), { force: true });
}
