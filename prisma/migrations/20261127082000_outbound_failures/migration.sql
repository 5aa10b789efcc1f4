-- Requests made on an operator's behalf (webhooks, alert chat messages) keep their status, time and a
-- fixed classification of how they failed, never the receiver's answer (lib/platform/outbound). The
-- answers kept until now are removed: they could hold whatever an internal address gave back.
SET LOCAL lock_timeout = '10s';

-- CreateEnum
CREATE TYPE "outbound_failure" AS ENUM ('REFUSED_URL', 'REFUSED_ADDRESS', 'DNS_FAILED', 'CONNECT_FAILED', 'TIMEOUT', 'TLS_FAILED', 'CONNECTION_LOST', 'REDIRECT', 'HTTP_STATUS', 'NO_ANSWER');

-- AlterTable
ALTER TABLE "alert_messages" ADD COLUMN     "last_failure" "outbound_failure",
ADD COLUMN     "last_latency_ms" INTEGER,
ADD COLUMN     "last_status_code" INTEGER;

-- AlterTable
ALTER TABLE "delivery_attempts" ADD COLUMN     "failure" "outbound_failure";

-- AlterTable
ALTER TABLE "event_deliveries" ADD COLUMN     "last_failure" "outbound_failure";


-- begin: sql only
-- The fixed words of each failure, as lib/platform/outbound/failures.ts writes them.
CREATE FUNCTION pg_temp.failure_words(failure outbound_failure, status_code int) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status_code IS NULL THEN '' ELSE 'HTTP ' || status_code || ': ' END ||
    CASE failure
      WHEN 'REDIRECT' THEN 'answered with a redirect, which is not followed'
      WHEN 'HTTP_STATUS' THEN 'answered with an error status'
      WHEN 'TIMEOUT' THEN 'no answer in time'
      WHEN 'CONNECT_FAILED' THEN 'could not connect'
      WHEN 'DNS_FAILED' THEN 'the host name did not resolve'
      ELSE 'no answer' END
$$;

-- Webhook attempts: the answer goes, its classification comes. What the worker itself wrote when an
-- endpoint was gone (not an answer) stays.
UPDATE delivery_attempts a
SET failure = CASE
      WHEN a.status_code BETWEEN 300 AND 399 THEN 'REDIRECT'
      WHEN a.status_code IS NOT NULL THEN 'HTTP_STATUS'
      WHEN a.response ILIKE '%timeout%' OR a.response ILIKE '%aborted%' THEN 'TIMEOUT'
      WHEN a.response LIKE '%ECONNREFUSED%' THEN 'CONNECT_FAILED'
      WHEN a.response LIKE '%ENOTFOUND%' OR a.response LIKE '%EAI_AGAIN%' THEN 'DNS_FAILED'
      ELSE 'NO_ANSWER' END::outbound_failure,
    response = NULL
FROM event_deliveries d
WHERE d.id = a.delivery_id AND d.target_kind = 'WEBHOOK' AND NOT a.ok
  AND a.response NOT IN ('the endpoint was deleted', 'the endpoint is disabled');
UPDATE delivery_attempts a SET response = NULL
FROM event_deliveries d
WHERE d.id = a.delivery_id AND d.target_kind = 'WEBHOOK' AND a.ok;

-- A webhook delivery's last error was its last answer: now the words of its last failure.
UPDATE event_deliveries d
SET last_failure = last.failure, last_error = pg_temp.failure_words(last.failure, last.status_code)
FROM (
  SELECT DISTINCT ON (delivery_id) delivery_id, failure, status_code
  FROM delivery_attempts ORDER BY delivery_id, created_at DESC
) AS last
WHERE last.delivery_id = d.id AND d.target_kind = 'WEBHOOK' AND d.last_error IS NOT NULL
  AND last.failure IS NOT NULL;

-- The same text went into `delivery.dead` events, and from them into alerts' lines and messages.
UPDATE outbox_events e
SET payload = jsonb_set(e.payload, '{lastError}', coalesce(
  (SELECT to_jsonb(d.last_error) FROM event_deliveries d WHERE d.id = e.payload->>'deliveryId'),
  'null'::jsonb))
WHERE e.type = 'delivery.dead' AND e.payload->>'targetKind' = 'WEBHOOK';
UPDATE alert_events
SET summary = regexp_replace(summary, '(gave up after [0-9]+ tries):.*$', '\1.')
WHERE event_type = 'delivery.dead' AND summary LIKE 'Delivery of % to webhook %';
UPDATE alert_messages m
SET subject = regexp_replace(m.subject, '(gave up after [0-9]+ tries):.*$', '\1.'),
    body = 'This alert''s text was removed: it could hold a webhook receiver''s answer, which is no longer kept.'
FROM alert_rules r
WHERE r.id = m.rule_id AND r.event_type = 'delivery.dead' AND m.body LIKE '%to webhook %';

-- Chat alerts: "the chat webhook answered 500: <its answer>" becomes the status and its words.
UPDATE alert_messages m
SET last_status_code = (regexp_match(m.last_error, '^the chat webhook answered ([0-9]{3})'))[1]::int,
    last_failure = CASE
      WHEN m.last_error ~ '^the chat webhook answered 3' THEN 'REDIRECT'
      WHEN m.last_error ~ '^the chat webhook answered [0-9]' THEN 'HTTP_STATUS'
      ELSE 'NO_ANSWER' END::outbound_failure
FROM alert_rules r
WHERE r.id = m.rule_id AND r.channel = 'CHAT' AND m.last_error IS NOT NULL;
UPDATE alert_messages m
SET last_error = pg_temp.failure_words(m.last_failure, m.last_status_code)
FROM alert_rules r
WHERE r.id = m.rule_id AND r.channel = 'CHAT' AND m.last_error IS NOT NULL;
-- end: sql only
