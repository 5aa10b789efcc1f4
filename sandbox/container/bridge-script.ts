// The bridge script (client/bridge.js) as the sandbox serves it: with the frame's origin written in,
// so the bridge talks to the container's frame and to nothing else.
import { readFileSync } from "node:fs";

const BRIDGE_SOURCE = readFileSync(new URL("./client/bridge.js", import.meta.url), "utf8");

/** Where a proxied mini program finds the bridge, whatever address its page named. */
export const PROXIED_BRIDGE_PATH = "/__wallet-container/bridge.js";

export function bridgeScript(frameOrigin: string): string {
  return BRIDGE_SOURCE.replace("__FRAME_ORIGIN__", frameOrigin);
}

// The addresses a mini program loads the real bridge from: the wallet family's CDN builds of
// hylid-bridge (any version) and the container's own `https://appx/...` scripts.
const BRIDGE_ADDRESS =
  /https?:\/\/[^"'\s()<>]*hylid-bridge[^"'\s()<>]*\.js|https?:\/\/appx\/[^"'\s()<>]+\.js/g;

/** The page or script with every reference to the wallet's bridge pointed at the container's. */
export function pointBridgeAtContainer(text: string): string {
  return text.replace(BRIDGE_ADDRESS, PROXIED_BRIDGE_PATH);
}
