import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getDashboard } from "@/lib/admin/dashboard";
import type { OrderListRow } from "@/lib/admin/orders/list-orders";
import type { OrderStatus } from "@/lib/db";
import type { Locale, Translate } from "@/lib/i18n/translate";
import { getAppQueueMetrics } from "@/lib/queue/metrics";
import { OrderStatusBadge, RefundStatusBadge } from "../_ui/badges";
import { consolePage } from "../_ui/console-page";
import { DataTable } from "../_ui/data-table";
import { Amount, ShortId, Time } from "../_ui/format";
import { PageHead } from "../_ui/page-head";
import { VolumeChart } from "../_ui/volume-chart";

export const metadata: Metadata = { title: "Dashboard" };

const STATUS_ORDER: OrderStatus[] = [
  "PAID",
  "CONFIRMED",
  "ACCEPTED",
  "PENDING",
  "CREATED",
  "UNKNOWN",
  "FAILED",
  "CLOSED",
  "CANCELLED",
  "VOIDED",
];

function minutes(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

function OrderLines({ orders, locale, t }: { orders: OrderListRow[]; locale: Locale; t: Translate }) {
  return (
    <ul>
      {orders.map((order) => (
        <li key={order.id}>
          <a href={`/admin/orders/${order.id}`}>
            <ShortId id={order.id} />
          </a>{" "}
          · <Amount fils={order.amountFils} locale={locale} /> · <Time at={order.createdAt} locale={locale} />{" "}
          <OrderStatusBadge status={order.status} t={t} />
          {order.attentionReason ? <span className="muted"> — {order.attentionReason}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function AttentionGroup(props: {
  title: string;
  hint?: string;
  count: number;
  shown: number;
  filterHref?: string;
  t: Translate;
  children: ReactNode;
}) {
  if (props.count === 0) return null;
  return (
    <li className="attention-group" data-attention={props.filterHref ?? props.title}>
      <h3>
        <span className="badge tone-bad">{props.count}</span>
        {props.filterHref ? <a href={props.filterHref}>{props.title}</a> : props.title}
      </h3>
      {props.hint ? <p>{props.hint}</p> : null}
      {props.children}
      {props.count > props.shown ? (
        <p>{props.t("dashboard.attention.more", { count: props.count - props.shown })}</p>
      ) : null}
    </li>
  );
}

export default async function DashboardPage() {
  const { ctx, locale, t } = await consolePage();
  const dashboard = await getDashboard(ctx, getAppQueueMetrics);
  const { attention } = dashboard;
  const statusCounts = STATUS_ORDER.map((status) => ({
    status,
    count: dashboard.byStatus[status] ?? 0,
  })).filter((row) => row.count > 0);
  const maxStatus = Math.max(1, ...statusCounts.map((row) => row.count));
  const attentionTotal =
    attention.unknownPayments.count +
    attention.flagged.count +
    attention.awaitingAccept.count +
    attention.flaggedRefunds.length +
    attention.stuckJobs.length;

  return (
    <>
      <PageHead
        title={t("dashboard.title")}
        sub={
          <>
            {t("dashboard.generatedAt")} <Time at={dashboard.generatedAt} locale={locale} />
          </>
        }
      />

      <section className="stats" aria-label={t("dashboard.title")}>
        <div className="stat">
          <div className="stat-label">{t("dashboard.today")}</div>
          <div className="stat-value">
            <Amount fils={dashboard.today.amountFils} locale={locale} />
          </div>
          <div className="stat-sub">{t("dashboard.ordersCount", { count: dashboard.today.count })}</div>
        </div>
        <div className="stat">
          <div className="stat-label">{t("dashboard.last30")}</div>
          <div className="stat-value">
            <Amount fils={dashboard.last30Days.amountFils} locale={locale} />
          </div>
          <div className="stat-sub">{t("dashboard.ordersCount", { count: dashboard.last30Days.count })}</div>
        </div>
        <div className="stat">
          <div className="stat-label">{t("dashboard.escrowHeld")}</div>
          <div className="stat-value">
            <Amount fils={dashboard.escrowHeld.amountFils} locale={locale} />
          </div>
          <div className="stat-sub">{t("dashboard.ordersCount", { count: dashboard.escrowHeld.count })}</div>
        </div>
        <div className="stat">
          <div className="stat-label">{t("dashboard.refundsInFlight")}</div>
          <div className="stat-value">
            <Amount fils={dashboard.refundsInFlight.amountFils} locale={locale} />
          </div>
          <div className="stat-sub">
            {t("dashboard.refundsCount", { count: dashboard.refundsInFlight.count })}
          </div>
        </div>
      </section>

      <section className="card" id="attention" aria-labelledby="attention-title">
        <h2 id="attention-title">{t("dashboard.attention")}</h2>
        {attentionTotal === 0 ? (
          <p className="notice notice-ok">{t("dashboard.attentionEmpty")}</p>
        ) : (
          <ul className="attention-list">
            <AttentionGroup
              title={t("dashboard.attention.unknown")}
              hint={t("dashboard.attention.unknownHint")}
              count={attention.unknownPayments.count}
              shown={attention.unknownPayments.orders.length}
              filterHref="/admin/orders?status=UNKNOWN"
              t={t}
            >
              <OrderLines orders={attention.unknownPayments.orders} locale={locale} t={t} />
            </AttentionGroup>
            <AttentionGroup
              title={t("dashboard.attention.flagged")}
              hint={t("dashboard.attention.flaggedHint")}
              count={attention.flagged.count}
              shown={attention.flagged.orders.length}
              filterHref="/admin/orders?attention=true"
              t={t}
            >
              <OrderLines orders={attention.flagged.orders} locale={locale} t={t} />
            </AttentionGroup>
            <AttentionGroup
              title={t("dashboard.attention.awaitingAccept")}
              hint={t("dashboard.attention.awaitingAcceptHint")}
              count={attention.awaitingAccept.count}
              shown={attention.awaitingAccept.orders.length}
              filterHref="/admin/orders?status=PAID&flow=ESCROW"
              t={t}
            >
              <OrderLines orders={attention.awaitingAccept.orders} locale={locale} t={t} />
            </AttentionGroup>
            <AttentionGroup
              title={t("dashboard.attention.flaggedRefunds")}
              count={attention.flaggedRefunds.length}
              shown={attention.flaggedRefunds.length}
              filterHref="/admin/refunds?attention=true"
              t={t}
            >
              <ul>
                {attention.flaggedRefunds.map((refund) => (
                  <li key={refund.id}>
                    <a href={`/admin/orders/${refund.orderId}`}>
                      <ShortId id={refund.orderId} />
                    </a>{" "}
                    · <Amount fils={refund.amountFils} locale={locale} />{" "}
                    <RefundStatusBadge status={refund.status} t={t} />
                  </li>
                ))}
              </ul>
            </AttentionGroup>
            <AttentionGroup
              title={t("dashboard.attention.stuckJobs")}
              count={attention.stuckJobs.length}
              shown={attention.stuckJobs.length}
              t={t}
            >
              <ul>
                {attention.stuckJobs.map((queue) => (
                  <li key={queue.queue}>
                    <span className="mono">{queue.queue}</span>: {t("dashboard.queue.failed")} {queue.failed},{" "}
                    {t("dashboard.queue.oldest")} {minutes(queue.oldestWaitingAgeMs)}
                  </li>
                ))}
              </ul>
            </AttentionGroup>
          </ul>
        )}
      </section>

      <div className="grid-2">
        <section className="card">
          <h2>{t("dashboard.volumeChart")}</h2>
          <VolumeChart days={dashboard.last30Days.days} locale={locale} t={t} />
        </section>
        <section className="card">
          <h2>{t("dashboard.byStatus")}</h2>
          {statusCounts.length === 0 ? (
            <p className="empty">{t("common.empty")}</p>
          ) : (
            <ul className="status-bars">
              {statusCounts.map((row) => (
                <li key={row.status}>
                  <a href={`/admin/orders?status=${row.status}`}>
                    <OrderStatusBadge status={row.status} t={t} />
                  </a>
                  <span className="track" aria-hidden="true">
                    <span
                      className="fill"
                      style={{ width: `${(row.count / maxStatus) * 100}%`, display: "block" }}
                    />
                  </span>
                  <span className="num">{row.count}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section className="card" style={{ marginTop: "1rem" }}>
        <h2>{t("dashboard.queues")}</h2>
        {dashboard.queues.length === 0 ? (
          <p className="notice notice-warn">{t("dashboard.queues.unknown")}</p>
        ) : (
          <DataTable
            columns={[
              { label: t("dashboard.queue.name") },
              { label: t("dashboard.queue.waiting"), num: true },
              { label: t("dashboard.queue.active"), num: true },
              { label: t("dashboard.queue.delayed"), num: true },
              { label: t("dashboard.queue.failed"), num: true },
              { label: t("dashboard.queue.oldest"), num: true },
            ]}
          >
            {dashboard.queues.map((queue) => (
              <tr key={queue.queue}>
                <td className="mono">{queue.queue}</td>
                <td className="num">{queue.waiting}</td>
                <td className="num">{queue.active}</td>
                <td className="num">{queue.delayed}</td>
                <td className={`num${queue.failed > 0 ? " flag" : ""}`}>{queue.failed}</td>
                <td className="num">{minutes(queue.oldestWaitingAgeMs)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
