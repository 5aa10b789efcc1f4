// One webhook request: the event as JSON, signed per Standard Webhooks (the `standardwebhooks`
// package: `webhook-id` is the event's id, the same on every retry and re-send, so receivers
// deduplicate on it; `webhook-timestamp` is the moment of this attempt, so receivers can refuse
// replays). A 2xx answer is a delivery; anything else, a redirect included, is a failure.
import { Webhook } from "standardwebhooks";
import type { DomainEvent } from "@/lib/platform/outbox/event-map";

/** What is kept of each attempt (delivery_attempts). */
export interface AttemptRecord {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  request: { url: string; headers: Record<string, string>; body: string } | null;
  /** The answer's first bytes, or why there was none. */
  response: string;
}

const RESPONSE_KEPT = 1_000;

/** The JSON body receivers get: the event's envelope and its data. */
function webhookBody(event: DomainEvent): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    version: event.version,
    timestamp: event.occurredAt,
    orderId: event.orderId,
    data: event.data,
  });
}

export async function sendWebhook(
  endpoint: { url: string; secret: string },
  event: DomainEvent,
  options: { timeoutMs: number; now?: Date },
): Promise<AttemptRecord> {
  const body = webhookBody(event);
  const sentAt = options.now ?? new Date();
  const headers = {
    "content-type": "application/json",
    "user-agent": "wallet-merchant-webhooks/1",
    "webhook-id": event.id,
    "webhook-timestamp": Math.floor(sentAt.getTime() / 1000).toString(),
    "webhook-signature": new Webhook(endpoint.secret).sign(event.id, sentAt, body),
  };
  const request = { url: endpoint.url, headers, body };
  const started = performance.now();
  try {
    const answer = await fetch(endpoint.url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = (await answer.text()).slice(0, RESPONSE_KEPT);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      statusCode: answer.status,
      latencyMs: Math.round(performance.now() - started),
      request,
      response: text,
    };
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return {
      ok: false,
      statusCode: null,
      latencyMs: Math.round(performance.now() - started),
      request,
      response: `no answer: ${reason}`.slice(0, RESPONSE_KEPT),
    };
  }
}
