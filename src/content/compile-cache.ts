import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fingerprint, heldByMemory, openItemStore, type ItemMemory, type ItemStore } from '../core/item-store.js';
import type { CompiledDoc } from '../model/compiled-doc.js';
import type { ParseContext, ParseTask } from './parse-task.js';
import { createImageReader, imagesUnchanged } from '../markdown/plugins/rehype-images.js';
import { resolveMarkdownLink } from '../markdown/plugins/remark-links.js';
import { compilerFingerprint } from '../core/compiler-fingerprint.js';
export { compilerFingerprint };

/**
 * Compiled docs in the item store (`node_modules/.cache/sdkdocs/docs`), keyed by the hash of everything a
 * doc's compilation reads: the markdown, its file, route and title, the base URL, the diagram
 * setting and the compiler itself. A second build compiles only what changed.
 *
 * A doc's `.md` links also depend on other docs' routes, which the key cannot hold: an entry is
 * used only when each of its `.md` links still resolves where it did, and each image it shows
 * still has the content it had.
 *
 * Entries are stored in packs of a batch of docs each, listed by `index.json`: a file per doc
 * made a cold build of 10,000 pages create (and the next one delete) 10,000 more files, and on
 * this kind of disk creating and deleting files is what costs most after parsing.
 */
export interface CompileCache {
  /** The entry's key for a task; pass it back to {@link get}. */
  keyOf(task: ParseTask): string;
  get(key: string): CompiledDoc | undefined;
  /** Stores docs compiled in this build, as one pack. */
  add(entries: readonly CompileCacheEntry[]): void;
  /**
   * Ends the build: the index lists exactly the entries it used (`used`, every doc compiled or
   * taken from the cache); a pack mostly of entries it did not use is written anew with only the
   * used ones, and every file the index does not list goes: the cache holds the site's last
   * generation, and at most as much again of entries no longer listed inside its packs.
   */
  finish(used: readonly CompileCacheEntry[]): void;
  readonly work: CompileCacheWork;
}

export interface CompileCacheEntry {
  key: string;
  compiled: CompiledDoc;
}

/** `index.json`: each pack's file name with the keys of the entries in it. */
interface PackIndex {
  packs: Record<string, string[]>;
  /** How many entries each pack holds, where the index lists fewer (the others no longer used). */
  stored?: Record<string, number>;
}

const indexFile = 'index.json';
/** Docs per pack when `finish` writes packs anew (the parse workers' batches are this size too). */
const packSize = 25;
/** Packs a thread keeps parsed: docs compile in batches that mostly match the packs they came from. */
const parsedPacksKept = 4;

/**
 * What a serve --watch session remembers of the last build through one cache folder, so a rebuild
 * does for each unchanged doc only what its change could have touched: the key of a doc whose
 * file, route, title and markdown are what they were is not hashed again, the `.md` links of an
 * entry the last build used are not resolved again while every doc keeps its route, and an index
 * that would list the same packs is not written again.
 */
interface CompileSession {
  contextKey?: string;
  keyByFile: Map<string, { route: string; title: string; toc: string; raw: string; key: string }>;
  /** The routes the last build's links were resolved against, and the entries whose links did resolve. */
  routeByFile?: ReadonlyMap<string, string>;
  linksResolved: Set<string>;
  /** The index as the last build left it on disk. */
  index?: PackIndex;
}

/** How much of the per-doc work one build did, for `--verbose` (and the tests that count it). */
export interface CompileCacheWork {
  keysHashed: number;
  linksResolved: number;
  indexWritten: boolean;
  packsWritten: number;
}

/**
 * With `memory` (serve --watch), every compiled doc this cache hands out or takes in is kept there
 * too: a rebuild finds unchanged docs without reading a pack, under the same key and the same
 * checks as a warm build.
 */
export function openCompileCache(
  dir: string,
  compiler: string,
  context: ParseContext,
  memory?: ItemMemory,
  /** What else an entry must pass to be used: its diagrams' figures are still stored. */
  stillValid?: (compiled: CompiledDoc) => boolean,
  /** Runs the writing of a pack, which may wait while this build's pages are served (serve --watch). */
  writeLater: (write: () => void) => void = (write) => write(),
): CompileCache {
  const contextKey = JSON.stringify([compiler, context.baseUrl, context.docsDir, context.siteDir, context.mermaid, context.themeBlocks ?? [], context.admonitions ?? null, context.sitePluginsKey ?? null, context.mdxComponentNames ?? [], context.contentDir ?? null]);
  const store = openItemStore(dir, memory);
  const session = heldByMemory<CompileSession>(memory, `compile-cache:session:${dir}`, () => ({ keyByFile: new Map(), linksResolved: new Set() }));
  if (session.contextKey !== contextKey) {
    session.contextKey = contextKey;
    session.keyByFile.clear();
    session.linksResolved.clear();
    session.routeByFile = undefined;
  }
  // Every `.md` link resolves through the routes alone: while none moved, a link that resolved last build still does.
  const routesAsBefore = session.routeByFile !== undefined && sameRoutes(session.routeByFile, context.routeByFile);
  const linksResolvedBefore = routesAsBefore ? session.linksResolved : new Set<string>();
  session.routeByFile = context.routeByFile;
  session.linksResolved = new Set();
  const work: CompileCacheWork = { keysHashed: 0, linksResolved: 0, indexWritten: false, packsWritten: 0 };
  // The images cached docs show, each read once: per build, or per serve --watch session.
  const { readImage } = heldByMemory(memory, 'compile-cache:images', () => ({ readImage: createImageReader() }));
  const packOfKey = new Map<string, string>();
  const indexAtStart = session.index ?? readIndex(store);
  for (const [pack, keys] of Object.entries(indexAtStart.packs)) for (const key of keys) packOfKey.set(key, pack);
  const parsedPacks = new Map<string, Record<string, CompiledDoc> | undefined>();
  const written: PackIndex['packs'] = {};

  const readPack = (pack: string): Record<string, CompiledDoc> | undefined => {
    if (parsedPacks.has(pack)) return parsedPacks.get(pack);
    const stored = store.get<Record<string, CompiledDoc> | null>(pack);
    const entries = typeof stored === 'object' && stored !== null ? stored : undefined;
    if (parsedPacks.size >= parsedPacksKept) parsedPacks.delete(parsedPacks.keys().next().value!);
    parsedPacks.set(pack, entries);
    return entries;
  };
  /** Stores entries as one pack, named by their keys; returns its name. */
  const writePack = (entries: readonly CompileCacheEntry[]): string => {
    work.packsWritten++;
    const keys = entries.map((entry) => entry.key);
    const pack = `pack-${fingerprint(keys).slice(0, 24)}.json`;
    store.set(pack, Object.fromEntries(entries.map((entry) => [entry.key, entry.compiled])));
    written[pack] = keys;
    return pack;
  };

  const linksResolveAsStored = (compiled: CompiledDoc): boolean => {
    work.linksResolved++;
    const linkContext = { routeOfFile: (file: string) => context.routeByFile.get(file), docsDir: context.docsDir, siteDir: context.siteDir };
    return compiled.links.every((link) => link.kind !== 'markdown' || resolveMarkdownLink(link.url, link.file, linkContext) === link.resolved);
  };

  return {
    work,
    keyOf(task) {
      const known = session.keyByFile.get(task.file);
      // Unchanged sources are the previous build's strings, so this mostly ends at the reference check.
      const toc = task.tocLevels ? `${task.tocLevels.min}-${task.tocLevels.max}` : '';
      if (known && known.raw === task.raw && known.route === task.route && known.title === task.title && known.toc === toc) return known.key;
      work.keysHashed++;
      const key = fingerprint(contextKey, [task.file, task.route, task.title, toc], task.raw);
      session.keyByFile.set(task.file, { route: task.route, title: task.title, toc, raw: task.raw, key });
      return key;
    },
    get(key) {
      let compiled = store.recall<CompiledDoc>(key);
      if (!compiled) {
        const pack = packOfKey.get(key);
        compiled = pack === undefined ? undefined : readPack(pack)?.[key];
        if (!compiled || !Array.isArray(compiled.links)) return undefined;
        store.keep(key, compiled);
      }
      const linksStillResolve = linksResolvedBefore.has(key) || linksResolveAsStored(compiled);
      if (linksStillResolve) session.linksResolved.add(key);
      // An image's content hash is in its asset's name: a changed image means compiling again.
      return linksStillResolve && imagesUnchanged(compiled.images, readImage) && (stillValid?.(compiled) ?? true) ? compiled : undefined;
    },
    add(entries) {
      for (const entry of entries) {
        store.keep(entry.key, entry.compiled);
        // Compiled against this build's routes: its links resolve as it says.
        session.linksResolved.add(entry.key);
      }
      // Kept in memory above, the entries need their pack only from the next session on.
      if (entries.length > 0) writeLater(() => writePack(entries));
    },
    finish(used) {
      const previous = indexAtStart.packs;
      const usedKeys = new Set(used.map((entry) => entry.key));
      // Nothing compiled, and exactly the entries the index lists used: the folder already holds this generation.
      if (Object.keys(written).length === 0 && session.index === indexAtStart && listsExactly(previous, usedKeys)) return;
      const storedAgain = new Set(Object.values(written).flat());
      const kept: PackIndex['packs'] = {};
      const stored: Record<string, number> = {};
      // A pack from an earlier build is kept for the entries this build used and did not compile again,
      // while they are at least half of what it holds: a one-doc edit then writes one small pack
      // rather than its doc's whole pack again, and no pack is ever mostly entries nobody uses.
      for (const [pack, keys] of Object.entries(previous)) {
        if (pack in written) continue;
        const stillUsed = keys.filter((key) => usedKeys.has(key) && !storedAgain.has(key));
        const holds = indexAtStart.stored?.[pack] ?? keys.length;
        if (stillUsed.length === 0 || stillUsed.length * 2 < holds) continue;
        kept[pack] = stillUsed;
        if (stillUsed.length < holds) stored[pack] = holds;
      }
      for (const [pack, keys] of Object.entries(written)) if (keys.every((key) => usedKeys.has(key))) kept[pack] = keys;
      const covered = new Set(Object.values(kept).flat());
      const rest = used.filter((entry) => !covered.has(entry.key));
      for (let i = 0; i < rest.length; i += packSize) {
        const pack = writePack(rest.slice(i, i + packSize));
        kept[pack] = written[pack];
      }
      const index: PackIndex = Object.keys(stored).length > 0 ? { packs: kept, stored } : { packs: kept };
      store.set(indexFile, index);
      work.indexWritten = true;
      if (memory) session.index = index;
      let names: string[] = [];
      try {
        names = readdirSync(dir);
      } catch {
        return;
      }
      for (const name of names) {
        if (name !== indexFile && !(name in kept)) rmSync(path.join(dir, name), { force: true, recursive: true });
      }
    },
  };
}

function readIndex(store: ItemStore): PackIndex {
  const index = store.get<PackIndex | null>(indexFile);
  return index && typeof index.packs === 'object' && index.packs !== null ? index : { packs: {} };
}

function sameRoutes(before: ReadonlyMap<string, string>, now: ReadonlyMap<string, string>): boolean {
  if (before === now) return true;
  if (before.size !== now.size) return false;
  for (const [file, route] of now) if (before.get(file) !== route) return false;
  return true;
}

/** Whether the index's packs hold exactly these keys, each once. */
function listsExactly(packs: PackIndex['packs'], keys: ReadonlySet<string>): boolean {
  let listed = 0;
  for (const packKeys of Object.values(packs)) {
    for (const key of packKeys) if (!keys.has(key)) return false;
    listed += packKeys.length;
  }
  return listed === keys.size;
}
