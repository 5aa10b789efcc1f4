// An interactive transaction that expired under load (Prisma's P2028) was rolled back: the route
// answers 503 with Retry-After, which the client re-sends with the same Idempotency-Key, not an
// opaque 500.
import { describe, expect, it } from "vitest";
import { errorResponse } from "@/lib/http/error-response";
import { isDatabaseUnavailable } from "@/lib/platform/db/errors";

const expired = Object.assign(
  new Error(
    "Transaction API error: A query cannot be executed on an expired transaction. The timeout for this transaction was 5000 ms, however 5892 ms passed since the start of the transaction.",
  ),
  { name: "PrismaClientKnownRequestError", code: "P2028" },
);

describe("an expired interactive transaction", () => {
  it("is the database being unavailable for a moment", () => {
    expect(isDatabaseUnavailable(expired)).toBe(true);
  });

  it("answers 503 with Retry-After", () => {
    const answer = errorResponse(expired);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBeTruthy();
  });
});
