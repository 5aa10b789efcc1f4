import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { consolePage, type SearchParams } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Time } from "@/app/admin/_ui/format";
import { PageHead } from "@/app/admin/_ui/page-head";
import { formatBaghdadTime } from "@/lib/console/i18n/format";
import type { Locale, Translate } from "@/lib/console/i18n/translate";
import { operatorNameOf } from "@/lib/operators/manage-operators";
import { can } from "@/lib/operators/roles/permissions";
import { deviceOf } from "@/lib/operators/sessions/device-name";
import { listSessions } from "@/lib/operators/sessions/manage-sessions";
import { listPasskeys } from "@/lib/operators/sign-in/passkeys";
import { recoveryCodesLeft, secondFactorOnSince } from "@/lib/operators/sign-in/second-factor";
import { getEnv } from "@/lib/platform/env";
import { AddPasskey, RemovePasskey } from "./passkey-controls";
import { SecondFactorSetup } from "./second-factor-setup";
import { EndOtherSessions, EndSession } from "./session-controls";

export const metadata: Metadata = { title: "Your account" };

// An operator's own account: two-step sign-in (set it up, or see since when it is on), and where
// they are signed in (this browser and any other, each with where and when; sign out one, or all but
// this one). An ADMIN opens another operator's sessions from the Operators page (?operator=).
export default async function SessionsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, t, operator: me } = await consolePage("own-account");
  const requested = (await searchParams).operator;
  const operatorId = typeof requested === "string" && requested !== me.id ? requested : undefined;
  if (operatorId && !can(me, "operators.manage")) redirect("/admin/forbidden?need=operators.manage");
  const whose = operatorId ? await operatorNameOf(ctx.prisma, operatorId) : null;
  const sessions = await listSessions(ctx, me, getEnv().operatorSessions, operatorId);
  const others = sessions.filter((session) => !session.current).length;
  const idle = Math.round(getEnv().operatorSessions.idleMs / 60_000);
  // Someone else's sessions are spoken of in the third person: "Where Ahmed is signed in".
  const name = whose?.name ?? "";
  return (
    <>
      <PageHead title={whose ? t("sessions.titleOf", { name }) : t("sessions.title")} />
      {me.mustEnrolSecondFactor ? (
        <p className="notice notice-bad" role="alert" id="second-factor-required">
          {t("secondFactor.required")}
        </p>
      ) : null}
      {operatorId ? null : <SecondFactorCard />}
      {operatorId ? null : <PasskeysCard />}
      <div className="section-head">
        <h2>{whose ? t("sessions.headingOf", { name }) : t("sessions.heading")}</h2>
        {whose && sessions.length > 0 ? <EndOtherSessions whose={whose} /> : null}
        {!operatorId && others > 0 ? <EndOtherSessions /> : null}
      </div>
      <p className="muted">{whose ? t("sessions.introOf", { idle }) : t("sessions.intro", { idle })}</p>
      {sessions.length === 0 ? (
        <p className="card empty">{whose ? t("sessions.noneOf", { name }) : t("sessions.none")}</p>
      ) : null}
      {sessions.length > 0 ? (
        <SessionTable sessions={sessions} whose={whose?.name} locale={locale} t={t} />
      ) : null}
    </>
  );
}

type SessionRow = Awaited<ReturnType<typeof listSessions>>[number];

/**
 * Each session named apart from the others: browser and version, system (and phone model), address
 * and last use; the dialog that ends one repeats all of it.
 */
function SessionTable({
  sessions,
  whose,
  locale,
  t,
}: {
  sessions: SessionRow[];
  whose: string | undefined;
  locale: Locale;
  t: Translate;
}) {
  return (
    <DataTable
      cards
      columns={[
        { label: t("sessions.col.device") },
        { label: t("sessions.col.system") },
        { label: t("sessions.col.address") },
        { label: t("sessions.col.signedIn"), wide: true },
        { label: t("sessions.col.lastSeen") },
        { label: t("common.actions") },
      ]}
    >
      {sessions.map((session) => {
        const device = deviceOf(session.userAgent);
        const address = session.address ?? t("common.none");
        const named = t("sessions.device", {
          browser: device.browser,
          system: device.system || t("common.none"),
          address,
          time: formatBaghdadTime(session.lastSeenAt, locale),
        });
        return (
          <tr key={session.id} data-session={session.id}>
            <td data-label={t("sessions.col.device")}>
              <span>
                <bdi dir="ltr">{device.browser}</bdi>{" "}
                {session.current ? <span className="badge tone-ok">{t("sessions.thisOne")}</span> : null}
              </span>
            </td>
            <td data-label={t("sessions.col.system")}>
              <bdi dir="ltr">{device.system || t("common.none")}</bdi>
            </td>
            <td data-label={t("sessions.col.address")}>
              <bdi className="mono nowrap" dir="ltr">
                {address}
              </bdi>
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
                <EndSession sessionId={session.id} device={named} whose={whose} />
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** Two-step sign-in for the operator looking: on since when, or set it up here. */
async function SecondFactorCard() {
  const { ctx, locale, t, operator: me } = await consolePage("own-account");
  const onSince = await secondFactorOnSince(ctx.prisma, me.id);
  return (
    <section className="card stack" id="second-factor">
      <h2>{t("secondFactor.title")}</h2>
      {onSince ? (
        <p data-second-factor="on">
          {t("secondFactor.on", {
            time: formatBaghdadTime(onSince, locale),
            left: await recoveryCodesLeft(ctx.prisma, me.id),
          })}
        </p>
      ) : (
        <SecondFactorSetup />
      )}
    </section>
  );
}

/** The operator's passkeys: each with when it was added and last used; add one, remove one. */
async function PasskeysCard() {
  const { ctx, locale, t, operator: me } = await consolePage("own-account");
  const passkeys = await listPasskeys(ctx.prisma, me.id);
  return (
    <section className="card stack" id="passkeys">
      <div className="section-head">
        <h2>{t("passkeys.title")}</h2>
        <AddPasskey />
      </div>
      <p className="muted">{t("passkeys.intro")}</p>
      {passkeys.length === 0 ? (
        <p className="muted">{t("passkeys.none")}</p>
      ) : (
        <ul className="plain-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id} data-passkey={passkey.id}>
              <strong dir="auto">{passkey.name}</strong>{" "}
              <span className="muted">
                {t("passkeys.added", { time: formatBaghdadTime(passkey.createdAt, locale) })}
                {passkey.lastUsedAt
                  ? ` · ${t("passkeys.used", { time: formatBaghdadTime(passkey.lastUsedAt, locale) })}`
                  : ""}
              </span>{" "}
              <RemovePasskey id={passkey.id} name={passkey.name} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
