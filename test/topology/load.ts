// The mixed load of `npm run test:topology`, through HAProxy's one address: customers creating orders
// (and paying them at the sandbox's cashier, whose notifications come back through HAProxy), an
// operator refunding paid orders, and a script reading the console with an API key. A request that
// fails (no answer, 5xx, 409 while the same key is in flight, 429) is sent again with the same
// Idempotency-Key until it is answered, for up to a minute: what a careful client does. Every
// attempt is recorded with its start and duration, for the latency report.
import { randomUUID } from "node:crypto";
import type { TestDatabase } from "@/test/support/database";
import type { TestSandbox } from "@/test/support/sandbox";

type Kind = "order" | "refund" | "console";

export interface Attempt {
  kind: Kind;
  /** Date.now() when it was sent. */
  at: number;
  ms: number;
  ok: boolean;
  status: number | "no answer";
  /** The API's error code of a failed attempt (`{error: {code}}`), when it said one. */
  code?: string;
}

interface OrderRecord {
  customer: string;
  /** Every order id an answer under this key named (one, when all is well). */
  orderIds: Set<string>;
  /** Answers received under this key: more than one when the client asked again. */
  answers: number;
  paidAtCashier: boolean;
}

interface RefundRecord {
  orderId: string;
  amountFils: bigint;
  refundIds: Set<string>;
  answers: number;
}

export interface LoadRecord {
  attempts: Attempt[];
  /** By Idempotency-Key. */
  orders: Map<string, OrderRecord>;
  refunds: Map<string, RefundRecord>;
  /** Requests never answered within their minute (or refused for good): outcomes, not timings. */
  unrecovered: { kind: Kind; key: string; last: Attempt["status"]; body?: string }[];
  cashierFailures: string[];
  /** The references of 500 answers (re-sent all the same), to find them in the app's log. */
  internalErrors: string[];
}

export function newLoadRecord(): LoadRecord {
  return {
    attempts: [],
    orders: new Map(),
    refunds: new Map(),
    unrecovered: [],
    cashierFailures: [],
    internalErrors: [],
  };
}

// A request not answered within two minutes of re-sending is an outcome, not a slow moment: each
// attempt waits as long as HAProxy waits for an instance (timeout server 30s).
const GIVE_UP_AFTER_MS = 120_000;
const ATTEMPT_TIMEOUT_MS = 30_000;
/** Answers that say "try again" (the request may or may not have had its effect). */
const RETRY = (status: number) => status >= 500 || status === 409 || status === 429 || status === 408;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorCode(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    // HAProxy's own page: no instance was in rotation, or the one it picked cut the connection.
    if (text.startsWith("<html>")) return `from HAProxy: ${/<h1>([^<]*)</.exec(text)?.[1] ?? "?"}`;
    return text ? text.slice(0, 40) : undefined;
  }
}

/** Sends until answered 2xx (same request, same key), recording each attempt. */
async function untilAnswered(
  record: LoadRecord,
  kind: Kind,
  key: string,
  send: (signal: AbortSignal) => Promise<Response>,
): Promise<Record<string, unknown> | undefined> {
  const giveUpAt = Date.now() + GIVE_UP_AFTER_MS;
  for (;;) {
    const at = Date.now();
    let status: Attempt["status"] = "no answer";
    let text = "";
    try {
      const response = await send(AbortSignal.timeout(ATTEMPT_TIMEOUT_MS));
      status = response.status;
      text = await response.text();
    } catch {
      // no answer: the connection was cut (an instance killed mid-request) or timed out
    }
    const ok = typeof status === "number" && status < 300;
    record.attempts.push({
      kind,
      at,
      ms: Date.now() - at,
      ok,
      status,
      ...(ok ? {} : { code: errorCode(text) }),
    });
    if (ok) return JSON.parse(text) as Record<string, unknown>;
    const reference = status === 500 ? /Reference: ([\w-]+)/.exec(text)?.[1] : undefined;
    if (reference) record.internalErrors.push(reference);
    const retryable = status === "no answer" || RETRY(status);
    if (!retryable || Date.now() > giveUpAt) {
      record.unrecovered.push({ kind, key, last: status, body: text.slice(0, 300) });
      return undefined;
    }
    await sleep(150 + Math.random() * 150);
  }
}

export interface LoadTarget {
  url: string;
  db: TestDatabase;
  sandbox: TestSandbox;
  record: LoadRecord;
  stopped(): boolean;
}

/** A customer of the mini program: session first (its own address), then orders until stopped. */
export async function customerLoop(target: LoadTarget, index: number): Promise<void> {
  const { url, record, sandbox } = target;
  const address = `203.0.113.${index + 1}`;
  const { userId } = await sandbox.createUser();
  // An auth code is good once: a session attempt whose answer was lost asks the wallet for another,
  // as the mini program's my.getAuthCode would.
  let session: Record<string, unknown> | undefined;
  for (let attempt = 0; attempt < 5 && !session; attempt++) {
    const { authCode } = await sandbox.createAuthCode(userId, ["USER_ID"]);
    session = await untilAnswered(record, "order", `session-${index}`, (signal) =>
      fetch(`${url}/api/mini/session`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
        body: JSON.stringify({ authCode }),
        signal,
      }),
    );
  }
  if (!session) return;
  record.unrecovered = record.unrecovered.filter((failure) => failure.key !== `session-${index}`);
  const token = String(session.sessionToken);
  while (!target.stopped()) {
    await oneOrder(target, token, address, String((session.customer as { id: string }).id));
    await sleep(100 + Math.random() * 200);
  }
}

async function oneOrder(target: LoadTarget, token: string, address: string, customer: string) {
  const { url, record } = target;
  const key = randomUUID();
  const entry: OrderRecord = { customer, orderIds: new Set(), answers: 0, paidAtCashier: false };
  record.orders.set(key, entry);
  const send = (signal: AbortSignal) =>
    fetch(`${url}/api/mini/orders`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Idempotency-Key": key,
        "Content-Type": "application/json",
        "X-Forwarded-For": address,
      },
      body: JSON.stringify({ flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] }),
      signal,
    });
  const answers = [await untilAnswered(record, "order", key, send)];
  // One in four: the answer "got lost" on the phone and the mini program asks again, same key.
  if (Math.random() < 0.25) answers.push(await untilAnswered(record, "order", key, send));
  for (const answer of answers) {
    if (!answer) continue;
    entry.answers++;
    entry.orderIds.add(String(answer.orderId));
  }
  const [orderId] = entry.orderIds;
  if (!orderId || answers[0]?.status !== "PENDING") return;
  // Three in four are paid; the rest are left at the cashier (they must get no ticket).
  if (Math.random() < 0.25) return;
  const order = await target.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
  try {
    await target.sandbox.payAtCashier(order.paymentId as string);
    entry.paidAtCashier = true;
  } catch (error) {
    record.cashierFailures.push(`${orderId}: ${String(error)}`);
  }
}

/** An operator refunding part of paid orders, each refund under its own key, until stopped. */
export async function refundLoop(target: LoadTarget, operatorHeaders: Record<string, string>) {
  const { url, record, db } = target;
  while (!target.stopped()) {
    const [order] = await db.prisma.$queryRaw<{ id: string }[]>`
      SELECT id FROM orders WHERE status = 'PAID' AND refunded_fils = 0 ORDER BY random() LIMIT 1`;
    if (!order) {
      await sleep(500);
      continue;
    }
    const key = randomUUID();
    const entry: RefundRecord = { orderId: order.id, amountFils: 500_000n, refundIds: new Set(), answers: 0 };
    record.refunds.set(key, entry);
    const answer = await untilAnswered(record, "refund", key, (signal) =>
      fetch(`${url}/api/admin/orders/${order.id}/refunds`, {
        method: "POST",
        headers: { ...operatorHeaders, "Idempotency-Key": key, "Content-Type": "application/json" },
        body: JSON.stringify({ amount: entry.amountFils.toString(), reason: "topology test" }),
        signal,
      }),
    );
    const refund = answer?.refund as { id?: string } | undefined;
    if (refund?.id) {
      entry.answers++;
      entry.refundIds.add(refund.id);
    }
    await sleep(300 + Math.random() * 300);
  }
}

/** A script reading the console with an API key: the orders list and the refunds list, until stopped. */
export async function consoleLoop(target: LoadTarget, apiKey: string) {
  const { url, record } = target;
  const paths = ["/api/admin/orders?limit=20", "/api/admin/refunds?limit=20", "/api/admin/dashboard"];
  let index = 0;
  while (!target.stopped()) {
    const path = paths[index++ % paths.length] as string;
    await untilAnswered(record, "console", path, (signal) =>
      fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${apiKey}` }, signal }),
    );
    await sleep(150 + Math.random() * 150);
  }
}
