// Latin words inside Arabic text ("Google Authenticator", "Redis", "2FAS…"), each isolated in a
// <bdi dir="ltr">: without it the Unicode bidi algorithm lets a Latin run pull the neutral characters
// beside it (brackets, dots, "…") to the wrong side, and "(Google Authenticator…)" is drawn with
// its brackets and ellipsis out of place. English text is given back as it is.
import type { ReactNode } from "react";
import type { Locale } from "@/lib/console/i18n/translate";

// A run starts with a Latin letter (or digits glued to one: "2FAS") and ends on a letter or digit,
// with an ellipsis kept inside; spaces and ASCII punctuation between Latin words stay in the run.
const LATIN_RUN = /(?:\d+[A-Za-z]|[A-Za-z])(?:[A-Za-z0-9 .:/'’_+<>-]*[A-Za-z0-9>])?…?/g;

function latinIsolated(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let index = 0;
  for (const match of text.matchAll(LATIN_RUN)) {
    if (match.index > index) parts.push(text.slice(index, match.index));
    parts.push(
      <bdi dir="ltr" key={match.index}>
        {match[0]}
      </bdi>,
    );
    index = match.index + match[0].length;
  }
  if (index < text.length) parts.push(text.slice(index));
  return parts;
}

/** A translated sentence, its Latin words isolated when the console is in Arabic. */
export function BidiText({ text, locale }: { text: string; locale: Locale }) {
  return <>{locale === "ar" ? latinIsolated(text) : text}</>;
}
