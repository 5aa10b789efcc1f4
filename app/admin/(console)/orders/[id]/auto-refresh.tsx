"use client";
// While something on the page is in the wallet's hands (a refund processing, an unknown answer being
// resolved), the page asks the server again every few seconds, so the operator sees it finish.
import { useRouter } from "next/navigation";
import { useEffect } from "react";

export function AutoRefresh({ active, everyMs = 3000 }: { active: boolean; everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, router]);
  return null;
}
