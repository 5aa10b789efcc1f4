// One webhook request: the event as JSON, signed per Standard Webhooks (the `standardwebhooks`
// package: `webhook-id` is the event's id, the same on every retry and re-send, so receivers
// deduplicate on it; `webhook-timestamp` is the moment of this attempt, so receivers can refuse
// replays). A 2xx answer is a delivery; anything else, a redirect included, is a failure. It goes out
// under the outbound policy (lib/platform/outbound), and the receiver's answer is never kept.
import { Webhook } from "standardwebhooks";
import type { OutboundFailure } from "@/lib/platform/outbound/failures";
import type { OutboundPolicy } from "@/lib/platform/outbound/outbound-policy";
import { postOutbound } from "@/lib/platform/outbound/outbound-request";
import type { DomainEvent } from "@/lib/platform/outbox/event-map";

/** What is kept of each attempt (delivery_attempts). */
export interface AttemptRecord {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  request: { url: string; headers: Record<string, string>; body: string } | null;
  /** How a webhook failed (never what its receiver answered); null for hooks and successes. */
  failure: OutboundFailure | null;
  /** A hook's own error message; always null for webhooks. */
  response: string | null;
}

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
  options: { outbound: OutboundPolicy; timeoutMs: number; now?: Date },
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
  const answer = await postOutbound(options.outbound, endpoint.url, {
    headers,
    body,
    timeoutMs: options.timeoutMs,
  });
  return { ...answer, request, response: null };
}
