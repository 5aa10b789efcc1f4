// Stored JSON (wallet requests and answers, notification bodies, audit before/after) shown as the
// machine wrote it, folded away until asked for. Secrets were redacted when they were recorded.
import { jsonSafe } from "@/lib/platform/json";

function jsonText(value: unknown): string {
  if (typeof value === "string") {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(jsonSafe(value), null, 2) ?? "";
}

export function JsonView({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined || value === "") return null;
  return (
    <details className="json">
      <summary>{label}</summary>
      <pre>{jsonText(value)}</pre>
    </details>
  );
}
