/**
 * Work that queries hand over one item each and that is done in one go: a build asks a query per
 * page, and the pages whose queries run (all of a cold build's, a few of a watch build's) are
 * then worked on together, in batches on the worker pool for a big site, as a cold build's whole
 * site would be. It starts once each of the `expected` keys either handed an item or was answered
 * without running ({@link BatchedWork.answered}), so no query waits for one that never runs.
 */
export interface BatchedWork<Item, Outcome> {
  /** Hands over a running query's item; resolves with its outcome once the work has it. */
  run(key: string, item: Item): Promise<Outcome>;
  /** Says the query of this key has its answer (call it whether it ran or not). */
  answered(key: string): void;
}

/**
 * Settles the item at `index` (of the items `doAll` got) before the rest are done, so that its
 * query goes on while later batches are still on the workers.
 */
export type SettleItem<Outcome> = (index: number, outcome: Outcome) => void;

/**
 * `doAll` gets the items in the order they were handed over. It gives their outcomes in that
 * order as its result, or settles each as it is done and returns nothing; an item it left
 * unsettled fails its query.
 */
export function batchedWork<Item, Outcome>(
  expected: number,
  doAll: (items: Item[], settle: SettleItem<Outcome>) => Promise<readonly Outcome[] | void> | readonly Outcome[] | void,
): BatchedWork<Item, Outcome> {
  const waiting: { key: string; item: Item; resolve: (outcome: Outcome) => void; reject: (error: unknown) => void; settled?: true }[] = [];
  const known = new Set<string>();
  let started = false;
  const settle: SettleItem<Outcome> = (index, outcome) => {
    const entry = waiting[index];
    if (!entry || entry.settled) return;
    entry.settled = true;
    entry.resolve(outcome);
  };
  const startOnceAllKnown = () => {
    if (started || known.size < expected) return;
    started = true;
    if (waiting.length === 0) return;
    Promise.resolve()
      .then(() => doAll(waiting.map((entry) => entry.item), settle))
      .then((outcomes) => {
        if (outcomes && outcomes.length !== waiting.length) throw new Error(`sdkdocs: a batch of ${waiting.length} items gave ${outcomes.length} outcomes`);
        outcomes?.forEach((outcome, index) => settle(index, outcome));
        for (const entry of waiting) if (!entry.settled) entry.reject(new Error(`sdkdocs: the work on ${entry.key} gave no outcome`));
      })
      .catch((error: unknown) => {
        for (const entry of waiting) if (!entry.settled) entry.reject(error);
      });
  };
  return {
    run(key, item) {
      if (started) return Promise.reject(new Error(`sdkdocs: ${key} was handed to a batch that had started`));
      return new Promise((resolve, reject) => {
        waiting.push({ key, item, resolve, reject });
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
