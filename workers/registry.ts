// Every queue's processor, by queue name.

import type { Processor } from "@/lib/platform/queue/define-job";
import type { QueueName } from "@/lib/platform/queue/definitions";
import { processEvents } from "./events";
import { processExpiry } from "./expiry";
import { processMaintenance } from "./maintenance";
import { processNotification } from "./notifications";
import { processPush } from "./push";
import { processReconcile } from "./reconcile";
import { processRefundPoll } from "./refund-poll";
import { processSubscriptions } from "./subscriptions";
import { processTokenRefresh } from "./token-refresh";

export const PROCESSORS: Record<QueueName, Processor> = {
  "token-refresh": processTokenRefresh,
  "refund-poll": processRefundPoll,
  reconcile: processReconcile,
  notifications: processNotification,
  expiry: processExpiry,
  push: processPush,
  maintenance: processMaintenance,
  events: processEvents,
  subscriptions: processSubscriptions,
};
