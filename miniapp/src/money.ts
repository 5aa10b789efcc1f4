// IQD as people read it: "2,500 IQD" in English, "٢٬٥٠٠ د.ع." in Arabic; fils only when there are
// some. Amounts travel as strings of integer fils (1 IQD = 1,000 fils).
import { language } from "./i18n";

const FILS_PER_DINAR = 1000;

export function formatIqd(fils: string | bigint): string {
  const amount = Number(fils) / FILS_PER_DINAR;
  if (language() === "ar") {
    return new Intl.NumberFormat("ar-IQ", {
      style: "currency",
      currency: "IQD",
      minimumFractionDigits: 0,
      maximumFractionDigits: 3,
    }).format(amount);
  }
  const text = new Intl.NumberFormat("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 3 }).format(
    amount,
  );
  const withFils = text.includes(".")
    ? `${text.split(".")[0]}.${(text.split(".")[1] ?? "").padEnd(3, "0")}`
    : text;
  return `${withFils} IQD`;
}
