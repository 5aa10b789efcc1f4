// The address of the connection a request came in on, which route handlers cannot see: Next.js
// hands them headers only, and fills X-Forwarded-For from the socket only when a client did not
// send one, so a client talking to the app directly could name any address it liked. Installed once
// per server process (instrumentation-node.ts), this appends the connection's address to
// X-Forwarded-For, as a proxy would, and states it in X-Peer-Address, overwriting anything a client
// sent under that name. lib/platform/addresses/client-address.ts then counts TRUSTED_PROXY_HOPS back from it.
import { type IncomingMessage, Server } from "node:http";

export const PEER_ADDRESS_HEADER = "x-peer-address";

// Kept on globalThis: Next.js may load this module more than once (its bundles), and the header is
// only to be believed where this process really installed the patch.
const INSTALLED = Symbol.for("wallet-merchant.peer-address-installed");
const flags = globalThis as { [INSTALLED]?: boolean };

/** Whether this process notes connections' addresses; if not, an X-Peer-Address is a client's claim. */
export function peerAddressInstalled(): boolean {
  return flags[INSTALLED] === true;
}

export function installPeerAddress(): void {
  if (flags[INSTALLED]) return;
  flags[INSTALLED] = true;
  const emit = Server.prototype.emit;
  // Server's emit is typed by overloads, one per event; the wrapper takes any and passes all on.
  const wrapped = function emitWithPeer(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") notePeer(args[0] as IncomingMessage);
    return (emit as (event: string | symbol, ...args: unknown[]) => boolean).call(this, event, ...args);
  };
  Server.prototype.emit = wrapped as Server["emit"];
}

function notePeer(request: IncomingMessage): void {
  const peer = request.socket?.remoteAddress;
  if (!peer) {
    delete request.headers[PEER_ADDRESS_HEADER];
    return;
  }
  const forwarded = request.headers["x-forwarded-for"];
  const before = Array.isArray(forwarded) ? forwarded.join(", ") : forwarded;
  request.headers["x-forwarded-for"] = before ? `${before}, ${peer}` : peer;
  request.headers[PEER_ADDRESS_HEADER] = peer;
}
