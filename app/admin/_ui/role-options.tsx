"use client";
// The roles as a select's options, weakest first, in the console's language.
import { ROLES } from "@/lib/auth/roles";
import { dynamicKey } from "@/lib/i18n/translate";
import { useT } from "./i18n-client";

export function RoleOptions() {
  const t = useT();
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {t(dynamicKey("role", role))}
    </option>
  ));
}
