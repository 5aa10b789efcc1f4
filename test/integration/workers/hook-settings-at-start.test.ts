// The workers check the fork's settings (hooks/settings.ts) when they start: a malformed one stops the
// process before any job runs, with the variable's name, instead of failing each delivery later.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { spawnWorkerProcess, type WorkerProcess } from "@/test/support/workers";

const started: WorkerProcess[] = [];
afterEach(() => {
  for (const worker of started.splice(0)) worker.kill("SIGKILL");
});

function startWith(extra: Record<string, string>): WorkerProcess {
  const worker = spawnWorkerProcess({
    PATH: process.env.PATH ?? "",
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    // Never reached: the settings are checked before anything connects.
    DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none",
    REDIS_URL: "redis://127.0.0.1:1",
    LOCAL_DIR: mkdtempSync(path.join(tmpdir(), "hook-settings-local-")),
    ...extra,
  });
  started.push(worker);
  return worker;
}

describe("workers at start", () => {
  it.each([
    [{ KITCHEN_TICKET_URL: "kitchen.example/tickets" }, ["KITCHEN_TICKET_URL: must be an http(s) URL"]],
    [{ MINI_APP_ID: "my app" }, ["MINI_APP_ID: must be the app id"]],
    [
      { KITCHEN_TICKET_URL: "ftp://kitchen.example", MINI_APP_ID: "a&b" },
      ["KITCHEN_TICKET_URL: must be an http(s) URL", "MINI_APP_ID: must be the app id"],
    ],
  ])(
    "refuse %j, naming the variable",
    async (extra, expected) => {
      const worker = startWith(extra);
      expect(await worker.exited).toBe(1);
      const output = worker.output.join("\n");
      expect(output).toContain("Invalid configuration");
      for (const problem of expected) expect(output).toContain(problem);
      expect(output).not.toContain("workers started");
    },
    30_000,
  );
});
