// Closing the day: what the day (or a chosen range of days) brought in, each figure a link to the
// orders that make it. Received is what the shop has: direct payments and escrow released to it;
// escrow still held or given back is shown beside it, never inside it.

import { Amount } from "@/app/admin/_ui/format";
import type { Locale, Translate } from "@/lib/console/i18n/translate";
import { dynamicKey } from "@/lib/console/i18n/translate";
import type { MoneyFigure } from "@/lib/console/money-figure-names";
import type { MoneyFigures } from "@/lib/console/money-figures";

export interface MoneyCardProps {
  money: MoneyFigures;
  /** The range as typed (Baghdad days), for the form and the links. */
  from: string;
  to: string;
  t: Translate;
  locale: Locale;
}

function FigureRow(props: MoneyCardProps & { figure: MoneyFigure; sign?: string; strong?: boolean }) {
  const { money, figure, from, to, t, locale } = props;
  const total = money[figure];
  const query = new URLSearchParams({ money: figure, ...(figure === "held" ? {} : { from, to }) });
  return (
    <tr data-figure={figure} className={props.strong ? "total" : undefined}>
      <td>
        <a href={`/admin/orders?${query.toString()}`}>{t(dynamicKey("money", figure))}</a>
        <div className="muted small">{t(dynamicKey("money.explain", figure))}</div>
      </td>
      <td className="num" data-testid={`money-${figure}`}>
        {props.sign ?? ""}
        <Amount fils={total.amountFils} locale={locale} />
        <div className="muted small">{t("dashboard.ordersCount", { count: total.count })}</div>
      </td>
    </tr>
  );
}

export function MoneyCard(props: MoneyCardProps) {
  const { money, from, to, t, locale } = props;
  return (
    <section className="card" id="money-of-the-day">
      <div className="section-head">
        <h2>{t("money.title")}</h2>
        <form className="range-form" method="get" action="/admin">
          <label className="field">
            <span>{t("orders.filter.from")}</span>
            <input type="date" name="from" defaultValue={from} />
          </label>
          <label className="field">
            <span>{t("orders.filter.to")}</span>
            <input type="date" name="to" defaultValue={to} />
          </label>
          <button className="btn" type="submit">
            {t("money.show")}
          </button>
        </form>
      </div>
      <table className="money-table">
        <tbody>
          <FigureRow {...props} figure="paid" />
          <FigureRow {...props} figure="released" sign="+ " />
          <FigureRow {...props} figure="refunded" sign="− " />
          <tr className="total" data-figure="net">
            <td>{t("money.net")}</td>
            <td className="num" data-testid="money-net">
              = <Amount fils={money.net.amountFils} locale={locale} />
            </td>
          </tr>
        </tbody>
      </table>
      <h3 className="section-title">{t("money.escrow")}</h3>
      <table className="money-table">
        <tbody>
          <FigureRow {...props} figure="taken" />
          <FigureRow {...props} figure="returned" />
          <FigureRow {...props} figure="held" />
        </tbody>
      </table>
    </section>
  );
}
