-- Wrong passwords no longer lock an operator's account (a stranger's guesses locked the real operator
-- out): guessing is slowed per e-mail and address in Redis (lib/auth/sign-in-throttle.ts). The lock's
-- column goes; dropping a column only marks it in the catalog, nothing is rewritten.
SET LOCAL lock_timeout = '10s';

-- AlterTable
ALTER TABLE "operators" DROP COLUMN "locked_until";
