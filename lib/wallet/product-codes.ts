// Wallet-defined product codes (spec, "Resources": Payment). The flow of a `pay` is chosen by these.
export const PRODUCT_CODES = {
  CASHIER: "51051000101000000011",
  AUTH_CAPTURE: "51051000101000000012",
  AGREEMENT: "51051000101000100031",
  ESCROW: "51051000101000100008",
} as const;

export type ProductFlow = keyof typeof PRODUCT_CODES;

export function flowOfProductCode(code: string): ProductFlow | undefined {
  for (const [flow, value] of Object.entries(PRODUCT_CODES)) {
    if (value === code) return flow as ProductFlow;
  }
  return undefined;
}

/** Cashier and escrow (and auth-capture, treated like cashier) send the user to the cashier page. */
export function needsBuyer(code: string): boolean {
  const flow = flowOfProductCode(code);
  return flow === "CASHIER" || flow === "ESCROW" || flow === "AUTH_CAPTURE";
}
