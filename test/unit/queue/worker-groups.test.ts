// Every queue runs somewhere in production: the worker groups cover the queues, and the processes
// that compose.production.yml and the README's going-live commands start cover every group. A fork's
// new queue lands in `general` by itself; one left out of every process would never run.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { QUEUE_NAMES } from "@/lib/platform/queue/definitions";
import { resolveQueueNames, WORKER_GROUPS } from "@/lib/platform/queue/worker-groups";

const read = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");

/** The names a `node dist/workers.mjs …` process is given: its arguments, else WORKERS, else all. */
function servedBy(args: readonly string[], workersVariable: string | undefined): string[] {
  if (args.length > 0) return [...args];
  if (workersVariable) return workersVariable.split(",").map((name) => name.trim());
  return [...QUEUE_NAMES];
}

function queuesOf(names: readonly string[]) {
  const { queues, unknown } = resolveQueueNames(names);
  expect(unknown, "names that are neither a queue nor a group").toEqual([]);
  return queues;
}

describe("worker groups", () => {
  it("give every queue exactly one group, but the events worker (the fork's hooks) every group", () => {
    const grouped = Object.values(WORKER_GROUPS)
      .flat()
      .filter((queue) => queue !== "events");
    expect([...grouped].sort()).toEqual(QUEUE_NAMES.filter((queue) => queue !== "events").sort());
    for (const queues of Object.values(WORKER_GROUPS)) expect(queues).toContain("events");
  });

  it("are all started by compose.production.yml's worker services", () => {
    const compose = parse(read("compose.production.yml")) as {
      services: Record<string, { command?: string[]; environment?: Record<string, string> }>;
    };
    const served = new Set<string>();
    for (const service of Object.values(compose.services)) {
      const at = service.command?.indexOf("dist/workers.mjs") ?? -1;
      if (!service.command || at < 0) continue;
      const names = servedBy(service.command.slice(at + 1), service.environment?.WORKERS);
      for (const queue of queuesOf(names)) served.add(queue);
    }
    expect([...served].sort()).toEqual([...QUEUE_NAMES].sort());
  });

  it("are all started by the README's going-live commands", () => {
    const served = new Set<string>();
    for (const line of read("README.md").split("\n")) {
      const command = /^(?:WORKERS=(\S+) )?node dist\/workers\.mjs((?: [\w-]+)*)/.exec(line.trim());
      if (!command) continue;
      const args = (command[2] ?? "").split(" ").filter(Boolean);
      for (const queue of queuesOf(servedBy(args, command[1]))) served.add(queue);
    }
    expect([...served].sort()).toEqual([...QUEUE_NAMES].sort());
  });

  it("resolve group and queue names alike, each queue once, and name what they do not know", () => {
    expect(resolveQueueNames(["settlement", "reconcile"]).queues.sort()).toEqual([
      "events",
      "expiry",
      "reconcile",
      "refund-poll",
    ]);
    expect(resolveQueueNames(["general", "nightly-export"]).unknown).toEqual(["nightly-export"]);
  });
});
