// A role as operators read it: the built-in ones in the console's language, the ones an ADMIN made
// by the name they gave it; and a permission in words.

import { dynamicKey, type Translate } from "@/lib/console/i18n/translate";
import type { Permission } from "@/lib/operators/roles/permissions";

export function roleLabel(t: Translate, role: { key: string; name: string }): string {
  const key = dynamicKey("role", role.key);
  return key === "common.none" ? role.name : t(key);
}

export function permissionLabel(t: Translate, permission: Permission): string {
  return t(dynamicKey("permission", permission));
}
