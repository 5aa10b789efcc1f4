// Group commit: rows handed in while a write is in flight wait and go together in the next write,
// so N concurrent callers cost a few statements instead of N. An idle writer writes at once: no
// timer, no added latency when there is nothing to group with. Every caller's promise settles when
// the write holding its row has (or has not) committed, so "recorded" still means on disk.
//
//   const record = groupCommit((rows) => insertMany(rows));
//   await record(row);
//
// A batch that fails is written again row by row, so one bad row fails alone and the rest land.

export interface GroupCommitOptions {
  /** Rows per statement at most. */
  maxBatch?: number;
  /** Writes in flight at once; rows arriving beyond that wait for one to finish. */
  maxInFlight?: number;
}

interface Pending<T> {
  row: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function groupCommit<T>(
  write: (rows: T[]) => Promise<void>,
  { maxBatch = 200, maxInFlight = 1 }: GroupCommitOptions = {},
): (row: T) => Promise<void> {
  const waiting: Pending<T>[] = [];
  let inFlight = 0;

  async function writeBatch(batch: Pending<T>[]): Promise<void> {
    try {
      await write(batch.map((pending) => pending.row));
      for (const pending of batch) pending.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // Which row broke it is unknown: each alone, so only that one fails.
      await Promise.all(batch.map((pending) => write([pending.row]).then(pending.resolve, pending.reject)));
    }
  }

  function flush(): void {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      inFlight++;
      void writeBatch(batch).finally(() => {
        inFlight--;
        flush();
      });
    }
  }

  return (row) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ row, resolve, reject });
      flush();
    });
}
