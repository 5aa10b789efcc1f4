import { dynamicKey } from "@/lib/i18n/translate";
import { consolePage, type SearchParams } from "../../_ui/console-page";

// Where a page sends an operator whose role is too low for it. The API answers 403 on its own.
export default async function ForbiddenPage({ searchParams }: { searchParams: SearchParams }) {
  const { t } = await consolePage();
  const need = (await searchParams).need;
  const role = typeof need === "string" && ["VIEWER", "OPERATOR", "ADMIN"].includes(need) ? need : "ADMIN";
  return (
    <section className="card" id="forbidden">
      <h1 style={{ fontSize: "1.3rem", marginTop: 0 }}>{t("forbidden.title")}</h1>
      <p>{t("forbidden.body", { role: t(dynamicKey("role", role)) })}</p>
      <a className="btn" href="/admin">
        {t("forbidden.back")}
      </a>
    </section>
  );
}
