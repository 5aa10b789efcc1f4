// A typed client of this backend for the mini program's front end: openapi-fetch over the types that
// `npm run api:client` generates from GET /api/openapi.json. Every call answers `{ data, error,
// response }`: `data` on success, else `error` typed with the codes that operation can answer.
//
//   const api = createMiniProgramClient({ baseUrl: "https://shop.example" });
//   await api.startSession(authCode);             // from my.getAuthCode
//   const { data: order } = await api.createOrder({ flow: "CASHIER", items }, checkoutKey);
//
// It imports nothing from the server: copy this folder into a mini program project as it is.
import createClient from "openapi-fetch";
import type { components, paths } from "./api-types";

export type Order = components["schemas"]["Order"];
export type Product = components["schemas"]["Product"];
export type NewOrder = paths["/api/mini/orders"]["post"]["requestBody"]["content"]["application/json"];
export type OrderQuery = NonNullable<paths["/api/mini/orders"]["get"]["parameters"]["query"]>;
export type AgreementToPrepare = NonNullable<
  paths["/api/mini/agreements"]["post"]["requestBody"]
>["content"]["application/json"];
export type AgreementToBind =
  paths["/api/mini/agreements/bind"]["post"]["requestBody"]["content"]["application/json"];
export type Plan = components["schemas"]["Plan"];
export type Subscription = components["schemas"]["Subscription"];
export type NewSubscription =
  paths["/api/mini/subscriptions"]["post"]["requestBody"]["content"]["application/json"];

export interface MiniProgramClientOptions {
  /** Where this backend is served, e.g. `https://shop.example`. */
  baseUrl: string;
  /** A fetch for runtimes without one (adapt the wallet's my.request); the global fetch otherwise. */
  fetch?: (request: Request) => Promise<Response>;
}

/** A key for one checkout: keep it while retrying that order, so a retry never places a second one. */
export function newIdempotencyKey(): string {
  return `checkout-${crypto.randomUUID()}`;
}

export function createMiniProgramClient(options: MiniProgramClientOptions) {
  const api = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  let sessionToken: string | undefined;
  api.use({
    onRequest({ request }) {
      if (sessionToken) request.headers.set("Authorization", `Bearer ${sessionToken}`);
      return request;
    },
  });

  return {
    /**
     * Starts a session with the authCode of my.getAuthCode; later calls carry it. After a 401
     * (UNAUTHENTICATED or REAUTHORIZE) get a new authCode and call this again.
     */
    async startSession(authCode: string, authSuccessScopes?: string[]) {
      const answer = await api.POST("/api/mini/session", {
        body: { authCode, ...(authSuccessScopes ? { authSuccessScopes } : {}) },
      });
      if (answer.data) sessionToken = answer.data.sessionToken;
      return answer;
    },
    me: () => api.GET("/api/mini/me"),
    listProducts: () => api.GET("/api/mini/products"),
    /** `idempotencyKey`: one per checkout (newIdempotencyKey), the same on every retry of it. */
    createOrder: (order: NewOrder, idempotencyKey: string) =>
      api.POST("/api/mini/orders", {
        params: { header: { "Idempotency-Key": idempotencyKey } },
        body: order,
      }),
    listOrders: (query: OrderQuery = {}) => api.GET("/api/mini/orders", { params: { query } }),
    getOrder: (orderId: string) => api.GET("/api/mini/orders/{id}", { params: { path: { id: orderId } } }),
    confirmReceipt: (orderId: string) =>
      api.POST("/api/mini/orders/{id}/confirm-receipt", { params: { path: { id: orderId } } }),
    prepareAgreement: (agreement: AgreementToPrepare = {}) =>
      api.POST("/api/mini/agreements", { body: agreement }),
    bindAgreement: (agreement: AgreementToBind) => api.POST("/api/mini/agreements/bind", { body: agreement }),
    listPlans: () => api.GET("/api/mini/subscriptions/plans"),
    /** `idempotencyKey`: one per subscribing, the same on every retry of it (after signing, too). */
    subscribe: (subscription: NewSubscription, idempotencyKey: string) =>
      api.POST("/api/mini/subscriptions", {
        params: { header: { "Idempotency-Key": idempotencyKey } },
        body: subscription,
      }),
    listSubscriptions: () => api.GET("/api/mini/subscriptions"),
    getSubscription: (subscriptionId: string) =>
      api.GET("/api/mini/subscriptions/{id}", { params: { path: { id: subscriptionId } } }),
    pauseSubscription: (subscriptionId: string) =>
      api.POST("/api/mini/subscriptions/{id}/pause", { params: { path: { id: subscriptionId } } }),
    resumeSubscription: (subscriptionId: string) =>
      api.POST("/api/mini/subscriptions/{id}/resume", { params: { path: { id: subscriptionId } } }),
    /** `atPeriodEnd` false: now, where the plan allows it (allowCancelNow). */
    cancelSubscription: (subscriptionId: string, atPeriodEnd = true) =>
      api.POST("/api/mini/subscriptions/{id}/cancel", {
        params: { path: { id: subscriptionId } },
        body: { atPeriodEnd },
      }),
  };
}

export type MiniProgramClient = ReturnType<typeof createMiniProgramClient>;
