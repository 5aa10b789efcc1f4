// API keys as an ADMIN manages them: make one (the secret is shown once and stored only as a hash),
// list them (never a secret), revoke one. Each change is audited. Authentication with a key is
// lib/operators/api-keys/authenticate-api-key.ts.
import type { z } from "zod";
import { newApiKeySecret } from "@/lib/operators/api-keys/authenticate-api-key";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import type { apiKeyInput } from "@/lib/operators/operator-inputs";
import { assertWithinOwnGrants } from "@/lib/operators/roles/grant-ceiling";
import { grantsOf } from "@/lib/operators/roles/grants";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { ApiKey, Operator } from "@/lib/platform/db";
import { ForbiddenError, InvalidRequestError, NotFoundError } from "@/lib/platform/errors/domain-errors";
import { recordAudit } from "../audit/record-audit";
import { apiKeyState } from "./api-key-state";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What anyone may see of a key: never its hash. */
function publicApiKey(key: ApiKey & { operator: Pick<Operator, "email"> }, now: Date) {
  const { secretHash: _hidden, operator, ...visible } = key;
  return { ...visible, createdBy: operator.email, state: apiKeyState(key, now) };
}

export async function listApiKeys(ctx: Pick<ServiceContext, "prisma" | "now">) {
  const keys = await ctx.prisma.apiKey.findMany({
    orderBy: { createdAt: "desc" },
    include: { operator: { select: { email: true } } },
  });
  const now = ctx.now();
  return keys.map((key) => publicApiKey(key, now));
}

export async function createApiKey(
  ctx: Pick<ServiceContext, "prisma" | "now">,
  actor: OperatorIdentity,
  input: z.output<typeof apiKeyInput>,
) {
  if (actor.apiKeyId) {
    // A key that made keys would live on in them after it was revoked.
    throw new ForbiddenError("Make API keys in the console, signed in: an API key cannot make another.", {
      reason: "SIGNED_IN_ONLY",
    });
  }
  const { secret, prefix, secretHash } = newApiKeySecret();
  const now = ctx.now();
  const key = await ctx.prisma.$transaction(async (tx) => {
    const role = await tx.role.findUnique({ where: { key: input.role } });
    if (!role) throw new InvalidRequestError(`There is no role "${input.role}".`, { role: input.role });
    // A key is narrowed to its maker's grants when used (authenticate-api-key.ts); refusing here
    // too says so at once, instead of handing out a key that silently does less than its role.
    assertWithinOwnGrants(actor, grantsOf(role), `A key of the role ${role.name}`);
    const created = await tx.apiKey.create({
      data: {
        name: input.name,
        prefix,
        secretHash,
        role: input.role,
        operatorId: actor.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      },
      include: { operator: { select: { email: true } } },
    });
    const shown = publicApiKey(created, now);
    await recordAudit(tx, {
      operator: actor,
      action: "api-key.create",
      subjectType: "API_KEY",
      subjectId: created.id,
      after: shown,
    });
    return shown;
  });
  return { ...key, secret };
}

export async function revokeApiKey(
  ctx: Pick<ServiceContext, "prisma" | "now">,
  actor: OperatorIdentity,
  apiKeyId: string,
) {
  return ctx.prisma.$transaction(async (tx) => {
    const before = await tx.apiKey.findUnique({
      where: { id: apiKeyId },
      include: { operator: { select: { email: true } } },
    });
    if (!before) throw new NotFoundError("No such API key.");
    // Revoking twice keeps the first time: the record says when it stopped working.
    const after = before.revokedAt
      ? before
      : await tx.apiKey.update({
          where: { id: apiKeyId },
          data: { revokedAt: ctx.now() },
          include: { operator: { select: { email: true } } },
        });
    if (!before.revokedAt) {
      await recordAudit(tx, {
        operator: actor,
        action: "api-key.revoke",
        subjectType: "API_KEY",
        subjectId: apiKeyId,
        before: publicApiKey(before, ctx.now()),
        after: publicApiKey(after, ctx.now()),
      });
    }
    return publicApiKey(after, ctx.now());
  });
}
