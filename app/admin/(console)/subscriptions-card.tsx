// The dashboard's subscriptions: how many give access now, the month's recurring revenue, how many
// began and ended today and in 30 days, and what subscription charges brought into the money of the
// day (already inside its "Paid"). Figures: lib/console/subscription-figures.ts.
import { Amount } from "@/app/admin/_ui/format";
import type { Locale, Translate } from "@/lib/console/i18n/translate";
import type { subscriptionFigures } from "@/lib/console/subscription-figures";

type Figures = Awaited<ReturnType<typeof subscriptionFigures>>;

const NUMBER = new Intl.NumberFormat("en-US");

export function SubscriptionsCard({
  figures,
  t,
  locale,
}: {
  figures: Figures;
  t: Translate;
  locale: Locale;
}) {
  return (
    <section className="card" id="subscriptions" aria-labelledby="subscriptions-title">
      <div className="section-head">
        <h2 id="subscriptions-title">
          <a href="/admin/subscriptions">{t("dashboard.subscriptions")}</a>
        </h2>
      </div>
      <div className="stats">
        <div className="stat" data-figure="active">
          <div className="stat-label">{t("dashboard.subscriptions.active")}</div>
          <div className="stat-value">
            <a href="/admin/subscriptions?status=ACTIVE">{NUMBER.format(figures.active)}</a>
          </div>
          <div className="stat-sub">{t("dashboard.subscriptions.activeHint")}</div>
        </div>
        <div className="stat" data-figure="mrr">
          <div className="stat-label">{t("dashboard.subscriptions.mrr")}</div>
          <div className="stat-value">
            <Amount fils={figures.mrrDinars * 1000n} locale={locale} />
          </div>
          <div className="stat-sub">{t("dashboard.subscriptions.mrrHint")}</div>
        </div>
        <div className="stat" data-figure="new">
          <div className="stat-label">{t("dashboard.subscriptions.new")}</div>
          <div className="stat-value">{t("dashboard.subscriptions.today", { count: figures.new.today })}</div>
          <div className="stat-sub">
            {t("dashboard.subscriptions.last30", { count: figures.new.last30Days })}
          </div>
        </div>
        <div className="stat" data-figure="cancelled">
          <div className="stat-label">{t("dashboard.subscriptions.cancelled")}</div>
          <div className="stat-value">
            {t("dashboard.subscriptions.today", { count: figures.cancelled.today })}
          </div>
          <div className="stat-sub">
            {t("dashboard.subscriptions.last30", { count: figures.cancelled.last30Days })}
          </div>
        </div>
      </div>
      <p className="muted" data-figure="renewals">
        {t("dashboard.subscriptions.renewals", { count: figures.renewals.count })}{" "}
        <Amount fils={figures.renewals.amountFils} locale={locale} />
      </p>
    </section>
  );
}
