import { consolePage, type SearchParams } from "@/app/admin/_ui/console-page";
import { permissionLabel } from "@/app/admin/_ui/role-label";
import { isPermission } from "@/lib/operators/roles/permissions";

// Where a page sends an operator whose role lacks its permission. The API answers 403 on its own.
export default async function ForbiddenPage({ searchParams }: { searchParams: SearchParams }) {
  const { t } = await consolePage("own-account");
  const need = (await searchParams).need;
  const permission = typeof need === "string" && isPermission(need) ? need : "operators.manage";
  return (
    <section className="card" id="forbidden">
      <h1 style={{ fontSize: "1.3rem", marginTop: 0 }}>{t("forbidden.title")}</h1>
      <p>{t("forbidden.body", { permission: permissionLabel(t, permission) })}</p>
      <a className="btn" href="/admin">
        {t("forbidden.back")}
      </a>
    </section>
  );
}
