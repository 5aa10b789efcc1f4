// The baseline for bench/orders.ts: a bare node:http server doing the irreducible work of
// `POST /api/mini/orders` (cashier) — price the basket, insert the order with its paymentRequestId,
// call `pay` through the same signed wallet client, record the answer — with plain `pg`, no
// framework, no ORM, no session checks, no logging. Started by bench/orders.ts with its settings
// in the environment; prints "listening on <url>".
//
// With BENCH_BASELINE_REQUIRED=1 (bench/orders.ts's BENCH_REQUIRED_BASELINE), the same server also
// does what the spec and the architecture require of every order and the plain baseline leaves out,
// still with no framework: it verifies the session token, writes the order's lines, its CREATED
// timeline event and its `order.created` outbox row in the insert's statement, logs the `pay`
// exchange in the wallet-call log before the order moves on, and writes the status change's timeline
// event and outbox row in the update's statement. A second, separately labelled figure; never the
// acceptance one.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { verifySessionToken } from "../../lib/customers/session-token";
import { createWalletClient } from "../../lib/wallet/client";
import type { WalletExchange } from "../../lib/wallet/outcome";
import { PRODUCT_CODES } from "../../lib/wallet/product-codes";
import { formatWalletTime } from "../../lib/wallet/signature";
import { burnCpu, burnMsFromEnv } from "./burn-cpu";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const pool = new pg.Pool({ connectionString: required("DATABASE_URL"), max: 10 });
/** The spec's required writes too (BENCH_BASELINE_REQUIRED=1): see the header. */
const requiredWork = process.env.BENCH_BASELINE_REQUIRED === "1";
const wallet = createWalletClient({
  baseUrl: required("WALLET_BASE_URL"),
  clientId: required("WALLET_CLIENT_ID"),
  privateKey: required("MERCHANT_PRIVATE_KEY"),
  walletPublicKey: required("WALLET_PUBLIC_KEY"),
  keyVersion: 1,
  ...(requiredWork ? { hooks: { onExchange: logExchange } } : {}),
});

/** The wallet-call log row of an exchange, written before the caller moves the order on. */
async function logExchange(exchange: WalletExchange): Promise<void> {
  if (!exchange.sent) return;
  await pool.query(
    `INSERT INTO wallet_calls (operation, path, request_key, order_id, outcome, result_code, http_status,
                               duration_ms, request_body, response_body, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11)`,
    [
      exchange.operation,
      exchange.path,
      exchange.requestKey ?? null,
      // The baseline's order id is its paymentRequestId's tail: pay_<32 hex> of the row's uuid.
      orderIdOfRequestKey(exchange.requestKey),
      exchange.status,
      exchange.resultCode,
      exchange.httpStatus ?? null,
      exchange.durationMs,
      JSON.stringify(exchange.requestBody ?? {}),
      exchange.responseBody === undefined ? null : JSON.stringify(exchange.responseBody),
      exchange.startedAt,
    ],
  );
}

function orderIdOfRequestKey(key: string | undefined): string | null {
  const hex = key?.replace(/^pay_/, "");
  if (hex?.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The order's lines, its CREATED event and its outbox row, in the insert's statement. */
const REQUIRED_INSERT = `
  WITH inserted AS (
    INSERT INTO orders (id, customer_id, flow, product_code, currency, amount_fils, idempotency_key, payment_request_id, updated_at)
    VALUES ($1, $2, 'CASHIER', $3, 'IQD', $4, $5, $6, now())
    RETURNING id, customer_id, amount_fils, status
  ),
  line AS (
    INSERT INTO order_items (id, order_id, sku, name, name_arabic, unit_price_fils, quantity)
    SELECT $7, inserted.id, p.sku, p.name, p.name_arabic, p.price_fils, $9
    FROM inserted, products p WHERE p.sku = $8
  ),
  created AS (
    INSERT INTO order_events (id, order_id, to_status, type, actor)
    SELECT $10, inserted.id, 'CREATED', 'CREATED', 'customer:' || inserted.customer_id FROM inserted
  )
  INSERT INTO outbox_events (id, type, version, order_id, payload)
  SELECT $11, 'order.created', 1, inserted.id,
         jsonb_build_object('orderId', inserted.id, 'status', inserted.status, 'amountFils', inserted.amount_fils::text)
  FROM inserted`;

/** The status change with its timeline event and outbox row, in one statement. */
const REQUIRED_UPDATE = `
  WITH moved AS (
    UPDATE orders SET status = $2::order_status, payment_id = $3, redirection_url = $4, version = version + 1,
                      updated_at = now()
    WHERE id = $1 RETURNING id, status, amount_fils
  ),
  event AS (
    INSERT INTO order_events (id, order_id, from_status, to_status, type, actor)
    SELECT $5, moved.id, 'CREATED', moved.status, 'PAY_ACCEPTED', 'wallet:pay' FROM moved
  )
  INSERT INTO outbox_events (id, type, version, order_id, payload)
  SELECT $6, 'order.pending', 1, moved.id,
         jsonb_build_object('orderId', moved.id, 'status', moved.status, 'amountFils', moved.amount_fils::text)
  FROM moved`;

const sessionSecret = requiredWork ? required("SESSION_SECRET") : "";

/** Extra CPU per request of the what-if run (0 for the plain baseline). */
const burnMs = burnMsFromEnv();

async function insertOrder(orderValues: string[], item: { sku: string; quantity: number } | undefined) {
  if (requiredWork) {
    await pool.query(REQUIRED_INSERT, [
      ...orderValues,
      randomUUID(),
      item?.sku ?? "",
      item?.quantity ?? 0,
      randomUUID(),
      randomUUID(),
    ]);
    return;
  }
  await pool.query(
    `INSERT INTO orders (id, customer_id, flow, product_code, currency, amount_fils, idempotency_key, payment_request_id, updated_at)
     VALUES ($1, $2, 'CASHIER', $3, 'IQD', $4, $5, $6, now())`,
    orderValues,
  );
}

async function moveOrder(statusValues: (string | null)[]) {
  if (requiredWork) {
    await pool.query(REQUIRED_UPDATE, [...statusValues, randomUUID(), randomUUID()]);
    return;
  }
  await pool.query(
    "UPDATE orders SET status = $2, payment_id = $3, redirection_url = $4, updated_at = now() WHERE id = $1",
    statusValues,
  );
}

const server = createServer(async (request, response) => {
  try {
    if (burnMs > 0) burnCpu(burnMs);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as {
      items: { sku: string; quantity: number }[];
    };
    const customerId = requiredWork
      ? await verifySessionToken(String(request.headers.authorization).replace(/^Bearer /, ""), sessionSecret)
      : String(request.headers["x-customer-id"]);
    if (customerId === null) {
      response.writeHead(401).end();
      return;
    }
    const walletCustomerId = String(request.headers["x-wallet-customer-id"]);
    const products = await pool.query<{ sku: string; name: string; price_fils: string }>(
      "SELECT sku, name, price_fils FROM products WHERE sku = ANY($1) AND active",
      [body.items.map((item) => item.sku)],
    );
    const amount = body.items.reduce((sum, item) => {
      const product = products.rows.find((row) => row.sku === item.sku);
      return sum + BigInt(product?.price_fils ?? 0) * BigInt(item.quantity);
    }, 0n);
    const id = randomUUID();
    const paymentRequestId = `pay_${id.replaceAll("-", "")}`;
    const orderValues = [
      id,
      customerId,
      PRODUCT_CODES.CASHIER,
      amount.toString(),
      String(request.headers["idempotency-key"]),
      paymentRequestId,
    ];
    await insertOrder(orderValues, body.items[0]);
    const outcome = await wallet.pay({
      productCode: PRODUCT_CODES.CASHIER,
      paymentRequestId,
      paymentAmount: { currency: "IQD", value: amount.toString() },
      order: { orderDescription: "benchmark order", buyer: { referenceBuyerId: walletCustomerId } },
      paymentExpiryTime: formatWalletTime(new Date(Date.now() + 15 * 60_000)),
      paymentNotifyUrl: "http://127.0.0.1:9/api/wallet/notify/payment",
    });
    const redirectionUrl =
      outcome.status === "A" ? outcome.data.redirectActionForm?.redirectionUrl : undefined;
    const statusValues = [
      id,
      outcome.status === "A"
        ? "PENDING"
        : outcome.status === "S"
          ? "PAID"
          : outcome.status === "F"
            ? "FAILED"
            : "UNKNOWN",
      outcome.status === "A" ? (outcome.data.paymentId ?? null) : null,
      redirectionUrl ?? null,
    ];
    await moveOrder(statusValues);
    response.writeHead(201, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ orderId: id, status: outcome.status, redirectionUrl }));
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
