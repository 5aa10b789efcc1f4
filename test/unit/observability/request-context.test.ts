// Request ids: which offered ids are kept, and that every log line written inside a request's context
// carries its id (and a job's id and queue in workers), across awaits, without passing it along.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "@/lib/platform/log";
import { currentRequestId, runWithRequestContext } from "@/lib/platform/observability/request-context";
import { isSaneRequestId, requestIdOf } from "@/lib/platform/observability/request-id";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()));
      callback();
    },
  });
  return { lines, logger: createLogger({ destination }) };
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("request ids", () => {
  it.each(["0196f1c2-3a4b-7c8d-9e0f-112233445566", "req_01HX", "lb.1-2:3", "a"])(
    "keeps the caller's sane id %s",
    (id) => {
      expect(requestIdOf(new Headers({ "x-request-id": id }))).toBe(id);
    },
  );

  it.each(["", "has space", "x".repeat(129), "<script>", "a;b", "ünïcode", 'quote"d'])(
    "replaces an id that is not a sane token (%j) with a fresh UUID",
    (id) => {
      expect(isSaneRequestId(id)).toBe(false);
      expect(requestIdOf(new Headers({ "x-request-id": id }))).toMatch(UUID_V4);
    },
  );

  it("generates a different id for each request without one", () => {
    const first = requestIdOf(new Headers());
    expect(first).toMatch(UUID_V4);
    expect(requestIdOf(new Headers())).not.toBe(first);
  });
});

describe("the request context in log lines", () => {
  it("stamps every line written inside a request with its id, across awaits, and none outside", async () => {
    const { lines, logger } = capture();
    logger.info("before");
    await runWithRequestContext({ requestId: "req-1" }, async () => {
      logger.info("start");
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.child({ part: "service" }).warn("after an await, through a child logger");
      expect(currentRequestId()).toBe("req-1");
    });
    logger.info("after");
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ["before", undefined],
      ["start", "req-1"],
      ["after an await, through a child logger", "req-1"],
      ["after", undefined],
    ]);
  });

  it("keeps concurrent requests apart", async () => {
    const { lines, logger } = capture();
    await Promise.all(
      ["a", "b", "c"].map((requestId, index) =>
        runWithRequestContext({ requestId }, async () => {
          await new Promise((resolve) => setTimeout(resolve, 10 - index * 3));
          logger.info({ expected: requestId }, "work");
        }),
      ),
    );
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.requestId).toBe(line.expected);
  });

  it("adds the job and its queue in a worker", () => {
    const { lines, logger } = capture();
    runWithRequestContext({ requestId: "req-2", jobId: "reconcile-order-1-x", queue: "reconcile" }, () =>
      logger.info("job line"),
    );
    expect(lines[0]).toMatchObject({ requestId: "req-2", jobId: "reconcile-order-1-x", queue: "reconcile" });
  });
});
