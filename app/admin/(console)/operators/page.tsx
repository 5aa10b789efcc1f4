import type { Metadata } from "next";
import { consolePage } from "@/app/admin/_ui/console-page";
import { DataTable } from "@/app/admin/_ui/data-table";
import { Time } from "@/app/admin/_ui/format";
import { PageHead } from "@/app/admin/_ui/page-head";
import { roleLabel } from "@/app/admin/_ui/role-label";
import type { Translate } from "@/lib/console/i18n/translate";
import { listOperators } from "@/lib/operators/manage-operators";
import { listRoles } from "@/lib/operators/roles/manage-roles";
import { AddOperator, OperatorRowControls } from "./operator-controls";

export const metadata: Metadata = { title: "Operators" };

export default async function OperatorsPage() {
  const { ctx, locale, t, operator: me } = await consolePage("operators.manage");
  const [operators, roles] = await Promise.all([listOperators(ctx.prisma), listRoles(ctx.prisma)]);
  const roleOf = new Map(roles.map((role) => [role.key, role]));
  const choices = roles.map(({ key, name }) => ({ key, name }));
  return (
    <>
      <PageHead title={t("operators.title")}>
        <AddOperator roles={choices} />
      </PageHead>
      <DataTable
        cards
        columns={[
          { label: t("operators.col.name") },
          { label: t("operators.col.email") },
          { label: t("operators.col.role") },
          { label: t("operators.col.state") },
          { label: t("operators.col.lastLogin"), wide: true },
          { label: t("common.actions") },
        ]}
      >
        {operators.map((operator) => {
          // From the fifth failed sign-in on, that e-mail waits (per address, and from the tenth everywhere).
          const guessed = operator.failedSignIns >= 5;
          return (
            <tr key={operator.id} data-operator={operator.email}>
              <td data-label={t("operators.col.name")}>
                <span dir="auto">{operator.name}</span>
              </td>
              <td data-label={t("operators.col.email")}>
                <span className="mono" dir="ltr">
                  {operator.email}
                </span>
              </td>
              <td data-label={t("operators.col.role")}>
                {roleLabel(t, roleOf.get(operator.role) ?? { key: operator.role, name: operator.role })}
              </td>
              <td data-label={t("operators.col.state")}>
                <OperatorState operator={operator} t={t} />
              </td>
              <td data-label={t("operators.col.lastLogin")} className="hide-narrow">
                <Time at={operator.lastLoginAt} locale={locale} />
              </td>
              <td data-label={t("common.actions")}>
                <div className="form-actions">
                  <a className="btn btn-small" href={`/admin/sessions?operator=${operator.id}`}>
                    {t("sessions.link")}
                  </a>
                  <OperatorRowControls
                    operatorId={operator.id}
                    name={operator.name}
                    role={operator.role}
                    roles={choices}
                    disabled={operator.disabledAt !== null}
                    locked={guessed}
                    secondFactor={operator.totpEnabledAt !== null}
                    self={operator.id === me.id}
                  />
                </div>
              </td>
            </tr>
          );
        })}
      </DataTable>
    </>
  );
}

/** Active or disabled, two-step sign-in on, and failed sign-ins (passwords, codes) since the last one. */
function OperatorState({
  operator,
  t,
}: {
  operator: { disabledAt: Date | null; totpEnabledAt: Date | null; failedSignIns: number };
  t: Translate;
}) {
  return (
    <span>
      {operator.disabledAt ? (
        <span className="badge tone-bad">{t("operators.disabled")}</span>
      ) : (
        <span className="badge tone-ok">{t("operators.active")}</span>
      )}
      {operator.totpEnabledAt ? <span className="badge tone-neutral">{t("secondFactor.badge")}</span> : null}
      {operator.failedSignIns > 0 ? (
        <div className="muted" data-failed-sign-ins={operator.failedSignIns}>
          {t("operators.failedSignIns", { count: operator.failedSignIns })}
        </div>
      ) : null}
    </span>
  );
}
