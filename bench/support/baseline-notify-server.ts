// The baseline for bench/notify.ts: a bare node:http server doing the irreducible work of the payment
// notification intake — verify the signature over the raw body and its time window, store the
// notification under its unique dedupe key, then apply it (the order PAID with its timeline event,
// the notification marked APPLIED, in one statement) and acknowledge — with plain `pg`: no framework,
// no ORM, no schema validation, no logging. Started by bench/notify.ts with its settings in the
// environment; prints "listening on <url>".
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { loadPublicKey, verifySignedMessage } from "../../lib/wallet/signature";
import { burnCpu, burnMsFromEnv } from "./burn-cpu";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const pool = new pg.Pool({ connectionString: required("DATABASE_URL"), max: 10 });
const walletPublicKey = loadPublicKey(required("WALLET_PUBLIC_KEY"));
const clientId = required("WALLET_CLIENT_ID");
const ACK = JSON.stringify({
  result: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
});

/** Extra CPU per request of the what-if run (0 for the plain baseline). */
const burnMs = burnMsFromEnv();

const server = createServer(async (request, response) => {
  try {
    if (burnMs > 0) burnCpu(burnMs);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const verdict = verifySignedMessage(
      {
        method: "POST",
        path: new URL(request.url ?? "/", "http://localhost").pathname,
        clientId,
        time: String(request.headers["request-time"] ?? ""),
        body: rawBody,
        signatureHeader: String(request.headers.signature ?? ""),
      },
      walletPublicKey,
    );
    if (!verdict.ok || request.headers["client-id"] !== clientId) {
      response.writeHead(401).end();
      return;
    }
    const body = JSON.parse(rawBody) as {
      paymentId: string;
      paymentRequestId: string;
      paymentAmount: { value: string; currency: string };
      paymentStatus: string;
      paymentTime?: string;
    };
    const stored = await pool.query<{ id: string }>(
      `WITH key AS (
         INSERT INTO notification_dedupe_keys (dedupe_key, notification_id, received_at) VALUES ($2, $1, now())
         ON CONFLICT (dedupe_key) DO NOTHING RETURNING notification_id, received_at)
       INSERT INTO notifications (id, kind, dedupe_key, raw_body, headers, verified, received_at)
       SELECT notification_id, 'PAYMENT', $2, $3, '{}', true, received_at FROM key
       RETURNING id`,
      [randomUUID(), `payment:${body.paymentRequestId}:${body.paymentStatus}`, rawBody],
    );
    const notificationId = stored.rows[0]?.id;
    if (notificationId && body.paymentStatus === "SUCCESS") {
      await pool.query(
        `WITH paid AS (
           UPDATE orders SET status = 'PAID', payment_id = $2, paid_at = $3, next_reconcile_at = NULL,
                             version = version + 1, updated_at = now()
           WHERE payment_request_id = $1 AND amount_fils = $4 AND currency = $5
             AND status IN ('CREATED', 'PENDING', 'UNKNOWN')
           RETURNING id, status),
         event AS (
           INSERT INTO order_events (id, order_id, from_status, to_status, type, actor)
           SELECT $6, id, 'PENDING', status, 'PAY_SUCCEEDED', 'wallet:notification' FROM paid)
         UPDATE notifications SET status = 'APPLIED', order_id = (SELECT id FROM paid), processed_at = now()
         WHERE id = $7`,
        [
          body.paymentRequestId,
          body.paymentId,
          body.paymentTime ? new Date(body.paymentTime) : new Date(),
          body.paymentAmount.value,
          body.paymentAmount.currency,
          randomUUID(),
          notificationId,
        ],
      );
    }
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(ACK);
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});

server.listen(0, "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on("SIGTERM", () => {
  server.close();
  void pool.end();
});
