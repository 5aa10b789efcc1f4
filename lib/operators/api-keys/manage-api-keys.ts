// API keys as an ADMIN manages them: make one (the secret is shown once and stored only as a hash),
// list them (never a secret), revoke one (lib/operators/api-keys/revoke-api-keys.ts, which also
// revokes a maker's keys with their troubles). Each change is audited. Authentication with a key is
// lib/operators/api-keys/authenticate-api-key.ts.
import type { z } from "zod";
import { newApiKeySecret } from "@/lib/operators/api-keys/authenticate-api-key";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import type { apiKeyInput } from "@/lib/operators/operator-inputs";
import { assertWithinOwnGrants } from "@/lib/operators/roles/grant-ceiling";
import { grantsOf } from "@/lib/operators/roles/grants";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { ForbiddenError, InvalidRequestError, NotFoundError } from "@/lib/platform/errors/domain-errors";
import { recordAudit } from "../audit/record-audit";
import { MAKER_OF_KEY, publicApiKey } from "./public-api-key";
import { revokeApiKeys } from "./revoke-api-keys";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function listApiKeys(ctx: Pick<ServiceContext, "prisma" | "now">) {
  const keys = await ctx.prisma.apiKey.findMany({
    orderBy: { createdAt: "desc" },
    include: MAKER_OF_KEY,
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
      include: MAKER_OF_KEY,
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

/** Revokes one key by hand. Revoking twice keeps the first time: the record says when it stopped working. */
export async function revokeApiKey(
  ctx: Pick<ServiceContext, "prisma" | "now">,
  actor: OperatorIdentity,
  apiKeyId: string,
) {
  return ctx.prisma.$transaction(async (tx) => {
    const [revoked] = await revokeApiKeys(tx, actor, { id: apiKeyId }, "BY_OPERATOR", ctx.now());
    if (revoked) return revoked;
    const key = await tx.apiKey.findUnique({ where: { id: apiKeyId }, include: MAKER_OF_KEY });
    if (!key) throw new NotFoundError("No such API key.");
    return publicApiKey(key, ctx.now());
  });
}
