import type { Metadata } from "next";
import { listNotifications } from "@/lib/admin/notifications";
import { notificationListQuery } from "@/lib/admin/request-schemas";
import { hasRole } from "@/lib/auth/roles";
import { dynamicKey } from "@/lib/i18n/translate";
import { NotificationStatusBadge } from "../../_ui/badges";
import { consolePage, queryObject, type SearchParams, toSearchParams } from "../../_ui/console-page";
import { ShortId, Time } from "../../_ui/format";
import { JsonView } from "../../_ui/json-view";
import { PageHead } from "../../_ui/page-head";
import { Pager } from "../../_ui/pager";
import { ReapplyButton } from "../../_ui/reapply-button";

export const metadata: Metadata = { title: "Notifications" };

const STATUSES = ["RECEIVED", "APPLIED", "REJECTED", "IGNORED"] as const;
const KINDS = ["PAYMENT", "VOID", "REFUND"] as const;

export default async function NotificationsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t, operator } = await consolePage();
  const query = toSearchParams(await searchParams);
  const parsed = notificationListQuery.safeParse(queryObject(query));
  const list = parsed.success ? await listNotifications(ctx.prisma, parsed.data) : undefined;
  const canAct = hasRole(operator.role, "OPERATOR");
  return (
    <>
      <PageHead title={t("notifications.title")} sub={t("notifications.intro")} />
      <form className="card" method="get" action="/admin/notifications">
        <div className="filters">
          <label className="field">
            <span>{t("common.status")}</span>
            <select name="status" defaultValue={query.get("status") ?? ""}>
              <option value="">{t("common.all")}</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(dynamicKey("notificationStatus", status))}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t("notifications.col.kind")}</span>
            <select name="kind" defaultValue={query.get("kind") ?? ""}>
              <option value="">{t("common.all")}</option>
              {KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(dynamicKey("notificationKind", kind))}
                </option>
              ))}
            </select>
          </label>
          <div className="form-actions">
            <button className="btn" type="submit">
              {t("common.filter")}
            </button>
          </div>
        </div>
      </form>
      {list && list.notifications.length === 0 ? <p className="card empty">{t("common.empty")}</p> : null}
      {list && list.notifications.length > 0 ? (
        <div className="table-wrap">
          <table className="data">
            <thead>
              <tr>
                <th>{t("notifications.col.received")}</th>
                <th>{t("notifications.col.kind")}</th>
                <th>{t("notifications.col.status")}</th>
                <th>{t("notifications.col.verified")}</th>
                <th>{t("notifications.col.order")}</th>
                <th>{t("notifications.col.dedupe")}</th>
                {canAct ? <th>{t("common.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.notifications.map((notification) => (
                <tr key={notification.id}>
                  <td>
                    <Time at={notification.receivedAt} locale={locale} />
                  </td>
                  <td>{t(dynamicKey("notificationKind", notification.kind))}</td>
                  <td>
                    <NotificationStatusBadge status={notification.status} t={t} />
                    {notification.error ? <div className="flag">{notification.error}</div> : null}
                  </td>
                  <td>
                    <span className={`badge ${notification.verified ? "tone-ok" : "tone-bad"}`}>
                      {notification.verified ? t("notifications.verified") : t("notifications.unverified")}
                    </span>
                    {notification.verifyError ? (
                      <div className="muted">{notification.verifyError}</div>
                    ) : null}
                  </td>
                  <td>
                    {notification.orderId ? (
                      <a href={`/admin/orders/${notification.orderId}`}>
                        <ShortId id={notification.orderId} />
                      </a>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>
                    <span className="mono">{notification.dedupeKey}</span>
                    <JsonView label={t("notifications.rawBody")} value={notification.rawBody} />
                  </td>
                  {canAct ? (
                    <td>
                      <ReapplyButton notificationId={notification.id} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list ? <Pager path="/admin/notifications" query={query} nextCursor={list.nextCursor} t={t} /> : null}

      {list && list.rejections.length > 0 ? (
        <section className="card" style={{ marginTop: "1rem" }}>
          <h2>{t("notifications.rejections")}</h2>
          <div className="table-wrap">
            <table className="data">
              <thead>
                <tr>
                  <th>{t("notifications.rejections.last")}</th>
                  <th>{t("notifications.rejections.source")}</th>
                  <th>{t("notifications.col.kind")}</th>
                  <th>{t("notifications.rejections.reason")}</th>
                  <th className="num">{t("notifications.rejections.count")}</th>
                </tr>
              </thead>
              <tbody>
                {list.rejections.map((rejection) => (
                  <tr key={rejection.id.toString()}>
                    <td>
                      <Time at={rejection.lastSeenAt} locale={locale} />
                    </td>
                    <td className="mono">{rejection.sourceAddress}</td>
                    <td>{t(dynamicKey("notificationKind", rejection.kind))}</td>
                    <td className="mono">{rejection.reason}</td>
                    <td className="num">{rejection.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </>
  );
}
