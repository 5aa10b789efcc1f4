// Webhook endpoints as an ADMIN manages them: add one (its signing secret is in the answer once,
// then kept encrypted), change it, turn it off and on, delete it, and read its delivery log. Every
// change is audited. A URL passes the outbound policy (lib/platform/outbound) before it is kept. Sending is lib/events/webhooks; which events an endpoint gets is decided when each
// event is dispatched (lib/events/dispatch-events.ts).
import type { z } from "zod";
import { newWebhookSecret, sealWebhookSecret } from "@/lib/events/webhooks/webhook-secret";
import { recordAudit } from "@/lib/operators/audit/record-audit";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Prisma, WebhookEndpoint } from "@/lib/platform/db";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";
import { newRowId } from "@/lib/platform/ids/request-ids";
import type { OutboundPolicy } from "@/lib/platform/outbound/outbound-policy";
import { assertOutboundUrl } from "@/lib/platform/outbound/shared-policy";
import type { webhookEndpointInput, webhookEndpointUpdate } from "./request-schemas";

type Ctx = Pick<ServiceContext, "prisma" | "tokenKey">;

/** What anyone may see of an endpoint: never its secret. */
function publicEndpoint(endpoint: WebhookEndpoint) {
  const { secretCipher: _hidden, ...visible } = endpoint;
  return visible;
}

export async function listWebhookEndpoints(ctx: Pick<ServiceContext, "prisma">) {
  const endpoints = await ctx.prisma.webhookEndpoint.findMany({ orderBy: { createdAt: "desc" } });
  return endpoints.map(publicEndpoint);
}

export async function createWebhookEndpoint(
  ctx: Ctx,
  actor: OperatorIdentity,
  input: z.output<typeof webhookEndpointInput>,
  options: { outbound: OutboundPolicy },
) {
  await assertOutboundUrl(options.outbound, input.url, "url");
  const id = newRowId();
  const secret = newWebhookSecret();
  const endpoint = await ctx.prisma.$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({
      data: {
        id,
        url: input.url,
        description: input.description,
        events: input.events,
        secretCipher: sealWebhookSecret(secret, id, ctx.tokenKey),
        createdBy: actor.email,
        // Made with a key, it goes quiet when the key is revoked (lib/events/turn-off-what-keys-made.ts).
        createdByApiKeyId: actor.apiKeyId ?? null,
      },
    });
    await audit(tx, actor, "webhook.create", id, undefined, publicEndpoint(created));
    return publicEndpoint(created);
  });
  return { ...endpoint, secret };
}

export async function updateWebhookEndpoint(
  ctx: Ctx,
  actor: OperatorIdentity,
  endpointId: string,
  input: z.output<typeof webhookEndpointUpdate>,
  options: { outbound: OutboundPolicy },
) {
  if (input.url !== undefined) await assertOutboundUrl(options.outbound, input.url, "url");
  return ctx.prisma.$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findUnique({ where: { id: endpointId } });
    if (!before) throw new NotFoundError("No such webhook endpoint.");
    const enabling = input.enabled === true && !before.enabled;
    const after = await tx.webhookEndpoint.update({
      where: { id: endpointId },
      data: {
        ...input,
        // Off by hand says nothing about failures; back on starts a clean record.
        ...(input.enabled === false ? { disabledReason: null } : {}),
        ...(enabling ? { disabledReason: null, failingSince: null } : {}),
      },
    });
    await audit(tx, actor, "webhook.update", endpointId, publicEndpoint(before), publicEndpoint(after));
    return publicEndpoint(after);
  });
}

export async function deleteWebhookEndpoint(ctx: Ctx, actor: OperatorIdentity, endpointId: string) {
  await ctx.prisma.$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findUnique({ where: { id: endpointId } });
    if (!before) throw new NotFoundError("No such webhook endpoint.");
    await tx.webhookEndpoint.delete({ where: { id: endpointId } });
    // Deliveries still pending have nowhere to go: they end as dead, with the reason, on the record.
    await tx.eventDelivery.updateMany({
      where: { targetKind: "WEBHOOK", target: endpointId, status: "PENDING" },
      data: { status: "DEAD", lastError: "the endpoint was deleted", leaseUntil: null },
    });
    await audit(tx, actor, "webhook.delete", endpointId, publicEndpoint(before), undefined);
  });
}

function audit(
  tx: Prisma.TransactionClient,
  actor: OperatorIdentity,
  action: string,
  subjectId: string,
  before: unknown,
  after: unknown,
) {
  return recordAudit(tx, {
    operator: actor,
    action,
    subjectType: "WEBHOOK_ENDPOINT",
    subjectId,
    before,
    after,
  });
}
