// The wallet client as a library, for a fork's own code (the README's example imports from here):
// everything a caller needs, from one path. The app's own modules import the module they use
// directly, which keeps each route's bundle to what it needs; knip counts this file as an entry.
export { type CallOptions, createWalletClient, DEFAULT_TIMEOUTS, type WalletClient } from "./client";
export { type Amount, filsToString, toFils } from "./fields";
export * from "./operations";
export * from "./outcome";
export { flowOfProductCode, PRODUCT_CODES, type ProductFlow } from "./product-codes";
export { redactWireBody } from "./redact";
export { createHttpTransport, type WalletTransport } from "./transport";
