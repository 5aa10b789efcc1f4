// The baseline for bench/orders.ts: a bare node:http server doing the irreducible work of
// `POST /api/mini/orders` (cashier) — price the basket, insert the order with its paymentRequestId,
// call `pay` through the same signed wallet client, record the answer — with plain `pg`, no
// framework, no ORM, no session checks, no logging. Started by bench/orders.ts with its settings
// in the environment; prints "listening on <url>".
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { createWalletClient } from "../../lib/wallet/client";
import { PRODUCT_CODES } from "../../lib/wallet/product-codes";
import { formatWalletTime } from "../../lib/wallet/signature";
import { burnCpu, burnMsFromEnv } from "./burn-cpu";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const pool = new pg.Pool({ connectionString: required("DATABASE_URL"), max: 10 });
const wallet = createWalletClient({
  baseUrl: required("WALLET_BASE_URL"),
  clientId: required("WALLET_CLIENT_ID"),
  privateKey: required("MERCHANT_PRIVATE_KEY"),
  walletPublicKey: required("WALLET_PUBLIC_KEY"),
  keyVersion: 1,
});

/** Extra CPU per request of the what-if run (0 for the plain baseline). */
const burnMs = burnMsFromEnv();

const server = createServer(async (request, response) => {
  try {
    if (burnMs > 0) burnCpu(burnMs);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as {
      items: { sku: string; quantity: number }[];
    };
    const customerId = String(request.headers["x-customer-id"]);
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
    await pool.query(
      `INSERT INTO orders (id, customer_id, flow, product_code, currency, amount_fils, idempotency_key, payment_request_id, updated_at)
       VALUES ($1, $2, 'CASHIER', $3, 'IQD', $4, $5, $6, now())`,
      [
        id,
        customerId,
        PRODUCT_CODES.CASHIER,
        amount.toString(),
        String(request.headers["idempotency-key"]),
        paymentRequestId,
      ],
    );
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
    await pool.query(
      "UPDATE orders SET status = $2, payment_id = $3, redirection_url = $4, updated_at = now() WHERE id = $1",
      [
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
      ],
    );
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
