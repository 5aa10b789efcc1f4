// The migration that keeps flags as data reads each sentence the services wrote until now back into
// its kind and facts: a database as the previous release left it, with one order flagged for every
// kind and a refund flagged in its own shorter words, is brought up to date. Each flag then says
// again the sentence it came from (an operation's name now in lower case); a sentence of no known
// kind keeps no flag.
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flagSentence, type OrderFlag, readFlag } from "@/lib/payments/orders/order-flags";
import { applyMigrations } from "@/lib/platform/db/migrate";
import type { TestDatabase } from "@/test/support/database";
import { databaseBefore } from "@/test/support/database-before";

const FLAGS_MIGRATION = "20261126110000_order_flags";

/** What the previous release wrote, and the flag each must become. */
const SENTENCES: [string, OrderFlag | null][] = [
  ["wallet reports SUCCESS for an order that is CLOSED", { kind: "SUCCESS_ON_FINAL", status: "CLOSED" }],
  [
    "payment not settled by the wallet after 24 h of reconciliation",
    { kind: "PAYMENT_UNSETTLED", afterMs: 24 * 3_600_000 },
  ],
  [
    "accept not settled by the wallet after 90 min",
    { kind: "OPERATION_UNSETTLED", operation: "accept", afterMs: 90 * 60_000 },
  ],
  [
    "payment notification amount 25000 IQD",
    { kind: "AMOUNT_MISMATCH", notification: "payment", amount: "25000 IQD" },
  ],
  ["void notification amount 1000", { kind: "AMOUNT_MISMATCH", notification: "void", amount: "1000" }],
  [
    "payment notification names paymentId 2088a, ours is 2088b",
    { kind: "PAYMENT_ID_MISMATCH", notification: "payment", paymentId: "2088a", ours: "2088b" },
  ],
  [
    "refund notification names paymentId 2088c",
    { kind: "PAYMENT_ID_MISMATCH", notification: "refund", paymentId: "2088c" },
  ],
  [
    "wallet reports ACCEPT acc_01 succeeded; we recorded it failed",
    { kind: "CONTRADICTION", operation: "accept", requestId: "acc_01", wallet: "succeeded", ours: "failed" },
  ],
  [
    "wallet reports refund rf_01 SUCCESS; we recorded FAIL",
    { kind: "REFUND_CONTRADICTION", refundRequestId: "rf_01", wallet: "SUCCESS", ours: "FAIL" },
  ],
  ["cannot re-send pay: no such order: x", { kind: "CANNOT_RESEND", error: "no such order: x" }],
  [
    "wallet confirmed VOID the order state does not allow",
    { kind: "CONFIRMED_NOT_ALLOWED", operation: "void" },
  ],
  ["something an operator wrote by hand", null],
];

let db: TestDatabase;

beforeAll(async () => {
  db = await databaseBefore(FLAGS_MIGRATION);
}, 60_000);
afterAll(() => db?.drop());

describe("the order flags migration", () => {
  it("turns every sentence of a known kind into its flag, on orders and on a refund", async () => {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const customerId = crypto.randomUUID();
      await client.query(
        "INSERT INTO customers (id, wallet_customer_id, updated_at) VALUES ($1, 'w-flags', now())",
        [customerId],
      );
      const orderIds: string[] = [];
      for (const [index, [sentence]] of SENTENCES.entries()) {
        const id = crypto.randomUUID();
        orderIds.push(id);
        await client.query(
          `INSERT INTO orders (id, customer_id, flow, product_code, currency, amount_fils, status,
             idempotency_key, payment_request_id, needs_attention, attention_reason, updated_at)
           VALUES ($1, $2, 'CASHIER', 'P', 'IQD', 1000, 'PAID', $3, $4, true, $5, now())`,
          [id, customerId, `key-${index}`, `pay_flags_${index}`, sentence],
        );
      }
      const refundId = crypto.randomUUID();
      await client.query(
        `INSERT INTO refunds (id, order_id, refund_request_id, amount_fils, currency, requested_by,
           needs_attention, attention_reason, updated_at)
         VALUES ($1, $2, 'rf_02', 500, 'IQD', 'operator:x', true, 'wallet reports SUCCESS after FAIL', now())`,
        [refundId, orderIds[0]],
      );

      await applyMigrations({ connectionString: db.url });

      for (const [index, [sentence, expected]] of SENTENCES.entries()) {
        const row = (await client.query("SELECT attention_flag FROM orders WHERE id = $1", [orderIds[index]]))
          .rows[0] as { attention_flag: unknown };
        expect(row.attention_flag, sentence).toEqual(expected);
        const flag = readFlag(row.attention_flag);
        // The same sentence again, but for the operation's name, now always in lower case.
        if (expected)
          expect(flag && flagSentence(flag)).toBe(
            sentence.replace(/ (ACCEPT|VOID) /, (w) => w.toLowerCase()),
          );
      }
      const refund = (await client.query("SELECT attention_flag FROM refunds WHERE id = $1", [refundId]))
        .rows[0] as { attention_flag: unknown };
      expect(refund.attention_flag).toEqual({
        kind: "REFUND_CONTRADICTION",
        refundRequestId: "rf_02",
        wallet: "SUCCESS",
        ours: "FAIL",
      });
    } finally {
      await client.end();
    }
  });
});
