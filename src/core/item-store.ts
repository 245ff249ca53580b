import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ItemMemory } from '../model/item-memory.js';
import { readCacheFile, storeCacheFile } from './cache-file.js';

export type { ItemMemory } from '../model/item-memory.js';

/*
 * The one store behind every build cache: what a stage computed for an item, filed under the
 * fingerprint of the item's inputs, so a warm build and a watch rebuild ask the same question a
 * cold build does and differ only in the answers they find.
 *
 * On disk every entry has one format: a single JSON document (object, array or string), written
 * aside and renamed (src/core/cache-file.ts). An entry that does not parse, because a build was
 * killed while the disk had not yet flushed it or something else cut it short, is a miss: the
 * stage makes the item again and stores it anew. A truncated JSON document never parses, which is
 * why even text such as an SVG is stored as a JSON string rather than as it is.
 */

/** Bumped when the way entries are stored changes: every fingerprint, and so every entry name, changes with it. */
const storeVersion = 1;

/**
 * The fingerprint of an item's inputs: one hashing scheme for every cache. Strings and bytes go in
 * as they are, anything else as JSON; each input is prefixed by its kind and length, so inputs
 * that only differ in where one ends and the next begins never share a fingerprint.
 */
export function fingerprint(...inputs: unknown[]): string {
  const hash = createHash('sha256').update(`sdkdocs-store ${storeVersion}\0`);
  for (const input of inputs) {
    const bytes = typeof input === 'string' || input instanceof Uint8Array ? input : JSON.stringify(input ?? null);
    const kind = typeof input === 'string' ? 's' : input instanceof Uint8Array ? 'b' : 'j';
    hash.update(`${kind}${Buffer.byteLength(bytes)}:`).update(bytes);
  }
  return hash.digest('hex').slice(0, 40);
}

/** The file name of the entry for these inputs (see {@link fingerprint}). */
export function itemName(...inputs: unknown[]): string {
  return `${fingerprint(...inputs)}.json`;
}

/** One folder of entries, e.g. `node_modules/.cache/sdkdocs/mermaid`. */
export interface ItemStore {
  /**
   * The entry `name` (an {@link itemName}, or a fixed name such as `index.json`), or undefined when it
   * is missing or cannot be read. With a memory tier, entries named by {@link itemName} are answered
   * from it once read or written: their contents can only be what those inputs make.
   */
  get<Value>(name: string): Value | undefined;
  /** Stores an entry; never throws (a cache only saves time, and what it cannot keep is made again). */
  set(name: string, value: unknown): void;
  /**
   * Keeps a value in the memory tier only, under a fingerprint: for items stored on disk inside
   * a larger entry (compiled docs live in packs), which a rebuild then finds without the pack.
   */
  keep(key: string, value: unknown): void;
  /** A value {@link keep} kept, or undefined (always, without a memory tier). */
  recall<Value>(key: string): Value | undefined;
  /** The file the entry `name` is stored in. */
  fileOf(name: string): string;
}

/** What a session holds may say how to free what it keeps open (a context, a process). */
export interface HeldByMemory {
  release?(): Promise<void> | void;
}

/**
 * What `key` holds in the session's memory, made by `make` the first time; without a memory (a
 * one-off build) made anew each time and kept by nobody, so the caller releases it itself.
 */
export function heldByMemory<Held extends object>(memory: ItemMemory | undefined, key: string, make: () => Held): Held {
  if (!memory) return make();
  let held = memory.held.get(key) as Held | undefined;
  if (!held) {
    held = make();
    memory.held.set(key, held);
  }
  return held;
}

/** Ends a session's memory: releases everything it held and forgets its entries. */
export async function releaseItemMemory(memory: ItemMemory): Promise<void> {
  const held = [...memory.held.values()];
  memory.held.clear();
  memory.entries.clear();
  await Promise.all(held.map(async (item) => (item as HeldByMemory).release?.()));
}

/** Enough for the diagrams and compiled packs of a large site; the least recently used go first beyond it. */
const memoryLimit = 50_000;
const fingerprintName = /^[0-9a-f]{40}\.json$/;

export function createItemMemory(): ItemMemory {
  return { entries: new Map(), held: new Map() };
}

export function openItemStore(dir: string, memory?: ItemMemory): ItemStore {
  const remember = (file: string, name: string, value: unknown) => {
    if (!memory || !fingerprintName.test(name)) return;
    keepInMemory(file, value);
  };
  const keepInMemory = (file: string, value: unknown) => {
    if (!memory) return;
    memory.entries.delete(file);
    memory.entries.set(file, value);
    if (memory.entries.size > memoryLimit) memory.entries.delete(memory.entries.keys().next().value!);
  };
  // Only a key of the memory, never a file: a serve --watch rebuild asks for every doc's entry.
  const keptPrefix = `${path.join(dir, '#kept')}:`;
  const keptName = (key: string) => keptPrefix + key;
  return {
    get<Value>(name: string): Value | undefined {
      const file = path.join(dir, name);
      if (memory?.entries.has(file)) {
        const value = memory.entries.get(file);
        remember(file, name, value);
        return value as Value;
      }
      const text = readCacheFile(file);
      if (text === undefined) return undefined;
      let value: Value;
      try {
        value = JSON.parse(text) as Value;
      } catch {
        return undefined;
      }
      remember(file, name, value);
      return value;
    },
    set(name, value) {
      const file = path.join(dir, name);
      storeCacheFile(file, JSON.stringify(value));
      remember(file, name, value);
    },
    keep(key, value) {
      keepInMemory(keptName(key), value);
    },
    fileOf(name) {
      return path.join(dir, name);
    },
    recall<Value>(key: string): Value | undefined {
      const file = keptName(key);
      const value = memory?.entries.get(file);
      if (value !== undefined) keepInMemory(file, value);
      return value as Value | undefined;
    },
  };
}

/**
 * A per-item transform's cache, declared once with its inputs: `kind` keeps transforms apart,
 * `inputs` lists everything an output depends on (its fingerprint names the entry), and `accepts`
 * tells an output of this transform from anything else a file could hold. A cold, a warm and a
 * watch build ask it the same way; only the hits differ.
 */
export interface ItemTransform<Item, Output> {
  kind: string;
  inputs(item: Item): unknown[];
  accepts(value: unknown): value is Output;
}

export interface TransformCache<Item, Output> {
  /** The stored output for the item's inputs, if any. */
  get(item: Item): Output | undefined;
  set(item: Item, output: Output): void;
  /** The file the item's output is stored in. */
  fileOf(item: Item): string;
  /** The stored output, or `make`'s, stored for next time. */
  make(item: Item, make: (item: Item) => Output | Promise<Output>): Promise<Output>;
}

export function transformCache<Item, Output>(store: ItemStore, transform: ItemTransform<Item, Output>): TransformCache<Item, Output> {
  const nameOf = (item: Item) => itemName(transform.kind, ...transform.inputs(item));
  const get = (item: Item) => {
    const value = store.get<unknown>(nameOf(item));
    return transform.accepts(value) ? value : undefined;
  };
  const set = (item: Item, output: Output) => store.set(nameOf(item), output);
  return {
    get,
    set,
    fileOf: (item) => store.fileOf(nameOf(item)),
    async make(item, make) {
      const stored = get(item);
      if (stored !== undefined) return stored;
      const output = await make(item);
      set(item, output);
      return output;
    },
  };
}

/** For transforms whose output is text (an SVG, a figure's HTML). */
export function isText(value: unknown): value is string {
  return typeof value === 'string';
}
