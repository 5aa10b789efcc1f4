// Runs claimed deliveries: a hook in this process, or a signed request to a webhook endpoint. Never
// throws: every way a try can end (an error, a timeout, a hook or endpoint that is gone) becomes an
// attempt record for settle-deliveries.ts.

import { type AttemptRecord, sendWebhook } from "@/lib/events/webhooks/send-webhook";
import { openWebhookSecret } from "@/lib/events/webhooks/webhook-secret";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { PrismaClient } from "@/lib/platform/db";
import type { Logger } from "@/lib/platform/log";
import type { OutboundPolicy } from "@/lib/platform/outbound/outbound-policy";
import type { ClaimedDelivery } from "./claim-deliveries";
import type { Hook, HookContext } from "./hooks";
import type { AttemptOutcome } from "./settle-deliveries";

export interface DeliveryRunner {
  prisma: PrismaClient;
  logger: Logger;
  tokenKey: Buffer;
  /** Handed to hooks as `services`. */
  services: ServiceContext;
  hooks: ReadonlyMap<string, Hook>;
  hookTimeoutMs: number;
  webhookTimeoutMs: number;
  /** Where webhooks may go (lib/platform/outbound). */
  outbound: OutboundPolicy;
}

const ERROR_KEPT = 1_000;

function failed(latencyMs: number, response: string): AttemptRecord {
  return {
    ok: false,
    statusCode: null,
    latencyMs,
    request: null,
    failure: null,
    response: response.slice(0, ERROR_KEPT),
  };
}

export async function runHook(runner: DeliveryRunner, delivery: ClaimedDelivery): Promise<AttemptOutcome> {
  const hook = runner.hooks.get(delivery.target);
  if (!hook) {
    return {
      delivery,
      attempt: failed(0, `no hook named "${delivery.target}" in hooks/index.ts`),
      giveUp: true,
    };
  }
  const log = runner.logger.child({
    hook: hook.name,
    eventId: delivery.event.id,
    eventType: delivery.event.type,
  });
  const signal = AbortSignal.timeout(runner.hookTimeoutMs);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    // A hook that ignores its signal is still let go of at the timeout (its promise is left running).
    const context: HookContext = {
      db: runner.prisma,
      log,
      signal,
      attempt: delivery.attempt,
      services: runner.services,
    };
    await Promise.race([
      hook.handle(delivery.event as never, context),
      new Promise<never>((_, reject) =>
        signal.addEventListener(
          "abort",
          () => reject(new Error(`timed out after ${runner.hookTimeoutMs} ms`)),
          {
            once: true,
          },
        ),
      ),
    ]);
    return {
      delivery,
      attempt: {
        ok: true,
        statusCode: null,
        latencyMs: elapsed(),
        request: null,
        failure: null,
        response: null,
      },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.warn({ attempt: delivery.attempt, err: message }, "hook failed; it will be tried again");
    return { delivery, attempt: failed(elapsed(), message) };
  }
}

/** Sends the batch's webhook deliveries, reading each endpoint (and its secret) once. */
export async function runWebhooks(
  runner: DeliveryRunner,
  deliveries: readonly ClaimedDelivery[],
): Promise<AttemptOutcome[]> {
  if (deliveries.length === 0) return [];
  const ids = [...new Set(deliveries.map((delivery) => delivery.target))];
  const endpoints = await runner.prisma.webhookEndpoint.findMany({ where: { id: { in: ids } } });
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  const secrets = new Map<string, string>();
  return Promise.all(
    deliveries.map(async (delivery): Promise<AttemptOutcome> => {
      const endpoint = byId.get(delivery.target);
      if (!endpoint) return { delivery, attempt: failed(0, "the endpoint was deleted"), giveUp: true };
      if (!endpoint.enabled)
        return { delivery, attempt: failed(0, "the endpoint is disabled"), giveUp: true };
      let secret = secrets.get(endpoint.id);
      if (secret === undefined) {
        secret = openWebhookSecret(endpoint.secretCipher, endpoint.id, runner.tokenKey);
        secrets.set(endpoint.id, secret);
      }
      const attempt = await sendWebhook({ url: endpoint.url, secret }, delivery.event, {
        outbound: runner.outbound,
        timeoutMs: runner.webhookTimeoutMs,
      });
      return { delivery, attempt };
    }),
  );
}
