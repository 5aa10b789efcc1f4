// What must hold after the topology test's load and failovers, whatever was killed: the money
// invariants of the crash tests (test/e2e/crash.test.ts, test/integration/events/events-crash.test.ts)
// over every order and refund of the run. Each check returns the problems it found, in words, so a
// failure says which order lost or doubled what.
import type { TestSandbox } from "@/test/support/sandbox";
import type { LoadRecord } from "./load";
import type { Kitchen } from "./stack";

interface WalletPayment {
  paymentId: string;
  paymentRequestId: string;
  status: string;
  refundedAmount: string;
}

interface WalletRefund {
  refundId: string;
  refundRequestId: string;
  paymentId: string;
  amount: string;
  status: string;
}

interface OrderRow {
  id: string;
  idempotencyKey: string;
  status: string;
  paymentRequestId: string;
  paymentId: string | null;
  refundedFils: bigint;
  confirmedRefundFils: bigint;
}

interface RefundRow {
  id: string;
  orderId: string;
  refundRequestId: string;
  amountFils: bigint;
  status: string;
}

export interface Books {
  orders: OrderRow[];
  refunds: RefundRow[];
  paidEvents: { orderId: string | null }[];
  payments: WalletPayment[];
  walletRefunds: WalletRefund[];
}

type Prisma = import("@/lib/platform/db").PrismaClient;

/** Our books (the database) and the wallet's (the sandbox), read once the run has settled. */
export async function readBooks(prisma: Prisma, sandbox: TestSandbox): Promise<Books> {
  const clientId = sandbox.merchant.clientId;
  const [orders, refunds, paidEvents, payments, walletRefunds] = await Promise.all([
    prisma.order.findMany(),
    prisma.refund.findMany(),
    prisma.outboxEvent.findMany({ where: { type: "order.paid" }, select: { orderId: true } }),
    sandbox.control<WalletPayment[]>("GET", `/sandbox/payments?clientId=${clientId}`),
    sandbox.control<WalletRefund[]>("GET", `/sandbox/refunds?clientId=${clientId}`),
  ]);
  return { orders, refunds, paidEvents, payments, walletRefunds };
}

function countBy<T>(items: T[], keyOf: (item: T) => string | null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const key = keyOf(item);
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Each request's key made one order; every answer under a key named it; nothing else was made. */
export function orderProblems(record: LoadRecord, books: Books): string[] {
  const problems: string[] = [];
  const byKey = new Map(books.orders.map((order) => [order.idempotencyKey, order]));
  for (const [key, count] of countBy(books.orders, (order) => order.idempotencyKey)) {
    if (count > 1) problems.push(`Idempotency-Key ${key}: ${count} orders (duplicated)`);
  }
  for (const [key, entry] of record.orders) {
    if (entry.orderIds.size > 1) problems.push(`key ${key}: answered with ${[...entry.orderIds]}`);
    const [answered] = entry.orderIds;
    if (answered && byKey.get(key)?.id !== answered) problems.push(`key ${key}: order ${answered} lost`);
  }
  for (const order of books.orders) {
    if (!record.orders.has(order.idempotencyKey)) problems.push(`order ${order.id}: nobody asked for it`);
  }
  return problems;
}

/** One wallet payment per order, under its paymentRequestId; paid at the wallet ⇔ paid in our books. */
export function paymentProblems(record: LoadRecord, books: Books): string[] {
  const problems: string[] = [];
  const payments = new Map(books.payments.map((payment) => [payment.paymentRequestId, payment]));
  for (const [requestId, count] of countBy(books.payments, (payment) => payment.paymentRequestId)) {
    if (count > 1) problems.push(`paymentRequestId ${requestId}: ${count} payments at the wallet`);
  }
  const ours = new Set(books.orders.map((order) => order.paymentRequestId));
  for (const payment of books.payments) {
    if (!ours.has(payment.paymentRequestId)) problems.push(`wallet payment ${payment.paymentId}: no order`);
  }
  const paidAtCashier = new Set(
    [...record.orders.values()]
      .filter((entry) => entry.paidAtCashier)
      .flatMap((entry) => [...entry.orderIds]),
  );
  for (const order of books.orders) {
    const payment = payments.get(order.paymentRequestId);
    if (!payment) {
      // An instance killed between the order's commit and its `pay` leaves an order the wallet never
      // saw: reconciliation closes it. Only one that claims a payment, or is paid, is a loss.
      if (order.paymentId !== null || order.status === "PAID") {
        problems.push(`order ${order.id}: ${order.status}, no payment at the wallet`);
      }
      continue;
    }
    if (order.paymentId !== payment.paymentId) {
      problems.push(`order ${order.id}: paymentId ${order.paymentId}, the wallet's ${payment.paymentId}`);
    }
    const paidHere = order.status === "PAID";
    if (paidHere !== (payment.status === "SUCCESS")) {
      problems.push(`order ${order.id}: ${order.status} here, ${payment.status} at the wallet`);
    }
    if (paidAtCashier.has(order.id) && !paidHere)
      problems.push(`order ${order.id}: paid, still ${order.status}`);
  }
  return problems;
}

/** One refund per key, one wallet refund per refund, and the totals agree on both sides. */
export function refundProblems(record: LoadRecord, books: Books): string[] {
  const problems: string[] = [];
  const ours = new Map(books.refunds.map((refund) => [refund.id, refund]));
  for (const [key, entry] of record.refunds) {
    if (entry.refundIds.size > 1) problems.push(`refund key ${key}: answered with ${[...entry.refundIds]}`);
    for (const id of entry.refundIds) if (!ours.has(id)) problems.push(`refund ${id}: lost`);
  }
  const asked = [...record.refunds.values()].filter((entry) => entry.answers > 0).length;
  if (books.refunds.length !== asked) {
    problems.push(`${books.refunds.length} refunds in our books for ${asked} answered refund requests`);
  }
  for (const [requestId, count] of countBy(books.walletRefunds, (refund) => refund.refundRequestId)) {
    if (count > 1) problems.push(`refundRequestId ${requestId}: ${count} refunds at the wallet`);
  }
  const atWallet = new Map(books.walletRefunds.map((refund) => [refund.refundRequestId, refund]));
  for (const refund of books.refunds) {
    const theirs = atWallet.get(refund.refundRequestId);
    if (refund.status !== (theirs?.status ?? "none")) {
      problems.push(`refund ${refund.id}: ${refund.status} here, ${theirs?.status ?? "none"} at the wallet`);
    }
  }
  return [...problems, ...refundTotalProblems(books)];
}

function refundTotalProblems(books: Books): string[] {
  const problems: string[] = [];
  const payments = new Map(books.payments.map((payment) => [payment.paymentId, payment]));
  for (const order of books.orders) {
    const refunds = books.refunds.filter((refund) => refund.orderId === order.id);
    const reserved = refunds
      .filter((refund) => refund.status !== "FAIL")
      .reduce((sum, refund) => sum + refund.amountFils, 0n);
    const confirmed = refunds
      .filter((refund) => refund.status === "SUCCESS")
      .reduce((sum, refund) => sum + refund.amountFils, 0n);
    const atWallet = BigInt(payments.get(order.paymentId ?? "")?.refundedAmount ?? "0");
    if (
      order.refundedFils !== reserved ||
      order.confirmedRefundFils !== confirmed ||
      confirmed !== atWallet
    ) {
      problems.push(
        `order ${order.id}: refunded ${order.refundedFils}/${order.confirmedRefundFils} confirmed, ` +
          `refunds ${reserved}/${confirmed}, wallet ${atWallet}`,
      );
    }
  }
  return problems;
}

/** One order.paid event per paid order, and its kitchen ticket in effect once (one ticket key). */
export function hookProblems(books: Books, kitchen: Kitchen): string[] {
  const problems: string[] = [];
  const events = countBy(books.paidEvents, (event) => event.orderId);
  const tickets = countBy([...kitchen.tickets.values()], (ticket) => ticket.orderId);
  for (const order of books.orders) {
    const expected = order.status === "PAID" ? 1 : 0;
    const eventCount = events.get(order.id) ?? 0;
    const ticketCount = tickets.get(order.id) ?? 0;
    if (eventCount !== expected)
      problems.push(`order ${order.id} (${order.status}): ${eventCount} paid events`);
    if (ticketCount !== expected)
      problems.push(`order ${order.id} (${order.status}): ${ticketCount} tickets`);
  }
  return problems;
}
