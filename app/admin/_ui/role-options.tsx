"use client";
// The roles as a select's options, built-in ones first (weakest first), in the console's language.
import { useT } from "./i18n-client";
import { roleLabel } from "./role-label";

export interface RoleChoice {
  key: string;
  name: string;
}

export function RoleOptions({ roles }: { roles: readonly RoleChoice[] }) {
  const t = useT();
  return roles.map((role) => (
    <option key={role.key} value={role.key}>
      {roleLabel(t, role)}
    </option>
  ));
}
