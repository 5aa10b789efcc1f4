-- The search box finds orders the way a caller describes them (lib/admin/orders/order-search.ts): by
-- the amount, by the short id the console shows ("…6da0a753"), and by the customer's name or phone as
-- the wallet gave them (customers.profile). Each is an index lookup at a million orders.
SET LOCAL lock_timeout = '10s';

-- CreateIndex
CREATE INDEX "orders_amount_fils_created_at_id_idx" ON "orders"("amount_fils", "created_at", "id");

-- begin: sql only
-- schema.prisma cannot express extensions, functions or expression indexes: scripts/db-diff.mjs
-- leaves this block out of its comparison.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- A name folded for searching, the same way for what is stored and what is typed: lower case;
-- Arabic without short vowels, shadda, sukun, dagger alef and tatweel, with the alef, alef maqsura,
-- ta marbuta and hamza-seat variants written one way; Latin letters without accents.
CREATE FUNCTION search_fold(text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(lower($1),
    'أإآٱىةؤئ' || 'àáâãäåāèéêëēìíîïīòóôõöōùúûüūýÿñçğş' || 'ًٌٍَُِّْٰـ',
    'اااايهوي' || 'aaaaaaaeeeeeiiiiioooooouuuuuyyncgs')
$$;

-- The customer's name as the wallet gave it (inquiryUserInfo's userName), folded.
CREATE FUNCTION customer_search_name(profile jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT search_fold(concat_ws(' ',
    profile #>> '{userName,fullName}', profile #>> '{userName,firstName}', profile #>> '{userName,lastName}'))
$$;

-- A phone number's searchable digits: Arabic-Indic digits read as digits; of a masked number
-- ("+964****567") the digits after the mask, of a whole one its national number (without 00964,
-- 964 or the trunk 0).
CREATE FUNCTION phone_key(text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN strpos($1, '*') > 0
    THEN regexp_replace(regexp_replace(translate($1, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'), '^.*\*', ''), '\D', '', 'g')
    ELSE regexp_replace(regexp_replace(translate($1, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'), '\D', '', 'g'), '^(00964|964|0)', '')
  END
$$;

-- The customer's mobile number as the wallet gave it: the contact number, else the login id.
CREATE FUNCTION customer_phone_key(profile jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(phone_key(coalesce(
    (SELECT contact ->> 'contactNo'
       FROM jsonb_array_elements(CASE jsonb_typeof(profile -> 'contactInfos') WHEN 'array' THEN profile -> 'contactInfos' ELSE '[]'::jsonb END) AS contact
      WHERE contact ->> 'contactType' = 'MOBILE_PHONE' LIMIT 1),
    (SELECT login ->> 'maskLoginId'
       FROM jsonb_array_elements(CASE jsonb_typeof(profile -> 'loginIdInfos') WHEN 'array' THEN profile -> 'loginIdInfos' ELSE '[]'::jsonb END) AS login
      LIMIT 1))), '')
$$;

CREATE INDEX "customers_search_name_idx" ON "customers" USING gin (customer_search_name("profile") gin_trgm_ops);
CREATE INDEX "customers_phone_key_idx" ON "customers" (customer_phone_key("profile"));
CREATE INDEX "orders_short_id_idx" ON "orders" (right("id", 8));
-- end: sql only
