// A large, realistic order history in one database, written by PostgreSQL itself (INSERT … SELECT
// over generate_series), so a million orders with their lines, timeline events and wallet calls take
// a minute or two rather than hours: 50,000 customers; orders spread over the last year, newest the
// most; statuses, flows and amounts in believable proportions; ids UUID v7 from each order's own time.
import pg from "pg";

const SEED_SQL = (orders: number, customers: number) => `
CREATE OR REPLACE FUNCTION pg_temp.uuid7_at(ts timestamptz) RETURNS text AS $$
  SELECT (lpad(to_hex((extract(epoch FROM ts) * 1000)::bigint), 12, '0') || '7' ||
          substr(md5(random()::text), 1, 3) || to_hex(8 + floor(random() * 4)::int) ||
          substr(md5(random()::text), 1, 15))::uuid::text
$$ LANGUAGE sql VOLATILE;

-- Each customer with the profile inquiryUserInfo gives: a name (Arabic mostly, some Latin) and a
-- masked mobile number, as the search box reads them.
INSERT INTO customers (id, wallet_customer_id, scopes, profile, created_at, updated_at)
SELECT pg_temp.uuid7_at(now() - interval '400 days' + (n * interval '1 second')),
       'wallet-cust-' || n, ARRAY['USER_ID', 'USER_NAME', 'USER_CONTACTINFO'],
       jsonb_build_object(
         'userName', jsonb_build_object('fullName',
           (ARRAY['علي','حسن','محمد','أحمد','فاطمة','زينب','مريم','حسين','عمر','سارة','نور','يوسف','ليلى','كريم','رنا','مصطفى',
                  'Ali','Sara','Omar','Noor'])[1 + n % 20] || ' ' ||
           (ARRAY['حسن','الجبوري','العبيدي','كاظم','جاسم','الربيعي','التميمي','الساعدي','عباس','نوري','Hassan','Kareem'])[1 + (n / 20) % 12]),
         'contactInfos', jsonb_build_array(jsonb_build_object(
           'contactType', 'MOBILE_PHONE', 'contactNo', '+964****' || lpad((n % 1000)::text, 3, '0')))),
       now() - interval '400 days', now()
  FROM generate_series(1, ${customers}) AS n;

CREATE TEMP TABLE bench_customer AS SELECT row_number() OVER () AS n, id FROM customers;
CREATE INDEX ON bench_customer (n);

-- Newest orders most common: the age in days is 365 * r^2 for a uniform r.
CREATE TEMP TABLE bench_order AS
SELECT n,
       now() - (365 * power(random(), 2)) * interval '1 day' AS created_at,
       (1 + floor(random() * ${customers}))::int AS customer_n,
       random() AS r_status, random() AS r_flow,
       (1 + floor(random() * 40))::bigint * 500000 AS amount
  FROM generate_series(1, ${orders}) AS n;

INSERT INTO orders (id, customer_id, flow, product_code, currency, amount_fils, status, idempotency_key,
                    payment_request_id, payment_id, redirection_url, paid_at, result_code,
                    needs_attention, attention_reason, created_at, updated_at, refunded_fils, voided_fils)
SELECT o.id, c.id, o.flow::order_flow,
       CASE o.flow WHEN 'ESCROW' THEN '51051000101000100008' WHEN 'AGREEMENT' THEN '51051000101000100031'
            ELSE '51051000101000000011' END,
       'IQD', o.amount, o.status::order_status, 'bench-' || o.n,
       'pay_' || replace(o.id, '-', ''),
       CASE WHEN o.status IN ('CREATED', 'UNKNOWN') THEN NULL ELSE 'wpay_' || md5(o.id) END,
       NULL,
       CASE WHEN o.status IN ('PAID', 'ACCEPTED', 'CONFIRMED', 'VOIDED') THEN o.created_at + interval '40 seconds' END,
       CASE o.status WHEN 'FAILED' THEN 'USER_BALANCE_NOT_ENOUGH' ELSE 'SUCCESS' END,
       o.r_status < 0.004, CASE WHEN o.r_status < 0.004 THEN 'payment not settled by the wallet after 24 h of reconciliation' END,
       o.created_at, o.created_at, 0, 0
  FROM (
    SELECT b.*, pg_temp.uuid7_at(b.created_at) AS id,
           CASE WHEN b.r_flow < 0.7 THEN 'CASHIER' WHEN b.r_flow < 0.9 THEN 'ESCROW' ELSE 'AGREEMENT' END AS flow,
           CASE WHEN b.r_status < 0.004 THEN 'UNKNOWN'
                WHEN b.r_status < 0.05 THEN 'FAILED'
                WHEN b.r_status < 0.12 THEN 'CLOSED'
                WHEN b.r_status < 0.15 THEN 'PENDING'
                WHEN b.r_flow >= 0.7 AND b.r_flow < 0.9 AND b.r_status < 0.5 THEN 'CONFIRMED'
                WHEN b.r_flow >= 0.7 AND b.r_flow < 0.9 AND b.r_status < 0.55 THEN 'ACCEPTED'
                ELSE 'PAID' END AS status
      FROM bench_order b
  ) o
  JOIN bench_customer c ON c.n = o.customer_n;

-- About one paid order in eight refunded by half an hour later, as a shop's returns go.
INSERT INTO refunds (id, order_id, refund_request_id, refund_id, amount_fils, currency, reason, status,
                     requested_by, refunded_at, created_at, updated_at)
SELECT pg_temp.uuid7_at(paid_at + interval '30 minutes'), id, 'refund_' || replace(id, '-', ''), 'wref_' || md5(id),
       amount_fils / 2, 'IQD', 'returned', 'SUCCESS', 'operator:bench', paid_at + interval '30 minutes',
       paid_at + interval '30 minutes', paid_at + interval '30 minutes'
  FROM orders WHERE status = 'PAID' AND flow <> 'ESCROW' AND right(id, 1) IN ('0', '1');
UPDATE orders o SET refunded_fils = r.amount_fils, confirmed_refund_fils = r.amount_fils FROM refunds r WHERE r.order_id = o.id;

INSERT INTO order_items (id, order_id, sku, name, name_arabic, unit_price_fils, quantity)
SELECT pg_temp.uuid7_at(created_at), id, 'DATES', 'Dates, 1 kg', 'تمر، ١ كغ', amount_fils, 1 FROM orders;

-- The timeline: created, the pay answer, and the payment's outcome where there is one.
INSERT INTO order_events (id, order_id, from_status, to_status, type, actor, created_at)
SELECT pg_temp.uuid7_at(created_at), id, NULL, 'CREATED', 'CREATED', 'customer:' || customer_id, created_at FROM orders;
INSERT INTO order_events (id, order_id, from_status, to_status, type, actor, created_at)
SELECT pg_temp.uuid7_at(created_at), id, 'CREATED', 'PENDING', 'PAY_ACCEPTED', 'wallet:pay', created_at + interval '1 second'
  FROM orders WHERE flow <> 'AGREEMENT' AND status <> 'CREATED';
INSERT INTO order_events (id, order_id, from_status, to_status, type, actor, created_at)
SELECT pg_temp.uuid7_at(paid_at), id, 'PENDING', 'PAID', 'PAY_SUCCEEDED', 'wallet:notification', paid_at
  FROM orders WHERE paid_at IS NOT NULL;

INSERT INTO wallet_calls (operation, path, request_key, order_id, outcome, result_code, http_status, duration_ms,
                          request_body, response_body, created_at)
SELECT 'pay', '/v1/payments/pay', payment_request_id, id, 'A', 'ACCEPT', 200, 20 + floor(random() * 40)::int,
       jsonb_build_object('paymentRequestId', payment_request_id, 'paymentAmount',
                          jsonb_build_object('currency', 'IQD', 'value', amount_fils::text)),
       jsonb_build_object('result', jsonb_build_object('resultCode', 'ACCEPT', 'resultStatus', 'A')),
       created_at + interval '1 second'
  FROM orders;
`;

export async function seedOrders(
  connectionString: string,
  orders: number,
  customers = 50_000,
): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(SEED_SQL(orders, customers));
    // What autovacuum does to a live database after a load like this: statistics for the planner,
    // and the visibility map, without which an index-only scan (the dashboard's) reads the table
    // too. Outside the seed's implicit transaction: VACUUM cannot run inside one.
    await client.query("VACUUM (ANALYZE)");
  } finally {
    await client.end();
  }
}
