-- Operator sessions kept on the server (lib/auth/operator-sessions.ts): each console sign-in is a
-- row whose id its token carries, so a session can end before its token does. A new table: nothing
-- existing is rewritten. Tokens issued before this migration carry no session id and are refused,
-- which signs every operator out once.
SET LOCAL lock_timeout = '10s';

-- CreateTable
CREATE TABLE "operator_sessions" (
    "id" TEXT NOT NULL,
    "operator_id" TEXT NOT NULL,
    "user_agent" TEXT,
    "address" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "ended_reason" TEXT,

    CONSTRAINT "operator_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "operator_sessions_operator_id_created_at_idx" ON "operator_sessions"("operator_id", "created_at");

-- AddForeignKey
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
