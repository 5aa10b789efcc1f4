// The wallet interface over HTTP: authenticate, apply faults and latency, run the operation,
// answer signed. Every business outcome is HTTP 200 with a `result`; 4xx only when the request is
// not a JSON object (or not a POST / not an operation).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SandboxContext } from "../context";
import { OPERATION_OUTCOMES } from "../domain/faults";
import { sleep } from "../domain/locks";
import { OPERATION_BY_PATH } from "../operations";
import { failed, unknownResult, WalletFailure } from "../operations/results";
import type { ResponseBody } from "../operations/types";
import { authenticate } from "./authenticate";
import { BodyTooLargeError, readBody } from "./read-body";
import { sendSigned } from "./respond";

export async function handleWalletRequest(
  ctx: SandboxContext,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): Promise<void> {
  const clientIdHeader = request.headers["client-id"];
  const clientId = (Array.isArray(clientIdHeader) ? clientIdHeader[0] : clientIdHeader) ?? "";
  const method = request.method ?? "POST";
  const answer = (status: number, body: unknown) =>
    sendSigned(ctx, response, { status, method, path, clientId, body });

  if (ctx.settings().unresponsive) {
    // An outage: no answer at all, and nothing done (settings: unresponsive).
    await sleep(ctx.settings().timeoutHangMs);
    request.socket.destroy();
    return;
  }
  const handler = OPERATION_BY_PATH.get(path);
  if (!handler) return answer(404, { result: failed("NOT_FOUND", `no operation at ${path}`) });
  if (method !== "POST")
    return answer(405, { result: failed("METHOD_NOT_SUPPORTED", "operations are POST") });

  let bodyText: string;
  try {
    bodyText = await readBody(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return answer(413, { result: failed("PARAM_ILLEGAL", error.message) });
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return answer(400, { result: failed("PARAM_ILLEGAL", "the body is not JSON") });
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return answer(400, { result: failed("PARAM_ILLEGAL", "the body must be a JSON object") });
  }

  const auth = authenticate(ctx, request.headers, path, bodyText);
  if (!auth.ok) return answer(200, { result: auth.result });

  const fault = ctx.faults.take(handler.name, auth.merchant.clientId, OPERATION_OUTCOMES);
  const operationContext = {
    ...ctx,
    merchant: auth.merchant,
    fault: fault === "PAYMENT_IN_PROCESS" || fault === "REFUND_FAIL" ? fault : undefined,
  };
  const latency = ctx.settings().operationLatencyMs;
  if (!handler.appliesOwnLatency && latency > 0) await sleep(latency);

  let result: ResponseBody;
  try {
    result = await handler.handle(operationContext, body);
  } catch (error) {
    if (error instanceof WalletFailure) {
      result = { result: error.result, ...error.fields };
    } else {
      console.error(`[sandbox] ${handler.name} failed`, error);
      result = { result: unknownResult() };
    }
  }

  // Faults U and TIMEOUT hit after the operation ran: the wallet did the work, the merchant does
  // not learn the outcome and must resolve it by inquiry (spec, Errors: U).
  if (fault === "U")
    result = { result: unknownResult("UNKNOWN_EXCEPTION", "unknown exception (sandbox fault)") };
  if (fault === "TIMEOUT") {
    await sleep(ctx.settings().timeoutHangMs);
    request.socket.destroy();
    return;
  }
  answer(200, result);
}
