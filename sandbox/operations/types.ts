import type { OperationName } from "@/lib/wallet/operations";
import type { OperationContext } from "../context";

export type ResponseBody = { result: unknown } & Record<string, unknown>;

export interface OperationHandler {
  name: OperationName;
  /** Operations serialized per payment apply `operationLatencyMs` inside the lock themselves. */
  appliesOwnLatency?: boolean;
  handle(ctx: OperationContext, body: unknown): ResponseBody | Promise<ResponseBody>;
}
