// Which request (or background job) the running code works for, carried implicitly through async
// code: the logger stamps every line with it (lib/platform/log.ts), the wallet-call log files each exchange
// under it, and jobs enqueued meanwhile carry it to the worker that runs them.
//
//   runWithRequestContext({ requestId }, () => handler(request));
//   currentRequestId(); // anywhere below, without passing it along
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  /** The HTTP request that started this work, or for work with no request the job's own id. */
  requestId: string;
  /** Set while a worker runs a job. */
  jobId?: string;
  queue?: string;
}

// One store per process on globalThis: Next.js may bundle this module into several route chunks,
// and the route boundary, the logger and the wallet-call log must all see the same one.
const STORE_KEY = Symbol.for("wallet-merchant.request-context");
const holder = globalThis as typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<RequestContext> };
holder[STORE_KEY] ??= new AsyncLocalStorage<RequestContext>();
const storage = holder[STORE_KEY];

export function runWithRequestContext<T>(context: RequestContext, run: () => T): T {
  return storage.run(context, run);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
