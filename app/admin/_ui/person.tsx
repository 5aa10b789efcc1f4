// A customer as operators recognise them: initials in a circle, the name as the wallet writes it and
// the phone as the wallet shows it (masked), linking to their page. Without a name (or without the
// permission to see it) the short id stands in.
import type { Person } from "@/lib/customers/person";
import { ShortId } from "./format";

export function PersonChip({ customerId, person }: { customerId: string; person?: Person | undefined }) {
  const href = `/admin/customers/${customerId}`;
  if (!person?.name) {
    return (
      <a href={href}>
        <ShortId id={customerId} />
      </a>
    );
  }
  return (
    <a href={href} className="person" data-customer={customerId}>
      <span className="avatar" aria-hidden="true">
        {person.initials}
      </span>
      <span className="person-text">
        <bdi className="person-name">{person.name}</bdi>
        {person.phone ? (
          <bdi className="person-phone mono" dir="ltr">
            {person.phone}
          </bdi>
        ) : null}
      </span>
    </a>
  );
}
