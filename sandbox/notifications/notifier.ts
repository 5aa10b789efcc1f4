// Sends the wallet's notifications and retries them until the merchant acknowledges.
//
// Every notification is stored before its first send, with its body text fixed, so a restart
// resumes pending deliveries and every retry carries the same bytes. Each send is signed afresh
// (new Request-Time) with the wallet key; the sign content uses the notify URL's path and the
// merchant's Client-Id (docs/wallet-interface.md, "Notifications"). Retries follow the sandbox
// clock, so advancing it makes due retries fire.
import type { KeyObject } from "node:crypto";
import { formatWalletTime, JSON_CONTENT_TYPE, signMessage } from "@/lib/wallet/signature";
import type { SandboxClock } from "../clock";
import type { FaultBook } from "../domain/faults";
import { NOTIFICATION_OUTCOMES } from "../domain/faults";
import { newId } from "../ids";
import { type Settings, wallClock } from "../settings";
import type { DeliveryAttempt, Notification, NotificationKind } from "../store/entities";
import type { SandboxStore } from "../store/store";
import { isAcknowledgement, MAX_SENDS, nextSendAt } from "./schedule";

/** keyVersion the wallet signs with. */
export const WALLET_KEY_VERSION = "1";

export interface NotifierDeps {
  store: SandboxStore;
  clock: SandboxClock;
  faults: FaultBook;
  walletPrivateKey: KeyObject;
  settings: () => Settings;
}

export interface NewNotification {
  kind: NotificationKind;
  clientId: string;
  url: string;
  payload: Record<string, unknown>;
  paymentId: string;
  subjectId: string;
}

export class Notifier {
  private readonly inFlight = new Map<string, Promise<void>>();
  private aborter = new AbortController();
  private closed = false;
  private kickScheduled = false;

  constructor(private readonly deps: NotifierDeps) {}

  enqueue(input: NewNotification): Notification {
    const { store, clock, faults, settings } = this.deps;
    const now = clock.nowMs();
    const fault = faults.take(input.kind, input.clientId, NOTIFICATION_OUTCOMES);
    const notification: Notification = {
      id: newId("ntf_", 10),
      kind: input.kind,
      clientId: input.clientId,
      url: input.url,
      body: JSON.stringify(input.payload),
      paymentId: input.paymentId,
      subjectId: input.subjectId,
      createdAt: now,
      // DROP_NOTIFICATION: recorded, never sent; the merchant must find the result by inquiry.
      status: fault === "DROP_NOTIFICATION" ? "DROPPED" : "PENDING",
      sends: 0,
      nextAttemptAt:
        fault === "DROP_NOTIFICATION"
          ? undefined
          : fault === "DELAY_NOTIFICATION"
            ? now + settings().notificationDelaySeconds * 1000
            : now,
      duplicate: fault === "DUPLICATE_NOTIFICATION",
      attempts: [],
    };
    store.save("notification", notification);
    this.kick();
    return notification;
  }

  /** Runs due deliveries soon, outside the operation that created them. */
  kick(): void {
    if (this.kickScheduled || this.closed) return;
    this.kickScheduled = true;
    setImmediate(() => {
      this.kickScheduled = false;
      void this.runDue();
    });
  }

  /** Sends every notification that is due and waits for those sends (and any already running). */
  async runDue(): Promise<void> {
    if (this.closed) return;
    const now = this.deps.clock.nowMs();
    for (const notification of this.deps.store.pendingNotifications) {
      if (this.inFlight.has(notification.id)) continue;
      if (notification.nextAttemptAt === undefined || notification.nextAttemptAt > now) continue;
      const delivery = this.deliver(notification).finally(() => this.inFlight.delete(notification.id));
      this.inFlight.set(notification.id, delivery);
    }
    await Promise.allSettled([...this.inFlight.values()]);
  }

  private async deliver(notification: Notification): Promise<void> {
    const sentAt = this.deps.clock.nowMs();
    const copies = notification.duplicate ? 2 : 1;
    let acknowledged = false;
    for (let copy = 1; copy <= copies; copy++) {
      const attempt = await this.send(notification, notification.sends + 1, copy);
      if (this.closed) return; // shutting down: the send is retried after the restart
      notification.attempts.push(attempt);
      acknowledged ||= attempt.acknowledged;
    }
    notification.sends += 1;
    if (acknowledged) {
      notification.status = "DELIVERED";
      notification.nextAttemptAt = undefined;
    } else {
      const next = notification.sends < MAX_SENDS ? nextSendAt(notification.sends, sentAt) : undefined;
      notification.nextAttemptAt = next;
      if (next === undefined) notification.status = "FAILED";
    }
    this.deps.store.save("notification", notification);
  }

  private async send(notification: Notification, attempt: number, copy: number): Promise<DeliveryAttempt> {
    const at = this.deps.clock.nowMs();
    const started = Date.now();
    // Request-Time is the wall clock: the merchant checks it against its own (5-minute window).
    const time = formatWalletTime(wallClock(this.deps.settings()));
    let path: string;
    try {
      path = new URL(notification.url).pathname;
    } catch {
      return { attempt, at, copy, error: "invalid notify URL", acknowledged: false, durationMs: 0 };
    }
    const signature = signMessage(
      { method: "POST", path, clientId: notification.clientId, time, body: notification.body },
      this.deps.walletPrivateKey,
      WALLET_KEY_VERSION,
    );
    const timeout = AbortSignal.timeout(this.deps.settings().notificationTimeoutMs);
    try {
      const response = await fetch(notification.url, {
        method: "POST",
        headers: {
          "Content-Type": JSON_CONTENT_TYPE,
          "Client-Id": notification.clientId,
          "Request-Time": time,
          Signature: signature,
        },
        body: notification.body,
        signal: AbortSignal.any([timeout, this.aborter.signal]),
        redirect: "manual",
      });
      const text = await response.text();
      return {
        attempt,
        at,
        copy,
        httpStatus: response.status,
        acknowledged: response.ok && isAcknowledgement(text),
        responseSnippet: text.slice(0, 300),
        durationMs: Date.now() - started,
      };
    } catch (error) {
      const reason = timeout.aborted ? "no answer within the timeout" : describe(error);
      return { attempt, at, copy, error: reason, acknowledged: false, durationMs: Date.now() - started };
    }
  }

  /**
   * For a reset: cuts the sends in flight and waits until they have recorded their (failed)
   * attempt, so that the reset, which comes after, wipes that record too.
   */
  async abandonInFlight(): Promise<void> {
    this.aborter.abort();
    this.aborter = new AbortController();
    await Promise.allSettled([...this.inFlight.values()]);
  }

  close(): void {
    this.closed = true;
    this.aborter.abort();
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
