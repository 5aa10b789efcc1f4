// Operators as an ADMIN manages them: create with a role and a first password, change the role,
// disable or enable (a disabled operator is refused on the next request, whatever their session says),
// unlock (forget their wrong passwords, so they may try again at once from anywhere). Nobody can
// disable themselves or change their own role (so a console always keeps someone who manages it),
// give a role beyond their own, or change anything of an operator whose role holds more than theirs
// (lib/operators/roles/grant-ceiling.ts). Every change is audited; password hashes never leave this module.
import type { z } from "zod";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import type { operatorInput, operatorUpdate } from "@/lib/operators/operator-inputs";
import { endOperatorSessions, type SessionEndReason } from "@/lib/operators/sessions/operator-sessions";
import { hashPassword } from "@/lib/operators/sign-in/passwords";
import { forgetSignInFailures } from "@/lib/operators/sign-in/sign-in-failures";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Operator, PrismaClient } from "@/lib/platform/db";
import { createUnlessTaken } from "@/lib/platform/db/errors";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/platform/errors/domain-errors";
import type { ApiKeyRevokeReason } from "./api-keys/api-key-state";
import { revokeApiKeys } from "./api-keys/revoke-api-keys";
import { recordAudit } from "./audit/record-audit";
import { assertNotAbove, assertWithinOwnGrants } from "./roles/grant-ceiling";
import { grantsOf } from "./roles/grants";
import { findRoleOrRefuse } from "./roles/manage-roles";

/** What anyone may see of an operator: never the password hash nor the second factor's secret. */
function publicOperator(operator: Operator) {
  const { passwordHash: _hidden, totpSecret: _secret, totpLastStep: _step, ...visible } = operator;
  return visible;
}

export async function listOperators(prisma: PrismaClient) {
  const operators = await prisma.operator.findMany({ orderBy: { email: "asc" } });
  return operators.map(publicOperator);
}

export async function createOperator(
  ctx: Pick<ServiceContext, "prisma">,
  actor: OperatorIdentity | undefined,
  input: z.output<typeof operatorInput>,
) {
  const passwordHash = await hashPassword(input.password);
  return createUnlessTaken(
    () =>
      ctx.prisma.$transaction(async (tx) => {
        const role = await findRoleOrRefuse(tx, input.role);
        // The first admin (a script, `npm run dev`) has nobody above it to measure against.
        if (actor) assertWithinOwnGrants(actor, grantsOf(role), `An operator of the role ${role.name}`);
        const operator = await tx.operator.create({
          data: { email: input.email, name: input.name, role: input.role, passwordHash },
        });
        // The first admin (created by a script or `npm run dev`) audits itself.
        await recordAudit(tx, {
          operator: actor ?? operator,
          action: "operator.create",
          subjectType: "OPERATOR",
          subjectId: operator.id,
          after: publicOperator(operator),
        });
        return publicOperator(operator);
      }),
    () => new ConflictError(`An operator with e-mail ${input.email} exists already.`),
  );
}

export async function updateOperator(
  ctx: ServiceContext,
  actor: OperatorIdentity,
  operatorId: string,
  input: z.output<typeof operatorUpdate>,
) {
  if (operatorId === actor.id && (input.disabled === true || (input.role && input.role !== actor.role))) {
    throw new ForbiddenError("You cannot disable yourself or change your own role; ask another admin.");
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const updated = await ctx.prisma.$transaction(async (tx) => {
    const found = await tx.operator.findUnique({
      where: { id: operatorId },
      include: { roleDefinition: true },
    });
    if (!found) throw new NotFoundError("No such operator.");
    const { roleDefinition, ...before } = found;
    // Their password, role or access is theirs and their peers' to change, never someone's below them.
    if (operatorId !== actor.id) assertNotAbove(actor, grantsOf(roleDefinition), `${before.email}'s role`);
    if (input.role) {
      const role = await findRoleOrRefuse(tx, input.role);
      assertWithinOwnGrants(actor, grantsOf(role), `The role ${role.name}`);
    }
    const after = await tx.operator.update({
      where: { id: operatorId },
      data: {
        ...(input.role ? { role: input.role } : {}),
        ...(input.disabled === undefined ? {} : { disabledAt: input.disabled ? ctx.now() : null }),
        ...(input.unlock ? { failedSignIns: 0 } : {}),
        ...(passwordHash ? { passwordHash, failedSignIns: 0 } : {}),
      },
    });
    const endReason = sessionEndReason(before, input, passwordHash !== undefined);
    // The actor's own session survives their own password change: they just proved who they are.
    const ended = endReason
      ? await endOperatorSessions(tx, operatorId, endReason, ctx.now(), actor.sessionId)
      : 0;
    const keyReason = apiKeyRevokeReason(input, passwordHash !== undefined);
    const keysRevoked = keyReason ? await revokeApiKeys(tx, actor, { operatorId }, keyReason, ctx.now()) : [];
    await recordAudit(tx, {
      operator: actor,
      action: "operator.update",
      subjectType: "OPERATOR",
      subjectId: operatorId,
      before: publicOperator(before),
      after: {
        ...publicOperator(after),
        ...(passwordHash ? { passwordChanged: true } : {}),
        ...(ended > 0 ? { sessionsEnded: ended } : {}),
        ...(keysRevoked.length > 0 ? { apiKeysRevoked: keysRevoked.length } : {}),
      },
    });
    return publicOperator(after);
  });
  if (input.unlock) await forgetSignInFailures(updated.email);
  return updated;
}

/** Whether a change ends the operator's sessions, and why: what they signed in with no longer holds. */
function sessionEndReason(
  before: Operator,
  input: z.output<typeof operatorUpdate>,
  passwordChanged: boolean,
): SessionEndReason | undefined {
  if (input.disabled === true) return "DISABLED";
  if (passwordChanged) return "PASSWORD_CHANGED";
  if (input.role && input.role !== before.role) return "ROLE_CHANGED";
  return undefined;
}

/**
 * Whether a change revokes the operator's API keys: a key belongs to its maker, and a new password or
 * a disabled account says their account may have been in other hands — keys made then would outlive
 * the fix. A new role does not: their keys are narrowed to it at every use (authenticate-api-key.ts).
 */
function apiKeyRevokeReason(
  input: z.output<typeof operatorUpdate>,
  passwordChanged: boolean,
): ApiKeyRevokeReason | undefined {
  if (input.disabled === true) return "MAKER_DISABLED";
  if (passwordChanged) return "MAKER_PASSWORD_CHANGED";
  return undefined;
}

/** An operator's id and name, or null: the pages that speak of someone else name them. */
export function operatorNameOf(prisma: PrismaClient, operatorId: string) {
  return prisma.operator.findUnique({ where: { id: operatorId }, select: { id: true, name: true } });
}
