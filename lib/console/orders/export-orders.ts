// CSV export of the filtered order list, streamed: rows are read a batch at a time on the same keyset
// as the list and written as they come, so a million rows never sit in memory and the first bytes
// leave at once. For a spreadsheet as much as for a script: a UTF-8 byte order mark first (Excel
// reads Arabic as Arabic only with it), amounts as plain numbers in IQD beside the exact fils, the
// products in English and Arabic, times in UTC and in Baghdad. `refunded` is what the wallet
// confirmed back; refunds awaiting approval and in flight have columns of their own
// (lib/payments/refunds/refund-figures.ts), never added to it.
//
// The one hand-written hot query of the console: at up to a million rows Prisma's per-row cost
// would dominate, so the rows come from `pg` directly as arrays (order-filter-sql.ts mirrors the
// list's filters; a test checks both select the same orders).
import type pg from "pg";
import { REFUND_FIGURES_SQL } from "@/lib/payments/refunds/refund-figures";
import type { PrismaClient } from "@/lib/platform/db";
import type { OrderListQuery } from "../request-schemas";
import { afterCursorSql, orderFilterSql, type SqlFilter } from "./order-filter-sql";

const BATCH = 10_000;

/** The header line of the export, in column order (documented in the API contract). */
export const ORDER_EXPORT_COLUMNS = [
  "order_id",
  "created_at_utc",
  "created_at_baghdad",
  "status",
  "flow",
  "amount_fils",
  "amount_iqd",
  "refunded_fils",
  "refunded_iqd",
  "refund_awaiting_approval_fils",
  "refund_awaiting_approval_iqd",
  "refund_in_flight_fils",
  "refund_in_flight_iqd",
  "voided_fils",
  "voided_iqd",
  "items",
  "items_ar",
  "customer_id",
  "payment_request_id",
  "payment_id",
  "paid_at_utc",
  "needs_attention",
  "attention_reason",
];

// Selected in the order of ORDER_EXPORT_COLUMNS; times and amounts come back as text, so nothing is
// re-parsed.
const SELECT = `
  SELECT id,
         to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         to_char(created_at AT TIME ZONE 'Asia/Baghdad', 'YYYY-MM-DD HH24:MI:SS'),
         status::text, flow::text,
         amount_fils::text, NULL,
         (${REFUND_FIGURES_SQL.refunded})::text, NULL,
         (${REFUND_FIGURES_SQL.awaitingApproval})::text, NULL,
         (${REFUND_FIGURES_SQL.inFlight})::text, NULL,
         voided_fils::text, NULL, NULL, NULL,
         customer_id, payment_request_id, coalesce(payment_id, ''),
         coalesce(to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ''),
         CASE WHEN needs_attention THEN 'yes' ELSE '' END, coalesce(attention_reason, ''),
         created_at
    FROM orders`;

/**
 * One CSV cell: quoted when it must be, and a leading = + - @ neutralised so a spreadsheet never
 * runs a cell as a formula.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

function rowLine(row: (string | null)[]): string {
  return csvLine(row.slice(0, ORDER_EXPORT_COLUMNS.length).map((cell) => cell ?? ""));
}

// The products of a batch of orders in one range scan of order_items_order_id_idx, not a lookup per
// row: ids are time-ordered (UUID v7), so a batch's orders sit together in the index, and lines of
// other orders the range happens to hold are left out below. Bounds are taken in SQL, in the
// index's own collation.
const ITEMS = `
  SELECT order_id,
         string_agg(name || ' × ' || quantity, '; ' ORDER BY id),
         string_agg(coalesce(name_arabic, name) || ' × ' || quantity, '؛ ' ORDER BY id)
    FROM order_items
   WHERE order_id BETWEEN (SELECT min(id) FROM unnest($1::text[]) AS batch(id))
                      AND (SELECT max(id) FROM unnest($1::text[]) AS batch(id))
   GROUP BY order_id`;
const ITEMS_COLUMN = ORDER_EXPORT_COLUMNS.indexOf("items");
const IQD_COLUMNS = [
  "amount_iqd",
  "refunded_iqd",
  "refund_awaiting_approval_iqd",
  "refund_in_flight_iqd",
  "voided_iqd",
].map((name) => ORDER_EXPORT_COLUMNS.indexOf(name));

/** Fils as a plain IQD number ("24000250" → "24000.25"), by string: no float, no per-row SQL. */
export function filsToIqdNumber(fils: string): string {
  const padded = fils.padStart(4, "0");
  const dinars = padded.slice(0, -3).replace(/^0+(?=\d)/, "");
  const rest = padded.slice(-3).replace(/0+$/, "");
  return rest ? `${dinars}.${rest}` : dinars;
}

async function withItems(pool: pg.Pool, rows: (string | null)[][]): Promise<(string | null)[][]> {
  const items = await pool.query<string[]>({
    text: ITEMS,
    values: [rows.map((row) => row[0])],
    rowMode: "array",
  });
  const byOrder = new Map(items.rows.map(([orderId, english, arabic]) => [orderId, [english, arabic]]));
  for (const row of rows) {
    const [english, arabic] = byOrder.get(row[0] as string) ?? [null, null];
    row[ITEMS_COLUMN] = english ?? null;
    row[ITEMS_COLUMN + 1] = arabic ?? null;
    // Each IQD column follows its fils column.
    for (const column of IQD_COLUMNS) row[column] = filsToIqdNumber(row[column - 1] as string);
  }
  return rows;
}

/** Excel opens a CSV as UTF-8 (and so shows Arabic) only when it starts with this mark. */
const BYTE_ORDER_MARK = "\uFEFF";

type Row = (string | null)[];

/** One batch of orders after `cursor`, newest first. */
function batchAfter(pool: pg.Pool, filter: SqlFilter, cursor: { at: Date; id: string } | undefined) {
  const after = afterCursorSql(cursor, filter.params.length + 1);
  const conditions = [...filter.conditions, ...(after ? [after.condition] : [])];
  return pool
    .query<Row>({
      text: `${SELECT} ${conditions.length ? `WHERE ${conditions.join(" AND ")}` : ""}
             ORDER BY created_at DESC, id DESC LIMIT ${BATCH}`,
      values: [...filter.params, ...(after?.params ?? [])],
      rowMode: "array",
    })
    .then((result) => result.rows);
}

/**
 * The CSV as a stream; `withPeople` as for the list (listOrders): without it the search box matches
 * no names or phones. Each batch's products are read while the next batch of orders is: the two
 * queries run side by side on the pool, so a batch costs the slower of them, not both.
 */
export function exportOrdersCsv(
  prisma: PrismaClient,
  pool: pg.Pool,
  query: OrderListQuery,
  options: { withPeople: boolean },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let filter: SqlFilter | undefined;
  let next: Promise<Row[]> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!filter) {
        filter = await orderFilterSql(prisma, query, { people: options.withPeople });
        next = batchAfter(pool, filter, undefined);
        controller.enqueue(encoder.encode(BYTE_ORDER_MARK + csvLine(ORDER_EXPORT_COLUMNS)));
        return;
      }
      const rows = await (next as Promise<Row[]>);
      const last = rows.at(-1);
      const full = rows.length === BATCH && last;
      next = full
        ? batchAfter(pool, filter, {
            at: last[ORDER_EXPORT_COLUMNS.length] as unknown as Date,
            id: last[0] as string,
          })
        : undefined;
      if (rows.length > 0)
        controller.enqueue(encoder.encode((await withItems(pool, rows)).map(rowLine).join("")));
      if (!full) controller.close();
    },
    async cancel() {
      // A download stopped halfway: let the batch already asked for finish quietly.
      await next?.catch(() => undefined);
    },
  });
}
