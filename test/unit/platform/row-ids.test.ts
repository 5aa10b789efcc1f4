// Row ids are UUID v7 made from pooled random bytes (request-ids.ts): still valid v7, never repeated,
// and in creation order, also within one millisecond, as keyset pages rely on.
import { validate, version } from "uuid";
import { describe, expect, it } from "vitest";
import { isRowId, newRowId } from "@/lib/platform/ids/request-ids";

describe("newRowId", () => {
  it("makes distinct UUID v7 ids that sort in the order they were made", () => {
    // More ids than the random pool holds (256), many of them in the same millisecond.
    const ids = Array.from({ length: 5_000 }, () => newRowId());
    for (const id of ids.slice(0, 300)) {
      expect(validate(id) && version(id) === 7 && isRowId(id)).toBe(true);
      expect(id[19]).toMatch(/[89ab]/);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it("stamps the current time in the first 48 bits", () => {
    const before = Date.now();
    const id = newRowId();
    const stamped = Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(Date.now() + 1);
  });
});
