import type { Metadata } from "next";
import type { ReactNode } from "react";
import { OrderStatusBadge, RefundStatusBadge } from "@/app/admin/_ui/badges";
import { consolePage, type SearchParams } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { flagReasonWords } from "@/app/admin/_ui/flag-reason";
import { Amount, ShortId, Time } from "@/app/admin/_ui/format";
import { PageHead } from "@/app/admin/_ui/page-head";
import { waitingApprovals } from "@/lib/console/approvals-list";
import { getDashboard, lagWorthSaying } from "@/lib/console/dashboard";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
import type { OrderListColumns } from "@/lib/console/orders/list-orders";
import { dayRange } from "@/lib/console/orders/list-orders";
import { dashboardQuery } from "@/lib/console/request-schemas";
import { can } from "@/lib/operators/roles/permissions";
import { ORDER_STATUSES_FOR_OPERATORS } from "@/lib/payments/orders/order-state";
import { checkReadiness } from "@/lib/platform/health/app-health";
import type { ProbeResult } from "@/lib/platform/health/check-health";
import { getAppQueueMetrics } from "@/lib/platform/queue/metrics";
import { baghdadDate } from "@/lib/platform/time/baghdad-day";
import { MoneyCard } from "./money-card";
import { SubscriptionsCard } from "./subscriptions-card";
import { VolumeChart } from "./volume-chart";

export const metadata: Metadata = { title: "Dashboard" };

function minutes(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

function OrderLines({ orders, locale, t }: { orders: OrderListColumns[]; locale: Locale; t: Translate }) {
  return (
    <ul>
      {orders.map((order) => (
        <li key={order.id}>
          <a href={`/admin/orders/${order.id}`}>
            <ShortId id={order.id} />
          </a>{" "}
          · <Amount fils={order.amountFils} locale={locale} /> · <Time at={order.createdAt} locale={locale} />{" "}
          <OrderStatusBadge status={order.status} t={t} />
          {order.attentionReason ? (
            <span className="muted"> — {flagReasonWords(order, t, locale)}</span>
          ) : null}
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

type Dashboard = Awaited<ReturnType<typeof getDashboard>>;
interface View {
  t: Translate;
  locale: Locale;
}

export default async function DashboardPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t, operator } = await consolePage();
  const range = dashboardQuery.safeParse(await searchParams);
  const todayText = baghdadDate(ctx.now());
  const from = (range.success && range.data.from) || todayText;
  const to = (range.success && range.data.to) || from;
  const [dashboard, health, approvals] = await Promise.all([
    getDashboard(ctx, getAppQueueMetrics, dayRange({ from, to })),
    checkReadiness({ details: true }).catch(() => null),
    waitingApprovals(ctx),
  ]);
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
      <ReadModelLag lagSeconds={dashboard.readModelLagSeconds} t={t} />
      <WalletHealth probe={health?.checks.wallet} t={t} />
      <Stats dashboard={dashboard} t={t} locale={locale} />
      <MoneyCard money={dashboard.money} from={from} to={to} t={t} locale={locale} />
      <SubscriptionsCard figures={dashboard.subscriptions} t={t} locale={locale} />
      <AttentionCard
        attention={{ ...dashboard.attention, approvals }}
        canApprove={can(operator, "refunds.approve")}
        t={t}
        locale={locale}
      />
      <div className="grid-2">
        <section className="card">
          <h2>{t("dashboard.volumeChart")}</h2>
          <VolumeChart days={dashboard.last30Days.days} locale={locale} t={t} />
        </section>
        <StatusBars byStatus={dashboard.byStatus} t={t} />
      </div>
      <QueuesCard queues={dashboard.queues} t={t} />
    </>
  );
}

/** Said only when the replica the figures come from is far enough behind to matter. */
function ReadModelLag({ lagSeconds, t }: { lagSeconds: number | null; t: Translate }) {
  const seconds = lagWorthSaying(lagSeconds);
  if (seconds === null) return null;
  return (
    <p className="notice notice-warn" role="status" data-read-model-lag={seconds}>
      {t("dashboard.readModelBehind", { seconds })}
    </p>
  );
}

function Stat(props: { label: string; fils: bigint; sub: string; locale: Locale }) {
  return (
    <div className="stat">
      <div className="stat-label">{props.label}</div>
      <div className="stat-value">
        <Amount fils={props.fils} locale={props.locale} />
      </div>
      <div className="stat-sub">{props.sub}</div>
    </div>
  );
}

function Stats({ dashboard, t, locale }: View & { dashboard: Dashboard }) {
  return (
    <section className="stats" aria-label={t("dashboard.title")}>
      <Stat
        label={t("dashboard.today")}
        fils={dashboard.today.amountFils}
        sub={t("dashboard.ordersCount", { count: dashboard.today.count })}
        locale={locale}
      />
      <Stat
        label={t("dashboard.last30")}
        fils={dashboard.last30Days.amountFils}
        sub={t("dashboard.ordersCount", { count: dashboard.last30Days.count })}
        locale={locale}
      />
      <Stat
        label={t("dashboard.escrowHeld")}
        fils={dashboard.escrowHeld.amountFils}
        sub={t("dashboard.ordersCount", { count: dashboard.escrowHeld.count })}
        locale={locale}
      />
      <Stat
        label={t("dashboard.refundsInFlight")}
        fils={dashboard.refundsInFlight.amountFils}
        sub={t("dashboard.refundsCount", { count: dashboard.refundsInFlight.count })}
        locale={locale}
      />
    </section>
  );
}

type Attention = Dashboard["attention"] & { approvals: Awaited<ReturnType<typeof waitingApprovals>> };

function AttentionCard({
  attention,
  canApprove,
  t,
  locale,
}: View & { attention: Attention; canApprove: boolean }) {
  const total =
    attention.approvals.count +
    attention.unknownPayments.count +
    attention.flagged.count +
    attention.awaitingAccept.count +
    attention.flaggedRefunds.length +
    attention.stuckJobs.length;
  return (
    <section className="card" id="attention" aria-labelledby="attention-title">
      <h2 id="attention-title">{t("dashboard.attention")}</h2>
      {total === 0 ? (
        <p className="notice notice-ok">{t("dashboard.attentionEmpty")}</p>
      ) : (
        <ul className="attention-list">
          <WaitingApprovals approvals={attention.approvals} canApprove={canApprove} t={t} locale={locale} />
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
          <FlaggedRefunds refunds={attention.flaggedRefunds} t={t} locale={locale} />
          <StuckJobs queues={attention.stuckJobs} t={t} />
        </ul>
      )}
    </section>
  );
}

/** Refund requests above their requester's limits: nothing reached the wallet until one is approved. */
function WaitingApprovals({
  approvals,
  canApprove,
  t,
  locale,
}: View & { approvals: Attention["approvals"]; canApprove: boolean }) {
  return (
    <AttentionGroup
      title={t("dashboard.attention.approvals")}
      hint={t("dashboard.attention.approvalsHint")}
      count={approvals.count}
      shown={approvals.requests.length}
      filterHref={canApprove ? "/admin/approvals" : undefined}
      t={t}
    >
      <ul>
        {approvals.requests.map((request) => (
          <li key={request.id}>
            <a href={`/admin/orders/${request.orderId}#refund-requests`}>
              <ShortId id={request.orderId} />
            </a>{" "}
            · <Amount fils={request.amountFils} locale={locale} /> ·{" "}
            <Time at={request.createdAt} locale={locale} />
          </li>
        ))}
      </ul>
    </AttentionGroup>
  );
}

function FlaggedRefunds({
  refunds,
  t,
  locale,
}: View & { refunds: Dashboard["attention"]["flaggedRefunds"] }) {
  return (
    <AttentionGroup
      title={t("dashboard.attention.flaggedRefunds")}
      count={refunds.length}
      shown={refunds.length}
      filterHref="/admin/refunds?attention=true"
      t={t}
    >
      <ul>
        {refunds.map((refund) => (
          <li key={refund.id}>
            <a href={`/admin/orders/${refund.orderId}`}>
              <ShortId id={refund.orderId} />
            </a>{" "}
            · <Amount fils={refund.amountFils} locale={locale} />{" "}
            <RefundStatusBadge status={refund.status} t={t} />
            {refund.attentionReason ? (
              <span className="muted"> — {flagReasonWords(refund, t, locale)}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </AttentionGroup>
  );
}

function StuckJobs({ queues, t }: { queues: Dashboard["attention"]["stuckJobs"]; t: Translate }) {
  return (
    <AttentionGroup
      title={t("dashboard.attention.stuckJobs")}
      count={queues.length}
      shown={queues.length}
      t={t}
    >
      <ul>
        {queues.map((queue) => (
          <li key={queue.queue}>
            <span className="mono">{queue.queue}</span>: {t("dashboard.queue.failed")} {queue.failed},{" "}
            {t("dashboard.queue.oldest")} {minutes(queue.oldestWaitingAgeMs)}
          </li>
        ))}
      </ul>
    </AttentionGroup>
  );
}

function StatusBars({ byStatus, t }: { byStatus: Dashboard["byStatus"]; t: Translate }) {
  const rows = ORDER_STATUSES_FOR_OPERATORS.map((status) => ({
    status,
    count: byStatus[status] ?? 0,
  })).filter((row) => row.count > 0);
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <section className="card">
      <h2>{t("dashboard.byStatus")}</h2>
      {rows.length === 0 ? (
        <p className="empty">{t("common.empty")}</p>
      ) : (
        <ul className="status-bars">
          {rows.map((row) => (
            <li key={row.status}>
              <a href={`/admin/orders?status=${row.status}`}>
                <OrderStatusBadge status={row.status} t={t} />
              </a>
              <span className="track" aria-hidden="true">
                <span className="fill" style={{ width: `${(row.count / max) * 100}%`, display: "block" }} />
              </span>
              <span className="num">{row.count}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function QueuesCard({ queues, t }: { queues: Dashboard["queues"]; t: Translate }) {
  return (
    <section className="card" style={{ marginTop: "1rem" }}>
      <h2>{t("dashboard.queues")}</h2>
      {queues.length === 0 ? (
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
          {queues.map((queue) => (
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
  );
}

/** Whether the wallet answers us now: an operator should know before a customer complains. */
function WalletHealth({ probe, t }: { probe: ProbeResult | undefined; t: Translate }) {
  const state = probe ? (probe.ok ? "ok" : (probe.state ?? "unreachable")) : "unreachable";
  const tone = state === "ok" ? "notice-ok" : "notice-bad";
  return (
    <p className={`notice ${tone} wallet-health`} role="status" data-wallet={state}>
      <strong>{t("dashboard.wallet")}:</strong> {t(dynamicKey("dashboard.wallet", state))}
    </p>
  );
}
