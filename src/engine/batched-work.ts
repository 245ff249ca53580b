/**
 * Work that queries hand over one item each and that is done in one go: a build asks a query per
 * page, and the pages whose queries run (all of a cold build's, a few of a watch build's) are
 * then worked on together, in batches on the worker pool for a big site, as a cold build's whole
 * site would be. It starts once each of the `expected` keys either handed an item or was answered
 * without running ({@link BatchedWork.answered}), so no query waits for one that never runs.
 */
export interface BatchedWork<Item, Outcome> {
  /** Hands over a running query's item; resolves with its outcome once the batch is done. */
  run(key: string, item: Item): Promise<Outcome>;
  /** Says the query of this key has its answer (call it whether it ran or not). */
  answered(key: string): void;
}

/** `doAll` gets the items in the order they were handed over and gives their outcomes in that order. */
export function batchedWork<Item, Outcome>(expected: number, doAll: (items: Item[]) => Promise<Outcome[]> | Outcome[]): BatchedWork<Item, Outcome> {
  const waiting: { item: Item; resolve: (outcome: Outcome) => void; reject: (error: unknown) => void }[] = [];
  const known = new Set<string>();
  let started = false;
  const startOnceAllKnown = () => {
    if (started || known.size < expected) return;
    started = true;
    if (waiting.length === 0) return;
    Promise.resolve()
      .then(() => doAll(waiting.map((entry) => entry.item)))
      .then((outcomes) => {
        if (outcomes.length !== waiting.length) throw new Error(`sdkdocs: a batch of ${waiting.length} items gave ${outcomes.length} outcomes`);
        waiting.forEach((entry, index) => entry.resolve(outcomes[index]!));
      })
      .catch((error: unknown) => {
        for (const entry of waiting) entry.reject(error);
      });
  };
  return {
    run(key, item) {
      if (started) return Promise.reject(new Error(`sdkdocs: ${key} was handed to a batch that had started`));
      return new Promise((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        known.add(key);
        startOnceAllKnown();
      });
    },
    answered(key) {
      known.add(key);
      startOnceAllKnown();
    },
  };
}
