import type { Metadata } from "next";
import { NotificationStatusBadge } from "@/app/admin/_ui/badges";
import { consolePage, readListQuery, type SearchParams } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { ShortId, Time } from "@/app/admin/_ui/format";
import { JsonView } from "@/app/admin/_ui/json-view";
import { enumOptions, FilterForm, SelectFilter } from "@/app/admin/_ui/list-filters";
import { PageHead } from "@/app/admin/_ui/page-head";
import { Pager } from "@/app/admin/_ui/pager";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
import { listNotifications } from "@/lib/console/notifications";
import { notificationListQuery } from "@/lib/console/request-schemas";
import { can } from "@/lib/operators/roles/permissions";
import { NotificationKind, NotificationStatus } from "@/lib/platform/db";
import { ReapplyButton } from "./reapply-button";

export const metadata: Metadata = { title: "Notifications" };

type NotificationList = Awaited<ReturnType<typeof listNotifications>>;
interface View {
  t: Translate;
  locale: Locale;
}

export default async function NotificationsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t, operator } = await consolePage();
  const { query, parsed } = await readListQuery(searchParams, notificationListQuery);
  const list = parsed.success ? await listNotifications(ctx.readModel, parsed.data) : undefined;
  return (
    <>
      <PageHead title={t("notifications.title")} sub={t("notifications.intro")} />
      <FilterForm action="/admin/notifications" t={t}>
        <SelectFilter
          name="status"
          label={t("common.status")}
          value={query.get("status")}
          options={enumOptions(Object.values(NotificationStatus), "notificationStatus", t)}
          t={t}
        />
        <SelectFilter
          name="kind"
          label={t("notifications.col.kind")}
          value={query.get("kind")}
          options={enumOptions(Object.values(NotificationKind), "notificationKind", t)}
          t={t}
        />
      </FilterForm>
      {list && list.notifications.length === 0 ? (
        <p className="card empty">
          {[...query.keys()].some((name) => name !== "after") ? t("common.emptyFiltered") : t("common.empty")}
        </p>
      ) : null}
      {list && list.notifications.length > 0 ? (
        <NotificationsTable
          notifications={list.notifications}
          canAct={can(operator, "notifications.reapply")}
          t={t}
          locale={locale}
        />
      ) : null}
      {list ? <Pager path="/admin/notifications" query={query} nextCursor={list.nextCursor} t={t} /> : null}
      {list && list.rejections.length > 0 ? (
        <RejectionsCard rejections={list.rejections} t={t} locale={locale} />
      ) : null}
    </>
  );
}

function NotificationsTable({
  notifications,
  canAct,
  t,
  locale,
}: View & { notifications: NotificationList["notifications"]; canAct: boolean }) {
  return (
    <DataTable
      cards
      columns={[
        { label: t("notifications.col.received") },
        { label: t("notifications.col.kind") },
        { label: t("notifications.col.status") },
        { label: t("notifications.col.verified") },
        { label: t("notifications.col.order") },
        { label: t("notifications.col.dedupe") },
        canAct && { label: t("common.actions") },
      ]}
    >
      {notifications.map((notification) => (
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
            {notification.verifyError ? <div className="muted">{notification.verifyError}</div> : null}
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
    </DataTable>
  );
}

/** Notifications that failed verification, counted by address and hour (never applied). */
function RejectionsCard({ rejections, t, locale }: View & { rejections: NotificationList["rejections"] }) {
  return (
    <section className="card" style={{ marginTop: "1rem" }}>
      <h2>{t("notifications.rejections")}</h2>
      <DataTable
        cards
        columns={[
          { label: t("notifications.rejections.last") },
          { label: t("notifications.rejections.source") },
          { label: t("notifications.col.kind") },
          { label: t("notifications.rejections.reason") },
          { label: t("notifications.rejections.count"), num: true },
        ]}
      >
        {rejections.map((rejection) => (
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
      </DataTable>
    </section>
  );
}
