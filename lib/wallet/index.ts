// Public surface of the wallet client library.
export { type CallOptions, createWalletClient, DEFAULT_TIMEOUTS, type WalletClient } from "./client";
export { type Amount, filsToString, toFils } from "./fields";
export * from "./operations";
export * from "./outcome";
export { flowOfProductCode, type ProductFlow } from "./product-codes";
export { redactWireBody } from "./redact";
export { createHttpTransport, type WalletTransport } from "./transport";
