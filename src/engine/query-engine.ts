import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fingerprintOf, fingerprintOfFile } from './fingerprint.js';
import { readEngineStore, readStorePack, writeEngineStore, writeStorePack, type RecordedRead, type StoredPack, type StoredResult } from './engine-store.js';

export type { RecordedRead } from './engine-store.js';

/*
 * The query engine: every piece of per-item work a build does is a query, a named function of a
 * key (`compileDoc(file)`), which reads files, folders, named inputs and other queries only
 * through its context. The engine records each read with the fingerprint it had, so nobody lists
 * "what this depends on" by hand. Asked again, a query whose reads all still have their
 * fingerprints answers from memory without running (and from disk in a new process, for the
 * queries that persist); one that runs again and makes an equal result leaves the queries that
 * read it alone (early cutoff). The idea is Parcel's RequestTracker and salsa's "verify the
 * trace" memoisation; a cold, a warm and a watch build ask the same questions and differ only in
 * how many answers they find.
 */

/** What a query may read; each read becomes an edge the engine checks before it reuses a result. */
export interface QueryContext {
  /** A file's text, or undefined when there is no such file (creating it later is a change too). */
  readFile(file: string): string | undefined;
  /** A file's bytes, or undefined when there is no such file. */
  readBytes(file: string): Buffer | undefined;
  /**
   * A file's fingerprint, or undefined when there is no such file: for a query that must know
   * whether a file changed but not what it holds (a static file, copied as it is), so that the
   * engine need not keep the bytes of files nobody reads.
   */
  fileFingerprint(file: string): string | undefined;
  /** A folder's entries, sorted, each folder's name ending in `/`; undefined when there is no such folder. */
  listFolder(folder: string): readonly string[] | undefined;
  /**
   * An input from outside the file system, set with {@link QueryEngine.setInput} (a slice of the
   * config, the compiler's version, the routes of every doc). Reading one that is not set throws.
   */
  input<Value>(name: string): Value;
  /**
   * One entry of an input map set with {@link QueryEngine.setInputMap} (the route of one doc among
   * every doc's), undefined when the map has no such key: only that entry is recorded, so a change
   * to another entry leaves the result alone. Reading a map that is not set throws.
   */
  inputEntry(name: string, key: string): string | undefined;
  /**
   * Says the result depends on something the engine cannot record (what a compile that failed
   * before it finished would have read): it is made again the next time it is asked after a change.
   */
  untracked(reason: string): void;
  /**
   * Records what work done elsewhere (on a worker thread) read, each read checked against what
   * the engine finds now, as a read of its own would be: one whose fingerprint changed meanwhile
   * (the file was saved while the worker compiled) is recorded as untracked, so the result is made
   * again the next time it is asked. Returns whether every read still held.
   */
  madeElsewhere(reads: readonly RecordedRead[]): boolean;
  /** Another query's result. */
  query<Key, Result>(other: Query<Key, Result>, key: Key): Promise<Result>;
}

/** What asks for a query's result: a running query's context (which records the result as its input), or the engine itself. */
export type QueryAsker = Pick<QueryContext, 'query'>;

/** A named, keyed piece of work. */
export interface Query<Key, Result> {
  readonly name: string;
  run(context: QueryContext, key: Key): Result | Promise<Result>;
  /** The key as stable text; JSON by default. */
  keyId?(key: Key): string;
  /**
   * The result's fingerprint, which readers record and early cutoff compares; by default a hash of
   * the result. A query whose result is large and read by no other query may save the hashing by
   * giving each run a new one (then it never cuts off).
   */
  fingerprint?(result: Result): string;
  /**
   * Kept on disk between runs (the key and result must survive JSON). Results that are not, or
   * that are cheap to make again, stay in memory only.
   */
  readonly persist?: boolean;
  /**
   * A persisted result too large to keep in the store's document with the others (a compiled doc):
   * it goes to a pack beside it, read only when the result is asked for and still current.
   */
  readonly large?: boolean;
}

/** Why a result is what it is: the query, the inputs it read and the queries it asked. */
export interface Explanation {
  query: string;
  key: string;
  files: string[];
  folders: string[];
  inputs: string[];
  queries: Explanation[];
}

/** How much work the engine did and saved since it was made or its counts were last taken. */
export interface EngineCounts {
  /** Queries that ran. */
  runs: number;
  /** Queries answered from memory or from the store without running. */
  reused: number;
  /** Queries that ran and made a result equal to the one they had, so nothing that read them ran. */
  cutOff: number;
}

/** What a {@link QueryEngine.save} wrote. */
export interface StoreWork {
  /** Whether the store's document was written (false: it holds these results already). */
  written: boolean;
  /** Packs of large results written. */
  packs: number;
}

export interface QueryEngine {
  query<Key, Result>(query: Query<Key, Result>, key: Key): Promise<Result>;
  /** As {@link query}, saying whether the result was reused (from memory or the store) rather than made by running it now. */
  answer<Key, Result>(query: Query<Key, Result>, key: Key): Promise<{ result: Result; reused: boolean }>;
  /**
   * Sets an input queries read with {@link QueryContext.input}; a changed fingerprint is a change.
   * The fingerprint is a hash of the value unless given, as text or as a function that makes it;
   * a value equal to the last one, both plain objects of strings and numbers (and of such objects,
   * one level down), or such values themselves, keeps its fingerprint without a function or the
   * hashing being called.
   */
  setInput(name: string, value: unknown, fingerprint?: string | (() => string)): void;
  /**
   * Sets an input compared by value instead of hashed, for one too large to hash each build whose
   * unchanged parts are mostly the very objects of the last build (a page's data): while
   * `isSame(last value, value)` it keeps its fingerprint, and no query that read it runs again;
   * otherwise it gets a new one. Such a fingerprint means nothing to another process, so a stored
   * result that read the input is made again there.
   */
  setComparedInput<Value>(name: string, value: Value, isSame: (last: Value, value: Value) => boolean): void;
  /**
   * Sets an input map, whose entries queries read one at a time ({@link QueryContext.inputEntry}):
   * a query runs again only when an entry it read changed, came or went. Entries are compared as
   * they are, not hashed, and mean the same to another process. Returns how many entries differ
   * from the map set before (every entry, the first time). The engine keeps the map: give it a new
   * one each time rather than change the one it holds.
   */
  setInputMap(name: string, entries: ReadonlyMap<string, string>): number;
  /**
   * Forgets what the engine knew of these paths (files or folders, absolute), so that the queries
   * that read them, and only those, check them again the next time they are asked.
   */
  invalidate(changedPaths: Iterable<string>): void;
  /**
   * Forgets what the engine knew of every file and folder, for a build not told what changed: each
   * query checks its reads against the files as they are now the next time it is asked.
   */
  invalidateAll(): void;
  /**
   * Lets go of a result that nothing needs in memory any more, such as a large file's text once it
   * is on disk. The engine keeps what the result was made from and its fingerprint, so the queries
   * that read it still find it unchanged without running it; asked for the result itself, the query
   * runs again.
   */
  release<Key>(query: Query<Key, unknown>, key: Key): void;
  /**
   * Lets go of an input's value once no query will read it again (a build writing to disk, whose
   * engine no later build reuses). Its fingerprint stays, so the queries that read it are still
   * found unchanged; a query that reads it again throws.
   */
  releaseInput(name: string): void;
  /** Whether the engine holds a result for this query and key (current or not): it was asked before. */
  holds<Key>(query: Query<Key, unknown>, key: Key): boolean;
  /** The chain a result came from, or undefined when the engine holds no result for it. */
  explain<Key>(query: Query<Key, unknown>, key: Key): Explanation | undefined;
  /**
   * Takes the results stored in this file by an earlier run as answers the queries may give, once
   * their reads are checked (a no-op when the engine already uses it). `queries` are those a
   * stored result may have read: the engine finds a read's query by its name among them.
   */
  useStore(storeFile: string, queries?: readonly Query<never, unknown>[]): void;
  /**
   * Writes the persisted results asked for since the last save to the store file (when the engine
   * has one): the store holds what the last build used, no more. Writes nothing when that is what
   * the file holds already.
   */
  save(): StoreWork;
  /** The counts since the last call, which starts them again. */
  takeCounts(): EngineCounts;
}

// The model names the engine without importing this folder (see src/model/engine.ts). Inside the
// block a name would mean the model's own type of that name, hence the alias.
type EngineQueryEngine = QueryEngine;
declare module '../model/engine.js' {
  interface EngineTypes {
    queryEngine: EngineQueryEngine;
  }
}

export interface QueryEngineOptions {
  /** The JSON store persisted results go to and come from, e.g. `node_modules/.cache/sdkdocs/engine.json`. */
  storeFile?: string;
  /** Queries whose stored results may be reused: the engine finds a stored read's query by its name here. */
  queries?: readonly Query<never, unknown>[];
}

interface Memo extends StoredResult {
  /** The revision in which its reads were last found unchanged (or it ran); -1 for a result from the store. */
  verifiedAt: number;
  /**
   * Set by {@link QueryEngine.release}: the result is gone, the reads and fingerprint stay. Readers
   * check it as before; one that wants the result itself runs the query again.
   */
  released?: true;
  /** Set while the memo is what the store holds: read from it, or written by the last save. */
  saved?: true;
  /** The pack that holds this large result, while it does. */
  pack?: string;
}

interface FileState {
  fingerprint: string;
  bytes: Buffer | undefined;
  text?: string;
  /**
   * Set once a later build began: the bytes were let go of (a session would otherwise hold every
   * file any query ever read) and the fingerprint alone stays, which is all a check needs. A query
   * that runs and reads the file reads it again.
   */
  contentsDropped?: true;
}

interface FolderState {
  fingerprint: string;
  entries: readonly string[] | undefined;
}

const missing = 'missing';
/** What a read of an input map's entry is compared with while the map is not set: equal to no recorded fingerprint. */
const noMap = 'no such input map';
/** Large results per pack. */
const packSize = 25;

/**
 * A read of an input map's entry made elsewhere (a worker looked the key up in its copy of the
 * map), to hand to {@link QueryContext.madeElsewhere}: `value` is what the entry held, undefined
 * when the map had no such key.
 */
export function entryRead(input: string, key: string, value: string | undefined): RecordedRead {
  return { kind: 'entry', input, key, fingerprint: entryValueFingerprint(value) };
}

/** An entry's fingerprint is its value as it is: a route is shorter than its hash. */
function entryValueFingerprint(value: string | undefined): string {
  return value === undefined ? missing : `=${value}`;
}

/** A file's fingerprint as the engine records it, from its bytes (undefined: there is no such file). */
export function fingerprintOfContents(bytes: Uint8Array | undefined): string {
  return bytes ? fingerprintOf(bytes) : missing;
}

export function createQueryEngine(options: QueryEngineOptions = {}): QueryEngine {
  const definitions = new Map<string, Query<never, unknown>>();
  for (const query of options.queries ?? []) definitions.set(query.name, query);
  const memos = new Map<string, Memo>();
  /** Results the store gave that no build asked for yet. */
  const stored = new Map<string, Memo>();
  let storeFile: string | undefined;
  /** The packs the store's document lists, as it lists them. */
  let storedPacks: Record<string, StoredPack> = {};
  /** The pack of each large result the store lists and this engine has not read yet. */
  const packOf = new Map<string, string>();
  /** Ids of every result the store's document lists. */
  let savedIds = new Set<string>();
  const askedSinceSave = new Set<string>();
  const openStore = (file: string) => {
    if (storeFile === file) return;
    storeFile = file;
    const contents = readEngineStore(file);
    storedPacks = contents.packs;
    stored.clear();
    packOf.clear();
    for (const result of contents.results) stored.set(memoId(result.name, result.keyId), { ...result, verifiedAt: -1, saved: true });
    for (const [pack, { listed }] of Object.entries(storedPacks)) for (const id of listed) packOf.set(id, pack);
    savedIds = new Set([...stored.keys(), ...packOf.keys()]);
  };
  if (options.storeFile) openStore(path.resolve(options.storeFile));
  /**
   * A result of the store: read with every other result its pack holds when it is a large one, so
   * no pack is read twice however the asks are ordered. A pack that is gone or cut short gives none.
   */
  const storedMemo = (id: string): Memo | undefined => {
    const pack = packOf.get(id);
    if (pack !== undefined && storeFile !== undefined) {
      const entries = readStorePack(storeFile, pack) ?? {};
      for (const listedId of storedPacks[pack]?.listed ?? []) {
        packOf.delete(listedId);
        const entry = entries[listedId];
        if (entry && typeof entry.fingerprint === 'string' && Array.isArray(entry.reads)) stored.set(listedId, Object.assign(entry, { verifiedAt: -1, saved: true as const, pack }));
      }
    }
    return stored.get(id);
  };
  const running = new Map<string, Promise<Memo>>();
  const files = new Map<string, FileState>();
  const folders = new Map<string, FolderState>();
  const inputs = new Map<string, { value: unknown; fingerprint: string; compared?: boolean; released?: true }>();
  // A compared input's fingerprint: unique to this engine, made without reading the value.
  const comparedPrefix = `compared:${randomUUID()}:`;
  let comparedVersions = 0;
  let revision = 0;
  let counts: EngineCounts = { runs: 0, reused: 0, cutOff: 0 };

  const fileState = (file: string): FileState => {
    let state = files.get(file);
    if (!state) {
      const bytes = readBytesOrUndefined(file);
      state = { fingerprint: bytes ? fingerprintOf(bytes) : missing, bytes };
      files.set(file, state);
    }
    return state;
  };
  /** A file's state without its bytes when the engine did not hold them already. */
  const fileFingerprintState = (file: string): FileState => {
    let state = files.get(file);
    if (!state) {
      const fingerprint = fingerprintOfFile(file);
      state = fingerprint === undefined ? { fingerprint: missing, bytes: undefined } : { fingerprint, bytes: undefined, contentsDropped: true };
      files.set(file, state);
    }
    return state;
  };
  /** A file's state with its bytes, read again when a later build let go of them. */
  const fileContents = (file: string): FileState => {
    const state = fileState(file);
    if (!state.contentsDropped) return state;
    files.delete(file);
    return fileState(file);
  };
  const folderState = (folder: string): FolderState => {
    let state = folders.get(folder);
    if (!state) {
      const entries = listOrUndefined(folder);
      state = { fingerprint: entries ? fingerprintOf(entries.join('\n')) : missing, entries };
      folders.set(folder, state);
    }
    return state;
  };
  const inputFingerprint = (name: string): string => inputs.get(name)?.fingerprint ?? missing;
  const inputMaps = new Map<string, ReadonlyMap<string, string>>();
  const entryFingerprint = (name: string, key: string): string => {
    const map = inputMaps.get(name);
    return map ? entryValueFingerprint(map.get(key)) : noMap;
  };

  /** Whether every read of a memo still has the fingerprint it had, bringing the queries it asked up to date first. */
  const readsUnchanged = async (memo: Memo, asking: readonly string[]): Promise<boolean> => {
    if (!plainReadsUnchanged(memo)) return false;
    for (const read of memo.reads) {
      if (read.kind !== 'query') continue;
      const other = definitions.get(read.name);
      if (!other) return false;
      try {
        const current = await fetch(other, read.key as never, read.keyId, asking, false);
        if (current.fingerprint !== read.fingerprint) return false;
      } catch {
        return false;
      }
    }
    return true;
  };
  /** Whether every read of a memo but the queries it asked still has the fingerprint it had. */
  const plainReadsUnchanged = (memo: Memo): boolean => {
    for (const read of memo.reads) {
      switch (read.kind) {
        case 'file':
          // Checked by its fingerprint alone: the bytes of a file whose reader does not run again are not kept.
          if (fileFingerprintState(read.path).fingerprint !== read.fingerprint) return false;
          break;
        case 'folder':
          if (folderState(read.path).fingerprint !== read.fingerprint) return false;
          break;
        case 'input':
          if (inputFingerprint(read.name) !== read.fingerprint) return false;
          break;
        case 'entry':
          if (entryFingerprint(read.input, read.key) !== read.fingerprint) return false;
          break;
        case 'untracked':
          return false;
        case 'query':
          break;
      }
    }
    return true;
  };

  /**
   * Each query's key ids and memo ids, by the key itself when it is a string and by its key id
   * otherwise: asked again, a key finds the id strings it had, whose hashes the maps already know,
   * instead of making new ones to hash on every lookup.
   */
  const idsByQuery = new Map<string, Map<string, { keyId: string; id: string }>>();
  const identify = <Key>(query: Query<Key, unknown>, key: Key): { keyId: string; id: string } => {
    let ids = idsByQuery.get(query.name);
    if (!ids) {
      ids = new Map();
      idsByQuery.set(query.name, ids);
    }
    const lookup = typeof key === 'string' && !query.keyId ? key : keyIdOf(query, key);
    let known = ids.get(lookup);
    if (!known) {
      const keyId = lookup === key ? keyIdOf(query, key) : lookup;
      known = { keyId, id: memoId(query.name, keyId) };
      ids.set(lookup, known);
    }
    return known;
  };
  /** The memo id of each read of another query, made once per read object rather than on every check. */
  const readIds = new WeakMap<RecordedRead, string>();
  const idOfRead = (read: Extract<RecordedRead, { kind: 'query' }>): string => {
    let id = readIds.get(read);
    if (id === undefined) {
      id = memoId(read.name, read.keyId);
      readIds.set(read, id);
    }
    return id;
  };
  /**
   * Whether a memo's reads all still hold, found without running a query or waiting for one:
   * `held` when every read is unchanged, the queries it asked included (each of those is then
   * taken as verified too); `changed` when one of its own reads other than a query changed; and
   * `unknown` when only running or awaiting a query it asked could tell (one that changed may
   * run again and make an equal result). A watch rebuild asks every query of every page, and
   * most are answered here, with no promise per query.
   */
  const checkWithoutWaiting = (memo: Memo, id: string, asking: readonly string[]): 'held' | 'changed' | 'unknown' => {
    if (!plainReadsUnchanged(memo)) return 'changed';
    let chain: string[] | undefined;
    for (const read of memo.reads) {
      if (read.kind !== 'query') continue;
      const otherId = idOfRead(read);
      const definition = definitions.get(read.name);
      if (!definition || running.has(otherId)) return 'unknown';
      const other = memos.get(otherId) ?? storedMemo(otherId);
      if (!other) return 'unknown';
      if (other.verifiedAt !== revision) {
        chain ??= [...asking, id];
        if (chain.includes(otherId) || checkWithoutWaiting(other, otherId, chain) !== 'held') return 'unknown';
        markVerified(definition, other, otherId);
      }
      if (other.fingerprint !== read.fingerprint) return 'unknown';
    }
    return 'held';
  };
  /** Takes a memo whose reads were found unchanged as this revision's answer. */
  const markVerified = (query: Query<never, unknown>, memo: Memo, id: string) => {
    if (query.persist) askedSinceSave.add(id);
    stored.delete(id);
    memo.verifiedAt = revision;
    memos.set(id, memo);
    counts.reused++;
  };

  const run = async <Key, Result>(query: Query<Key, Result>, key: Key, id: string, keyId: string, before: Memo | undefined, asking: readonly string[]): Promise<Memo> => {
    const reads: RecordedRead[] = [];
    const context: QueryContext = {
      readFile(file) {
        const state = fileContents(path.resolve(file));
        reads.push({ kind: 'file', path: path.resolve(file), fingerprint: state.fingerprint });
        if (state.bytes && state.text === undefined) state.text = state.bytes.toString('utf8');
        return state.text;
      },
      readBytes(file) {
        const state = fileContents(path.resolve(file));
        reads.push({ kind: 'file', path: path.resolve(file), fingerprint: state.fingerprint });
        return state.bytes;
      },
      fileFingerprint(file) {
        const state = fileFingerprintState(path.resolve(file));
        reads.push({ kind: 'file', path: path.resolve(file), fingerprint: state.fingerprint });
        return state.fingerprint === missing ? undefined : state.fingerprint;
      },
      listFolder(folder) {
        const state = folderState(path.resolve(folder));
        reads.push({ kind: 'folder', path: path.resolve(folder), fingerprint: state.fingerprint });
        return state.entries;
      },
      input<Value>(name: string) {
        const input = inputs.get(name);
        if (!input) throw new Error(`sdkdocs: query ${query.name} read the input "${name}", which the build did not set. Set it with engine.setInput before asking the query.`);
        if (input.released) throw new Error(`sdkdocs: query ${query.name} read the input "${name}" after the build let go of it (engine.releaseInput).`);
        reads.push({ kind: 'input', name, fingerprint: input.fingerprint });
        return input.value as Value;
      },
      inputEntry(name, entryKey) {
        const map = inputMaps.get(name);
        if (!map) throw new Error(`sdkdocs: query ${query.name} read the input map "${name}", which the build did not set. Set it with engine.setInputMap before asking the query.`);
        reads.push({ kind: 'entry', input: name, key: entryKey, fingerprint: entryFingerprint(name, entryKey) });
        return map.get(entryKey);
      },
      untracked(reason) {
        reads.push({ kind: 'untracked', reason });
      },
      madeElsewhere(elsewhere) {
        let held = true;
        for (const read of elsewhere) {
          const now =
            read.kind === 'file' ? fileFingerprintState(path.resolve(read.path)).fingerprint
            : read.kind === 'folder' ? folderState(path.resolve(read.path)).fingerprint
            : read.kind === 'input' ? inputFingerprint(read.name)
            : read.kind === 'entry' ? entryFingerprint(read.input, read.key)
            : undefined;
          if (now !== undefined && read.kind !== 'untracked' && now === read.fingerprint) reads.push(read);
          else {
            held = false;
            reads.push({ kind: 'untracked', reason: read.kind === 'untracked' ? read.reason : `${read.kind} read elsewhere changed meanwhile` });
          }
        }
        return held;
      },
      async query<OtherKey, OtherResult>(other: Query<OtherKey, OtherResult>, otherKey: OtherKey) {
        const { keyId: otherKeyId, id: otherId } = identify(other, otherKey);
        const memo = await fetch(other, otherKey, otherKeyId, [...asking, id], true, otherId);
        reads.push({ kind: 'query', name: other.name, keyId: otherKeyId, key: otherKey, fingerprint: memo.fingerprint });
        return memo.result as OtherResult;
      },
    };
    counts.runs++;
    const result = await query.run(context, key);
    const fingerprint = query.fingerprint ? query.fingerprint(result) : fingerprintOf(result);
    // An equal result keeps the object the readers already hold, so their own checks end at the reference.
    const same = before !== undefined && before.fingerprint === fingerprint;
    if (same) counts.cutOff++;
    const memo: Memo = { name: query.name, keyId, key, result: same && !before.released ? before.result : result, fingerprint, reads, verifiedAt: revision };
    memos.set(id, memo);
    return memo;
  };

  /** The memo of a query's current result; `forResult` false when only its fingerprint is wanted (a released result does). */
  const fetch = <Key, Result>(query: Query<Key, Result>, key: Key, keyId: string, asking: readonly string[], forResult = true, id = memoId(query.name, keyId)): Promise<Memo> => {
    if (query.persist) askedSinceSave.add(id);
    if (asking.length > 0 && asking.includes(id)) throw new Error(`sdkdocs: queries ask each other in a circle: ${[...asking, id].map(describeMemoId).join(' → ')}`);
    if (definitions.get(query.name) !== query) definitions.set(query.name, query as Query<never, unknown>);
    const known = memos.get(id);
    if (known && known.verifiedAt === revision && !(forResult && known.released)) {
      counts.reused++;
      return Promise.resolve(known);
    }
    const pending = running.get(id);
    // A pending check for a fingerprint may end at a released memo, which has no result to give.
    if (pending) return forResult ? pending.then((memo) => (memo.released ? fetch(query, key, keyId, asking) : memo)) : pending;
    const before = known ?? storedMemo(id);
    let check: 'held' | 'changed' | 'unknown' | undefined;
    if (before && !(forResult && before.released)) {
      check = checkWithoutWaiting(before, id, asking);
      if (check === 'held') {
        markVerified(query as Query<never, unknown>, before, id);
        return Promise.resolve(before);
      }
    }
    const work = (async () => {
      // Taken into memos or made again: either way the store's copy is no longer needed.
      stored.delete(id);
      if (before && check !== 'changed' && (await readsUnchanged(before, [...asking, id])) && !(forResult && before.released)) {
        before.verifiedAt = revision;
        memos.set(id, before);
        counts.reused++;
        return before;
      }
      return run(query, key, id, keyId, before, asking);
    })();
    running.set(id, work);
    // A query that throws leaves no result behind: the next ask runs it again.
    void work.then(
      () => running.delete(id),
      () => {
        running.delete(id);
        memos.delete(id);
        stored.delete(id);
      },
    );
    return work;
  };

  const explainMemo = (memo: Memo, seen: Set<string>): Explanation => {
    const explanation: Explanation = { query: memo.name, key: memo.keyId, files: [], folders: [], inputs: [], queries: [] };
    for (const read of memo.reads) {
      if (read.kind === 'file' && !explanation.files.includes(read.path)) explanation.files.push(read.path);
      else if (read.kind === 'folder' && !explanation.folders.includes(read.path)) explanation.folders.push(read.path);
      else if (read.kind === 'input' && !explanation.inputs.includes(read.name)) explanation.inputs.push(read.name);
      else if (read.kind === 'entry' && !explanation.inputs.includes(`${read.input}[${read.key}]`)) explanation.inputs.push(`${read.input}[${read.key}]`);
      else if (read.kind === 'query') {
        const id = memoId(read.name, read.keyId);
        const other = memos.get(id) ?? storedMemo(id);
        if (other && !seen.has(id)) explanation.queries.push(explainMemo(other, new Set([...seen, id])));
      }
    }
    return explanation;
  };

  return {
    async query<Key, Result>(query: Query<Key, Result>, key: Key): Promise<Result> {
      const { keyId, id } = identify(query, key);
      const memo = await fetch(query, key, keyId, [], true, id);
      return memo.result as Result;
    },
    async answer<Key, Result>(query: Query<Key, Result>, key: Key): Promise<{ result: Result; reused: boolean }> {
      const { keyId, id } = identify(query, key);
      // A run always makes a new memo; a reuse hands back the one the engine held.
      const held = memos.get(id) ?? storedMemo(id);
      const memo = await fetch(query, key, keyId, [], true, id);
      return { result: memo.result as Result, reused: memo === held };
    },
    setInput(name, value, given) {
      const known = inputs.get(name);
      // Set again to an equal value of strings and numbers (a doc's unchanged text is the very string it was): no hashing.
      if (typeof given !== 'string' && known && !known.compared && sameFlatValue(known.value, value)) {
        known.value = value;
        return;
      }
      const fingerprint = typeof given === 'function' ? given() : (given ?? fingerprintOf(value));
      if (known?.fingerprint !== fingerprint) revision++;
      inputs.set(name, { value, fingerprint });
    },
    setComparedInput(name, value, isSame) {
      const known = inputs.get(name);
      if (known?.compared && isSame(known.value as typeof value, value)) {
        known.value = value;
        return;
      }
      revision++;
      inputs.set(name, { value, fingerprint: `${comparedPrefix}${++comparedVersions}`, compared: true });
    },
    setInputMap(name, entries) {
      const known = inputMaps.get(name);
      let changed = 0;
      if (!known) changed = entries.size;
      else if (known !== entries) {
        for (const [key, value] of entries) if (known.get(key) !== value) changed++;
        for (const key of known.keys()) if (!entries.has(key)) changed++;
      }
      if (changed > 0 || !known) revision++;
      inputMaps.set(name, entries);
      return changed;
    },
    invalidate(changedPaths) {
      const changed = [...changedPaths].map((changedPath) => path.resolve(changedPath));
      if (changed.length === 0) return;
      revision++;
      for (const state of files.values()) {
        if (state.bytes === undefined || state.contentsDropped) continue;
        state.bytes = undefined;
        state.text = undefined;
        state.contentsDropped = true;
      }
      for (const changedPath of changed) {
        // A file added, removed or renamed changes its folder's listing; a folder removed, everything in it.
        folders.delete(path.dirname(changedPath));
        forgetUnder(files, changedPath);
        forgetUnder(folders, changedPath);
      }
    },
    invalidateAll() {
      revision++;
      files.clear();
      folders.clear();
    },
    release(query, key) {
      const memo = memos.get(memoId(query.name, keyIdOf(query, key)));
      if (!memo) return;
      memo.result = undefined;
      memo.released = true;
    },
    releaseInput(name) {
      const input = inputs.get(name);
      if (!input) return;
      input.value = undefined;
      input.released = true;
    },
    holds(query, key) {
      const id = memoId(query.name, keyIdOf(query, key));
      return memos.has(id) || stored.has(id) || packOf.has(id);
    },
    explain(query, key) {
      const id = memoId(query.name, keyIdOf(query, key));
      const memo = memos.get(id) ?? storedMemo(id);
      return memo && explainMemo(memo, new Set([id]));
    },
    useStore(file, queries = []) {
      for (const query of queries) definitions.set(query.name, query);
      openStore(path.resolve(file));
    },
    save() {
      if (!storeFile) return { written: false, packs: 0 };
      const asked = [...askedSinceSave].flatMap((id) => {
        const memo = memos.get(id);
        // A result that read what the engine could not record is never reused: not worth keeping.
        return memo && !memo.released && definitions.get(memo.name)?.persist === true && !memo.reads.some((read) => read.kind === 'untracked') ? [[id, memo] as const] : [];
      });
      askedSinceSave.clear();
      if (asked.length === savedIds.size && asked.every(([id, memo]) => memo.saved && savedIds.has(id))) return { written: false, packs: 0 };
      const large = asked.filter(([, memo]) => definitions.get(memo.name)?.large === true);
      const inPack = (memo: Memo) => (memo.saved && memo.pack !== undefined && storedPacks[memo.pack] !== undefined ? memo.pack : undefined);
      const stillListed = new Map<string, number>();
      for (const [, memo] of large) {
        const pack = inPack(memo);
        if (pack !== undefined) stillListed.set(pack, (stillListed.get(pack) ?? 0) + 1);
      }
      // A pack is kept while at least half of what it holds is still listed: an edit of one doc
      // writes one small pack rather than its neighbours again, and no pack is mostly dead weight.
      const packs: Record<string, StoredPack> = {};
      for (const [pack, count] of stillListed) if (count * 2 >= storedPacks[pack].holds) packs[pack] = { holds: storedPacks[pack].holds, listed: [] };
      const toPack: (readonly [string, Memo])[] = [];
      for (const entry of large) {
        const pack = inPack(entry[1]);
        if (pack !== undefined && packs[pack]) packs[pack].listed.push(entry[0]);
        else toPack.push(entry);
      }
      let packsWritten = 0;
      for (let start = 0; start < toPack.length; start += packSize) {
        const slice = toPack.slice(start, start + packSize);
        const name = `pack-${fingerprintOf(slice.map(([id, memo]) => [id, memo.fingerprint])).slice(0, 24)}.json`;
        if (!writeStorePack(storeFile, name, slice.map(([id, memo]) => [id, storedResultOf(memo)] as const))) continue;
        for (const [, memo] of slice) {
          memo.pack = name;
          memo.saved = true;
        }
        packs[name] = { holds: slice.length, listed: slice.map(([id]) => id) };
        packsWritten++;
      }
      const small = asked.filter(([, memo]) => definitions.get(memo.name)?.large !== true);
      for (const [, memo] of small) memo.saved = true;
      writeEngineStore(storeFile, { results: small.map(([, memo]) => storedResultOf(memo)), packs });
      storedPacks = packs;
      savedIds = new Set([...small.map(([id]) => id), ...Object.values(packs).flatMap((pack) => pack.listed)]);
      return { written: true, packs: packsWritten };
    },
    takeCounts() {
      const taken = counts;
      counts = { runs: 0, reused: 0, cutOff: 0 };
      return taken;
    },
  };
}

/** Prints an explanation as an indented tree, paths relative to `root`. */
export function formatExplanation(explanation: Explanation, root: string, indent = ''): string {
  // Keys hold absolute paths as JSON text: shown relative to the root, as the reads are.
  const key = explanation.key
    .split(JSON.stringify(root + path.sep).slice(1, -1))
    .join('')
    .split(JSON.stringify(root))
    .join('"."');
  const lines = [`${indent}${explanation.query}(${key})`];
  const inner = `${indent}  `;
  for (const file of explanation.files) lines.push(`${inner}reads ${relativeTo(root, file)}`);
  for (const folder of explanation.folders) lines.push(`${inner}lists ${relativeTo(root, folder)}/`);
  for (const input of explanation.inputs) lines.push(`${inner}input ${input.split(root + path.sep).join('')}`);
  for (const query of explanation.queries) lines.push(formatExplanation(query, root, inner));
  return lines.join('\n');
}

function relativeTo(root: string, file: string): string {
  const relative = path.relative(root, file);
  return relative === '' ? '.' : relative.startsWith('..') ? file : relative.split(path.sep).join('/');
}

function keyIdOf<Key>(query: Query<Key, unknown>, key: Key): string {
  return query.keyId ? query.keyId(key) : (JSON.stringify(key) ?? 'undefined');
}

/** What the store keeps of a memo. */
function storedResultOf({ name, keyId, key, result, fingerprint, reads }: Memo): StoredResult {
  return { name, keyId, key, result, fingerprint, reads };
}

/**
 * Whether two values are equal primitives, or plain objects with the same keys holding equal
 * primitives or such objects themselves (a doc's outline levels), `depth` levels down at most.
 */
function sameFlatValue(a: unknown, b: unknown, depth = 1): boolean {
  if (a === b) return typeof a !== 'object' || a === null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) || Array.isArray(b)) return false;
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const value = (a as Record<string, unknown>)[key];
    const other = (b as Record<string, unknown>)[key];
    if (typeof value === 'object' && value !== null) return depth > 0 && sameFlatValue(value, other, depth - 1);
    return typeof value !== 'function' && value === other;
  });
}

function memoId(name: string, keyId: string): string {
  return `${name}\0${keyId}`;
}

function describeMemoId(id: string): string {
  const [name, keyId] = id.split('\0');
  return `${name}(${keyId})`;
}

/** Deletes the entries for `changedPath` and for everything under it. */
function forgetUnder(states: Map<string, unknown>, changedPath: string): void {
  states.delete(changedPath);
  const prefix = changedPath.endsWith(path.sep) ? changedPath : changedPath + path.sep;
  for (const known of states.keys()) if (known.startsWith(prefix)) states.delete(known);
}

function readBytesOrUndefined(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function listOrUndefined(folder: string): string[] | undefined {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
      .sort();
  } catch {
    return undefined;
  }
}
