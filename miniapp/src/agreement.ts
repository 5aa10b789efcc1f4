// One-tap pay's agreement: prepared by the backend, signed in the wallet with
// my.call("walletSignContract"), then bound. The account page sets it up; subscribing signs one when
// the customer has none (the backend reuses an agreement already bound).
import { api, call } from "./api";
import { signContract } from "./bridge";
import { language, t } from "./i18n";
import { kept } from "./storage";

const AGREEMENT_KEY = "agreement-bound";

/** walletSignContract failed: 6001 declined or closed, 6002 network error. */
export class SignRefused extends Error {
  constructor(readonly code: string) {
    super(`walletSignContract failed with ${code}`);
  }
}

export async function setUpAgreement(): Promise<void> {
  const prepared = await call(() =>
    api.prepareAgreement({
      contractDescription: t("agreementContract"),
      language: language() === "ar" ? "ar-IQ" : "en-US",
    }),
  );
  const signed = await signContract(prepared.authorizationUrl);
  if (!signed.ok) throw new SignRefused(signed.code);
  await call(() => api.bindAgreement({ authCode: signed.authCode, agreementId: prepared.agreementId }));
  kept.set(AGREEMENT_KEY, "yes");
}

export function agreementBound(): boolean {
  return kept.get(AGREEMENT_KEY) === "yes";
}
