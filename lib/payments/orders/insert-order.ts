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

type Row = Order & { walletCustomerId: string | null; catalogCurrent: boolean };

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
    SELECT inserted.*,
           (SELECT wallet_customer_id FROM customer) AS "walletCustomerId",
           (SELECT current FROM catalog) AS "catalogCurrent"
    FROM (VALUES (1)) AS always LEFT JOIN inserted ON true`,
    // One text whatever the basket: the lines travel as arrays.
    { prepared: true },
  );
  if (!row || row.walletCustomerId === null) return { outcome: "customer-unknown" };
  if (row.id !== null) {
    const { walletCustomerId, catalogCurrent: _, ...written } = row;
    return { outcome: "created", order: { ...written, items }, walletCustomerId };
  }
  return row.catalogCurrent || order.pricedByCaller
    ? { outcome: "key-taken" }
    : { outcome: "catalog-changed" };
}
