import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyOrderEvent,
  assertRefundable,
  capturedFils,
  FINAL_STATUSES,
  ORDER_STATUSES,
  type OrderEvent,
  type OrderFlow,
  type OrderSnapshot,
  OrderTransitionError,
  refundableFils,
} from "@/lib/payments/orders/order-state";

const order = (flow: OrderFlow, status: OrderSnapshot["status"], amountFils = 100_000n): OrderSnapshot => ({
  flow,
  status,
  amountFils,
  voidedFils: 0n,
  refundedFils: 0n,
});

function refusal(snapshot: OrderSnapshot, event: OrderEvent): string {
  try {
    applyOrderEvent(snapshot, event);
  } catch (error) {
    expect(error).toBeInstanceOf(OrderTransitionError);
    return (error as OrderTransitionError).code;
  }
  throw new Error(`expected ${event.type} to be refused from ${snapshot.status}`);
}

describe("payment results", () => {
  it.each([
    ["PAY_ACCEPTED", "PENDING"],
    ["PAY_SUCCEEDED", "PAID"],
    ["PAY_FAILED", "FAILED"],
    ["PAY_UNKNOWN", "UNKNOWN"],
  ] as const)("a new order takes %s to %s", (type, status) => {
    expect(applyOrderEvent(order("CASHIER", "CREATED"), { type }).status).toBe(status);
  });

  it("an unknown payment is left only by what the wallet reports", () => {
    const unknown = order("CASHIER", "UNKNOWN");
    expect(applyOrderEvent(unknown, { type: "PAY_SUCCEEDED" }).status).toBe("PAID");
    expect(applyOrderEvent(unknown, { type: "PAY_FAILED" }).status).toBe("FAILED");
    expect(applyOrderEvent(unknown, { type: "PAY_PROCESSING" }).status).toBe("PENDING");
    expect(applyOrderEvent(unknown, { type: "PAY_CLOSED" }).status).toBe("CLOSED");
    expect(refusal(unknown, { type: "PAY_UNKNOWN" })).toBe("ORDER_STATUS_INVALID");
  });

  it("a late failure notification cannot undo a payment", () => {
    expect(refusal(order("CASHIER", "PAID"), { type: "PAY_FAILED" })).toBe("ORDER_STATUS_INVALID");
  });
});

describe("escrow lifecycle (the spec's table)", () => {
  const paid = order("ESCROW", "PAID");

  it("accept, then confirm", () => {
    const accepted = applyOrderEvent(paid, { type: "MERCHANT_ACCEPTED" });
    expect(accepted.status).toBe("ACCEPTED");
    expect(applyOrderEvent(accepted, { type: "CONFIRMED" }).status).toBe("CONFIRMED");
  });

  it("cancel only before acceptance; void only after", () => {
    expect(applyOrderEvent(paid, { type: "CANCELLED" }).status).toBe("CANCELLED");
    expect(refusal(paid, { type: "VOIDED", amountFils: 1n })).toBe("ORDER_STATUS_INVALID");
    const accepted = applyOrderEvent(paid, { type: "MERCHANT_ACCEPTED" });
    expect(refusal(accepted, { type: "CANCELLED" })).toBe("ORDER_STATUS_INVALID");
  });

  it("partial voids keep the order accepted until nothing is held", () => {
    let accepted = applyOrderEvent(paid, { type: "MERCHANT_ACCEPTED" });
    accepted = applyOrderEvent(accepted, { type: "VOIDED", amountFils: 40_000n });
    expect(accepted).toMatchObject({ status: "ACCEPTED", voidedFils: 40_000n });
    expect(refusal(accepted, { type: "VOIDED", amountFils: 60_001n })).toBe("AMOUNT_EXCEEDS_REMAINING");
    expect(applyOrderEvent(accepted, { type: "VOIDED", amountFils: 60_000n }).status).toBe("VOIDED");
  });

  it("after confirmation neither void nor cancel; refund instead", () => {
    const confirmed = order("ESCROW", "CONFIRMED");
    expect(refusal(confirmed, { type: "VOIDED", amountFils: 1n })).toBe("ORDER_STATUS_INVALID");
    expect(refusal(confirmed, { type: "CANCELLED" })).toBe("ORDER_STATUS_INVALID");
    expect(() => assertRefundable(confirmed, 100_000n)).not.toThrow();
  });

  it("confirm before accept is refused", () => {
    expect(refusal(paid, { type: "CONFIRMED" })).toBe("ORDER_STATUS_INVALID");
  });

  it.each(["CASHIER", "AGREEMENT"] as const)("%s orders take no escrow operation", (flow) => {
    for (const type of ["MERCHANT_ACCEPTED", "CANCELLED", "CONFIRMED"] as const) {
      expect(refusal(order(flow, "PAID"), { type })).toBe("ORDER_UNSUPPORTED_OPERATION");
    }
    expect(refusal(order(flow, "PAID"), { type: "VOIDED", amountFils: 1n })).toBe(
      "ORDER_UNSUPPORTED_OPERATION",
    );
  });
});

describe("refunds", () => {
  it("a paid cashier order refunds up to its amount, in parts", () => {
    const paid = { ...order("CASHIER", "PAID"), refundedFils: 30_000n };
    expect(refundableFils(paid)).toBe(70_000n);
    expect(() => assertRefundable(paid, 70_000n)).not.toThrow();
    expect(() => assertRefundable(paid, 70_001n)).toThrow(/exceeds the 70000 fils still refundable/);
  });

  it("an escrow order refunds only after confirmation, and never what was voided", () => {
    expect(() => assertRefundable(order("ESCROW", "PAID"), 1n)).toThrow(/only confirmed orders/);
    const confirmed = { ...order("ESCROW", "CONFIRMED"), voidedFils: 25_000n };
    expect(capturedFils(confirmed)).toBe(75_000n);
    expect(() => assertRefundable(confirmed, 75_001n)).toThrow(OrderTransitionError);
  });

  it.each(["CREATED", "PENDING", "UNKNOWN", "FAILED", "CLOSED"] as const)(
    "a %s order cannot be refunded",
    (status) => {
      expect(() => assertRefundable(order("CASHIER", status), 1n)).toThrow(/only paid orders/);
    },
  );

  it("zero and negative amounts are refused", () => {
    expect(() => assertRefundable(order("CASHIER", "PAID"), 0n)).toThrow(OrderTransitionError);
    expect(() => assertRefundable(order("CASHIER", "PAID"), -1n)).toThrow(OrderTransitionError);
  });
});

describe("properties over random event sequences", () => {
  const eventArbitrary: fc.Arbitrary<OrderEvent | { type: "REFUND"; amountFils: bigint }> = fc.oneof(
    fc.constantFrom(
      ...(
        [
          "PAY_ACCEPTED",
          "PAY_SUCCEEDED",
          "PAY_FAILED",
          "PAY_UNKNOWN",
          "PAY_PROCESSING",
          "PAY_CLOSED",
          "MERCHANT_ACCEPTED",
          "CANCELLED",
          "CONFIRMED",
        ] as const
      ).map((type) => ({ type })),
    ),
    fc.bigInt({ min: -10n, max: 120_000n }).map((amountFils) => ({ type: "VOIDED" as const, amountFils })),
    fc.bigInt({ min: -10n, max: 120_000n }).map((amountFils) => ({ type: "REFUND" as const, amountFils })),
  );

  it("never reach an illegal state, and money totals stay consistent", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<OrderFlow>("CASHIER", "ESCROW", "AGREEMENT"),
        fc.bigInt({ min: 1n, max: 100_000n }),
        fc.array(eventArbitrary, { maxLength: 40 }),
        (flow, amountFils, events) => {
          let current = order(flow, "CREATED", amountFils);
          for (const event of events) {
            const before = current;
            try {
              if (event.type === "REFUND") {
                assertRefundable(current, event.amountFils);
                current = { ...current, refundedFils: current.refundedFils + event.amountFils };
              } else {
                current = applyOrderEvent(current, event);
              }
            } catch (error) {
              if (!(error instanceof OrderTransitionError)) throw error;
              expect(current).toBe(before); // a refused event changes nothing
            }
            // Invariants.
            expect(ORDER_STATUSES).toContain(current.status);
            if (FINAL_STATUSES.has(before.status)) expect(current.status).toBe(before.status);
            if (flow !== "ESCROW") {
              expect(["ACCEPTED", "CONFIRMED", "CANCELLED", "VOIDED"]).not.toContain(current.status);
              expect(current.voidedFils).toBe(0n);
            }
            expect(current.voidedFils >= 0n && current.voidedFils <= current.amountFils).toBe(true);
            expect(current.refundedFils >= 0n).toBe(true);
            expect(current.refundedFils <= current.amountFils - current.voidedFils).toBe(true);
            if (current.refundedFils > 0n) {
              expect(flow === "ESCROW" ? current.status === "CONFIRMED" : current.status === "PAID").toBe(
                true,
              );
            }
            if (current.status === "VOIDED") expect(current.voidedFils).toBe(current.amountFils);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
