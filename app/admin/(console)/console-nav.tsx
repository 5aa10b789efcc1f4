"use client";
// The console's sections; the ones an operator's role cannot open are not offered (the server
// refuses them anyway).
import { usePathname } from "next/navigation";
import { useT } from "@/app/admin/_ui/i18n-client";
import type { MessageKey } from "@/lib/console/i18n/translate";
import { can, type Permission } from "@/lib/operators/roles/permissions";

const SECTIONS: { href: string; label: MessageKey; needs: Permission }[] = [
  { href: "/admin", label: "nav.dashboard", needs: "orders.read" },
  { href: "/admin/orders", label: "nav.orders", needs: "orders.read" },
  { href: "/admin/refunds", label: "nav.refunds", needs: "orders.read" },
  { href: "/admin/approvals", label: "nav.approvals", needs: "refunds.approve" },
  { href: "/admin/customers", label: "nav.customers", needs: "orders.read" },
  { href: "/admin/subscriptions", label: "nav.subscriptions", needs: "orders.read" },
  { href: "/admin/notifications", label: "nav.notifications", needs: "orders.read" },
  { href: "/admin/catalog", label: "nav.catalog", needs: "orders.read" },
  { href: "/admin/events", label: "nav.events", needs: "orders.read" },
  { href: "/admin/operators", label: "nav.operators", needs: "operators.manage" },
  { href: "/admin/roles", label: "nav.roles", needs: "operators.manage" },
  { href: "/admin/alerts", label: "nav.alerts", needs: "integrations.manage" },
  { href: "/admin/api-keys", label: "nav.apiKeys", needs: "integrations.manage" },
  { href: "/admin/audit", label: "nav.audit", needs: "audit.read" },
];

export function ConsoleNav({ permissions }: { permissions: readonly Permission[] }) {
  const t = useT();
  const pathname = usePathname();
  const current = (href: string) =>
    href === "/admin" ? pathname === "/admin" : pathname === href || pathname.startsWith(`${href}/`);
  return (
    <nav className="nav" aria-label={t("nav.main")}>
      {SECTIONS.filter((section) => can({ permissions }, section.needs)).map((section) => (
        <a key={section.href} href={section.href} aria-current={current(section.href) ? "page" : undefined}>
          {t(section.label)}
        </a>
      ))}
    </nav>
  );
}
