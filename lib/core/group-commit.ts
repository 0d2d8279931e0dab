/**
 * Group commit: calls that arrive while earlier ones of the same group are being written wait for them
 * and are then written together, up to `maxBatch` at a time, in one transaction (one lock of the union
 * of their rows, multi-row inserts, one commit). A call with no company is written at once: a group
 * starts a batch as soon as it has fewer than `maxInFlight` batches in flight, so nothing ever waits on
 * a timer. Under load the queue fills while `maxInFlight` batches are in flight, and each next batch
 * takes what has gathered.
 */
export type GroupCommit<I, O> = {
  /** Resolves with this item's own outcome; rejects only when `run` fails for the whole batch. */
  submit: (group: string, item: I) => Promise<O>;
  /** batches in flight and items waiting, per group (for tests and diagnostics) */
  pending: () => { inFlight: number; waiting: number };
};

type Waiting<I, O> = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
type Group<I, O> = { queue: Waiting<I, O>[]; inFlight: number };

export const createGroupCommit = <I, O>({
  maxBatch,
  maxInFlight,
  run,
}: {
  /** read at each flush, so a setting changed at run time applies */
  maxBatch: () => number;
  maxInFlight: () => number;
  /** writes the batch; returns one outcome per item, in order */
  run: (items: I[]) => Promise<O[]>;
}): GroupCommit<I, O> => {
  const groups = new Map<string, Group<I, O>>();

  const flush = async (name: string, group: Group<I, O>): Promise<void> => {
    const batch = group.queue.splice(0, maxBatch());
    group.inFlight++;
    let answer: () => void;
    try {
      const outcomes = await run(batch.map((w) => w.item));
      if (outcomes.length !== batch.length) throw new Error(`A batch of ${batch.length} returned ${outcomes.length} outcomes.`);
      answer = () => batch.forEach((w, i) => w.resolve(outcomes[i]));
    } catch (err) {
      answer = () => batch.forEach((w) => w.reject(err));
    }
    // the next batch starts before this one's callers go on
    group.inFlight--;
    if (group.queue.length > 0) void flush(name, group);
    else if (group.inFlight === 0) groups.delete(name);
    answer();
  };

  return {
    submit: (name, item) =>
      new Promise<O>((resolve, reject) => {
        let group = groups.get(name);
        if (!group) groups.set(name, (group = { queue: [], inFlight: 0 }));
        group.queue.push({ item, resolve, reject });
        if (group.inFlight < maxInFlight()) void flush(name, group);
      }),
    pending: () => {
      let inFlight = 0;
      let waiting = 0;
      for (const g of groups.values()) {
        inFlight += g.inFlight;
        waiting += g.queue.length;
      }
      return { inFlight, waiting };
    },
  };
};
