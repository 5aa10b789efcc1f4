// Alert rules as an ADMIN manages them (lib/events/alerts does the catching and sending): add one, turn it
// off or on or change its fold window, delete it, and read the latest messages with how they went.
// Every change is audited.
import type { z } from "zod";
import { recordAudit } from "@/lib/operators/audit/record-audit";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Prisma } from "@/lib/platform/db";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";
import type { OutboundPolicy } from "@/lib/platform/outbound/outbound-policy";
import { assertOutboundUrl } from "@/lib/platform/outbound/shared-policy";
import type { alertRuleInput, alertRuleUpdate } from "./request-schemas";

type Ctx = Pick<ServiceContext, "prisma">;

const RECENT_MESSAGES = 50;

export function listAlertRules(ctx: Ctx) {
  return ctx.prisma.alertRule.findMany({ orderBy: { createdAt: "desc" } });
}

export function listAlertMessages(ctx: Ctx) {
  return ctx.prisma.alertMessage.findMany({
    orderBy: { createdAt: "desc" },
    take: RECENT_MESSAGES,
    include: { rule: { select: { eventType: true, channel: true, target: true } } },
  });
}

export async function createAlertRule(
  ctx: Ctx,
  actor: OperatorIdentity,
  input: z.output<typeof alertRuleInput>,
  options: { outbound: OutboundPolicy },
) {
  // A chat webhook is a URL the server calls on the operator's behalf, like a webhook endpoint.
  if (input.channel === "CHAT") await assertOutboundUrl(options.outbound, input.target, "target");
  return ctx.prisma.$transaction(async (tx) => {
    const rule = await tx.alertRule.create({
      data: {
        eventType: input.eventType,
        channel: input.channel,
        target: input.target,
        chatFormat: input.channel === "CHAT" ? (input.chatFormat ?? "json") : null,
        foldSeconds: input.foldSeconds,
        createdBy: actor.email,
        // Made with a key, it goes quiet when the key is revoked (lib/events/turn-off-what-keys-made.ts).
        createdByApiKeyId: actor.apiKeyId ?? null,
      },
    });
    await audit(tx, actor, "alert-rule.create", rule.id, undefined, rule);
    return rule;
  });
}

export async function updateAlertRule(
  ctx: Ctx,
  actor: OperatorIdentity,
  ruleId: string,
  input: z.output<typeof alertRuleUpdate>,
) {
  return ctx.prisma.$transaction(async (tx) => {
    const before = await tx.alertRule.findUnique({ where: { id: ruleId } });
    if (!before) throw new NotFoundError("No such alert rule.");
    // Turned off or on by a person, the reason we turned it off no longer holds.
    const data = input.enabled === undefined ? input : { ...input, disabledReason: null };
    const after = await tx.alertRule.update({ where: { id: ruleId }, data });
    await audit(tx, actor, "alert-rule.update", ruleId, before, after);
    return after;
  });
}

export async function deleteAlertRule(ctx: Ctx, actor: OperatorIdentity, ruleId: string) {
  await ctx.prisma.$transaction(async (tx) => {
    const before = await tx.alertRule.findUnique({ where: { id: ruleId } });
    if (!before) throw new NotFoundError("No such alert rule.");
    await tx.alertRule.delete({ where: { id: ruleId } });
    await audit(tx, actor, "alert-rule.delete", ruleId, before, undefined);
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
  return recordAudit(tx, { operator: actor, action, subjectType: "ALERT_RULE", subjectId, before, after });
}
