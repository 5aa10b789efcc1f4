// Structured JSON logging (pino). Tokens, auth codes, signatures and passwords never reach a line:
// they are censored by key wherever they appear up to two levels deep, and wire bodies are passed
// through redactWireBody before logging anyway.
//
// Every line written while a request or job is being served carries its `requestId` (and `jobId`,
// `queue` in workers), from the request context (lib/platform/observability/request-context.ts). A pino mixin
// rather than child loggers handed around: services log through ctx.logger, the wallet client through
// its own reference and helpers through getLogger(), and all of them are covered this way.
import pino, { type Logger } from "pino";
import { getLogLevel } from "./env";
import { currentRequestContext } from "./observability/request-context";

const SECRET_KEYS = [
  "accessToken",
  "refreshToken",
  "authCode",
  "paymentAuthCode",
  "signature",
  "Signature",
  "password",
  "passwordHash",
  "sessionToken",
  "authorization",
  "Authorization",
  "privateKey",
  "cookie",
  "totpSecret",
  "secret",
  "recoveryCodes",
];

const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

export function createLogger(
  options: { level?: string; name?: string; destination?: pino.DestinationStream } = {},
) {
  return pino(
    {
      level: options.level ?? "info",
      name: options.name,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      base: { pid: process.pid },
      mixin: requestFields,
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination,
  );
}

function requestFields(): object {
  const context = currentRequestContext();
  if (!context) return {};
  return context.jobId
    ? { requestId: context.requestId, jobId: context.jobId, queue: context.queue }
    : { requestId: context.requestId };
}

let rootLogger: Logger | undefined;

/** The process-wide logger, at LOG_LEVEL (read on its own: logging must work before the rest of env). */
export function getLogger(): Logger {
  rootLogger ??= createLogger({ level: getLogLevel() });
  return rootLogger;
}

export type { Logger };
