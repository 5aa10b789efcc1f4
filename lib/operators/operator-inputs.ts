// What the operators' services accept: new operators and their changes, roles, API keys, the audit
// log's query. The console's API validates its bodies with these (lib/http/contract/admin), so the
// rules live beside the services that rely on them.
import { z } from "zod";
import { pageAfter as after, pageLimit as limit } from "@/lib/platform/validation/paging";
import { PERMISSIONS } from "./roles/permissions";
import { normalizeEmail, passwordProblem } from "./sign-in/credential-rules";

export const auditListQuery = z.object({
  operatorId: z.uuid().optional(),
  action: z.string().max(64).optional(),
  subjectId: z.string().max(64).optional(),
  after,
  limit,
});

const password = z
  .string()
  .superRefine((value, check) => {
    const problem = passwordProblem(value);
    if (problem) check.addIssue({ code: "custom", message: problem });
  })
  .meta({ description: "12 to 256 characters; no composition rules." });

const role = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{1,39}$/, { message: "must be a role's key, e.g. SUPPORT" })
  .meta({
    description: "The role's key: VIEWER, SUPPORT, FINANCE, ADMIN or one an admin made.",
    examples: ["SUPPORT"],
  });

export const operatorInput = z.strictObject({
  email: z.email().max(320).transform(normalizeEmail),
  name: z.string().trim().min(1).max(120),
  role,
  password,
});

export const operatorUpdate = z.strictObject({
  role: role.optional(),
  disabled: z.boolean().optional(),
  unlock: z
    .literal(true)
    .optional()
    .meta({ description: "Lets the operator try again at once from anywhere after wrong passwords." }),
  password: password.optional(),
});

/** A refund limit in fils, or null for none; 0 means every refund waits for approval. */
const limitFils = z
  .union([z.string().regex(/^\d{1,18}$/), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform((value) => BigInt(value))
  .nullable();

export const roleUpdate = z.strictObject({
  name: z.string().trim().min(1).max(60).optional(),
  permissions: z
    .array(z.enum(PERMISSIONS))
    .max(PERMISSIONS.length * 2)
    .optional(),
  refundLimitFils: limitFils
    .optional()
    .meta({ description: "The largest refund sent without approval, in fils; null: no limit." }),
  dailyRefundLimitFils: limitFils.optional().meta({
    description: "What one operator refunds in a Baghdad day without approval, in fils; null: no limit.",
  }),
  requireSecondFactor: z.boolean().optional(),
});

export const roleInput = roleUpdate.required({ name: true, permissions: true });

export const roleParams = z.object({ key: role });

export const secondFactorPolicy = z.strictObject({
  requireSecondFactor: z
    .boolean()
    .meta({ description: "For every role at once: required, or not required." }),
});

/** The longest an API key may live: a key that never expires is a key nobody remembers to revoke. */
const API_KEY_MAX_DAYS = 366;

export const apiKeyInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .meta({ description: 'What the key is for, e.g. "nightly CSV export".' }),
  role: role.meta({ description: "What the key may do: its role, at most its maker's." }),
  expiresInDays: z
    .number()
    .int()
    .min(1)
    .max(API_KEY_MAX_DAYS)
    .meta({ description: `Days until the key stops working (1 to ${API_KEY_MAX_DAYS}).` }),
});
