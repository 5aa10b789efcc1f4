// Where the wallet sends its notifications for our payments, refunds and voids.
export function notifyUrl(publicBaseUrl: string, kind: "payment" | "void" | "refund"): string {
  return new URL(`/api/wallet/notify/${kind}`, publicBaseUrl).toString();
}
