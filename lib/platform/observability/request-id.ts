// Request ids: taken from the caller's X-Request-Id when it is a sane token (a proxy or the mini
// program may have started the trail), otherwise generated. The id ends up in log lines, a database
// column and a response header, so anything long or unusual is replaced rather than passed on.
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";

const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

export function isSaneRequestId(value: string): boolean {
  return SANE_REQUEST_ID.test(value);
}

export function requestIdOf(headers: Headers): string {
  const offered = headers.get(REQUEST_ID_HEADER)?.trim();
  return offered && isSaneRequestId(offered) ? offered : randomUUID();
}
