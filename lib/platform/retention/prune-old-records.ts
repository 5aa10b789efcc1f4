// Retention: what the wallet-call log keeps of old exchanges. Past the body retention period
// (RETENTION_BODY_DAYS, 180 days by default) the rows stay — timelines and audits still need them,
// until their month is dropped (expire-wallet-calls.ts) — but their bodies are replaced by a marker
// and pruned_at is set; the hourly counts of unverifiable notifications are deleted after
// RETENTION_REJECTION_DAYS. Notifications are not emptied here: their months are dropped whole once
// past RETENTION_BODY_DAYS (expire-notifications.ts).
//
// Bounded work per run: `batch` rows per statement and at most `maxBatches` statements per table,
// each finding its rows through an index on (pruned_at, time), so a run costs the same whether the
// tables hold a thousand rows or a billion, and a large backlog is worked off over several runs.
import type { ServiceContext } from "@/lib/platform/context/service-context";

/** What a pruned JSON body reads as. */
export const PRUNED_BODY = { pruned: true } as const;

export interface RetentionSettings {
  bodyMaxAgeMs: number;
  rejectionMaxAgeMs: number;
  batch: number;
  maxBatches: number;
}

export interface RetentionResult {
  walletCalls: number;
  rejections: number;
}

export async function pruneOldRecords(
  ctx: Pick<ServiceContext, "prisma" | "now">,
  settings: RetentionSettings,
): Promise<RetentionResult> {
  const now = ctx.now();
  const bodyCutoff = new Date(now.getTime() - settings.bodyMaxAgeMs);
  const rejectionCutoff = new Date(now.getTime() - settings.rejectionMaxAgeMs);
  const marker = JSON.stringify(PRUNED_BODY);
  const { batch } = settings;

  const walletCalls = await inBatches(
    settings,
    () =>
      ctx.prisma.$executeRaw`
      UPDATE wallet_calls
      SET request_body = ${marker}::jsonb,
          response_body = CASE WHEN response_body IS NULL THEN NULL ELSE ${marker}::jsonb END,
          pruned_at = ${now}
      WHERE (id, created_at) IN (
        SELECT id, created_at FROM wallet_calls
        WHERE pruned_at IS NULL AND created_at < ${bodyCutoff}
        ORDER BY created_at
        LIMIT ${batch})`,
  );
  const rejections = await inBatches(
    settings,
    () =>
      ctx.prisma.$executeRaw`
      DELETE FROM notification_rejections
      WHERE id IN (
        SELECT id FROM notification_rejections
        WHERE last_seen_at < ${rejectionCutoff}
        ORDER BY last_seen_at
        LIMIT ${batch})`,
  );
  return { walletCalls, rejections };
}

/** Runs `step` until it touches fewer than a batch of rows or maxBatches ran; the rows touched. */
async function inBatches(settings: RetentionSettings, step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let run = 0; run < settings.maxBatches; run++) {
    const count = await step();
    total += count;
    if (count < settings.batch) break;
  }
  return total;
}
