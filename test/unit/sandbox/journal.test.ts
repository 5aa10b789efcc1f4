// The sandbox journal: last version wins on replay, BigInt amounts survive, a torn last line (a
// crash mid-write) is skipped, and opening compacts the file to one line per live entity.
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Journal } from "@/sandbox/store/journal";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-journal-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("Journal", () => {
  it("replays the last version of each entity, with BigInt amounts, and drops deleted ones", () => {
    const dir = tempDir();
    const journal = new Journal(dir);
    journal.open();
    journal.append({ kind: "payment", id: "p1", value: { amount: 100n, status: "PROCESSING" } });
    journal.append({ kind: "payment", id: "p1", value: { amount: 100n, status: "SUCCESS" } });
    journal.append({ kind: "fault", id: "f1", value: { remaining: 1 } });
    journal.append({ kind: "fault", id: "f1", deleted: true });
    journal.close();

    const reopened = new Journal(dir);
    const state = reopened.open();
    reopened.close();
    expect(state.get("payment")?.get("p1")).toEqual({ amount: 100n, status: "SUCCESS" });
    expect(state.get("fault")?.has("f1")).toBe(false);
    expect(readFileSync(join(dir, "journal.jsonl"), "utf8").trim().split("\n")).toHaveLength(1);
  });

  it("skips a torn last line and keeps a plain object that merely has a $big key alongside others", () => {
    const dir = tempDir();
    const journal = new Journal(dir);
    journal.open();
    journal.append({ kind: "user", id: "u1", value: { note: { $big: "1", other: true } } });
    journal.close();
    appendFileSync(join(dir, "journal.jsonl"), '{"k":"user","id":"u2","v":{"bal');
    const reopened = new Journal(dir);
    const state = reopened.open();
    reopened.close();
    expect(state.get("user")?.get("u1")).toEqual({ note: { $big: "1", other: true } });
    expect(state.get("user")?.has("u2")).toBe(false);
  });
});
