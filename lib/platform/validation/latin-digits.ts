// Arabic phone keyboards type Arabic-Indic digits (٠١٢…, U+0660–0669) or Eastern Arabic-Indic ones
// (۰۱۲…, U+06F0–06F9). Codes and numbers typed by people are read through this first.
export function toLatinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}
