import "server-only";
// The route boundary: one wrapper per kind of caller, doing once what every route of that kind needs
// — the service context, rate limiting, authentication, path parameters — and the single catch that
// turns every error into one answer (lib/http/error-response). Handlers only parse, call one service
// and map the result:
//
//   export const GET = route.customer({ params: orderParams }, async ({ ctx, customerId, params }) =>
//     Response.json(orderView(await getCustomerOrder(ctx, customerId, params.id))),
//   );
//
//   route.public    anyone (health, sessions: rate-limited by address)
//   route.customer  a mini program session (Authorization: Bearer <sessionToken>)
//   route.wallet    the wallet's notifications: raw body, answers in the wallet's result format,
//                   addresses that keep sending unverifiable notifications are refused unheard
//   route.operator  the operator console's API: a signed-in operator holding the given permission
//                   ("own-account": any operator signed in, about themselves, even before a required
//                   second factor is enrolled; never an API key); writes authenticated by the session cookie must come from
//                   our own origin
import type { z } from "zod";
import { authenticateCustomer } from "@/lib/customers/authenticate-customer";
import { authenticateOperator, requirePermission, requireSignedIn } from "@/lib/operators/current-operator";
import { type OperatorIdentity } from "@/lib/operators/operator-identity";
import type { OperatorAccess } from "@/lib/operators/roles/permissions";
import { addressBudgetKey } from "@/lib/platform/addresses/client-address";
import { getServiceContext, type ServiceContext } from "@/lib/platform/context/service-context";
import { HttpError } from "@/lib/platform/errors/http-errors";
import { clientAddress, enforceRateLimit, failureBudget, type RateLimit } from "@/lib/platform/rate-limit";
import { errorResponse, walletErrorResponse } from "./error-response";
import { observeRequest } from "./observe-request";
import { readBodyText, readParams } from "./read-request";
import type { RouteHandler } from "./route-handler";
import { assertSameOrigin } from "./same-origin";

interface RouteCall<P> {
  request: Request;
  ctx: ServiceContext;
  params: P;
}

interface CustomerCall<P> extends RouteCall<P> {
  customerId: string;
}

interface WalletCall<P> extends RouteCall<P> {
  /** The body exactly as received: signatures are verified over these bytes. */
  rawBody: string;
  sourceAddress: string;
  /**
   * Throws RATE_LIMITED (429) when this address sent too many unverifiable notifications lately. The
   * intake calls it only for a notification that failed verification, before recording it: a
   * verified notification costs no budget lookup, and one from a flooding address is still heard.
   */
  refuseIfFlooding: () => Promise<void>;
}

interface OperatorCall<P> extends RouteCall<P> {
  operator: OperatorIdentity;
}

interface RouteOptions<P> {
  /** Schema of the path parameters; a value that does not fit is a 400. */
  params?: z.ZodType<P>;
  /** Limit per client address, counted before anything else happens. */
  rateLimit?: RateLimit;
}

interface CustomerRouteOptions<P> extends RouteOptions<P> {
  /**
   * "service": the handler's service answers REAUTHORIZE itself when the session's customer is gone
   * (its first write proves the customer exists), so the boundary skips its read. Default "boundary".
   */
  customerCheck?: "boundary" | "service";
}

type Handler<Call> = (call: Call) => Promise<Response>;

/** Notification bodies are small JSON objects; the wallet never sends anything near this. */
const WALLET_BODY_LIMIT_BYTES = 256 * 1024;

/** Unverifiable notifications one address may send per minute before it is refused unheard. */
const FORGED_NOTIFICATION_LIMIT: RateLimit = {
  name: "wallet-notify-unverified",
  points: 30,
  durationSeconds: 60,
};

/** Who is calling, found before anything else of the request is read. */
type Identify<Extra> = (base: { request: Request; ctx: ServiceContext }) => Promise<Extra>;

function boundary<P, Extra>(
  options: RouteOptions<P>,
  identify: Identify<Extra>,
  handler: Handler<RouteCall<P> & Extra>,
  toError: (error: unknown, request: Request) => Response = errorResponse,
): RouteHandler {
  // Request id, its log context and the request metrics wrap everything, the catch included.
  return observeRequest(async (request, context) => {
    try {
      if (options.rateLimit)
        await enforceRateLimit(options.rateLimit, addressBudgetKey(clientAddress(request)));
      const ctx = getServiceContext();
      // Authentication first: an unauthenticated caller learns nothing about what it sent.
      const extra = await identify({ request, ctx });
      const params = options.params ? readParams(await context?.params, options.params) : (undefined as P);
      return await handler({ request, ctx, params, ...extra });
    } catch (error) {
      return toError(error, request);
    }
  });
}

// Each variant takes (handler) or (options, handler).
function withOptions<O extends RouteOptions<unknown>, Call>(
  first: O | Handler<Call>,
  second: Handler<Call> | undefined,
): [O, Handler<Call>] {
  return typeof first === "function" ? [{} as O, first] : [first, second as Handler<Call>];
}

function publicRoute<P = undefined>(handler: Handler<RouteCall<P>>): RouteHandler;
function publicRoute<P>(options: RouteOptions<P>, handler: Handler<RouteCall<P>>): RouteHandler;
function publicRoute<P>(
  first: RouteOptions<P> | Handler<RouteCall<P>>,
  second?: Handler<RouteCall<P>>,
): RouteHandler {
  const [options, handler] = withOptions(first, second);
  return boundary(options, async () => ({}), handler);
}

function customerRoute<P = undefined>(handler: Handler<CustomerCall<P>>): RouteHandler;
function customerRoute<P>(options: CustomerRouteOptions<P>, handler: Handler<CustomerCall<P>>): RouteHandler;
function customerRoute<P>(
  first: CustomerRouteOptions<P> | Handler<CustomerCall<P>>,
  second?: Handler<CustomerCall<P>>,
): RouteHandler {
  const [options, handler] = withOptions(first, second);
  const checkExists = options.customerCheck !== "service";
  return boundary(
    options,
    async ({ ctx, request }) => ({ customerId: await authenticateCustomer(ctx, request, { checkExists }) }),
    handler,
  );
}

function walletRoute<P>(options: RouteOptions<P>, handler: Handler<WalletCall<P>>): RouteHandler {
  return boundary(
    options,
    async ({ request }) => {
      const sourceAddress = clientAddress(request);
      const rawBody = await readBodyText(request, WALLET_BODY_LIMIT_BYTES);
      const budget = addressBudgetKey(sourceAddress);
      const refuseIfFlooding = () => failureBudget.check(FORGED_NOTIFICATION_LIMIT, budget);
      return { rawBody, sourceAddress, refuseIfFlooding };
    },
    async (call) => {
      const response = await handler(call);
      // The intake answers 401 only for notifications it could not verify: they spend the budget.
      if (response.status === 401)
        await failureBudget.spend(FORGED_NOTIFICATION_LIMIT, addressBudgetKey(call.sourceAddress));
      return response;
    },
    walletErrorResponse,
  );
}

function operatorRoute<P = undefined>(
  access: OperatorAccess,
  handler: Handler<OperatorCall<P>>,
): RouteHandler;
function operatorRoute<P>(
  access: OperatorAccess,
  options: RouteOptions<P>,
  handler: Handler<OperatorCall<P>>,
): RouteHandler;
function operatorRoute<P>(
  access: OperatorAccess,
  first: RouteOptions<P> | Handler<OperatorCall<P>>,
  second?: Handler<OperatorCall<P>>,
): RouteHandler {
  const [options, handler] = withOptions(first, second);
  const answered = boundary(
    options,
    async ({ request }) => {
      const { operator, viaCookie } = await authenticateOperator(request);
      if (viaCookie) assertSameOrigin(request);
      if (access === "own-account") {
        requireSignedIn(operator);
        requirePermission(operator, null, "allowed-before-enrolment");
      } else requirePermission(operator, access);
      assertJsonBody(request);
      return { operator };
    },
    handler,
  );
  // What the console's API answers is an operator's view of customers and money: no cache (a
  // browser's, a proxy's) keeps it. An answer that says otherwise (an export) keeps its own.
  return async (request, context) => {
    const response = await answered(request, context);
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    return response;
  };
}

/**
 * A write labelled anything but JSON is refused: text/plain and the form encodings are what a
 * cross-site form or a "simple" cross-site fetch can send without asking, and the console and
 * scripts always send application/json (or nothing, for a write without a body).
 */
function assertJsonBody(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const type = request.headers.get("content-type");
  if (type && !/^application\/json\b/i.test(type)) {
    throw new HttpError("UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON (Content-Type: application/json).");
  }
}

export const route = {
  public: publicRoute,
  customer: customerRoute,
  wallet: walletRoute,
  operator: operatorRoute,
};

export { readIdempotencyKey, readJson, readQuery } from "./read-request";
