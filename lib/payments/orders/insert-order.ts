// The insert behind POST /api/mini/orders, as one statement: the order with its paymentRequestId, its
// lines and its CREATED timeline event, written together or not at all. In the same round trip it
// settles what used to take four reads first:
//
// - idempotency: the unique (customer_id, idempotency_key) decides, under any concurrency; a taken key
//   inserts nothing (ON CONFLICT DO NOTHING) and the caller reads the order that holds it;
// - the session's customer still exists (the insert selects from `customers`), and its wallet id,
//   which the `pay` request needs;
// - the prices: every line must still match the active catalog row it was priced from, so an order
//   priced from the in-memory catalog (lib/payments/catalog/catalog-cache.ts) is never written with a price or
//   name (English or Arabic) an operator has since changed.
//
// Hand-written because Prisma needs a transaction of several statements, and reads first, for the same
// work; this is the busiest write of the app (run without Prisma's runtime: lib/platform/db/run-sql.ts).
import type { PricedLine } from "@/lib/payments/catalog/price-items";
import { type Order, type OrderItem, Prisma, type PrismaClient } from "@/lib/platform/db";
import { queryRows } from "@/lib/platform/db/run-sql";
import { newRowId } from "@/lib/platform/ids/request-ids";
import { orderEventInsertSql } from "@/lib/platform/outbox/write-event";
import { ORDER_COLUMNS } from "./order-columns";
import type { OrderFlow } from "./order-state";

export interface NewOrder {
  id: string;
  customerId: string;
  flow: OrderFlow;
  productCode: string;
  currency: string;
  amountFils: bigint;
  idempotencyKey: string;
  paymentRequestId: string;
  paymentExpiresAt: Date;
  note: string | null;
  agreementId: string | null;
  nextReconcileAt: Date;
  lines: PricedLine[];
  /** Who created it, for the timeline. */
  actor: string;
  /**
   * False leaves `order.created` out of the outbox: only for bench/events.ts, which measures what the
   * outbox write costs an order. Every caller in the app announces.
   */
  announce?: boolean;
  /**
   * True when the lines carry a price the caller fixed earlier (a subscription period keeps the
   * price it was created with): the insert does not hold them against today's catalog.
   */
  pricedByCaller?: boolean;
}

export type InsertOrderResult =
  | { outcome: "created"; order: Order & { items: OrderItem[] }; walletCustomerId: string }
  /** Another order of this customer holds the Idempotency-Key. */
  | { outcome: "key-taken" }
  /** A line no longer matches the active catalog: price again from the database. */
  | { outcome: "catalog-changed" }
  /** The session's customer is gone (the database was restored or reset). */
  | { outcome: "customer-unknown" };

/** What only the database decides of a new order; the rest is the draft (`createdOrder`). */
type Row = {
  id: string | null;
  createdAt: Date;
  updatedAt: Date;
  walletCustomerId: string | null;
  catalogCurrent: boolean;
};

/** On the pool, or inside the caller's transaction (queryRows runs it through the transaction then). */
export async function insertOrder(
  prisma: PrismaClient | Prisma.TransactionClient,
  order: NewOrder,
): Promise<InsertOrderResult> {
  const items: OrderItem[] = order.lines.map((line) => ({ id: newRowId(), orderId: order.id, ...line }));
  const [row] = await queryRows<Row>(
    prisma,
    Prisma.sql`
    WITH line AS (
      SELECT * FROM unnest(
        ${items.map((item) => item.id)}::text[],
        ${items.map((item) => item.sku)}::text[],
        ${items.map((item) => item.name)}::text[],
        ${items.map((item) => item.nameArabic)}::text[],
        ${items.map((item) => item.unitPriceFils.toString())}::bigint[],
        ${items.map((item) => item.quantity)}::int[]
      ) AS line (id, sku, name, name_arabic, unit_price_fils, quantity)
    ),
    catalog AS (
      SELECT count(*) = ${items.length}::int AS current
      FROM line JOIN products p
        ON p.sku = line.sku AND p.active AND p.name = line.name AND p.name_arabic = line.name_arabic
       AND p.price_fils = line.unit_price_fils AND p.currency = ${order.currency}::text
    ),
    customer AS (
      SELECT id, wallet_customer_id FROM customers WHERE id = ${order.customerId}::text
    ),
    inserted AS (
      INSERT INTO orders (id, customer_id, flow, product_code, currency, amount_fils, idempotency_key,
                          payment_request_id, payment_expires_at, note, agreement_id, next_reconcile_at,
                          updated_at)
      SELECT ${order.id}::text, customer.id, ${order.flow}::order_flow, ${order.productCode}::text,
             ${order.currency}::text, ${order.amountFils}::bigint, ${order.idempotencyKey}::text,
             ${order.paymentRequestId}::text, ${order.paymentExpiresAt}::timestamptz, ${order.note}::text,
             ${order.agreementId}::text, ${order.nextReconcileAt}::timestamptz, now()
      FROM customer, catalog
      WHERE catalog.current OR ${order.pricedByCaller === true}::boolean
      ON CONFLICT (customer_id, idempotency_key) DO NOTHING
      -- The outbox payload below reads the row as an Order; only three columns travel back.
      RETURNING ${ORDER_COLUMNS}
    ),
    lines AS (
      INSERT INTO order_items (id, order_id, sku, name, name_arabic, unit_price_fils, quantity)
      SELECT line.id, inserted.id, line.sku, line.name, line.name_arabic, line.unit_price_fils, line.quantity
      FROM inserted, line
    ),
    created AS (
      INSERT INTO order_events (id, order_id, to_status, type, actor)
      SELECT ${newRowId()}::text, inserted.id, 'CREATED', 'CREATED', ${order.actor}::text FROM inserted
    ),
    announced AS (${orderEventInsertSql(order.announce === false ? null : "order.created", "inserted", null)})
    SELECT inserted.id, inserted."createdAt", inserted."updatedAt",
           (SELECT wallet_customer_id FROM customer) AS "walletCustomerId",
           (SELECT current FROM catalog) AS "catalogCurrent"
    FROM (VALUES (1)) AS always LEFT JOIN inserted ON true`,
    // One text whatever the basket: the lines travel as arrays.
    { prepared: true },
  );
  if (!row || row.walletCustomerId === null) return { outcome: "customer-unknown" };
  if (row.id !== null) {
    return {
      outcome: "created",
      order: { ...createdOrder(order, row), items },
      walletCustomerId: row.walletCustomerId,
    };
  }
  return row.catalogCurrent || order.pricedByCaller
    ? { outcome: "key-taken" }
    : { outcome: "catalog-changed" };
}

/**
 * The order as the insert wrote it: the draft's values and the columns' defaults, with the times the
 * database set. Returning all 30 columns instead cost their parsing on every order, for values the
 * caller already holds. A column added to `orders` fails the compiler here; a default changed in the
 * schema fails test/integration/orders/order-sql.test.ts, which holds this against a Prisma read.
 */
function createdOrder(order: NewOrder, row: Pick<Row, "createdAt" | "updatedAt">): Order {
  return {
    id: order.id,
    customerId: order.customerId,
    flow: order.flow,
    productCode: order.productCode,
    currency: order.currency,
    amountFils: order.amountFils,
    status: "CREATED",
    idempotencyKey: order.idempotencyKey,
    paymentRequestId: order.paymentRequestId,
    paymentId: null,
    redirectionUrl: null,
    paymentExpiresAt: order.paymentExpiresAt,
    paidAt: null,
    resultCode: null,
    resultMessage: null,
    voidedFils: 0n,
    refundedFils: 0n,
    confirmedRefundFils: 0n,
    note: order.note,
    agreementId: order.agreementId,
    needsAttention: false,
    attentionReason: null,
    attentionFlag: null,
    attentionResolvedAt: null,
    nextReconcileAt: order.nextReconcileAt,
    reconcileAttempts: 0,
    expiryCheckedAt: null,
    version: 0,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
