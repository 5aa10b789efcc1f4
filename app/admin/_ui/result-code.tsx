// A wallet result code as an operator reads it: what it means in words, the code beside it for
// whoever asks the wallet's support ("Refused by the wallet's risk checks (RISK_REJECT)").
import { dynamicKey, type Translate } from "@/lib/console/i18n/translate";

export function ResultCode({ code, t }: { code: string | null | undefined; t: Translate }) {
  if (!code) return null;
  const key = dynamicKey("resultCode", code);
  return (
    <span className="result-code" data-result-code={code}>
      {key === "common.none" ? null : <>{t(key)} </>}
      <bdi className="mono muted">({code})</bdi>
    </span>
  );
}
