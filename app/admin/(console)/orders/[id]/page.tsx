import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrderStatusBadge } from "@/app/admin/_ui/badges";
import { consolePage } from "@/app/admin/_ui/console-page";
import { flagReasonWords } from "@/app/admin/_ui/flag-reason";
import { Amount, ShortId } from "@/app/admin/_ui/format";
import { PageHead } from "@/app/admin/_ui/page-head";
import { EscrowSection } from "@/app/admin/(console)/orders/[id]/_sections/escrow-section";
import { EventsSection } from "@/app/admin/(console)/orders/[id]/_sections/events-section";
import { ItemsSection } from "@/app/admin/(console)/orders/[id]/_sections/items-section";
import { MoneySection } from "@/app/admin/(console)/orders/[id]/_sections/money-section";
import { RefundRequestsSection } from "@/app/admin/(console)/orders/[id]/_sections/refund-requests-section";
import { RefundsSection } from "@/app/admin/(console)/orders/[id]/_sections/refunds-section";
import { ResolvedNote } from "@/app/admin/(console)/orders/[id]/_sections/resolved-note";
import type { SectionProps } from "@/app/admin/(console)/orders/[id]/_sections/section-props";
import { SummarySection } from "@/app/admin/(console)/orders/[id]/_sections/summary-section";
import { TimelineSection } from "@/app/admin/(console)/orders/[id]/_sections/timeline-section";
import { UnknownNotice } from "@/app/admin/(console)/orders/[id]/_sections/unknown-notice";
import { actorNames } from "@/lib/console/actor-names";
import type { Locale, Translate } from "@/lib/console/i18n/translate";
import { dynamicKey } from "@/lib/console/i18n/translate";
import { getOrderDetail, type OrderDetail } from "@/lib/console/orders/order-detail";
import { hasUnsettledWork } from "@/lib/console/orders/unsettled-work";
import { can } from "@/lib/operators/roles/permissions";
import { orderParams } from "@/lib/payments/orders/order-params";
import { refundLimitsNow } from "@/lib/payments/refunds/refund-limits";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";
import { AutoRefresh } from "./auto-refresh";
import { ResolveFlag } from "./resolve-flag";

export const metadata: Metadata = { title: "Order" };

/** The order's detail, or Next's 404 page for an id that is malformed or names no order. */
async function findOrder(ctx: ServiceContext, params: unknown, role: Parameters<typeof getOrderDetail>[2]) {
  const parsed = orderParams.safeParse(params);
  if (!parsed.success) notFound();
  try {
    return await getOrderDetail(ctx, parsed.data.id, role);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

/** Operators' names for who did what: the timeline's actors and who asked for each refund. */
function actorsOf({ timeline, order }: OrderDetail) {
  return [
    ...timeline.map((entry) => entry.actor),
    ...order.refunds.map((refund) => refund.requestedBy),
    ...order.refundRequests.flatMap((request) => [request.requestedBy, request.decidedBy]),
  ];
}

export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx, locale, t, operator } = await consolePage();
  const detail = await findOrder(ctx, await params, operator);
  const { order } = detail;
  const view: SectionProps = { detail, locale, t, actorName: await actorNames(ctx, actorsOf(detail)) };
  const unsettled = hasUnsettledWork(order, { operations: order.escrowOperations, refunds: order.refunds });
  // The review of a refund, cancel or void says up front when it will wait for approval rather than
  // reach the wallet.
  const givesBack = can(operator, "orders.refund") || can(operator, "escrow.act");
  const limits = givesBack ? await refundLimitsNow(ctx.prisma, operator, ctx.now()) : null;
  return (
    <>
      <AutoRefresh active={unsettled} />
      <a className="back-link" href="/admin/orders">
        {locale === "ar" ? "→" : "←"} {t("order.back")}
      </a>
      <PageHead
        title={
          <>
            {t("order.title", { id: "" })}
            <ShortId id={order.id} />
          </>
        }
        sub={
          <>
            <OrderStatusBadge status={order.status} t={t} /> ·{" "}
            <Amount fils={order.amountFils} locale={locale} /> · {t(dynamicKey("flow", order.flow))}
          </>
        }
      />
      <AttentionNotice detail={detail} t={t} locale={locale} canResolve={can(operator, "orders.reconcile")} />
      <ResolvedNote {...view} />
      <UnknownNotice {...view} />
      <div className="grid-2 order-top">
        <SummarySection {...view} />
        <MoneySection {...view} operator={operator} limits={limits} />
      </div>
      <ItemsSection {...view} />
      <RefundRequestsSection {...view} operator={operator} />
      <RefundsSection {...view} />
      <EscrowSection {...view} />
      <EventsSection {...view} permissions={operator.permissions} />
      <TimelineSection {...view} />
    </>
  );
}

/** The order's flag (or its refunds'), why, and — for who may — the way to clear it with a note. */
function AttentionNotice({
  detail: { order },
  t,
  locale,
  canResolve,
}: {
  detail: OrderDetail;
  t: Translate;
  locale: Locale;
  canResolve: boolean;
}) {
  const flaggedRefunds = order.refunds.filter((refund) => refund.needsAttention);
  if (!order.needsAttention && flaggedRefunds.length === 0) return null;
  const reason =
    order.attentionReason !== null
      ? flagReasonWords(order, t, locale)
      : flaggedRefunds
          .map((refund) => flagReasonWords(refund, t, locale))
          .filter(Boolean)
          .join(" ");
  return (
    <div className="notice notice-bad attention-notice" role="status" id="attention">
      <span>⚑ {t("order.attention", { reason })}</span>
      {canResolve ? <ResolveFlag orderId={order.id} /> : null}
    </div>
  );
}
