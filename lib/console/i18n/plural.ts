// Counts in words, by each language's own plural rules (Intl.PluralRules): English has "1 order" and
// "2 orders"; Arabic has six forms (لا طلبات، طلب واحد، طلبان، 3 طلبات، 11 طلباً، 100 طلب). A message
// carries its forms in ICU's plural syntax, which translators know:
//
//   "{count, plural, one {# order} other {# orders}}"
//
// `#` is the number (Latin digits with thousands separators, as everywhere in the console); `=0`,
// `=1`… match an exact number before the language's categories do; `other` is the fallback.

const NUMBER = new Intl.NumberFormat("en-US");
const rules = new Map<string, Intl.PluralRules>();

function pluralRules(locale: string): Intl.PluralRules {
  let found = rules.get(locale);
  if (!found) {
    found = new Intl.PluralRules(locale);
    rules.set(locale, found);
  }
  return found;
}

/** The text of a `{…}` that starts at `open`, and where it ends; null when it never closes. */
function braced(text: string, open: number): { inner: string; end: number } | null {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === "{") depth++;
    else if (text[index] === "}" && --depth === 0) return { inner: text.slice(open + 1, index), end: index };
  }
  return null;
}

/** "one {# order} other {# orders}" as { one: "# order", other: "# orders" }. */
function formsOf(text: string): Record<string, string> {
  const forms: Record<string, string> = {};
  let rest = text;
  for (;;) {
    const selector = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(rest);
    if (!selector?.[1]) return forms;
    const body = braced(rest, selector[0].length - 1);
    if (!body) return forms;
    forms[selector[1]] = body.inner;
    rest = rest.slice(body.end + 1);
  }
}

/** The form for `count` among a message's forms, with `#` as the number. */
export function pluralForm(locale: string, count: number, forms: Record<string, string>): string {
  const form = forms[`=${count}`] ?? forms[pluralRules(locale).select(count)] ?? forms.other ?? "";
  return form.replaceAll("#", NUMBER.format(count));
}

/**
 * Every `{name, plural, …}` of a message replaced by the form its value calls for; a block whose
 * value is missing or not a number stays as written, like an unknown placeholder.
 */
export function expandPlurals(
  message: string,
  values: Record<string, string | number | bigint>,
  locale: string,
): string {
  let out = "";
  let index = 0;
  for (let start = message.indexOf("{"); start >= 0; start = message.indexOf("{", index)) {
    const head = /^\{(\w+),\s*plural,/.exec(message.slice(start));
    const block = head ? braced(message, start) : null;
    if (!head?.[1] || !block) {
      // A plain placeholder ("{amount}"): translate() fills it in.
      out += message.slice(index, start + 1);
      index = start + 1;
      continue;
    }
    const value = values[head[1]];
    const count = typeof value === "string" ? Number.NaN : Number(value);
    out += message.slice(index, start);
    out += Number.isFinite(count)
      ? pluralForm(locale, count, formsOf(block.inner.slice(head[0].length - 1)))
      : message.slice(start, block.end + 1);
    index = block.end + 1;
  }
  return out + message.slice(index);
}
