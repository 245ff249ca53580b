import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fingerprintOf, fingerprintOfFile } from './fingerprint.js';
import { readEngineStore, readStorePack, writeEngineStore, writeStorePack, type RecordedRead, type StoredResult } from './engine-store.js';

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
  /** Runs per query name. */
  ranByQuery: Record<string, number>;
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
  /** Sets an input queries read with {@link QueryContext.input}; a changed fingerprint is a change. */
  setInput(name: string, value: unknown, fingerprint?: string): void;
  /**
   * Sets an input compared by value instead of hashed, for one too large to hash each build whose
   * unchanged parts are mostly the very objects of the last build (a page's data): while
   * `isSame(last value, value)` it keeps its fingerprint, and no query that read it runs again;
   * otherwise it gets a new one. Such a fingerprint means nothing to another process, so a stored
   * result that read the input is made again there.
   */
  setComparedInput<Value>(name: string, value: Value, isSame: (last: Value, value: Value) => boolean): void;
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
  /** A large result from the store whose pack has not been read yet. */
  unloaded?: true;
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
/** Large results per pack. */
const packSize = 25;

/** A file's fingerprint as the engine records it, from its bytes (undefined: there is no such file). */
export function fingerprintOfContents(bytes: Uint8Array | undefined): string {
  return bytes ? fingerprintOf(bytes) : missing;
}

export function createQueryEngine(options: QueryEngineOptions = {}): QueryEngine {
  const definitions = new Map<string, Query<never, unknown>>();
  for (const query of options.queries ?? []) definitions.set(query.name, query);
  const memos = new Map<string, Memo>();
  const stored = new Map<string, Memo>();
  let storeFile: string | undefined;
  /** How many results each pack of the store holds, listed or not. */
  let packHolds: Record<string, number> = {};
  /** The memos the store's document lists, as they were when it was written. */
  let savedMemos = new Map<string, Memo>();
  const askedSinceSave = new Set<string>();
  /** The stored large results of each pack not read yet. */
  const unloadedByPack = new Map<string, Memo[]>();
  const openStore = (file: string) => {
    if (storeFile === file) return;
    storeFile = file;
    const contents = readEngineStore(file);
    packHolds = contents.packs;
    stored.clear();
    unloadedByPack.clear();
    for (const result of contents.results) {
      const memo: Memo = { ...result, verifiedAt: -1, ...(result.pack !== undefined && { unloaded: true }) };
      stored.set(memoId(result.name, result.keyId), memo);
      if (result.pack !== undefined) unloadedByPack.set(result.pack, [...(unloadedByPack.get(result.pack) ?? []), memo]);
    }
    savedMemos = new Map(stored);
  };
  if (options.storeFile) openStore(path.resolve(options.storeFile));
  /**
   * Reads a stored large result from its pack; false when the pack is gone or cut short. A pack
   * read gives each stored result it holds, so no pack is read twice: the docs' checks end in
   * no particular order.
   */
  const loadFromPack = (memo: Memo): boolean => {
    if (!memo.unloaded) return true;
    if (!storeFile || memo.pack === undefined) return false;
    const waiting = unloadedByPack.get(memo.pack);
    if (waiting) {
      unloadedByPack.delete(memo.pack);
      const entries = readStorePack(storeFile, memo.pack) ?? {};
      for (const other of waiting) {
        const entryId = packEntryId(other);
        if (!(entryId in entries)) continue;
        other.result = entries[entryId];
        delete other.unloaded;
      }
    }
    return !memo.unloaded;
  };
  const running = new Map<string, Promise<Memo>>();
  const files = new Map<string, FileState>();
  const folders = new Map<string, FolderState>();
  const inputs = new Map<string, { value: unknown; fingerprint: string; compared?: boolean; released?: true }>();
  // A compared input's fingerprint: unique to this engine, made without reading the value.
  const comparedPrefix = `compared:${randomUUID()}:`;
  let comparedVersions = 0;
  let revision = 0;
  let counts: EngineCounts = { runs: 0, reused: 0, cutOff: 0, ranByQuery: {} };

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

  /** Whether every read of a memo still has the fingerprint it had, bringing the queries it asked up to date first. */
  const readsUnchanged = async (memo: Memo, asking: readonly string[]): Promise<boolean> => {
    for (const read of memo.reads) {
      switch (read.kind) {
        case 'file':
          if (fileState(read.path).fingerprint !== read.fingerprint) return false;
          break;
        case 'folder':
          if (folderState(read.path).fingerprint !== read.fingerprint) return false;
          break;
        case 'input':
          if (inputFingerprint(read.name) !== read.fingerprint) return false;
          break;
        case 'untracked':
          return false;
        case 'query': {
          const other = definitions.get(read.name);
          if (!other) return false;
          try {
            const current = await fetch(other, read.key as never, read.keyId, asking, false);
            if (current.fingerprint !== read.fingerprint) return false;
          } catch {
            return false;
          }
          break;
        }
      }
    }
    return true;
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
        const otherKeyId = keyIdOf(other, otherKey);
        const memo = await fetch(other, otherKey, otherKeyId, [...asking, id]);
        reads.push({ kind: 'query', name: other.name, keyId: otherKeyId, key: otherKey, fingerprint: memo.fingerprint });
        return memo.result as OtherResult;
      },
    };
    counts.runs++;
    counts.ranByQuery[query.name] = (counts.ranByQuery[query.name] ?? 0) + 1;
    const result = await query.run(context, key);
    const fingerprint = query.fingerprint ? query.fingerprint(result) : fingerprintOf(result);
    // An equal result keeps the object the readers already hold, so their own checks end at the reference.
    const same = before !== undefined && before.fingerprint === fingerprint;
    if (same) counts.cutOff++;
    const memo: Memo = { name: query.name, keyId, key, result: same && !before.released && !before.unloaded ? before.result : result, fingerprint, reads, verifiedAt: revision };
    memos.set(id, memo);
    return memo;
  };

  /** The memo of a query's current result; `forResult` false when only its fingerprint is wanted (a released result does). */
  const fetch = <Key, Result>(query: Query<Key, Result>, key: Key, keyId: string, asking: readonly string[], forResult = true): Promise<Memo> => {
    const id = memoId(query.name, keyId);
    if (query.persist) askedSinceSave.add(id);
    if (asking.includes(id)) throw new Error(`sdkdocs: queries ask each other in a circle: ${[...asking, id].map(describeMemoId).join(' → ')}`);
    definitions.set(query.name, query as Query<never, unknown>);
    const known = memos.get(id);
    if (known && known.verifiedAt === revision && !(forResult && known.released)) {
      counts.reused++;
      return Promise.resolve(known);
    }
    const pending = running.get(id);
    // A pending check for a fingerprint may end at a released memo, which has no result to give.
    if (pending) return forResult ? pending.then((memo) => (memo.released ? fetch(query, key, keyId, asking) : memo)) : pending;
    const work = (async () => {
      const before = known ?? stored.get(id);
      if (before && (await readsUnchanged(before, [...asking, id])) && !(forResult && before.released) && (!forResult || loadFromPack(before))) {
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
      else if (read.kind === 'query') {
        const id = memoId(read.name, read.keyId);
        const other = memos.get(id) ?? stored.get(id);
        if (other && !seen.has(id)) explanation.queries.push(explainMemo(other, new Set([...seen, id])));
      }
    }
    return explanation;
  };

  return {
    async query<Key, Result>(query: Query<Key, Result>, key: Key): Promise<Result> {
      const memo = await fetch(query, key, keyIdOf(query, key), []);
      return memo.result as Result;
    },
    async answer<Key, Result>(query: Query<Key, Result>, key: Key): Promise<{ result: Result; reused: boolean }> {
      const keyId = keyIdOf(query, key);
      const id = memoId(query.name, keyId);
      // A run always makes a new memo; a reuse hands back the one the engine held.
      const held = memos.get(id) ?? stored.get(id);
      const memo = await fetch(query, key, keyId, []);
      return { result: memo.result as Result, reused: memo === held };
    },
    setInput(name, value, given) {
      const known = inputs.get(name);
      // Set again to an equal value of strings and numbers (a doc's unchanged text is the very string it was): no hashing.
      if (given === undefined && known && !known.compared && sameFlatValue(known.value, value)) {
        known.value = value;
        return;
      }
      const fingerprint = given ?? fingerprintOf(value);
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
      return memos.has(id) || stored.has(id);
    },
    explain(query, key) {
      const id = memoId(query.name, keyIdOf(query, key));
      const memo = memos.get(id) ?? stored.get(id);
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
      if (asked.length === savedMemos.size && asked.every(([id, memo]) => savedMemos.get(id) === memo)) return { written: false, packs: 0 };
      const large = asked.filter(([, memo]) => definitions.get(memo.name)?.large === true);
      const listed = new Map<string, number>();
      for (const [, memo] of large) if (memo.pack !== undefined) listed.set(memo.pack, (listed.get(memo.pack) ?? 0) + 1);
      // A pack is kept while at least half of what it holds is still listed: an edit of one doc
      // writes one small pack rather than its neighbours again, and no pack is mostly dead weight.
      const kept = new Set([...listed].filter(([pack, count]) => count * 2 >= (packHolds[pack] ?? Infinity)).map(([pack]) => pack));
      const toPack = large.filter(([, memo]) => memo.pack === undefined || !kept.has(memo.pack)).filter(([, memo]) => loadFromPack(memo));
      const packs: Record<string, number> = {};
      for (const pack of kept) packs[pack] = packHolds[pack];
      let packsWritten = 0;
      for (let start = 0; start < toPack.length; start += packSize) {
        const slice = toPack.slice(start, start + packSize);
        const name = `pack-${fingerprintOf(slice.map(([, memo]) => packEntryId(memo))).slice(0, 24)}.json`;
        if (writeStorePack(storeFile, name, Object.fromEntries(slice.map(([, memo]) => [packEntryId(memo), memo.result]))) === undefined) continue;
        for (const [, memo] of slice) memo.pack = name;
        packs[name] = slice.length;
        packsWritten++;
      }
      const written = asked.filter(([, memo]) => definitions.get(memo.name)?.large !== true || (memo.pack !== undefined && memo.pack in packs));
      writeEngineStore(
        storeFile,
        written.map(([, { name, keyId, key, result, fingerprint, reads, pack }]) => (pack !== undefined && definitions.get(name)?.large === true ? { name, keyId, key, result: undefined, fingerprint, reads, pack } : { name, keyId, key, result, fingerprint, reads })),
        packs,
      );
      packHolds = packs;
      savedMemos = new Map(written);
      return { written: true, packs: packsWritten };
    },
    takeCounts() {
      const taken = counts;
      counts = { runs: 0, reused: 0, cutOff: 0, ranByQuery: {} };
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
  for (const input of explanation.inputs) lines.push(`${inner}input ${input}`);
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

/** A large result's name in its pack: a newer result of the same query and key is another entry. */
function packEntryId(memo: Memo): string {
  return `${memoId(memo.name, memo.keyId)}\0${memo.fingerprint}`;
}

/** Whether two values are equal primitives, or plain objects with the same keys holding equal primitives. */
function sameFlatValue(a: unknown, b: unknown): boolean {
  if (a === b) return typeof a !== 'object' || a === null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) || Array.isArray(b)) return false;
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const value = (a as Record<string, unknown>)[key];
    return (typeof value !== 'object' || value === null) && typeof value !== 'function' && value === (b as Record<string, unknown>)[key];
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
