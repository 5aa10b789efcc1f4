// The process's outbound policy, from its configuration: https only in production, and the networks
// OUTBOUND_ALLOWED_NETWORKS opens (`npm run dev` adds loopback to it for local testing).
import { getEnv } from "@/lib/platform/env";
import { InvalidRequestError } from "@/lib/platform/errors/domain-errors";
import { addressKind } from "./address-kind";
import {
  checkOutboundUrl,
  type OutboundPolicy,
  OutboundRefusal,
  outboundPolicy,
  type ResolveAll,
} from "./outbound-policy";

let shared: OutboundPolicy | undefined;
let resolveForTests: ResolveAll | undefined;

export function getOutboundPolicy(): OutboundPolicy {
  if (!shared) {
    const { outbound } = getEnv();
    shared = outboundPolicy({ ...outbound, resolve: resolveForTests });
  }
  return shared;
}

/**
 * Tests resolve names without DNS (this machine may have none): `resolve` answers for every name
 * until it is called again with undefined. The configuration is read again on next use.
 */
export function resolveOutboundNamesForTests(resolve: ResolveAll | undefined): void {
  resolveForTests = resolve;
  shared = undefined;
}

/**
 * For a URL an operator registers: passes, or throws a 400 naming `field`. A host name that does not
 * resolve and one that resolves to an internal address get the same answer, so the check cannot be
 * used to learn which internal names exist.
 */
export async function assertOutboundUrl(policy: OutboundPolicy, url: string, field: string): Promise<void> {
  try {
    await checkOutboundUrl(policy, url);
  } catch (error) {
    if (!(error instanceof OutboundRefusal)) throw error;
    if (error.failure === "REFUSED_URL") {
      throw new InvalidRequestError(`${field}: ${error.message}`, { failure: error.failure });
    }
    const byName = addressKind(new URL(url).hostname) === "not-an-address";
    const reason = byName ? "refused: its host does not resolve to public addresses only" : error.message;
    throw new InvalidRequestError(
      `${field}: ${reason} (a network of your own is opened with OUTBOUND_ALLOWED_NETWORKS)`,
      { failure: error.failure === "DNS_FAILED" ? "REFUSED_ADDRESS" : error.failure },
    );
  }
}
