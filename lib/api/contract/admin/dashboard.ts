// The console's overview: the dashboard's numbers and attention list, and this instance's health with
// every detail (errors, the wallet's address, queue backlogs) that the public health routes hide.
import { z } from "zod";
import { OrderStatus } from "@/lib/db";
import { defineEndpoint } from "../endpoint";
import { healthReport } from "../health";
import { fils, isoTime } from "../shared-schemas";
import { escrowOrderRow, signedOut } from "./examples";
import { orderRow, queueMetrics, refundRecord } from "./records";

const volume = z.object({ count: z.number().int().nonnegative(), amountFils: fils });

const dayVolume = volume.extend({ day: z.iso.date().meta({ description: "A day in Baghdad." }) });

const attentionList = z.object({
  count: z.number().int().nonnegative().meta({ description: "All of them; `orders` has the latest 20." }),
  orders: z.array(orderRow),
});

const dashboard = z.object({
  generatedAt: isoTime,
  today: dayVolume.meta({ description: "Paid today (in Baghdad)." }),
  last30Days: volume.extend({
    days: z.array(dayVolume).meta({ description: "Every day of the 30, oldest first, zeros included." }),
  }),
  byStatus: z.partialRecord(z.enum(OrderStatus), z.number().int().nonnegative()).meta({
    description: "Orders created in the last 30 days, by status; statuses without any are left out.",
  }),
  escrowHeld: volume.meta({ description: "Escrow money the wallet holds for us (paid or accepted)." }),
  refundsInFlight: volume.meta({ description: "Refunds the wallet has not settled yet." }),
  attention: z.object({
    flagged: attentionList.meta({ description: "Orders flagged for an operator." }),
    unknownPayments: attentionList.meta({ description: "Payments whose outcome is unknown." }),
    awaitingAccept: attentionList.meta({ description: "Paid escrow orders waiting to be accepted." }),
    flaggedRefunds: z
      .array(refundRecord)
      .meta({ description: "The latest 20 refunds flagged for an operator." }),
    stuckJobs: z.array(queueMetrics).meta({
      description: "Queues with failed jobs, or whose oldest waiting job waited over 5 minutes.",
    }),
  }),
  queues: z.array(queueMetrics).meta({ description: "Empty while Redis does not answer." }),
});
export type DashboardJson = z.input<typeof dashboard>;

const emptyDay = (day: string) => ({ day, count: 0, amountFils: "0" });

export const adminGetDashboard = defineEndpoint({
  operationId: "adminGetDashboard",
  method: "get",
  path: "/api/admin/dashboard",
  summary: "Paid volume, orders by status, money held and in flight, what needs a person",
  description: "Days are calendar days in Baghdad (UTC+3).",
  auth: { operator: "orders.read" },
  responses: { 200: { description: "The dashboard.", body: dashboard } },
  examples: [
    {
      name: "quiet-day",
      summary: "One escrow order waiting to be accepted (the 30 days abridged)",
      request: {},
      response: {
        status: 200,
        body: {
          generatedAt: "2026-11-22T10:15:00.000Z",
          today: { day: "2026-11-22", count: 2, amountFils: "21000000" },
          last30Days: {
            count: 2,
            amountFils: "21000000",
            days: [
              emptyDay("2026-10-24"),
              emptyDay("2026-10-25"),
              { day: "2026-11-22", count: 2, amountFils: "21000000" },
            ],
          },
          byStatus: { PAID: 2, CLOSED: 1 },
          escrowHeld: { count: 1, amountFils: "9000000" },
          refundsInFlight: { count: 0, amountFils: "0" },
          attention: {
            flagged: { count: 0, orders: [] },
            unknownPayments: { count: 0, orders: [] },
            awaitingAccept: { count: 1, orders: [escrowOrderRow] },
            flaggedRefunds: [],
            stuckJobs: [],
          },
          queues: [
            {
              queue: "reconcile",
              waiting: 0,
              active: 0,
              delayed: 1,
              failed: 0,
              completed: 41,
              oldestWaitingAgeMs: null,
            },
          ],
        },
      },
    },
  ],
});

export const adminGetHealth = defineEndpoint({
  operationId: "adminGetHealth",
  method: "get",
  path: "/api/admin/health",
  summary: "This instance's health with every detail and the queues",
  description:
    "Always 200 with the report: `status` says whether the database and Redis answer. Each check's " +
    "`error` and `detail` are filled in (the wallet's address, each queue's backlog).",
  auth: { operator: "orders.read" },
  responses: {
    200: {
      description: "The report.",
      body: healthReport,
      headers: z.object({ "Cache-Control": z.literal("no-store") }),
    },
  },
  examples: [
    {
      name: "redis-down",
      summary: "Redis does not answer",
      request: {},
      response: {
        status: 200,
        body: {
          status: "degraded",
          checkedAt: "2026-11-22T10:15:00.000Z",
          checks: {
            database: { ok: true, latencyMs: 1.2 },
            redis: { ok: false, latencyMs: 2000, error: "no answer within 2000 ms" },
            wallet: {
              ok: true,
              latencyMs: 35.4,
              state: "ok",
              detail: {
                state: "ok",
                resultCode: "INVALID_ACCESS_TOKEN",
                baseUrl: "https://wallet.example",
                sandbox: false,
              },
            },
            queues: { ok: false, latencyMs: 2000, error: "no answer within 2000 ms" },
          },
        },
      },
    },
    {
      name: "not-signed-in",
      summary: "Without a session",
      request: {},
      response: signedOut,
    },
  ],
});
