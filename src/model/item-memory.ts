/**
 * The in-memory tier: fingerprinted entries a `serve --watch` session keeps between its builds
 * (`BuildContext.memory`), so a rebuild reads no cache file it read or wrote before. A one-off
 * build has none: it reads each entry once anyway.
 */
export interface ItemMemory {
  readonly entries: Map<string, unknown>;
  /**
   * What a session keeps alive between its builds that is not a cache entry (an esbuild context,
   * the models of past API versions), by a key its owner chooses. Never evicted: each is released
   * with the session (`releaseItemMemory` of src/core/item-store.ts).
   */
  readonly held: Map<string, object>;
}
