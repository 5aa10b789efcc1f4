-- The audit trail's API-key reference, added NOT VALID by the previous migration, checked for the
-- rows that existed then. VALIDATE takes a lock that lets the audit trail be written meanwhile.
ALTER TABLE "audit_entries" VALIDATE CONSTRAINT "audit_entries_api_key_id_fkey";
