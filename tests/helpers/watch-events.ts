import type { WatchEvent } from '../../src/serve/watch-site.js';

/** What a test is told about a watch session's states, and waits on instead of sleeping. */
export interface WatchEventLog {
  /** Pass as `onWatchEvent`. */
  readonly record: (event: WatchEvent) => void;
  readonly events: readonly WatchEvent[];
  /** Resolves with the first event, seen already or still to come, that `matches`. */
  seen(matches: (event: WatchEvent) => boolean): Promise<WatchEvent>;
  /** Resolves with the first event from now on that `matches`: call it before the action that causes the event. */
  next(matches: (event: WatchEvent) => boolean): Promise<WatchEvent>;
}

export function createWatchEventLog(): WatchEventLog {
  const events: WatchEvent[] = [];
  const waiting = new Set<{ matches: (event: WatchEvent) => boolean; resolve: (event: WatchEvent) => void }>();
  const next = (matches: (event: WatchEvent) => boolean) =>
    new Promise<WatchEvent>((resolve) => {
      waiting.add({ matches, resolve });
    });
  return {
    events,
    record(event) {
      events.push(event);
      for (const waiter of waiting) {
        if (!waiter.matches(event)) continue;
        waiting.delete(waiter);
        waiter.resolve(event);
      }
    },
    seen(matches) {
      const earlier = events.find(matches);
      return earlier ? Promise.resolve(earlier) : next(matches);
    },
    next,
  };
}

/** Whether `event` says that the watcher saw a change to `file`. */
export function isChangeOf(file: string): (event: WatchEvent) => boolean {
  return (event) => event.type === 'change' && event.file === file;
}
