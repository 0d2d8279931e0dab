// A bounded in-memory buffer (rows, and optionally bytes) flushed in batches, off the request's hot path: push() only appends to an
// array (or drops and counts when the buffer is full: it never blocks, never throws, never waits for the
// database). A timer flushes every `intervalMs`, or as soon as `maxBatch` rows wait; one flush runs at a
// time, each taking at most `maxBatch` rows. A failed flush is counted and its rows dropped (logging must
// not grow without bound while the database is away).

export type BatcherStats = { buffered: number; dropped: number; flushed: number; failedBatches: number };

export type Batcher<T> = {
  /** Queues one row; false when the buffer was full and the row was dropped (counted in stats). */
  push: (row: T) => boolean;
  /** Flushes everything buffered now (all batches), resolving when done. */
  drain: () => Promise<void>;
  /** From now on flush as soon as a row arrives (shutdown: the process may exit any moment). */
  hurry: () => void;
  stats: () => BatcherStats;
};

export type BatcherOptions<T> = {
  write: (rows: T[]) => Promise<void>;
  intervalMs?: number;
  maxBatch?: number;
  maxBuffered?: number;
  /** a second bound, on memory: the rows' sizes (sizeOf) may not add up to more than maxBytes */
  sizeOf?: (row: T) => number;
  maxBytes?: number;
  onError?: (err: unknown, rows: number) => void;
};

export const createBatcher = <T>({
  write,
  intervalMs = 250,
  maxBatch = 200,
  maxBuffered = 10_000,
  sizeOf = () => 0,
  maxBytes = Number.POSITIVE_INFINITY,
  onError,
}: BatcherOptions<T>): Batcher<T> => {
  let buffer: T[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let urgent = false;
  const counts = { dropped: 0, flushed: 0, failedBatches: 0 };

  const flushOnce = async (): Promise<void> => {
    const rows = buffer.length <= maxBatch ? buffer : buffer.slice(0, maxBatch);
    buffer = buffer.length <= maxBatch ? [] : buffer.slice(maxBatch);
    if (rows.length === 0) return;
    for (const r of rows) bytes -= sizeOf(r);
    try {
      await write(rows);
      counts.flushed += rows.length;
    } catch (err) {
      counts.failedBatches += 1;
      counts.dropped += rows.length;
      onError?.(err, rows.length);
    }
  };

  const run = (): Promise<void> => {
    if (running) return running;
    running = (async () => {
      try {
        while (buffer.length > 0) await flushOnce();
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  const schedule = () => {
    if (timer || running) return;
    const delay = urgent || buffer.length >= maxBatch ? 0 : intervalMs;
    timer = setTimeout(() => {
      timer = undefined;
      void run().then(() => {
        if (buffer.length > 0) schedule();
      });
    }, delay);
    timer.unref?.();
  };

  return {
    push: (row) => {
      const size = sizeOf(row);
      if (buffer.length >= maxBuffered || bytes + size > maxBytes) {
        counts.dropped += 1;
        return false;
      }
      buffer.push(row);
      bytes += size;
      if (buffer.length >= maxBatch && timer && !running) {
        clearTimeout(timer);
        timer = undefined;
      }
      schedule();
      return true;
    },
    drain: async () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      while (running || buffer.length > 0) await run();
    },
    hurry: () => {
      urgent = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (buffer.length > 0) schedule();
    },
    stats: () => ({ buffered: buffer.length, ...counts }),
  };
};
