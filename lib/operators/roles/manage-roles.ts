// Roles as an operator with operators.manage edits them: the four built-in ones (their permissions
// and limits may be tuned; the Admin role always holds every permission, so the console can never
// lose the last way to manage it) and custom ones, made, changed and removed here. Each change is
// audited, and applies to every operator of the role at their next request (lib/operators/roles/grants.ts).
import type { z } from "zod";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import type { roleInput, roleUpdate } from "@/lib/operators/operator-inputs";
import { ADMIN_ROLE, BUILT_IN_ROLES } from "@/lib/operators/roles/built-in-roles";
import { assertNotAbove, assertWithinOwnGrants } from "@/lib/operators/roles/grant-ceiling";
import { type Grants, grantsOf } from "@/lib/operators/roles/grants";
import { isPermission, PERMISSIONS } from "@/lib/operators/roles/permissions";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Prisma, PrismaClient, Role } from "@/lib/platform/db";
import {
  ConflictError,
  ForbiddenError,
  InvalidRequestError,
  NotFoundError,
} from "@/lib/platform/errors/domain-errors";
import { recordAudit } from "../audit/record-audit";

type Context = Pick<ServiceContext, "prisma">;

const BUILT_IN_ORDER = BUILT_IN_ROLES.map((role) => role.key);

/** Built-in roles first, weakest first, then custom ones by name; each with how many hold it. */
export async function listRoles(prisma: PrismaClient) {
  const roles = await prisma.role.findMany({ include: { _count: { select: { operators: true } } } });
  const rank = (role: Role) => {
    const index = BUILT_IN_ORDER.indexOf(role.key);
    return index === -1 ? BUILT_IN_ORDER.length : index;
  };
  return roles
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
    .map(({ _count, ...role }) => ({ ...role, operatorCount: _count.operators }));
}

/** The key a custom role gets from its name: "Night cashier" → NIGHT_CASHIER; other scripts → ROLE_… */
function keyFor(name: string, taken: ReadonlySet<string>): string {
  const latin = name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase()
    .slice(0, 32);
  const base = /^[A-Z]/.test(latin) ? latin : `ROLE_${latin}`.replace(/_+$/, "");
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}_${suffix}`)) return `${base}_${suffix}`;
}

export async function createRole(ctx: Context, actor: OperatorIdentity, input: z.output<typeof roleInput>) {
  assertWithinOwnGrants(actor, grantsOfInput(input), `The role ${input.name}`);
  return ctx.prisma.$transaction(async (tx) => {
    const existing = await tx.role.findMany({ select: { key: true, name: true } });
    if (existing.some((role) => role.name.toLocaleLowerCase() === input.name.toLocaleLowerCase())) {
      throw new ConflictError(`A role named "${input.name}" exists already.`);
    }
    const role = await tx.role.create({
      data: {
        ...roleData(input),
        key: keyFor(input.name, new Set(existing.map((role) => role.key))),
        name: input.name,
        permissions: [...new Set(input.permissions)],
      },
    });
    await recordAudit(tx, {
      operator: actor,
      action: "role.create",
      subjectType: "ROLE",
      subjectId: role.key,
      after: role,
    });
    return role;
  });
}

export async function updateRole(
  ctx: Context,
  actor: OperatorIdentity,
  key: string,
  input: z.output<typeof roleUpdate>,
) {
  return ctx.prisma.$transaction(async (tx) => {
    const before = await lockRole(tx, key);
    // A role holding more than yours is not yours to change; one you change stays within yours.
    assertNotAbove(actor, grantsOf(before), `The role ${before.name}`);
    assertWithinOwnGrants(actor, grantsOfInput(input, before), `The role ${input.name ?? before.name}`);
    if (key === ADMIN_ROLE && input.permissions && input.permissions.length !== PERMISSIONS.length) {
      throw new ForbiddenError(
        "The Admin role always holds every permission, so someone can always manage the console.",
      );
    }
    if (key === actor.role && input.permissions && !input.permissions.includes("operators.manage")) {
      throw new ForbiddenError(
        "You cannot take the right to manage operators from your own role; ask another admin.",
      );
    }
    const after = await tx.role.update({ where: { key }, data: roleData(input) });
    await recordAudit(tx, {
      operator: actor,
      action: "role.update",
      subjectType: "ROLE",
      subjectId: key,
      before,
      after,
    });
    return after;
  });
}

/** A custom role nobody holds any more (operators or API keys) can go; built-in ones stay. */
export async function deleteRole(ctx: Context, actor: OperatorIdentity, key: string) {
  return ctx.prisma.$transaction(async (tx) => {
    const before = await lockRole(tx, key);
    if (before.builtIn)
      throw new ForbiddenError("Built-in roles cannot be removed; change what they allow instead.");
    const holders = await tx.operator.count({ where: { role: key } });
    const keys = await tx.apiKey.count({ where: { role: key, revokedAt: null } });
    if (holders + keys > 0) {
      throw new ConflictError(
        `${holders} operator(s) and ${keys} API key(s) still have this role: give them another role first.`,
        { operators: holders, apiKeys: keys },
      );
    }
    // Revoked keys keep a record of what they could do, but need not keep the role alive.
    await tx.apiKey.updateMany({ where: { role: key }, data: { role: "VIEWER" } });
    await tx.role.delete({ where: { key } });
    await recordAudit(tx, {
      operator: actor,
      action: "role.delete",
      subjectType: "ROLE",
      subjectId: key,
      before,
    });
  });
}

/** Applies the role to every role at once: "require a second factor" for everyone, or for nobody. */
export async function requireSecondFactorForAll(ctx: Context, actor: OperatorIdentity, required: boolean) {
  return ctx.prisma.$transaction(async (tx) => {
    // All at once is no way round the ceiling: a role holding more than yours is not yours to change.
    const toChange = await tx.role.findMany({ where: { requireSecondFactor: !required } });
    for (const role of toChange) assertNotAbove(actor, grantsOf(role), `The role ${role.name}`);
    const changed = await tx.role.updateMany({
      where: { key: { in: toChange.map((role) => role.key) } },
      data: { requireSecondFactor: required },
    });
    await recordAudit(tx, {
      operator: actor,
      action: "role.second-factor-policy",
      subjectType: "ROLE",
      subjectId: "*",
      after: { requireSecondFactor: required, rolesChanged: changed.count },
    });
    return changed.count;
  });
}

/** The role the input names, or a clear 422 (rather than a foreign-key 500) when there is none. */
export async function findRoleOrRefuse(tx: Prisma.TransactionClient, key: string): Promise<Role> {
  const role = await tx.role.findUnique({ where: { key } });
  if (!role) throw new InvalidRequestError(`There is no role "${key}".`, { role: key });
  return role;
}

async function lockRole(tx: Prisma.TransactionClient, key: string): Promise<Role> {
  const [locked] = await tx.$queryRaw<{ key: string }[]>`SELECT key FROM roles WHERE key = ${key} FOR UPDATE`;
  if (!locked) throw new NotFoundError("No such role.");
  return tx.role.findUniqueOrThrow({ where: { key } });
}

/** What a role would grant with `input` applied (to `before`, for a change; a new role's limits default to none). */
function grantsOfInput(
  input: z.output<typeof roleUpdate>,
  before?: Role,
): Pick<Grants, "permissions" | "refundLimits"> {
  return {
    permissions: (input.permissions ?? before?.permissions ?? []).filter(isPermission),
    refundLimits: {
      perRefundFils:
        input.refundLimitFils === undefined ? (before?.refundLimitFils ?? null) : input.refundLimitFils,
      perDayFils:
        input.dailyRefundLimitFils === undefined
          ? (before?.dailyRefundLimitFils ?? null)
          : input.dailyRefundLimitFils,
    },
  };
}

function roleData(input: z.output<typeof roleUpdate>) {
  return {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.permissions === undefined ? {} : { permissions: [...new Set(input.permissions)] }),
    ...(input.refundLimitFils === undefined ? {} : { refundLimitFils: input.refundLimitFils }),
    ...(input.dailyRefundLimitFils === undefined ? {} : { dailyRefundLimitFils: input.dailyRefundLimitFils }),
    ...(input.requireSecondFactor === undefined ? {} : { requireSecondFactor: input.requireSecondFactor }),
  };
}
