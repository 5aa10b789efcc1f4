// Around every job a worker runs: the request context (the id of the request that enqueued it, or
// the job's own id for scheduled scans) so that its log lines and wallet calls are filed under it,
// a trace span, and the job's duration and result in the metrics of this process.
import type { Job } from "bullmq";
import { recordMetric } from "@/lib/platform/observability/metrics";
import { runWithRequestContext } from "@/lib/platform/observability/request-context";
import { traceJob } from "@/lib/platform/observability/tracing";
import { splitJobData } from "@/lib/platform/queue/definitions";

export async function observeJob<T>(queue: string, job: Job, run: () => Promise<T>): Promise<T> {
  const jobId = job.id ?? "unknown";
  const requestId = splitJobData(job.data).requestId ?? `job-${jobId}`;
  const started = performance.now();
  let result = "completed";
  try {
    return await runWithRequestContext({ requestId, jobId, queue }, () => traceJob(queue, job.name, run));
  } catch (error) {
    result = "failed";
    throw error;
  } finally {
    const seconds = (performance.now() - started) / 1000;
    recordMetric((metrics) => metrics.jobDuration.observe({ queue, job: job.name, result }, seconds));
  }
}
