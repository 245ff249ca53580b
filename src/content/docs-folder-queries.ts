import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import type { BuildContext, DocSource, Site } from '../core/site.js';
import { createQueryEngine, type Query, type QueryEngine } from '../engine/query-engine.js';
import { decodeSourceText, listDocsFolder, maxDocBytes, readSourceText, type DocsFolderListing, type SourceText } from './read-source.js';
import { contentDirOf } from '../config/resolve.js';

/*
 * Reading the docs folder as queries on the build's engine: a serve --watch rebuild walks the
 * folder again only when something in a folder it walked was added, removed or renamed, and
 * reads again only the category files that changed, because the engine recorded what each read.
 */

/** The files under the docs folder (see {@link listDocsFolder}). */
export const docsFolderListing: Query<{ docsDir: string; siteDir: string }, DocsFolderListing> = {
  name: 'docsFolderListing',
  async run(context, { docsDir, siteDir }) {
    // The walk follows symbolic links and reports what it cannot read, which the engine's listing
    // does not: it walks with node:fs, and each folder it walked is recorded as a read here, so
    // that an entry added, removed or renamed in any of them lists the folder again.
    const listing = await listDocsFolder(docsDir, siteDir);
    for (const folder of listing.folders) context.listFolder(folder);
    return listing;
  },
};

/** A category file's text, or the diagnostics of why it has none (see {@link readSourceText}). */
export const categoryFileText: Query<string, SourceText> = {
  name: 'categoryFileText',
  run(context, file) {
    const bytes = context.readBytes(file);
    // A missing, unreadable or oversized file: readSourceText says which, at the file.
    return bytes && bytes.length <= maxDocBytes ? decodeSourceText(bytes, file) : readSourceText(file);
  },
};

/** A doc's source as collectContent finds it, or the diagnostics of why it has none. */
export interface ReadDocSource {
  source?: DocSource;
  diagnostics: Diagnostic[];
}

/**
 * A doc file's source. Kept, it is the last build's object (an edit that leaves the text as it was
 * keeps it too, by early cutoff), which tells later stages at the reference check that the doc is
 * unchanged.
 */
export const docSourceQuery: Query<{ file: string; docsDir: string }, ReadDocSource> = {
  name: 'docSource',
  run(context, { file, docsDir }) {
    const bytes = context.readBytes(file);
    // A missing, unreadable or oversized file: readSourceText says which, at the file.
    const { text: raw, diagnostics } = bytes && bytes.length <= maxDocBytes ? decodeSourceText(bytes, file) : readSourceText(file);
    if (raw === undefined) return { diagnostics };
    const relativePath = path.relative(docsDir, file).split(path.sep).join('/');
    const dir = path.posix.dirname(relativePath);
    return { source: { file, relativePath, dir: dir === '.' ? '' : dir, raw }, diagnostics };
  },
};

/** The engine a stage asks: the build's, or (a stage run on its own, as tests do) one of its own. */
export function engineOf(ctx: BuildContext): QueryEngine {
  return ctx.engine ?? createQueryEngine();
}

/** The docs folder's listing, and whether serve --watch kept the previous build's. */
export async function listDocsFolderForBuild(site: Site, ctx: BuildContext, engine: QueryEngine, docsDir: string): Promise<DocsFolderListing> {
  const { result: listing, reused } = await engine.answer(docsFolderListing, { docsDir, siteDir: contentDirOf(site.config) });
  if (reused) ctx.logger.debug('collectContent: docs folder listing kept from the previous build');
  // What made a listing fail (a folder's permissions, a link's target) may change where no
  // watcher looks: the folders of a listing that reported a problem are looked at again next
  // build rather than trusted until the watcher names a change.
  if (listing.diagnostics.length > 0) engine.invalidate([docsDir]);
  return listing;
}

/** The texts of the category files, each read again only when it changed. */
export async function readCategoryTexts(ctx: BuildContext, engine: QueryEngine, files: readonly string[]): Promise<SourceText[]> {
  // Said of a rebuild only: one whose engine read some of these files before.
  const rebuild = files.some((file) => engine.holds(categoryFileText, file));
  const answers = await Promise.all(files.map((file) => engine.answer(categoryFileText, file)));
  const read = answers.filter((answer) => !answer.reused).length;
  if (rebuild) ctx.logger.debug(`collectContent: ${files.length - read} category files kept from the previous build, ${read} read`);
  return answers.map((answer) => answer.result);
}
