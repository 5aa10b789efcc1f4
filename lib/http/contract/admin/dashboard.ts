// The console's overview: the dashboard's numbers and attention list, and this instance's health with
// every detail (errors, the wallet's address, queue backlogs) that the public health routes hide.
import { z } from "zod";
import { dashboardQuery } from "@/lib/console/request-schemas";
import { OrderStatus } from "@/lib/platform/db";
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

const figure = volume.meta({ description: "How many, and how much." });

const money = z
  .object({
    from: isoTime.meta({ description: "The range's first instant (midnight in Baghdad)." }),
    to: isoTime.meta({ description: "The instant after the range (exclusive)." }),
    paid: figure.meta({ description: "Cashier and agreement payments completed in the range." }),
    released: figure.meta({ description: "Escrow money customers released to the shop in the range." }),
    refunded: figure.meta({ description: "Refunds the wallet confirmed in the range." }),
    net: z.object({ amountFils: fils }).meta({ description: "paid + released − refunded." }),
    taken: figure.meta({
      description: "Escrow payments made in the range: held by the wallet, not yet the shop's.",
    }),
    returned: figure.meta({ description: "Escrow money given back in the range (cancel, void)." }),
    held: figure.meta({ description: "Escrow money the wallet holds for the shop now." }),
  })
  .meta({
    description:
      "The money of the day (or of `from`…`to`), each figure listed by GET /api/admin/orders?money=.",
  });

const dashboard = z.object({
  generatedAt: isoTime,
  readModelLagSeconds: z.number().nonnegative().nullable().meta({
    description:
      "How many seconds the figures may be behind: they are read from the read replica (DATABASE_REPLICA_URL), 0 while it is up to date; null without a replica.",
  }),
  money,
  today: dayVolume.meta({ description: "Payments made today (in Baghdad), escrow included." }),
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
  subscriptions: z
    .object({
      active: z.number().int().nonnegative().meta({ description: "ACTIVE or TRIALING now." }),
      new: z.object({ today: z.number().int().nonnegative(), last30Days: z.number().int().nonnegative() }),
      cancelled: z.object({
        today: z.number().int().nonnegative(),
        last30Days: z.number().int().nonnegative(),
      }),
      renewals: volume.meta({
        description: "Subscription charges paid in the money's range: part of `money.paid`, shown apart.",
      }),
      mrrDinars: z
        .string()
        .regex(/^\d+$/)
        .meta({
          description:
            "Monthly recurring revenue in whole dinars: each ACTIVE subscription's next charge (not one " +
            "ending at its period's end), weekly plans × 52 ÷ 12, yearly ÷ 12, each ÷ its interval count.",
        }),
    })
    .meta({ description: "Subscriptions (docs/subscriptions.md); today and 30 days are Baghdad days." }),
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
  query: dashboardQuery,
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
          readModelLagSeconds: null,
          money: {
            from: "2026-11-21T21:00:00.000Z",
            to: "2026-11-22T21:00:00.000Z",
            paid: { count: 1, amountFils: "12000000" },
            released: { count: 0, amountFils: "0" },
            refunded: { count: 1, amountFils: "5000000" },
            net: { amountFils: "7000000" },
            taken: { count: 1, amountFils: "9000000" },
            returned: { count: 0, amountFils: "0" },
            held: { count: 1, amountFils: "9000000" },
          },
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
          subscriptions: {
            active: 42,
            new: { today: 1, last30Days: 9 },
            cancelled: { today: 0, last30Days: 3 },
            renewals: { count: 0, amountFils: "0" },
            mrrDinars: "840000",
          },
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
