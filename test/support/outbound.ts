// The outbound policy as tests use it: their receivers listen on 127.0.0.1, which the policy refuses
// unless loopback is opened, as `npm run dev` opens it (OUTBOUND_ALLOWED_NETWORKS).
import { outboundPolicy, type ResolveAll } from "@/lib/platform/outbound/outbound-policy";

export const LOOPBACK_NETWORKS = "127.0.0.0/8,::1/128";

/** Plain http:// to this machine allowed, as under `npm run dev`; every other internal address refused. */
export function loopbackOutbound(resolve?: ResolveAll) {
  return outboundPolicy({ httpsOnly: false, allowedNetworks: LOOPBACK_NETWORKS, resolve });
}

/** A public address (example.com's) for every name under .example; anything else does not resolve. */
export const resolveExampleNames: ResolveAll = async (hostname) => {
  const name = hostname.replace(/\.$/, "").toLowerCase();
  if (name === "example" || name.endsWith(".example")) return [{ address: "93.184.216.34", family: 4 }];
  if (name === "localhost") return [{ address: "127.0.0.1", family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
};
