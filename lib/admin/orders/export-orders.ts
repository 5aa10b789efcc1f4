// CSV export of the filtered order list, streamed: rows are read a batch at a time on the same keyset
// as the list and written as they come, so a million rows never sit in memory and the first bytes
// leave at once. For a spreadsheet as much as for a script: a UTF-8 byte order mark first (Excel
// reads Arabic as Arabic only with it), amounts as plain numbers in IQD beside the exact fils, the
// products in English and Arabic, times in UTC and in Baghdad.
//
// The one hand-written hot query of the console: at up to a million rows Prisma's per-row cost
// would dominate, so the rows come from `pg` directly as arrays (order-filter-sql.ts mirrors the
// list's filters; a test checks both select the same orders).
import type pg from "pg";
import type { PrismaClient } from "@/lib/db";
import type { OrderListQuery } from "../request-schemas";
import { afterCursorSql, orderFilterSql } from "./order-filter-sql";

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
         amount_fils::text, trim_scale(amount_fils / 1000.0)::text,
         refunded_fils::text, trim_scale(refunded_fils / 1000.0)::text,
         voided_fils::text, trim_scale(voided_fils / 1000.0)::text,
         (SELECT string_agg(i.name || ' × ' || i.quantity, '; ' ORDER BY i.id)
            FROM order_items i WHERE i.order_id = orders.id),
         (SELECT string_agg(coalesce(i.name_arabic, i.name) || ' × ' || i.quantity, '؛ ' ORDER BY i.id)
            FROM order_items i WHERE i.order_id = orders.id),
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

/** Excel opens a CSV as UTF-8 (and so shows Arabic) only when it starts with this mark. */
const BYTE_ORDER_MARK = "\uFEFF";

export function exportOrdersCsv(
  prisma: PrismaClient,
  pool: pg.Pool,
  query: OrderListQuery,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let filter: Awaited<ReturnType<typeof orderFilterSql>> | undefined;
  let cursor: { at: Date; id: string } | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!filter) {
        filter = await orderFilterSql(prisma, query);
        controller.enqueue(encoder.encode(BYTE_ORDER_MARK + csvLine(ORDER_EXPORT_COLUMNS)));
        return;
      }
      const after = afterCursorSql(cursor, filter.params.length + 1);
      const conditions = [...filter.conditions, ...(after ? [after.condition] : [])];
      const result = await pool.query<(string | null)[]>({
        text: `${SELECT} ${conditions.length ? `WHERE ${conditions.join(" AND ")}` : ""}
               ORDER BY created_at DESC, id DESC LIMIT ${BATCH}`,
        values: [...filter.params, ...(after?.params ?? [])],
        rowMode: "array",
      });
      if (result.rows.length > 0) {
        controller.enqueue(encoder.encode(result.rows.map(rowLine).join("")));
        const last = result.rows.at(-1) as unknown[];
        cursor = { at: last[ORDER_EXPORT_COLUMNS.length] as Date, id: last[0] as string };
      }
      if (result.rows.length < BATCH) controller.close();
    },
  });
}
