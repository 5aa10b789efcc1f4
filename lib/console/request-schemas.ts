// What the operator console's API accepts: the query strings and bodies of /api/admin/*. Their own
// module, free of service imports, so the API contract (lib/http/contract/admin) documents the very
// schemas the routes validate with and the services take their input types from. Error messages of
// invalid input come from here, so keep them as they are: the console and scripts read them.
import { z } from "zod";
import {
  NotificationKind,
  NotificationStatus,
  OrderFlow,
  RefundStatus,
  SubscriptionStatus,
} from "@/generated/prisma/enums";
import { MONEY_FIGURES } from "@/lib/console/money-figure-names";
import type { OrderActionName } from "@/lib/console/orders/actions/order-action-names";
import { ALERT_RULE_TYPES, CHAT_FORMATS } from "@/lib/events/alerts/alert-types";
import { ORDER_STATUSES } from "@/lib/payments/orders/order-state";
import { EVENT_TYPES } from "@/lib/platform/outbox/event-map";
import { toLatinDigits } from "@/lib/platform/validation/latin-digits";
import { pageAfter, pageLimit } from "@/lib/platform/validation/paging";

// ---------------------------------------------------------------- path parameters

/** `{id}` of /api/admin/notifications/{id}/reapply. */
export const notificationParams = z.object({ id: z.uuid({ message: "must be a notification id (a UUID)" }) });
/** `{id}` of /api/admin/products/{id}. */
export const productParams = z.object({ id: z.uuid({ message: "must be a product id (a UUID)" }) });
/** `{id}` of /api/admin/subscriptions/{id}. */
export const subscriptionParams = z.object({ id: z.uuid({ message: "must be a subscription id (a UUID)" }) });
/** `{id}` of /api/admin/operators/{id}. */
export const operatorParams = z.object({ id: z.uuid({ message: "must be an operator id (a UUID)" }) });

// ---------------------------------------------------------------- paging

const after = pageAfter;
const limit = pageLimit;

// ---------------------------------------------------------------- orders

const filsFilter = z
  .string()
  .regex(/^\d{1,18}$/, { message: "must be a whole number of fils" })
  .transform((value) => BigInt(value));
const day = z.iso.date({ message: "must be a date (YYYY-MM-DD)" });

/** The order list's query string, as the page's filter form and the API send it. */
/** The dashboard's money range: Baghdad days, inclusive; today when left out. */
export const dashboardQuery = z.object({
  from: day
    .optional()
    .meta({ description: "First day (in Baghdad) of the money figures; today by default." }),
  to: day.optional().meta({ description: "Last day (in Baghdad), inclusive; `from` by default." }),
});

export const orderListQuery = z.object({
  status: z
    .union([z.enum(ORDER_STATUSES), z.array(z.enum(ORDER_STATUSES))])
    .optional()
    .transform((value) => (value === undefined ? undefined : [value].flat())),
  flow: z.enum(OrderFlow).optional(),
  /** Calendar days in Asia/Baghdad, inclusive. */
  from: day.optional().meta({ description: "First day (in Baghdad), inclusive." }),
  to: day.optional().meta({ description: "Last day (in Baghdad), inclusive." }),
  minAmount: filsFilter.optional(),
  maxAmount: filsFilter.optional(),
  customerId: z.uuid().optional(),
  refunded: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true"))
    .meta({
      description:
        "true: orders the wallet confirmed money back for, in part or whole; false: none confirmed. " +
        "A refund awaiting approval or still in flight does not count.",
    }),
  money: z
    .enum(MONEY_FIGURES)
    .optional()
    .meta({
      description:
        "The orders that make one of the dashboard's money figures (paid, released, refunded, taken, " +
        "returned, held); `from` and `to` then name the days of that money's movement, not of the order.",
    }),
  attention: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true")),
  q: z
    .string()
    .max(128)
    .optional()
    .meta({
      description:
        "The search box: a paymentRequestId (pay_…), a wallet paymentId, an order id or a customer id " +
        "(any case), the short id lists show (…6da0a753), an amount in dinars, and — only for operators " +
        "with customers.personal-data — a phone number or part of a customer's name.",
    }),
  after,
  limit,
});
export type OrderListQuery = z.output<typeof orderListQuery>;

const actionFils = z
  .union([z.string().regex(/^\d{1,18}$/), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform((value) => BigInt(value))
  .refine((value) => value > 0n, { message: "must be more than zero fils" });

/** The body of each action on an order (POST /api/admin/orders/{id}/<action's path segment>). */
export const ORDER_ACTION_INPUT = {
  accept: z.strictObject({}),
  cancel: z.strictObject({}),
  void: z.strictObject({
    amount: actionFils.optional().meta({ description: "Fils to void; left out, all that is still held." }),
  }),
  refund: z.strictObject({ amount: actionFils, reason: z.string().trim().min(1).max(256) }),
  reconcile: z.strictObject({}),
} as const satisfies Record<OrderActionName, z.ZodType>;

/** The body of each action on a subscription (POST /api/admin/subscriptions/{id}/<action>). */
export const SUBSCRIPTION_ACTION_INPUT = {
  pause: z.strictObject({}),
  resume: z.strictObject({}),
  cancel: z.strictObject({
    atPeriodEnd: z.boolean().meta({
      description:
        "true: at the end of the period paid for (the customer keeps access until then, nothing more is " +
        "charged); false: now, open periods voided. Paused, past due or pending subscriptions end now either way.",
    }),
  }),
  retry: z.strictObject({
    period: z.number().int().positive().meta({ description: "The period being dunned." }),
    attemptsSeen: z
      .number()
      .int()
      .nonnegative()
      .meta({
        description:
          "Its tries as the operator saw them (`attempts`): refused if another try started since, so a " +
          "second click never tries again on the operator's behalf.",
      }),
  }),
} as const;

export type SubscriptionActionKind = keyof typeof SUBSCRIPTION_ACTION_INPUT;
export type SubscriptionActionInput<N extends SubscriptionActionKind> = z.output<
  (typeof SUBSCRIPTION_ACTION_INPUT)[N]
>;

/** `{id}` and `{number}` of /api/admin/subscriptions/{id}/periods/{number}/refunds. */
export const subscriptionPeriodParams = z.object({
  id: z.uuid({ message: "must be a subscription id (a UUID)" }),
  number: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { message: "must be a period number (1, 2, …)" })
    .transform(Number),
});

export type OrderActionInput<N extends OrderActionName> = z.output<(typeof ORDER_ACTION_INPUT)[N]>;

// ---------------------------------------------------------------- the other lists

export const refundListQuery = z.object({
  status: z.enum(RefundStatus).optional(),
  attention: z.literal("true").optional(),
  after,
  limit,
});

export const customerListQuery = z.object({
  q: z.string().max(128).optional().meta({ description: "A customer id or the wallet's customerId." }),
  reauthorize: z.literal("true").optional(),
  after,
  limit,
});

export const subscriptionListQuery = z.object({
  status: z.enum(SubscriptionStatus).optional(),
  planId: z.uuid().optional(),
  q: z
    .string()
    .max(128)
    .optional()
    .meta({
      description:
        "The search box: a subscription id, a customer id or the wallet's customerId, a charge's " +
        "paymentRequestId (sub_…) or order id, the short id lists show (…6da0a753), a plan's SKU or " +
        "part of its name, and — only for operators with customers.personal-data — a customer's phone " +
        "number or part of their name.",
    }),
  after,
  limit,
});

export const notificationListQuery = z.object({
  status: z.enum(NotificationStatus).optional(),
  kind: z.enum(NotificationKind).optional(),
  orderId: z.uuid().optional(),
  after,
  limit,
});

/** A webhook endpoint's delivery log, and the dead letter. */
export const deliveryListQuery = z.object({ after, limit });

// ---------------------------------------------------------------- catalog

const priceFils = z
  .union([z.string().regex(/^\d{1,15}$/), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform((value) => BigInt(value))
  .refine((value) => value > 0n, { message: "must be more than zero fils" });

export const productInput = z.strictObject({
  sku: z
    .string()
    .trim()
    .regex(/^[A-Z0-9][A-Z0-9_-]{0,63}$/, { message: "1-64 capital letters, digits, _ or -" }),
  name: z.string().trim().min(1).max(120),
  nameArabic: z.string().trim().min(1).max(120),
  priceFils,
  active: z.boolean().default(true),
});

export const productUpdate = productInput
  .omit({ sku: true })
  .partial()
  .extend({
    confirmLargePriceChange: z
      .boolean()
      .optional()
      .meta({
        description:
          "Required (true) to set a price above ten times the current one or below a tenth of it: " +
          "such a change is nearly always a slip (1.25 typed for 1,250) and is live at once.",
      }),
  });

// ---------------------------------------------------------------- operators

/** Resolving an order's flag: what the operator found and did, for the timeline and the audit log. */
export const flagResolution = z.strictObject({
  note: z
    .string()
    .trim()
    .min(3)
    .max(500)
    .meta({ examples: ["Checked with the wallet's support: paid, delivered."] }),
});

// ---------------------------------------------------------------- refund requests

export const refundRequestParams = z.object({
  id: z.uuid({ message: "must be a refund request id (a UUID)" }),
});

export const refundDecision = z.strictObject({
  note: z
    .string()
    .trim()
    .max(256)
    .optional()
    .meta({ description: "Why: shown on the order's timeline and in the audit log." }),
});

// ---------------------------------------------------------------- roles

// ---------------------------------------------------------------- API keys

/** `{id}` of /api/admin/api-keys/{id}. */
export const apiKeyParams = z.object({ id: z.uuid({ message: "must be an API key id (a UUID)" }) });

export const secondFactorCode = z.strictObject({
  code: z
    .string()
    .trim()
    .transform(toLatinDigits)
    .pipe(z.string().regex(/^\d{6}$/, { message: "must be the six digits the authenticator app shows" }))
    .meta({ examples: ["492039"] }),
});

/** A browser's WebAuthn answer, checked by @simplewebauthn/server; only its shape is checked here. */
const webAuthnAnswer = z
  .looseObject({
    id: z.string().min(1).max(1024),
    rawId: z.string().max(1024),
    type: z.literal("public-key"),
  })
  .meta({ description: "What @simplewebauthn/browser's startRegistration answered, as JSON." });

export const passkeyInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .meta({ description: 'What you call this passkey, e.g. "Shop phone".' }),
  response: webAuthnAnswer,
});

export const passkeyParams = z.object({ id: z.uuid({ message: "must be a passkey id (a UUID)" }) });

export const sessionParams = z.object({ id: z.uuid({ message: "must be a session id (a UUID)" }) });

export const sessionListQuery = z.object({
  operatorId: z
    .uuid()
    .optional()
    .meta({ description: "Another operator's sessions (ADMIN only); yours when left out." }),
});

// ---------------------------------------------------------------- events: webhooks and deliveries

/** `{id}` of /api/admin/webhooks/{id}. */
export const webhookEndpointParams = z.object({
  id: z.uuid({ message: "must be a webhook endpoint id (a UUID)" }),
});
/** `{id}` of /api/admin/deliveries/{id}/resend. */
export const deliveryParams = z.object({ id: z.uuid({ message: "must be a delivery id (a UUID)" }) });

const webhookUrl = z
  .url({ protocol: /^https?$/, message: "must be an http:// or https:// address" })
  .max(2_000)
  .meta({
    description: "Where the events are POSTed. HTTPS in production.",
    examples: ["https://shop.example/hooks"],
  });

const eventTypes = z
  .array(z.enum(EVENT_TYPES))
  .max(EVENT_TYPES.length)
  .meta({ description: "The event types it receives; an empty list means every type." });

export const webhookEndpointInput = z.strictObject({
  url: webhookUrl,
  description: z
    .string()
    .trim()
    .max(200)
    .default("")
    .meta({ description: "What it is, for the next person." }),
  events: eventTypes.default([]),
});

export const webhookEndpointUpdate = z.strictObject({
  url: webhookUrl.optional(),
  description: z.string().trim().max(200).optional(),
  events: eventTypes.optional(),
  enabled: z.boolean().optional().meta({
    description:
      "Turning it back on clears the record of its failures; deliveries that gave up meanwhile can be re-sent.",
  }),
});

// ---------------------------------------------------------------- alerts

/** `{id}` of /api/admin/alerts/rules/{id}. */
export const alertRuleParams = z.object({ id: z.uuid({ message: "must be an alert rule id (a UUID)" }) });

const foldSeconds = z
  .number()
  .int()
  .min(0)
  .max(86_400)
  .meta({ description: "Events within this many seconds are folded into one message (0 to 86,400)." });

export const alertRuleInput = z
  .strictObject({
    eventType: z.enum(ALERT_RULE_TYPES).meta({ description: "An alertable event type, or daily.summary." }),
    channel: z.enum(["EMAIL", "CHAT"]),
    target: z
      .string()
      .trim()
      .min(3)
      .max(2_000)
      .meta({
        description: "An e-mail address (EMAIL), or the chat webhook's URL (CHAT).",
        examples: ["ops@shop.example"],
      }),
    chatFormat: z
      .enum(CHAT_FORMATS)
      .optional()
      .meta({ description: "CHAT only: slack, discord, telegram or json (default)." }),
    foldSeconds: foldSeconds.default(60),
  })
  .superRefine((rule, context) => {
    const valid =
      rule.channel === "EMAIL"
        ? z.email().safeParse(rule.target).success
        : z.url({ protocol: /^https?$/ }).safeParse(rule.target).success;
    if (!valid) {
      context.addIssue({
        code: "custom",
        path: ["target"],
        message:
          rule.channel === "EMAIL" ? "must be an e-mail address" : "must be an http:// or https:// address",
      });
    }
    if (rule.channel === "EMAIL" && rule.chatFormat !== undefined) {
      context.addIssue({ code: "custom", path: ["chatFormat"], message: "is for CHAT rules only" });
    }
  });

export const alertRuleUpdate = z.strictObject({
  enabled: z.boolean().optional(),
  foldSeconds: foldSeconds.optional(),
});
