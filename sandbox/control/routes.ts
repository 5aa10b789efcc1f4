// The control API under /sandbox/* (sandbox/README.md, "Control API"): test-only, disabled when the
// sandbox runs with SANDBOX_MODE=off. Plain JSON, no signatures; errors are
// `{error:{code,message,details?}}` like the merchant's own API.
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { loadPublicKey } from "@/lib/wallet/signature";
import { describeOffset } from "../clock";
import type { SandboxContext } from "../context";
import {
  AuthorizationError,
  agreementTokenOf,
  authorizeAgreement,
  authorizeScopes,
} from "../domain/authorization";
import { runDueWork } from "../domain/due-work";
import { cancelAtCashier, payAtCashier } from "../domain/payments";
import { resetClock, resetSandbox } from "../domain/reset";
import { revokeAgreements } from "../domain/tokens";
import { upsertUser } from "../domain/users";
import { registeredKeys } from "../http/authenticate";
import { readBody } from "../http/read-body";
import { sendJson } from "../http/respond";
import { WALLET_KEY_VERSION } from "../notifications/notifier";
import { WalletFailure } from "../operations/results";
import { mergeSettings } from "../settings";
import type { Merchant } from "../store/entities";
import { merchantView, notificationView, paymentControlView, refundView, userView } from "./views";

class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

const merchantInput = z.strictObject({
  clientId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/),
  publicKeyPem: z.string().min(1),
  /** The version the merchant names in its Signature header for this key (default 1). */
  keyVersion: z
    .union([z.string().regex(/^\w{1,16}$/), z.number().int().nonnegative()])
    .transform(String)
    .optional(),
  notifyUrlAllowlist: z.array(z.string().min(1)).optional(),
  status: z.enum(["NORMAL", "RESTRICTED", "CLOSED"]).optional(),
  merchantName: z.string().min(1).max(128).optional(),
  merchantNameArabic: z.string().min(1).max(128).optional(),
  merchantLogo: z.string().min(1).max(1024).optional(),
});

const authCodeInput = z.strictObject({
  userId: z.string().min(1).max(64),
  scopes: z.array(z.string().min(1)).min(1),
  clientId: z.string().min(1).optional(),
});

const agreementInput = z
  .strictObject({
    authorizationUrl: z.string().min(1).optional(),
    token: z.string().min(1).optional(),
    userId: z.string().min(1).max(64),
  })
  .refine((input) => input.authorizationUrl || input.token, {
    error: "authorizationUrl or token is required",
  });

const revokeInput = z.strictObject({
  userId: z.string().min(1).max(64),
  clientId: z.string().min(1).optional(),
});

const clockInput = z.union([
  z.strictObject({
    advanceSeconds: z
      .number()
      .nonnegative()
      .max(10 * 365 * 24 * 3600),
  }),
  z.strictObject({ reset: z.literal(true) }),
]);

async function jsonBody(request: IncomingMessage): Promise<unknown> {
  const text = await readBody(request);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ControlError(400, "INVALID_JSON", "the body is not JSON");
  }
}

function registerMerchant(ctx: SandboxContext, input: unknown) {
  const parsed = merchantInput.parse(input);
  try {
    loadPublicKey(parsed.publicKeyPem);
  } catch (error) {
    throw new ControlError(
      400,
      "INVALID_PUBLIC_KEY",
      `publicKeyPem is not an RSA public key: ${String(error)}`,
    );
  }
  const existing = ctx.store.get("merchant", parsed.clientId);
  const merchant: Merchant = {
    clientId: parsed.clientId,
    publicKeyPem: parsed.publicKeyPem,
    publicKeys: {
      ...(existing ? registeredKeys(existing) : {}),
      [parsed.keyVersion ?? "1"]: parsed.publicKeyPem,
    },
    status: parsed.status ?? existing?.status ?? "NORMAL",
    notifyUrlAllowlist: parsed.notifyUrlAllowlist ?? existing?.notifyUrlAllowlist ?? [],
    merchantId:
      existing?.merchantId ??
      `2188${Buffer.from(parsed.clientId).toString("hex").slice(0, 12).padEnd(12, "0")}`,
    merchantName: parsed.merchantName ?? existing?.merchantName ?? "Sandbox Merchant",
    merchantNameArabic: parsed.merchantNameArabic ?? existing?.merchantNameArabic ?? "تاجر تجريبي",
    merchantLogo:
      parsed.merchantLogo ?? existing?.merchantLogo ?? "https://sandbox.invalid/merchant-logo.png",
    createdAt: existing?.createdAt ?? ctx.clock.nowMs(),
  };
  ctx.store.save("merchant", merchant);
  return {
    ...merchantView(merchant),
    walletPublicKeyPem: ctx.walletPublicKeyPem,
    walletKeyVersion: WALLET_KEY_VERSION,
  };
}

function cashierPayment(ctx: SandboxContext, paymentId: string) {
  const payment = ctx.store.get("payment", paymentId);
  if (!payment) throw new ControlError(404, "ORDER_NOT_EXIST", "no such payment");
  return payment;
}

function matches(query: URLSearchParams, fields: Record<string, string | undefined>): boolean {
  for (const [name, value] of Object.entries(fields)) {
    const wanted = query.get(name);
    if (wanted !== null && wanted !== value) return false;
  }
  return true;
}

type Route = (
  ctx: SandboxContext,
  request: IncomingMessage,
  params: string[],
  query: URLSearchParams,
) => unknown;

const ROUTES: { method: string; pattern: RegExp; run: Route }[] = [
  {
    method: "POST",
    pattern: /^\/sandbox\/merchants$/,
    run: async (ctx, req) => registerMerchant(ctx, await jsonBody(req)),
  },
  {
    method: "GET",
    pattern: /^\/sandbox\/merchants$/,
    run: (ctx) => [...ctx.store.all("merchant")].map(merchantView),
  },
  {
    method: "POST",
    pattern: /^\/sandbox\/users$/,
    run: async (ctx, req) => userView(upsertUser(ctx.store, ctx.clock, ctx.settings(), await jsonBody(req))),
  },
  {
    method: "GET",
    pattern: /^\/sandbox\/users\/([^/]+)$/,
    run: (ctx, _req, [userId = ""]) => {
      const user = ctx.store.get("user", decodeURIComponent(userId));
      if (!user) throw new ControlError(404, "USER_NOT_EXIST", "no such user");
      return userView(user);
    },
  },
  {
    method: "POST",
    pattern: /^\/sandbox\/authCodes$/,
    run: async (ctx, req) => authorizeScopes(ctx, authCodeInput.parse(await jsonBody(req))),
  },
  {
    method: "POST",
    pattern: /^\/sandbox\/cashier\/([^/]+)\/(pay|cancel)$/,
    run: (ctx, _req, [paymentId = "", action]) => {
      const payment = cashierPayment(ctx, decodeURIComponent(paymentId));
      return ctx.locks.run(payment.paymentId, 0, () => {
        const outcome = action === "pay" ? payAtCashier(ctx, payment) : cancelAtCashier(ctx, payment);
        if (!outcome.ok) throw new ControlError(409, outcome.code, outcome.message);
        return paymentControlView(outcome.payment);
      });
    },
  },
  {
    method: "POST",
    pattern: /^\/sandbox\/agreements\/authorize$/,
    run: async (ctx, req) => {
      const input = agreementInput.parse(await jsonBody(req));
      const token = agreementTokenOf(input);
      if (!token) throw new ControlError(400, "INVALID_AGREEMENT", "authorizationUrl carries no token");
      return authorizeAgreement(ctx, { token, userId: input.userId });
    },
  },
  {
    method: "POST",
    pattern: /^\/sandbox\/agreements\/revoke$/,
    run: async (ctx, req) => {
      const input = revokeInput.parse(await jsonBody(req));
      if (!ctx.store.get("user", input.userId)) throw new ControlError(404, "USER_NOT_EXIST", "no such user");
      return { revoked: revokeAgreements(ctx.store, ctx.clock, input) };
    },
  },
  {
    method: "POST",
    pattern: /^\/sandbox\/faults$/,
    run: async (ctx, req) => ctx.faults.add(await jsonBody(req)),
  },
  { method: "GET", pattern: /^\/sandbox\/faults$/, run: (ctx) => ctx.faults.list() },
  {
    method: "DELETE",
    pattern: /^\/sandbox\/faults$/,
    run: (ctx) => {
      ctx.faults.clear();
      return { cleared: true };
    },
  },
  {
    method: "POST",
    pattern: /^\/sandbox\/clock$/,
    run: async (ctx, req) => {
      const input = clockInput.parse(await jsonBody(req));
      if ("reset" in input) {
        resetClock(ctx);
        return clockView(ctx);
      }
      ctx.clock.advance(input.advanceSeconds);
      ctx.store.save("clock", { offsetMs: ctx.clock.offset });
      // Due work (expiries, refunds, notification retries) runs before the answer, so the caller
      // sees its effects at once.
      await runDueWork(ctx);
      return clockView(ctx);
    },
  },
  { method: "GET", pattern: /^\/sandbox\/clock$/, run: (ctx) => clockView(ctx) },
  {
    method: "POST",
    pattern: /^\/sandbox\/reset$/,
    run: async (ctx) => {
      // An operation holding a payment's lock would save its result into the fresh state.
      const busy = ctx.locks.list();
      if (busy.length > 0) {
        throw new ControlError(
          409,
          "OPERATION_IN_PROGRESS",
          "operations are running; reset when they finish",
          {
            held: busy,
          },
        );
      }
      await resetSandbox(ctx);
      return { reset: true, kept: { merchants: ctx.store.count("merchant") }, clock: clockView(ctx) };
    },
  },
  { method: "GET", pattern: /^\/sandbox\/locks$/, run: (ctx) => ({ held: ctx.locks.list() }) },
  {
    method: "POST",
    pattern: /^\/sandbox\/tick$/,
    run: async (ctx) => {
      await runDueWork(ctx);
      return clockView(ctx);
    },
  },
  {
    method: "POST",
    pattern: /^\/sandbox\/settings$/,
    run: async (ctx, req) =>
      settingsView(ctx.store.save("settings", mergeSettings(ctx.settings(), await jsonBody(req)))),
  },
  { method: "GET", pattern: /^\/sandbox\/settings$/, run: (ctx) => settingsView(ctx.settings()) },
  {
    method: "GET",
    pattern: /^\/sandbox\/notifications$/,
    run: (ctx, _req, _params, query) =>
      [...ctx.store.all("notification")]
        .filter((n) =>
          matches(query, { clientId: n.clientId, kind: n.kind, paymentId: n.paymentId, status: n.status }),
        )
        .map(notificationView),
  },
  {
    method: "GET",
    pattern: /^\/sandbox\/payments$/,
    run: (ctx, _req, _params, query) =>
      [...ctx.store.all("payment")]
        .filter((p) => matches(query, { clientId: p.clientId, paymentRequestId: p.paymentRequestId }))
        .map(paymentControlView),
  },
  {
    method: "GET",
    pattern: /^\/sandbox\/payments\/([^/]+)$/,
    run: (ctx, _req, [paymentId = ""]) =>
      paymentControlView(cashierPayment(ctx, decodeURIComponent(paymentId))),
  },
  {
    method: "GET",
    pattern: /^\/sandbox\/refunds$/,
    run: (ctx, _req, _params, query) =>
      [...ctx.store.all("refund")]
        .filter((r) => matches(query, { clientId: r.clientId, paymentId: r.paymentId }))
        .map(refundView),
  },
  {
    method: "GET",
    pattern: /^\/sandbox\/pushes$/,
    run: (ctx, _req, _params, query) =>
      [...ctx.store.all("push")].filter((p) =>
        matches(query, { clientId: p.clientId, requestId: p.requestId }),
      ),
  },
];

function clockView(ctx: SandboxContext) {
  return {
    now: ctx.clock.now().toISOString(),
    offsetSeconds: ctx.clock.offset / 1000,
    offset: ctx.clock.offset === 0 ? "real time" : `${describeOffset(ctx.clock.offset)} ahead of real time`,
  };
}

function settingsView(settings: ReturnType<SandboxContext["settings"]>) {
  return JSON.parse(
    JSON.stringify(settings, (_key, value) => (typeof value === "bigint" ? value.toString() : value)),
  );
}

export async function handleControlRequest(
  ctx: SandboxContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const route = ROUTES.find(
    (candidate) => candidate.method === request.method && candidate.pattern.test(url.pathname),
  );
  if (!route) {
    sendJson(response, 404, {
      error: { code: "NOT_FOUND", message: `no control route ${request.method} ${url.pathname}` },
    });
    return;
  }
  const params = url.pathname.match(route.pattern)?.slice(1) ?? [];
  try {
    sendJson(response, 200, await route.run(ctx, request, params, url.searchParams));
  } catch (error) {
    if (error instanceof z.ZodError) {
      sendJson(response, 400, {
        error: { code: "INVALID_INPUT", message: "invalid input", details: z.flattenError(error) },
      });
    } else if (error instanceof ControlError) {
      sendJson(response, error.status, {
        error: { code: error.code, message: error.message, details: error.details },
      });
    } else if (error instanceof AuthorizationError) {
      sendJson(response, 400, {
        error: { code: error.code, message: error.message },
        ...(error.authErrorScopes ? { authErrorScopes: error.authErrorScopes } : {}),
      });
    } else if (error instanceof RangeError) {
      sendJson(response, 400, { error: { code: "INVALID_INPUT", message: error.message } });
    } else if (error instanceof WalletFailure) {
      sendJson(response, 409, {
        error: { code: error.result.resultCode, message: error.result.resultMessage },
      });
    } else {
      console.error("[sandbox] control route failed", error);
      sendJson(response, 500, { error: { code: "INTERNAL", message: "internal error" } });
    }
  }
}
