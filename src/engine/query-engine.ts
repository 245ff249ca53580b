import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fingerprintOf, fingerprintOfFile } from './fingerprint.js';
import { readEngineStore, writeEngineStore, type RecordedRead, type StoredResult } from './engine-store.js';

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
  /** Writes the persisted queries' results to the store file (when the engine has one). */
  save(): void;
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

export function createQueryEngine(options: QueryEngineOptions = {}): QueryEngine {
  const definitions = new Map<string, Query<never, unknown>>();
  for (const query of options.queries ?? []) definitions.set(query.name, query);
  const memos = new Map<string, Memo>();
  const stored = new Map<string, Memo>();
  for (const result of options.storeFile ? readEngineStore(options.storeFile) : []) stored.set(memoId(result.name, result.keyId), { ...result, verifiedAt: -1 });
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
      async query<OtherKey, OtherResult>(other: Query<OtherKey, OtherResult>, otherKey: OtherKey) {
        const otherKeyId = keyIdOf(other, otherKey);
        const memo = await fetch(other, otherKey, otherKeyId, [...asking, id]);
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
  const fetch = <Key, Result>(query: Query<Key, Result>, key: Key, keyId: string, asking: readonly string[], forResult = true): Promise<Memo> => {
    const id = memoId(query.name, keyId);
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
      if (before && (await readsUnchanged(before, [...asking, id])) && !(forResult && before.released)) {
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
    setInput(name, value, fingerprint = fingerprintOf(value)) {
      if (inputs.get(name)?.fingerprint !== fingerprint) revision++;
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
    save() {
      if (!options.storeFile) return;
      const persisted = [...memos.values()].filter((memo) => definitions.get(memo.name)?.persist === true);
      writeEngineStore(options.storeFile, persisted.map(({ verifiedAt: _verifiedAt, ...result }) => result));
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
