import { statSync } from 'node:fs';
import path from 'node:path';
import { mayHaveChanged, type BuildContext, type Site } from '../core/site.js';
import { listDocsFolder, readSourceText, type ListedFile, type SourceText } from './read-source.js';
import { contentDirOf } from '../config/resolve.js';

/*
 * serve --watch: what reading the docs folder found in one build, for the next build to take
 * instead of walking every folder and reading every category file again when the watcher names
 * only changes to files it already had.
 */

type Listing = Awaited<ReturnType<typeof listDocsFolder>>;

/** Each build's listing of its docs folder, gone with its Site. */
const listings = new WeakMap<Site, { docsDir: string; listing: Listing }>();
/** Each build's category files' texts, by file. */
const categoryTexts = new WeakMap<Site, Map<string, SourceText>>();

/**
 * The files under the docs folder: the previous build's listing when every change under the
 * folder is to a file it listed that is still a file (an edit, not an addition, removal or
 * rename), else a fresh walk.
 */
export async function listDocsFolderForBuild(site: Site, ctx: BuildContext, docsDir: string): Promise<Listing> {
  const earlier = ctx.previous && listings.get(ctx.previous);
  const kept = earlier && earlier.docsDir === docsDir && earlier.listing.diagnostics.length === 0 && onlyListedFilesEdited(ctx, docsDir, earlier.listing.files);
  const listing = kept ? earlier.listing : await listDocsFolder(docsDir, contentDirOf(site.config));
  if (kept) ctx.logger.debug('collectContent: docs folder listing kept from the previous build');
  listings.set(site, { docsDir, listing });
  return listing;
}

function onlyListedFilesEdited(ctx: BuildContext, docsDir: string, files: ListedFile[]): boolean {
  if (!ctx.changedFiles) return false;
  let listed: Set<string> | undefined;
  for (const changed of ctx.changedFiles) {
    if (!isInside(changed, docsDir)) {
      if (isInside(docsDir, changed) || changed === docsDir) return false;
      continue;
    }
    listed ??= new Set(files.map(({ file }) => file));
    if (!listed.has(changed) || !isFile(changed)) return false;
  }
  return true;
}

/** The texts of the category files: the previous build's for a file the watcher did not name. */
export function readCategoryTexts(site: Site, ctx: BuildContext, files: string[]): SourceText[] {
  const earlier = ctx.previous && ctx.changedFiles ? categoryTexts.get(ctx.previous) : undefined;
  const texts = files.map((file) => {
    const kept = earlier?.get(file);
    return kept && !mayHaveChanged(ctx, file) ? kept : readSourceText(file);
  });
  const read = files.filter((file, index) => texts[index] !== earlier?.get(file)).length;
  if (earlier) ctx.logger.debug(`collectContent: ${files.length - read} category files kept from the previous build, ${read} read`);
  categoryTexts.set(site, new Map(files.map((file, index) => [file, texts[index]])));
  return texts;
}

function isInside(file: string, folder: string): boolean {
  return file.startsWith(folder + path.sep);
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
