-- Why an order or a refund was flagged, as data (lib/orders/order-flags.ts): {kind, ...facts} next to
-- the English sentence, so the console says it in the operator's language from the kind and never by
-- reading the sentence. Rows flagged before this release get their kind from their sentence, once.
SET LOCAL lock_timeout = '10s';

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "attention_flag" JSONB;

-- AlterTable
ALTER TABLE "refunds" ADD COLUMN     "attention_flag" JSONB;


-- begin: sql only
-- The sentences the services wrote until now, each read back into its kind and facts. A sentence of
-- no known kind keeps a NULL flag and is shown as written.
-- "6 h", "90 min", "45 s" (how the sentences wrote a duration) in milliseconds; NULL for anything else.
CREATE FUNCTION pg_temp.duration_ms(duration text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT (m[1])::bigint * CASE m[2] WHEN 'h' THEN 3600000 WHEN 'min' THEN 60000 ELSE 1000 END
  FROM regexp_match(duration, '^([0-9]+) (h|min|s)$') AS m
$$;

CREATE FUNCTION pg_temp.flag_of(reason text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE m text[];
BEGIN
  m := regexp_match(reason, '^wallet reports SUCCESS for an order that is (\w+)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('kind', 'SUCCESS_ON_FINAL', 'status', m[1]); END IF;
  m := regexp_match(reason, '^payment not settled by the wallet after (.+) of reconciliation$');
  IF m IS NOT NULL THEN
    RETURN CASE WHEN pg_temp.duration_ms(m[1]) IS NOT NULL
      THEN jsonb_build_object('kind', 'PAYMENT_UNSETTLED', 'afterMs', pg_temp.duration_ms(m[1])) END;
  END IF;
  m := regexp_match(reason, '^(\w+) not settled by the wallet after (.+)$');
  IF m IS NOT NULL THEN
    RETURN CASE WHEN pg_temp.duration_ms(m[2]) IS NOT NULL
      THEN jsonb_build_object('kind', 'OPERATION_UNSETTLED', 'operation', lower(m[1]),
                              'afterMs', pg_temp.duration_ms(m[2])) END;
  END IF;
  m := regexp_match(reason, '^(payment|refund|void) notification amount (.+)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('kind', 'AMOUNT_MISMATCH', 'notification', m[1], 'amount', m[2]);
  END IF;
  m := regexp_match(reason, '^(payment|refund|void) notification names paymentId ([^,[:space:]]+)(, ours is ([^[:space:]]+))?$');
  IF m IS NOT NULL THEN
    RETURN jsonb_strip_nulls(jsonb_build_object(
      'kind', 'PAYMENT_ID_MISMATCH', 'notification', m[1], 'paymentId', m[2], 'ours', m[4]));
  END IF;
  m := regexp_match(reason, '^wallet reports (\w+) ([^[:space:]]+) (succeeded|failed); we recorded it (succeeded|failed)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object(
      'kind', 'CONTRADICTION', 'operation', lower(m[1]), 'requestId', m[2], 'wallet', m[3], 'ours', m[4]);
  END IF;
  m := regexp_match(reason, '^wallet reports refund ([^[:space:]]+) (\w+); we recorded (\w+)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object(
      'kind', 'REFUND_CONTRADICTION', 'refundRequestId', m[1], 'wallet', m[2], 'ours', m[3]);
  END IF;
  m := regexp_match(reason, '^cannot re-send pay: (.*)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('kind', 'CANNOT_RESEND', 'error', m[1]); END IF;
  m := regexp_match(reason, '^wallet confirmed (\w+) the order state does not allow');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('kind', 'CONFIRMED_NOT_ALLOWED', 'operation', lower(m[1]));
  END IF;
  RETURN NULL;
END $$;

UPDATE "orders" SET "attention_flag" = pg_temp.flag_of("attention_reason")
WHERE "attention_reason" IS NOT NULL;

-- A refund's own contradiction was written shorter ("wallet reports SUCCESS after FAIL"): it is the
-- order's kind, with the refund's own request id.
UPDATE "refunds" SET "attention_flag" = COALESCE(
  pg_temp.flag_of("attention_reason"),
  (SELECT jsonb_build_object('kind', 'REFUND_CONTRADICTION', 'refundRequestId', "refund_request_id",
                             'wallet', m[1], 'ours', m[2])
   FROM regexp_match("attention_reason", '^wallet reports (\w+) after (\w+)$') AS m
   WHERE m IS NOT NULL))
WHERE "attention_reason" IS NOT NULL;

DROP FUNCTION pg_temp.flag_of(text);
DROP FUNCTION pg_temp.duration_ms(text);
-- end: sql only
