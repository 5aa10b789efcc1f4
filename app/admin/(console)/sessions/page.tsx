import type { Metadata } from "next";
import { deviceName } from "@/lib/admin/device-name";
import { listSessions } from "@/lib/admin/sessions";
import { getEnv } from "@/lib/env";
import { consolePage, type SearchParams } from "../../_ui/console-page";
import { DataTable } from "../../_ui/data-table";
import { Time } from "../../_ui/format";
import { PageHead } from "../../_ui/page-head";
import { EndOtherSessions, EndSession } from "../../_ui/session-controls";

export const metadata: Metadata = { title: "Sessions" };

// Where an operator is signed in: this browser and any other, each with where and when; sign out
// one, or all but this one. An ADMIN opens another operator's from the Operators page (?operator=).
export default async function SessionsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t, operator: me } = await consolePage("VIEWER");
  const requested = (await searchParams).operator;
  const operatorId = typeof requested === "string" && requested !== me.id ? requested : undefined;
  const whose = operatorId
    ? await ctx.prisma.operator.findUnique({ where: { id: operatorId }, select: { name: true } })
    : null;
  const sessions = await listSessions(ctx, me, getEnv().operatorSessions, operatorId);
  const others = sessions.filter((session) => !session.current).length;
  return (
    <>
      <PageHead title={whose ? t("sessions.titleOf", { name: whose.name }) : t("sessions.title")}>
        {!operatorId && others > 0 ? <EndOtherSessions /> : null}
      </PageHead>
      <p className="muted">
        {t("sessions.intro", { idle: Math.round(getEnv().operatorSessions.idleMs / 60_000) })}
      </p>
      {sessions.length === 0 ? <p className="card empty">{t("sessions.none")}</p> : null}
      {sessions.length > 0 ? (
        <DataTable
          cards
          columns={[
            { label: t("sessions.col.device") },
            { label: t("sessions.col.address") },
            { label: t("sessions.col.signedIn"), wide: true },
            { label: t("sessions.col.lastSeen") },
            { label: t("common.actions") },
          ]}
        >
          {sessions.map((session) => (
            <tr key={session.id} data-session={session.id}>
              <td data-label={t("sessions.col.device")}>
                <span>
                  <span dir="ltr">{deviceName(session.userAgent)}</span>{" "}
                  {session.current ? <span className="badge tone-ok">{t("sessions.thisOne")}</span> : null}
                </span>
              </td>
              <td data-label={t("sessions.col.address")}>
                <span className="mono nowrap" dir="ltr">
                  {session.address ?? t("common.none")}
                </span>
              </td>
              <td data-label={t("sessions.col.signedIn")} className="hide-narrow">
                <Time at={session.createdAt} locale={locale} />
              </td>
              <td data-label={t("sessions.col.lastSeen")}>
                <Time at={session.lastSeenAt} locale={locale} />
              </td>
              <td data-label={t("common.actions")}>
                {session.current ? (
                  <span className="muted">{t("common.none")}</span>
                ) : (
                  <EndSession sessionId={session.id} device={deviceName(session.userAgent)} />
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </>
  );
}
