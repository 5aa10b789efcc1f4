import type { Metadata } from "next";
import { OperationStatusBadge, RefundStatusBadge } from "@/app/admin/_ui/badges";
import { consolePage } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Amount, ShortId, Time } from "@/app/admin/_ui/format";
import { PageHead } from "@/app/admin/_ui/page-head";
import { RefundRequestControls } from "@/app/admin/_ui/refund-request-controls";
import { ResultCode } from "@/app/admin/_ui/result-code";
import { AutoRefresh } from "@/app/admin/(console)/orders/[id]/auto-refresh";
import { actorNames } from "@/lib/console/actor-names";
import { approvalsList } from "@/lib/console/approvals-list";
import { formatAmount } from "@/lib/console/i18n/format";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";

export const metadata: Metadata = { title: "Approvals" };

type Approvals = Awaited<ReturnType<typeof approvalsList>>;

// Refunds, escrow cancels and voids above their requester's limits, oldest first, for an operator who
// approves refunds: each with its order, what it is, its customer (for who may see names), who asked
// and why, and the decision (the requester's own show no approve button). Below, what this operator
// decided lately and what the wallet answered to each approved one, followed until final.
export default async function ApprovalsPage() {
  const { ctx, locale, t, operator } = await consolePage("refunds.approve");
  const { waiting, decided } = await approvalsList(ctx, operator);
  const actorName = await actorNames(
    ctx,
    waiting.map((request) => request.requestedBy),
  );
  // While the wallet still works on something approved here, the page checks again by itself.
  const inFlight = decided.some(
    (request) => request.sent !== null && !["SUCCESS", "FAIL"].includes(request.sent.status),
  );
  return (
    <>
      <AutoRefresh active={inFlight} />
      <PageHead title={t("approvals.title")} />
      <p className="muted">{t("approvals.intro")}</p>
      {waiting.length === 0 ? (
        <p className="card empty" id="no-approvals">
          {t("approvals.none")}
        </p>
      ) : (
        <DataTable
          cards
          columns={[
            { label: t("approvals.col.order") },
            { label: t("approvals.col.kind") },
            { label: t("approvals.col.customer") },
            { label: t("approvals.col.amount"), num: true },
            { label: t("approvals.col.requestedBy") },
            { label: t("approvals.col.reason") },
            { label: t("approvals.col.asked") },
            { label: t("common.actions") },
          ]}
        >
          {waiting.map((request) => (
            <tr key={request.id} data-refund-request={request.id} data-kind={request.kind}>
              <td>
                <a href={`/admin/orders/${request.orderId}#refund-requests`}>
                  <ShortId id={request.orderId} />
                </a>{" "}
                <span className="muted">
                  (<Amount fils={request.order.amountFils} locale={locale} />)
                </span>
              </td>
              <td>{t(dynamicKey("approvals.kind", request.kind))}</td>
              <td data-customer>
                <bdi>{request.customerName ?? t("common.none")}</bdi>
              </td>
              <td className="num">
                <Amount fils={request.amountFils} locale={locale} />
              </td>
              <td>
                <bdi>{actorName(request.requestedBy) ?? "—"}</bdi>
              </td>
              <td>
                <bdi>{request.reason ?? "—"}</bdi>
              </td>
              <td>
                <Time at={request.createdAt} locale={locale} />
              </td>
              <td>
                <RefundRequestControls
                  requestId={request.id}
                  kind={request.kind}
                  orderId={request.orderId}
                  amount={formatAmount(request.amountFils, locale)}
                  customer={request.customerName}
                  own={request.requestedBy === `operator:${operator.id}`}
                  canApprove
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Decided decided={decided} locale={locale} t={t} />
    </>
  );
}

/** What this operator decided lately: each approval with the wallet's answer to its refund. */
function Decided({ decided, locale, t }: { decided: Approvals["decided"]; locale: Locale; t: Translate }) {
  if (decided.length === 0) return null;
  return (
    <section className="card" id="decided" style={{ marginTop: "1rem" }}>
      <h2>{t("approvals.decided")}</h2>
      <p className="muted">{t("approvals.decidedIntro")}</p>
      <DataTable
        cards
        columns={[
          { label: t("approvals.col.order") },
          { label: t("approvals.col.kind") },
          { label: t("approvals.col.customer") },
          { label: t("approvals.col.amount"), num: true },
          { label: t("approvals.col.decision") },
          { label: t("approvals.col.wallet") },
          { label: t("approvals.col.decidedAt") },
        ]}
      >
        {decided.map((request) => (
          <tr key={request.id} data-decided={request.id} data-sent-status={request.sent?.status ?? ""}>
            <td>
              <a href={`/admin/orders/${request.orderId}#refunds`}>
                <ShortId id={request.orderId} />
              </a>
            </td>
            <td>{t(dynamicKey("approvals.kind", request.kind))}</td>
            <td>
              <bdi>{request.customerName ?? t("common.none")}</bdi>
            </td>
            <td className="num">
              <Amount fils={request.amountFils} locale={locale} />
            </td>
            <td>{t(dynamicKey("approvals.status", request.status))}</td>
            <td>
              <SentResult sent={request.sent} t={t} />
            </td>
            <td>
              <Time at={request.decidedAt} locale={locale} />
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/** The wallet's answer to what an approval sent: the refund's or escrow operation's state in words. */
function SentResult({ sent, t }: { sent: Approvals["decided"][number]["sent"]; t: Translate }) {
  if (!sent) return <span className="muted">{t("approvals.notSent")}</span>;
  return (
    <span>
      {sent.kind === "refund" ? (
        <RefundStatusBadge status={sent.status} t={t} />
      ) : (
        <OperationStatusBadge status={sent.status} t={t} />
      )}
      {sent.resultCode && sent.status !== "SUCCESS" ? (
        <>
          {" "}
          <ResultCode code={sent.resultCode} t={t} />
        </>
      ) : null}
    </span>
  );
}
