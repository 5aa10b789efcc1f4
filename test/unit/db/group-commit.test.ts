import { describe, expect, it } from "vitest";
import { groupCommit } from "@/lib/platform/db/group-commit";

/** A write whose batches the test finishes by hand, to hold a write in flight. */
function controlledWrite(fail: (row: string) => boolean = () => false) {
  const batches: string[][] = [];
  const finishers: Array<() => void> = [];
  const write = (rows: string[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push(rows);
      finishers.push(() => (rows.some(fail) ? reject(new Error(`bad row in ${rows.join(",")}`)) : resolve()));
    });
  const finishAll = async () => {
    // Finishing a write may start the next one: keep going until nothing is left in flight.
    for (let done = 0; done < finishers.length; done++) {
      finishers[done]?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { write, batches, finishAll };
}

describe("groupCommit", () => {
  it("writes a lone row at once", async () => {
    const { write, batches, finishAll } = controlledWrite();
    const record = groupCommit(write);
    const written = record("a");
    expect(batches).toEqual([["a"]]);
    await finishAll();
    await expect(written).resolves.toBeUndefined();
  });

  it("groups the rows that arrive while a write is in flight into the next write", async () => {
    const { write, batches, finishAll } = controlledWrite();
    const record = groupCommit(write);
    const all = ["a", "b", "c", "d"].map(record);
    expect(batches).toEqual([["a"]]);
    await finishAll();
    await Promise.all(all);
    expect(batches).toEqual([["a"], ["b", "c", "d"]]);
  });

  it("answers a caller only when the write holding its row has finished", async () => {
    const { write, finishAll } = controlledWrite();
    const record = groupCommit(write);
    let settled = false;
    void record("a").then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await finishAll();
    expect(settled).toBe(true);
  });

  it("keeps each statement within maxBatch rows", async () => {
    const { write, batches, finishAll } = controlledWrite();
    const record = groupCommit(write, { maxBatch: 2 });
    const all = ["a", "b", "c", "d", "e"].map(record);
    await finishAll();
    await Promise.all(all);
    expect(batches).toEqual([["a"], ["b", "c"], ["d", "e"]]);
  });

  it("writes a failed batch again row by row: only the bad row fails", async () => {
    const { write, batches, finishAll } = controlledWrite((row) => row === "bad");
    const record = groupCommit(write);
    const first = record("a");
    const rest = ["b", "bad", "c"].map((row) =>
      record(row).then(
        () => `${row} written`,
        (error: Error) => `${row} failed: ${error.message}`,
      ),
    );
    await finishAll();
    await first;
    expect(await Promise.all(rest)).toEqual(["b written", "bad failed: bad row in bad", "c written"]);
    expect(batches).toEqual([["a"], ["b", "bad", "c"], ["b"], ["bad"], ["c"]]);
  });

  it("goes on writing after a failure", async () => {
    const { write, batches, finishAll } = controlledWrite((row) => row === "bad");
    const record = groupCommit(write);
    const failed = record("bad").catch(() => "failed");
    await finishAll();
    expect(await failed).toBe("failed");
    const next = record("z");
    await finishAll();
    await next;
    expect(batches.at(-1)).toEqual(["z"]);
  });
});
