/**
 * Group commit: calls that arrive while earlier ones of the same group are being written wait for them
 * and are then written together, up to `maxBatch` at a time, in one transaction (one lock of the union
 * of their rows, multi-row inserts, one commit). A call with no company is written at once: a group
 * starts a batch as soon as it has fewer than `maxInFlight` batches in flight, so nothing ever waits on
 * a timer. Under load the queue fills while `maxInFlight` batches are in flight, and each next batch
 * takes what has gathered.
 *
 * With `prepare` (a pipeline of two stages): while every write slot of a group is busy, the calls that have
 * gathered are prepared (the reads a write needs, outside its transaction), one `prepare` at a time, so the
 * next batch's reads overlap the current batch's transaction instead of following it. A slot that frees while
 * a preparation runs waits for it; a batch takes the prepared calls first, then unprepared ones; `run` gets per call what
 * `prepare` gave it, or undefined for a call it did not prepare (a batch started at once, or whose `prepare`
 * failed), and prepares those itself.
 */
export type GroupCommit<I, O> = {
  /** Resolves with this item's own outcome; rejects only when `run` fails for the whole batch. */
  submit: (group: string, item: I) => Promise<O>;
  /** batches in flight and items waiting (prepared or not), per group (for tests and diagnostics) */
  pending: () => { inFlight: number; waiting: number };
};

type Waiting<I, O, P> = { item: I; prepared?: P; resolve: (o: O) => void; reject: (e: unknown) => void };
type Group<I, O, P> = { queue: Waiting<I, O, P>[]; ready: Waiting<I, O, P>[]; preparing: number; inFlight: number };

export const createGroupCommit = <I, O, P = never>({
  maxBatch,
  maxInFlight,
  prepare,
  run,
}: {
  /** read at each flush, so a setting changed at run time applies */
  maxBatch: () => number;
  maxInFlight: () => number;
  /** per item what its write needs (in order); run ahead while the group's writes are busy */
  prepare?: (items: I[]) => Promise<P[]>;
  /** writes the batch; returns one outcome per item, in order */
  run: (items: I[], prepared: (P | undefined)[]) => Promise<O[]>;
}): GroupCommit<I, O> => {
  const groups = new Map<string, Group<I, O, P>>();

  const write = async (name: string, group: Group<I, O, P>, batch: Waiting<I, O, P>[]): Promise<void> => {
    group.inFlight++;
    let answer: () => void;
    try {
      const outcomes = await run(
        batch.map((w) => w.item),
        batch.map((w) => w.prepared),
      );
      if (outcomes.length !== batch.length) throw new Error(`A batch of ${batch.length} returned ${outcomes.length} outcomes.`);
      answer = () => batch.forEach((w, i) => w.resolve(outcomes[i]));
    } catch (err) {
      answer = () => batch.forEach((w) => w.reject(err));
    }
    // the next batch starts before this one's callers go on
    group.inFlight--;
    pump(name, group);
    answer();
  };

  const prepareAhead = async (name: string, group: Group<I, O, P>, batch: Waiting<I, O, P>[]): Promise<void> => {
    group.preparing = batch.length;
    try {
      const prepared = await prepare!(batch.map((w) => w.item));
      if (prepared.length === batch.length) batch.forEach((w, i) => (w.prepared = prepared[i]));
    } catch {
      // left unprepared: the batch that takes them prepares them in its run
    }
    group.preparing = 0;
    group.ready.push(...batch);
    pump(name, group);
  };

  const pump = (name: string, group: Group<I, O, P>): void => {
    const max = maxBatch();
    // a free slot waits for a preparation under way: its calls join the batch
    while (group.inFlight < maxInFlight() && group.preparing === 0 && group.ready.length + group.queue.length > 0) {
      const batch = group.ready.splice(0, max);
      batch.push(...group.queue.splice(0, max - batch.length));
      void write(name, group, batch);
    }
    if (prepare && group.preparing === 0 && group.queue.length > 0 && group.ready.length < max && group.inFlight >= maxInFlight())
      void prepareAhead(name, group, group.queue.splice(0, max - group.ready.length));
    if (group.inFlight === 0 && group.preparing === 0 && group.queue.length === 0 && group.ready.length === 0) groups.delete(name);
  };

  return {
    submit: (name, item) =>
      new Promise<O>((resolve, reject) => {
        let group = groups.get(name);
        if (!group) groups.set(name, (group = { queue: [], ready: [], preparing: 0, inFlight: 0 }));
        group.queue.push({ item, resolve, reject });
        pump(name, group);
      }),
    pending: () => {
      let inFlight = 0;
      let waiting = 0;
      for (const g of groups.values()) {
        inFlight += g.inFlight;
        waiting += g.queue.length + g.ready.length + g.preparing;
      }
      return { inFlight, waiting };
    },
  };
};
