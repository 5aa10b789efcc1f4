"use client";
// The console's sections; the ones an operator's role cannot open are not offered (the server
// refuses them anyway).
import { usePathname } from "next/navigation";
import { hasRole } from "@/lib/auth/roles";
import type { OperatorRole } from "@/lib/db";
import type { MessageKey } from "@/lib/i18n/translate";
import { useT } from "./i18n-client";

const SECTIONS: { href: string; label: MessageKey; role: OperatorRole }[] = [
  { href: "/admin", label: "nav.dashboard", role: "VIEWER" },
  { href: "/admin/orders", label: "nav.orders", role: "VIEWER" },
  { href: "/admin/refunds", label: "nav.refunds", role: "VIEWER" },
  { href: "/admin/customers", label: "nav.customers", role: "VIEWER" },
  { href: "/admin/notifications", label: "nav.notifications", role: "VIEWER" },
  { href: "/admin/catalog", label: "nav.catalog", role: "VIEWER" },
  { href: "/admin/events", label: "nav.events", role: "VIEWER" },
  { href: "/admin/operators", label: "nav.operators", role: "ADMIN" },
  { href: "/admin/alerts", label: "nav.alerts", role: "ADMIN" },
  { href: "/admin/api-keys", label: "nav.apiKeys", role: "ADMIN" },
  { href: "/admin/audit", label: "nav.audit", role: "ADMIN" },
];

export function ConsoleNav({ role }: { role: OperatorRole }) {
  const t = useT();
  const pathname = usePathname();
  const current = (href: string) =>
    href === "/admin" ? pathname === "/admin" : pathname === href || pathname.startsWith(`${href}/`);
  return (
    <nav className="nav" aria-label={t("nav.main")}>
      {SECTIONS.filter((section) => hasRole(role, section.role)).map((section) => (
        <a key={section.href} href={section.href} aria-current={current(section.href) ? "page" : undefined}>
          {t(section.label)}
        </a>
      ))}
    </nav>
  );
}
