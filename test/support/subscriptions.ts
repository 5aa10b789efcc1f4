// Subscriptions in integration tests: a subscriber with a bound agreement, the billing worker run
// in-process as it runs in production (its scan, then the jobs the scan enqueued, until nothing is
// due), the wallet's own record of the charges, and time moved to a period's next try.
import { bindAgreement, prepareAgreement } from "@/lib/payments/agreements/agreements";
import { definePlan } from "@/lib/payments/subscriptions/plans";
import { processSubscriptions } from "@/workers/subscriptions";
import type { MerchantHarness } from "./merchant";

/** A wallet user who authorized the mini program (with pushes) and signed and bound an agreement. */
export async function subscriber(merchant: MerchantHarness, options: { balance?: string } = {}) {
  const customer = await merchant.newCustomer({
    scopes: ["USER_ID", "NOTIFICATION_PUSH"],
    ...(options.balance ? { balance: options.balance } : {}),
  });
  await signAndBind(merchant, customer);
  return customer;
}

export async function signAndBind(
  merchant: MerchantHarness,
  customer: { customerId: string; userId: string },
) {
  const prepared = await prepareAgreement(merchant.ctx, customer.customerId, {
    contractDescription: "Membership",
  });
  const { authCode } = await merchant.sandbox.control<{ authCode: string }>(
    "POST",
    "/sandbox/agreements/authorize",
    {
      authorizationUrl: prepared.authorizationUrl,
      userId: customer.userId,
    },
  );
  return bindAgreement(merchant.ctx, customer.customerId, { authCode });
}

const processed = new WeakMap<MerchantHarness, number>();

/** One billing scan and every job it enqueued, as the worker would run them; returns the outcomes. */
export async function runBilling(merchant: MerchantHarness): Promise<unknown[]> {
  await processSubscriptions(merchant.ctx, { name: "scan", data: {} });
  const jobs = merchant.jobs.of("subscriptions");
  const from = processed.get(merchant) ?? 0;
  processed.set(merchant, jobs.length);
  const outcomes: unknown[] = [];
  for (const job of jobs.slice(from)) {
    outcomes.push(await processSubscriptions(merchant.ctx, { name: "charge", data: job.payload }));
  }
  return outcomes;
}

export interface WalletPayment {
  paymentRequestId: string;
  status: string;
  amount: string;
  payResult: { resultCode: string };
}

/** The wallet's payments of one subscription, by period: what the customer was really charged. */
export async function walletCharges(merchant: MerchantHarness, subscriptionId: string) {
  const payments = await merchant.sandbox.control<WalletPayment[]>(
    "GET",
    `/sandbox/payments?clientId=${encodeURIComponent(merchant.sandbox.merchant.clientId)}`,
  );
  const prefix = `sub_${subscriptionId.replaceAll("-", "")}_`;
  const mine = payments.filter((payment) => payment.paymentRequestId.startsWith(prefix));
  const periodOf = (payment: WalletPayment) =>
    Number(payment.paymentRequestId.slice(prefix.length).split("_")[0]);
  const successes = new Map<number, number>();
  const failures = new Map<number, number>();
  for (const payment of mine) {
    const counts = payment.status === "SUCCESS" ? successes : failures;
    counts.set(periodOf(payment), (counts.get(periodOf(payment)) ?? 0) + 1);
  }
  return { all: mine, successes, failures };
}

/** Moves the wallet's clock and ours to `at` (plus a second), if it is ahead. */
export async function advanceTo(merchant: MerchantHarness, at: Date): Promise<void> {
  const seconds = Math.ceil((at.getTime() - merchant.ctx.now().getTime()) / 1000) + 1;
  if (seconds > 0) await merchant.advanceClock(seconds);
}

/** The subscription's open period (the next charge). */
export function openPeriod(merchant: MerchantHarness, subscriptionId: string) {
  return merchant.db.prisma.subscriptionPeriod.findFirstOrThrow({
    where: { subscriptionId, status: { in: ["SCHEDULED", "CHARGING"] } },
  });
}

/** The subscription's events in the outbox, oldest first, as their types. */
export async function subscriptionEvents(merchant: MerchantHarness, subscriptionId: string) {
  const rows = await merchant.db.prisma.outboxEvent.findMany({
    where: {
      type: { startsWith: "subscription." },
      payload: { path: ["subscriptionId"], equals: subscriptionId },
    },
    orderBy: { seq: "asc" },
  });
  return rows;
}

/**
 * `count` subscriptions in `status` whose second period is due now (period 1 paid a month ago),
 * spread over the given customers (each with a bound agreement) and as many plans as needed; written
 * in SQL, as a month of renewals would find them. Returns their ids.
 */
export async function seedDueSubscriptions(
  merchant: MerchantHarness,
  input: {
    customers: string[];
    count: number;
    status: "ACTIVE" | "PAUSED" | "CANCELLED";
    cancelAtPeriodEnd?: boolean;
    tag: string;
  },
): Promise<string[]> {
  const plans = Math.ceil(input.count / input.customers.length);
  const planIds: string[] = [];
  for (let index = 0; index < plans; index++) {
    const plan = await definePlan(merchant.db.prisma, {
      sku: `${input.tag}-${index}`.toUpperCase(),
      name: `Club ${input.tag} ${index}`,
      nameArabic: `نادي ${index}`,
      priceFils: 1_000_000n + BigInt(index) * 1_000n,
      intervalUnit: "MONTH",
    });
    planIds.push(plan.id);
  }
  const rows = await merchant.db.prisma.$queryRaw<{ id: string }[]>`
    WITH pairs AS (
      SELECT c.id AS customer_id, a.id AS agreement_id, p.id AS plan_id, row_number() OVER () AS n
      FROM unnest(${input.customers}::text[]) AS c(id)
      JOIN agreements a ON a.customer_id = c.id AND a.status = 'ACTIVE'
      CROSS JOIN unnest(${planIds}::text[]) AS p(id)),
    subs AS (
      INSERT INTO subscriptions (id, customer_id, plan_id, agreement_id, status, idempotency_key, current_period,
                                 current_period_end, billing_anchor, cancel_at_period_end, updated_at)
      SELECT gen_random_uuid()::text, customer_id, plan_id, agreement_id, ${input.status}::subscription_status,
             ${input.tag} || '-' || n, 1, now(), now() - interval '1 month', ${input.cancelAtPeriodEnd ?? false}, now()
      FROM pairs WHERE n <= ${input.count}
      RETURNING id, plan_id),
    periods AS (
      INSERT INTO subscription_periods (id, subscription_id, number, status, starts_at, ends_at, amount_fils,
                                        next_attempt_at, updated_at)
      SELECT gen_random_uuid()::text, subs.id, 2, 'SCHEDULED', now(), now() + interval '1 month', pr.price_fils,
             now() - interval '1 second', now()
      FROM subs JOIN subscription_plans sp ON sp.id = subs.plan_id JOIN products pr ON pr.sku = sp.sku)
    SELECT id FROM subs`;
  return rows.map((row) => row.id);
}
