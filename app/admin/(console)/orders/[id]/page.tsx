import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getOrderDetail } from "@/lib/admin/orders/order-detail";
import { orderTimeline, type TimelineEntry } from "@/lib/admin/orders/order-timeline";
import { hasRole } from "@/lib/auth/roles";
import { NotFoundError } from "@/lib/errors/domain-errors";
import { IN_FLIGHT_STATUSES } from "@/lib/escrow/escrow-operation-state";
import { dynamicKey, type Locale, type MessageKey, type Translate } from "@/lib/i18n/translate";
import { isRowId } from "@/lib/ids/request-ids";
import { orderParams } from "@/lib/orders/order-params";
import { UNSETTLED_ORDER_STATUSES } from "@/lib/orders/order-state";
import { REFUND_IN_FLIGHT_STATUSES } from "@/lib/refunds/refund-state";
import type { ServiceContext } from "@/lib/services/context";
import { AutoRefresh } from "../../../_ui/auto-refresh";
import { OperationStatusBadge, OrderStatusBadge, RefundStatusBadge } from "../../../_ui/badges";
import { consolePage } from "../../../_ui/console-page";
import { DataTable } from "../../../_ui/data-table";
import { Amount, FullId, ShortId, Time } from "../../../_ui/format";
import { JsonView } from "../../../_ui/json-view";
import { OrderActions } from "../../../_ui/order-actions";
import { PageHead } from "../../../_ui/page-head";

export const metadata: Metadata = { title: "Order" };

type ActorName = (actor: string | null | undefined) => string | undefined;

/**
 * Who did it, as operators know each other: `operator:<id>` becomes the operator's name; customers and
 * the wallet keep their technical label.
 */
async function actorNames(ctx: ServiceContext, actors: (string | null | undefined)[]): Promise<ActorName> {
  const ids = [
    ...new Set(actors.flatMap((actor) => (actor?.startsWith("operator:") ? [actor.slice(9)] : []))),
  ];
  const uuids = ids.filter(isRowId);
  const operators = uuids.length
    ? await ctx.prisma.operator.findMany({ where: { id: { in: uuids } }, select: { id: true, name: true } })
    : [];
  const names = new Map(operators.map((operator) => [`operator:${operator.id}`, operator.name]));
  return (actor) => (actor ? (names.get(actor) ?? actor) : undefined);
}

function TimelineItem({
  entry,
  locale,
  t,
  actorName,
}: {
  entry: TimelineEntry;
  locale: Locale;
  t: Translate;
  actorName: ActorName;
}) {
  const detail = (entry.detail ?? {}) as Record<string, unknown>;
  const kind = t(`timeline.kind.${entry.kind}` as MessageKey);
  let title: React.ReactNode = <span className="mono">{entry.title}</span>;
  let meta: React.ReactNode = null;
  let body: React.ReactNode = null;
  if (
    entry.kind === "status" ||
    entry.kind === "refund" ||
    entry.kind === "escrow" ||
    entry.kind === "attention"
  ) {
    if (entry.toStatus && entry.fromStatus !== entry.toStatus) {
      const to = t(dynamicKey("status", entry.toStatus));
      // The arrow points the way the operator reads.
      const arrow = locale === "ar" ? "←" : "→";
      title = (
        <>
          {entry.fromStatus ? `${t(dynamicKey("status", entry.fromStatus))} ${arrow} ${to}` : to}{" "}
          <span className="tl-meta mono">{entry.title}</span>
        </>
      );
    }
    body = <JsonView label={t("common.details")} value={entry.detail} />;
  } else if (entry.kind === "wallet") {
    const outcome = String(detail.outcome ?? "");
    const resultCode = detail.resultCode ? String(detail.resultCode) : "";
    // A `U` with an *_IN_PROCESS code is the wallet saying "still working on it" (a refund it will
    // finish), not a lost answer: shown as in progress, without the unknown-outcome label.
    const inProcess = outcome === "U" && resultCode.endsWith("_IN_PROCESS");
    const tone =
      outcome === "S" || outcome === "A"
        ? "tone-ok"
        : outcome === "F"
          ? "tone-bad"
          : inProcess
            ? "tone-info"
            : "tone-warn";
    meta = (
      <>
        <span className={`badge ${tone}`}>{outcome || "?"}</span>{" "}
        {resultCode ? <span className="mono">{resultCode}</span> : null}
        {detail.errorKind && !inProcess ? <span className="mono"> {String(detail.errorKind)}</span> : null}
        {typeof detail.durationMs === "number" ? (
          <span> · {t("timeline.latency", { ms: detail.durationMs })}</span>
        ) : null}
      </>
    );
    body = (
      <>
        <JsonView label={t("timeline.request")} value={detail.request} />
        <JsonView label={t("timeline.response")} value={detail.response} />
      </>
    );
  } else if (entry.kind === "notification") {
    meta = (
      <>
        <span className={`badge ${detail.verified ? "tone-ok" : "tone-bad"}`}>
          {detail.verified ? t("timeline.verified") : t("timeline.unverified")}
        </span>{" "}
        <span className="mono">{String(detail.status ?? "")}</span>
        {detail.error ? <span className="flag"> {String(detail.error)}</span> : null}
      </>
    );
    body = <JsonView label={t("notifications.rawBody")} value={detail.body} />;
  } else if (entry.kind === "audit") {
    body = <JsonView label={t("common.details")} value={entry.detail} />;
  } else if (entry.kind === "job") {
    meta = detail.runsAt instanceof Date ? <Time at={detail.runsAt} locale={locale} /> : null;
    body = <JsonView label={t("common.details")} value={entry.detail} />;
  }
  return (
    <li className={`k-${entry.kind}`} data-kind={entry.kind}>
      <div className="tl-head">
        <span className="tl-title">{kind}</span>
        <span>{title}</span>
        <span className="tl-meta">
          <Time at={entry.at} locale={locale} />
          {entry.actor ? ` · ${t("timeline.by", { actor: actorName(entry.actor) ?? "" })}` : ""}
        </span>
      </div>
      {meta ? <div className="tl-meta">{meta}</div> : null}
      {body}
    </li>
  );
}

/** Stable keys: the same event source, instant and title, numbered in order of appearance. */
function keyedTimeline(timeline: TimelineEntry[]) {
  const seen = new Map<string, number>();
  return timeline.map((entry) => {
    const base = `${entry.kind}:${entry.at.getTime()}:${entry.title}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { key: `${base}:${count}`, entry };
  });
}

/**
 * A line's product name in the console's language, with the other one beneath when the line kept both
 * (lines from before the Arabic name was kept have the English one only).
 */
function ItemName({ name, nameArabic, locale }: { name: string; nameArabic: string | null; locale: Locale }) {
  const [first, second] = locale === "ar" && nameArabic ? [nameArabic, name] : [name, nameArabic];
  return (
    <>
      <bdi>{first}</bdi>
      {/* The block takes the page's direction (so it lines up under the first name); bdi keeps the
          other language's text in its own order. */}
      {second && second !== first ? (
        <span className="muted item-other-name">
          <bdi>{second}</bdi>
        </span>
      ) : null}
    </>
  );
}

export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx, locale, t, operator } = await consolePage();
  const parsed = orderParams.safeParse(await params);
  if (!parsed.success) notFound();
  const orderId = parsed.data.id;
  let detail: Awaited<ReturnType<typeof getOrderDetail>>;
  try {
    detail = await getOrderDetail(ctx, orderId, operator.role);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
  const timeline = await orderTimeline(ctx, orderId);
  const { order, money, actions } = detail;
  const actorName = await actorNames(ctx, [
    ...timeline.map((entry) => entry.actor),
    ...order.refunds.map((refund) => refund.requestedBy),
  ]);
  const inFlight =
    UNSETTLED_ORDER_STATUSES.includes(order.status) ||
    order.refunds.some((refund) => REFUND_IN_FLIGHT_STATUSES.includes(refund.status)) ||
    order.escrowOperations.some((operation) => IN_FLIGHT_STATUSES.includes(operation.status));

  return (
    <>
      <AutoRefresh active={inFlight} />
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
      {order.needsAttention ? (
        <p className="notice notice-bad" role="status">
          ⚑ {t("order.attention", { reason: order.attentionReason ?? "" })}
        </p>
      ) : null}

      <div className="grid-2">
        <section className="card">
          <h2>{t("order.summary")}</h2>
          <dl className="facts">
            <dt>{t("common.order")}</dt>
            <dd>
              <FullId id={order.id} />
            </dd>
            <dt>{t("common.status")}</dt>
            <dd>
              <OrderStatusBadge status={order.status} t={t} />
            </dd>
            <dt>{t("order.flow")}</dt>
            <dd>{t(dynamicKey("flow", order.flow))}</dd>
            <dt>{t("order.created")}</dt>
            <dd>
              <Time at={order.createdAt} locale={locale} />
            </dd>
            <dt>{t("order.paidAt")}</dt>
            <dd>
              <Time at={order.paidAt} locale={locale} />
            </dd>
            <dt>{t("order.paymentRequestId")}</dt>
            <dd>
              <FullId id={order.paymentRequestId} />
            </dd>
            <dt>{t("order.paymentId")}</dt>
            <dd>
              <FullId id={order.paymentId} />
            </dd>
            <dt>{t("order.customer")}</dt>
            <dd>
              <a href={`/admin/orders?customerId=${order.customerId}`}>
                <FullId id={order.customerId} />
              </a>
            </dd>
            <dt>{t("order.walletCustomerId")}</dt>
            <dd>
              <FullId id={order.customer.walletCustomerId} />
            </dd>
            {order.note ? (
              <>
                <dt>{t("order.note")}</dt>
                <dd dir="auto">{order.note}</dd>
              </>
            ) : null}
          </dl>
        </section>

        <section className="card" id="money">
          <h2>{t("order.money")}</h2>
          <table className="money-table">
            <tbody>
              <tr>
                <td>{t("order.money.amount")}</td>
                <td>
                  <Amount fils={money.amountFils} locale={locale} />
                </td>
              </tr>
              <tr>
                <td>{t("order.money.captured")}</td>
                <td>
                  <Amount fils={money.capturedFils} locale={locale} />
                </td>
              </tr>
              <tr>
                <td>− {t("order.money.refunded")}</td>
                <td>
                  <Amount fils={money.refundedFils} locale={locale} />
                </td>
              </tr>
              <tr>
                <td>− {t("order.money.pending")}</td>
                <td>
                  <Amount fils={money.pendingRefundFils} locale={locale} />
                </td>
              </tr>
              <tr className="total">
                <td>= {t("order.money.refundable")}</td>
                <td data-testid="refundable">
                  <Amount fils={money.refundableFils} locale={locale} />
                </td>
              </tr>
              {order.flow === "ESCROW" ? (
                <>
                  <tr>
                    <td>{t("order.money.held")}</td>
                    <td>
                      <Amount fils={money.heldFils} locale={locale} />
                    </td>
                  </tr>
                  <tr>
                    <td>{t("order.money.voided")}</td>
                    <td>
                      <Amount fils={money.voidedFils} locale={locale} />
                    </td>
                  </tr>
                </>
              ) : null}
            </tbody>
          </table>
          <h2 className="section-title" style={{ marginTop: "1rem" }}>
            {t("common.actions")}
          </h2>
          {actions.length > 0 ? (
            <OrderActions
              orderId={order.id}
              actions={actions.map((action) => ({
                action: action.action,
                ...(action.maxFils === undefined ? {} : { maxFils: action.maxFils.toString() }),
              }))}
              money={{
                amount: money.amountFils.toString(),
                captured: money.capturedFils.toString(),
                refunded: money.refundedFils.toString(),
                pending: money.pendingRefundFils.toString(),
                refundable: money.refundableFils.toString(),
              }}
            />
          ) : (
            <p className="muted" id="no-actions">
              {hasRole(operator.role, "OPERATOR") ? t("order.noActions") : t("order.viewerNoActions")}
            </p>
          )}
        </section>
      </div>

      <section className="card" style={{ marginTop: "1rem" }}>
        <h2>{t("order.items")}</h2>
        <DataTable
          columns={[
            { label: t("order.item.sku") },
            { label: t("order.item.name") },
            { label: t("order.item.quantity"), num: true },
            { label: t("order.item.unitPrice"), num: true },
            { label: t("order.item.total"), num: true },
          ]}
        >
          {order.items.map((item) => (
            <tr key={item.id}>
              <td className="mono nowrap">{item.sku}</td>
              <td>
                <ItemName name={item.name} nameArabic={item.nameArabic} locale={locale} />
              </td>
              <td className="num">{item.quantity}</td>
              <td className="num">
                <Amount fils={item.unitPriceFils} locale={locale} />
              </td>
              <td className="num">
                <Amount fils={item.unitPriceFils * BigInt(item.quantity)} locale={locale} />
              </td>
            </tr>
          ))}
        </DataTable>
      </section>

      {order.refunds.length > 0 ? (
        <section className="card" id="refunds">
          <h2>{t("order.refunds")}</h2>
          <DataTable
            columns={[
              { label: t("refunds.col.requested") },
              { label: t("refunds.col.amount"), num: true },
              { label: t("refunds.col.status") },
              { label: t("refunds.col.reason") },
              { label: t("refunds.col.by") },
            ]}
          >
            {order.refunds.map((refund) => (
              <tr key={refund.id} data-refund={refund.id}>
                <td>
                  <Time at={refund.createdAt} locale={locale} />
                </td>
                <td className="num">
                  <Amount fils={refund.amountFils} locale={locale} />
                </td>
                <td>
                  <RefundStatusBadge status={refund.status} t={t} />
                  {refund.resultCode ? <span className="mono muted"> {refund.resultCode}</span> : null}
                </td>
                <td dir="auto">{refund.reason ?? "—"}</td>
                <td className="muted">{actorName(refund.requestedBy) ?? "—"}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      ) : null}

      {order.escrowOperations.length > 0 ? (
        <section className="card" id="escrow-operations">
          <h2>{t("order.escrowOperations")}</h2>
          <DataTable
            columns={[
              { label: t("common.time") },
              { label: t("common.actions") },
              { label: t("common.amount"), num: true },
              { label: t("common.status") },
            ]}
          >
            {order.escrowOperations.map((operation) => (
              <tr key={operation.id}>
                <td>
                  <Time at={operation.createdAt} locale={locale} />
                </td>
                <td>{t(dynamicKey("operationType", operation.type))}</td>
                <td className="num">
                  {operation.amountFils === null ? (
                    "—"
                  ) : (
                    <Amount fils={operation.amountFils} locale={locale} />
                  )}
                </td>
                <td>
                  <OperationStatusBadge status={operation.status} t={t} />
                  {operation.resultCode ? <span className="mono muted"> {operation.resultCode}</span> : null}
                </td>
              </tr>
            ))}
          </DataTable>
        </section>
      ) : null}

      <section className="card" id="timeline">
        <h2>{t("order.timeline")}</h2>
        {timeline.length === 0 ? (
          <p className="empty">{t("order.timelineEmpty")}</p>
        ) : (
          <ol className="timeline">
            {keyedTimeline(timeline).map(({ key, entry }) => (
              <TimelineItem key={key} entry={entry} locale={locale} t={t} actorName={actorName} />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
