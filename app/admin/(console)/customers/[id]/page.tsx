import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrderStatusBadge, RefundStatusBadge } from "@/app/admin/_ui/badges";
import { consolePage } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Amount, FullId, ShortId, Time } from "@/app/admin/_ui/format";
import { PageHead } from "@/app/admin/_ui/page-head";
import { type CustomerDetail, getCustomerDetail } from "@/lib/console/customer-detail";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
import { can } from "@/lib/operators/roles/permissions";
import type { OrderStatus } from "@/lib/platform/db";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";
import { isRowId } from "@/lib/platform/ids/request-ids";

export const metadata: Metadata = { title: "Customer" };

// A customer as an operator looks them up when they call: who they are, what they paid and got
// back, and their latest orders, refunds and agreements.
export default async function CustomerPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx, locale, t, operator } = await consolePage();
  const { id } = await params;
  if (!isRowId(id)) notFound();
  const detail = await getCustomerDetail(ctx, id.toLowerCase(), {
    withPerson: can(operator, "customers.personal-data"),
  }).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const { customer, person } = detail;
  const view: View = { detail, t, locale };
  return (
    <>
      <a className="back-link" href="/admin/customers">
        {locale === "ar" ? "→" : "←"} {t("customers.title")}
      </a>
      <PageHead
        title={person?.name ? <bdi>{person.name}</bdi> : <ShortId id={customer.id} />}
        sub={person?.phone ? <bdi dir="ltr">{person.phone}</bdi> : undefined}
      />
      <div className="grid-2">
        <TotalsSection {...view} />
        <WalletSection {...view} />
      </div>
      <OrdersSection {...view} />
      <RefundsSection {...view} />
      <AgreementsSection {...view} />
    </>
  );
}

interface View {
  detail: CustomerDetail;
  t: Translate;
  locale: Locale;
}

function TotalsSection({ detail: { totals }, t, locale }: View) {
  return (
    <section className="card" id="customer-totals">
      <h2>{t("customer.totals")}</h2>
      <dl className="facts">
        <dt>{t("customer.orders")}</dt>
        <dd>{totals.orders.toString()}</dd>
        <dt>{t("customer.paid")}</dt>
        <dd data-testid="customer-paid">
          <Amount fils={totals.paidFils} locale={locale} />
        </dd>
        <dt>{t("customer.refunded")}</dt>
        <dd data-testid="customer-refunded">
          <Amount fils={totals.refundedFils} locale={locale} />
        </dd>
        {totals.refundAwaitingApprovalFils > 0n ? (
          <>
            <dt>{t("customer.refundAwaitingApproval")}</dt>
            <dd data-testid="customer-refund-awaiting">
              <Amount fils={totals.refundAwaitingApprovalFils} locale={locale} />
            </dd>
          </>
        ) : null}
        {totals.refundInFlightFils > 0n ? (
          <>
            <dt>{t("customer.refundInFlight")}</dt>
            <dd data-testid="customer-refund-in-flight">
              <Amount fils={totals.refundInFlightFils} locale={locale} />
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function WalletSection({ detail: { customer }, t, locale }: View) {
  return (
    <section className="card" id="customer-wallet">
      <h2>{t("customer.wallet")}</h2>
      <dl className="facts">
        <dt>{t("customers.col.walletId")}</dt>
        <dd>
          <FullId id={customer.walletCustomerId} />
        </dd>
        <dt>{t("customers.col.authorization")}</dt>
        <dd>
          {customer.needsReauthorization ? (
            <span className="badge tone-bad">{t("customers.reauthorize")}</span>
          ) : (
            <span className="badge tone-ok">{t("customers.authorized")}</span>
          )}
        </dd>
        <dt>{t("customers.col.scopes")}</dt>
        <dd className="mono">{customer.scopes.join(", ") || "—"}</dd>
        <dt>{t("customers.col.lastSeen")}</dt>
        <dd>
          <Time at={customer.lastSeenAt} locale={locale} />
        </dd>
      </dl>
    </section>
  );
}

function OrdersSection({ detail, t, locale }: View) {
  const { customer } = detail;
  return (
    <section className="card" id="customer-orders">
      <h2>{t("customer.latestOrders")}</h2>
      {detail.orders.length === 0 ? (
        <p className="muted">{t("common.empty")}</p>
      ) : (
        <DataTable
          cards
          columns={[
            { label: t("orders.col.created") },
            { label: t("orders.col.order") },
            { label: t("orders.col.status") },
            { label: t("orders.col.amount"), num: true },
          ]}
        >
          {detail.orders.map((order) => (
            <tr key={order.id} data-order={order.id}>
              <td data-label={t("orders.col.created")}>
                <Time at={order.createdAt} locale={locale} />
              </td>
              <td data-label={t("orders.col.order")}>
                <a href={`/admin/orders/${order.id}`}>
                  <ShortId id={order.id} />
                </a>{" "}
                <span className="muted">{t(dynamicKey("flow", order.flow))}</span>
              </td>
              <td data-label={t("orders.col.status")}>
                <OrderStatusBadge status={order.status as OrderStatus} t={t} />
              </td>
              <td data-label={t("orders.col.amount")} className="num">
                <Amount fils={order.amountFils} locale={locale} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <p>
        <a href={`/admin/orders?customerId=${customer.id}`}>{t("customer.allOrders")}</a>
      </p>
    </section>
  );
}

function RefundsSection({ detail, t, locale }: View) {
  if (detail.refunds.length === 0) return null;
  return (
    <section className="card" id="customer-refunds">
      <h2>{t("order.refunds")}</h2>
      <DataTable
        cards
        columns={[
          { label: t("refunds.col.requested") },
          { label: t("orders.col.order") },
          { label: t("refunds.col.amount"), num: true },
          { label: t("refunds.col.status") },
        ]}
      >
        {detail.refunds.map((refund) => (
          <tr key={refund.id}>
            <td data-label={t("refunds.col.requested")}>
              <Time at={refund.createdAt} locale={locale} />
            </td>
            <td data-label={t("orders.col.order")}>
              <a href={`/admin/orders/${refund.orderId}`}>
                <ShortId id={refund.orderId} />
              </a>
            </td>
            <td data-label={t("refunds.col.amount")} className="num">
              <Amount fils={refund.amountFils} locale={locale} />
            </td>
            <td data-label={t("refunds.col.status")}>
              <RefundStatusBadge status={refund.status} t={t} />
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function AgreementsSection({ detail, locale, t }: View) {
  if (detail.agreements.length === 0) return null;
  return (
    <section className="card" id="customer-agreements">
      <h2>{t("customer.agreements")}</h2>
      <ul className="plain-list">
        {detail.agreements.map((agreement) => (
          <li key={agreement.id}>
            <ShortId id={agreement.id} /> · {agreement.status} ·{" "}
            <Time at={agreement.boundAt ?? agreement.createdAt} locale={locale} />
          </li>
        ))}
      </ul>
    </section>
  );
}
