// Field names a production wallet of this family answers with beside the spec's. Front ends and
// backends written against that wallet read these; with the setting `fieldAliases` (on by default)
// the sandbox answers with both names, so code that reads either works. Answers are signed after
// this, so an alias is part of the signed body like any other field.
import type { SandboxContext } from "../context";

export function aliasOf(ctx: SandboxContext, alias: string, value: unknown): Record<string, unknown> {
  return ctx.settings().fieldAliases ? { [alias]: value } : {};
}
