/**
 * Hashed assets (stylesheets, scripts, route data) that a newer build no longer has, kept for a
 * while because a page loaded just before that build still asks for them. Bounded in time and in
 * bytes; the oldest go first. Both servers use it: `serve --watch` for the generations it
 * publishes, plain `serve` for the output folders `sdkdocs build` swaps in.
 */
export interface RetiredAssets<Asset> {
  /** Keeps an asset its build no longer has, from now until the grace period ends. */
  retire(key: string, asset: Asset, bytes: number, now?: number): void;
  /** The asset, while its grace period lasts. */
  get(key: string, now?: number): Asset | undefined;
  /** Drops a key that is current again (a newer build has it). */
  forget(key: string): void;
  /** Drops what is past its grace period, then the oldest until the bytes fit `budget`. */
  prune(now?: number, budget?: number): void;
  clear(): void;
}

export const defaultGraceMs = 5 * 60_000;
export const defaultGraceBytes = 64 * 1024 * 1024;

export function createRetiredAssets<Asset>(options: { graceMs?: number; graceBytes?: number } = {}): RetiredAssets<Asset> {
  const graceMs = options.graceMs ?? defaultGraceMs;
  const graceBytes = options.graceBytes ?? defaultGraceBytes;
  // A Map iterates in insertion order: retiring a key again moves it to the end.
  const retired = new Map<string, { asset: Asset; until: number; bytes: number }>();
  let retiredBytes = 0;

  const forget = (key: string) => {
    const item = retired.get(key);
    if (!item) return;
    retired.delete(key);
    retiredBytes -= item.bytes;
  };
  return {
    retire(key, asset, bytes, now = Date.now()) {
      forget(key);
      retired.set(key, { asset, until: now + graceMs, bytes });
      retiredBytes += bytes;
    },
    get(key, now = Date.now()) {
      const item = retired.get(key);
      return item && item.until > now ? item.asset : undefined;
    },
    forget,
    prune(now = Date.now(), budget = graceBytes) {
      for (const [key, item] of retired) {
        if (item.until > now && retiredBytes <= budget) break;
        forget(key);
      }
    },
    clear() {
      retired.clear();
      retiredBytes = 0;
    },
  };
}
