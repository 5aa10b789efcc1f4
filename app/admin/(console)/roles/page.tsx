import type { Metadata } from "next";
import { consolePage } from "@/app/admin/_ui/console-page";
import { Amount } from "@/app/admin/_ui/format";
import { PageHead } from "@/app/admin/_ui/page-head";
import { permissionLabel, roleLabel } from "@/app/admin/_ui/role-label";
import { listRoles } from "@/lib/operators/roles/manage-roles";
import { PERMISSIONS } from "@/lib/operators/roles/permissions";
import { jsonSafe } from "@/lib/platform/json";
import { AddRole, EditRole, RemoveRole, SecondFactorPolicy } from "./role-controls";

export const metadata: Metadata = { title: "Roles" };

// What each role may do, as cards: its permissions in words, its refund limits (above them a refund
// waits for approval), whether a second factor is required and how many operators hold it; and the
// controls to change them, add a role or require a second factor of everyone.
export default async function RolesPage() {
  const { ctx, locale, t } = await consolePage("operators.manage");
  const roles = await listRoles(ctx.prisma);
  const noLimit = <span className="muted">{t("roles.noLimit")}</span>;
  return (
    <>
      <PageHead title={t("roles.title")}>
        <AddRole />
      </PageHead>
      <p className="muted">{t("roles.intro")}</p>
      <section className="card stack" id="second-factor-policy">
        <h2>{t("roles.policyTitle")}</h2>
        <p>{t("roles.policyIntro")}</p>
        <SecondFactorPolicy />
      </section>
      <div className="role-grid">
        {roles.map((role) => {
          const label = roleLabel(t, role);
          const editable = jsonSafe({ ...role, label });
          return (
            <section key={role.key} className="card stack" data-role={role.key}>
              <div className="section-head">
                <h2 dir="auto">{label}</h2>
                <span className="badge tone-neutral">
                  {t("roles.holders", { count: role.operatorCount })}
                </span>
              </div>
              <ul className="permission-summary">
                {PERMISSIONS.filter((permission) => role.permissions.includes(permission)).map(
                  (permission) => (
                    <li key={permission}>{permissionLabel(t, permission)}</li>
                  ),
                )}
              </ul>
              <dl className="facts">
                <dt>{t("roles.refundLimit")}</dt>
                <dd>
                  {role.refundLimitFils === null ? (
                    noLimit
                  ) : (
                    <Amount fils={role.refundLimitFils} locale={locale} />
                  )}
                </dd>
                <dt>{t("roles.dailyLimit")}</dt>
                <dd>
                  {role.dailyRefundLimitFils === null ? (
                    noLimit
                  ) : (
                    <Amount fils={role.dailyRefundLimitFils} locale={locale} />
                  )}
                </dd>
                <dt>{t("roles.secondFactor")}</dt>
                <dd data-second-factor-required={role.requireSecondFactor}>
                  {role.requireSecondFactor ? t("roles.required") : t("roles.optional")}
                </dd>
              </dl>
              <div className="form-actions">
                <EditRole role={editable} />
                {role.builtIn ? null : <RemoveRole role={editable} />}
              </div>
            </section>
          );
        })}
      </div>
    </>
  );
}
