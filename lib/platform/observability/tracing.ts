// OpenTelemetry tracing, off unless OTEL_ENABLED=true. Started once per process, before any request
// or job runs: from instrumentation-node.ts (the Next.js server) and workers/main.ts. Only traces are
// exported (metrics are Prometheus, logs are pino); the exporter follows the standard variables the
// SDK reads itself: OTEL_EXPORTER_OTLP_ENDPOINT (OTLP, the default) or OTEL_TRACES_EXPORTER=console.
//
// What makes spans: Next.js traces its own request handling once a tracer provider is registered;
// we add one span per wallet exchange and one per background job. With tracing off, the API's no-op
// tracer makes those calls free.
import { type Attributes, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { WalletExchange } from "@/lib/wallet/outcome";

const tracer = () => trace.getTracer("wallet-merchant");

export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * Starts the SDK when `enabled`; undefined otherwise (nothing is loaded). `serviceName` is
 * OTEL_SERVICE_NAME or the caller's default (lib/platform/env.ts reads it).
 */
export async function startTracing(options: {
  enabled: boolean;
  serviceName: string;
}): Promise<Tracing | undefined> {
  if (!options.enabled) return undefined;
  // Loaded only when wanted: the SDK and its exporters are large, and a process without tracing
  // should not pay for them at start.
  const { NodeSDK } = await import("@opentelemetry/sdk-node");
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

/** A client span for one wallet exchange, recorded after the fact from its measured times. */
export function traceWalletExchange(exchange: WalletExchange): void {
  if (!exchange.sent) return;
  const attributes: Attributes = {
    "wallet.operation": exchange.operation,
    "wallet.result_status": exchange.status,
    "wallet.result_code": exchange.resultCode,
    "wallet.attempt": exchange.attempt,
    "http.request.method": exchange.method,
    "url.path": exchange.path,
  };
  if (exchange.httpStatus !== undefined) attributes["http.response.status_code"] = exchange.httpStatus;
  if (exchange.unknownCause) attributes["wallet.unknown_cause"] = exchange.unknownCause;
  const span = tracer().startSpan(`wallet ${exchange.operation}`, {
    kind: SpanKind.CLIENT,
    startTime: exchange.startedAt,
    attributes,
  });
  if (exchange.status === "U") span.setStatus({ code: SpanStatusCode.ERROR, message: exchange.unknownCause });
  span.end(new Date(exchange.startedAt.getTime() + exchange.durationMs));
}

/** Runs a background job inside its own span. */
export function traceJob<T>(queue: string, jobName: string, run: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(
    `job ${queue} ${jobName}`,
    { kind: SpanKind.CONSUMER, attributes: { "messaging.destination.name": queue } },
    async (span) => {
      try {
        return await run();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
