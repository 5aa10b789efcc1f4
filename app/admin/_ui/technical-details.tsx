// The codes and ids behind an entry's words (its event type, who did it as the records name them, the
// wallet's request), folded away under "Technical details": there for whoever debugs, out of the way
// of an operator reading the page.
import type { ReactNode } from "react";
import { JsonView } from "./json-view";

export function TechnicalDetails({
  label,
  codes,
  value,
  children,
}: {
  label: string;
  /** Named codes and ids, shown as they are stored. */
  codes: [string, string | null | undefined][];
  /** A stored JSON document (the event's detail), shown indented. */
  value?: unknown;
  children?: ReactNode;
}) {
  const shown = codes.filter((entry): entry is [string, string] => Boolean(entry[1]));
  return (
    <details className="json technical" data-technical>
      <summary>{label}</summary>
      {shown.length > 0 ? (
        <dl className="codes">
          {shown.map(([name, code]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>
                <bdi className="mono" dir="ltr">
                  {code}
                </bdi>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {value !== undefined && value !== null ? <JsonView label="JSON" value={value} /> : null}
      {children}
    </details>
  );
}
