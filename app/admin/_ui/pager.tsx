// Keyset pages: "next" carries the cursor of the last row shown; "first" drops it. Every other
// parameter of the list (its filters) is kept. A page with two lists gives each its own cursor
// parameter, and a fragment to land on the list that moved.
import type { Translate } from "@/lib/console/i18n/translate";

export function Pager({
  path,
  query,
  nextCursor,
  t,
  param = "after",
  fragment,
}: {
  path: string;
  query: URLSearchParams;
  nextCursor: string | null;
  t: Translate;
  param?: string;
  fragment?: string;
}) {
  const onLaterPage = query.has(param);
  if (!nextCursor && !onLaterPage) return null;
  const link = (after: string | null) => {
    const next = new URLSearchParams(query);
    next.delete(param);
    if (after) next.set(param, after);
    const text = next.toString();
    return `${path}${text ? `?${text}` : ""}${fragment ? `#${fragment}` : ""}`;
  };
  return (
    <nav className="pager" aria-label="pagination">
      <span>{onLaterPage ? <a href={link(null)}>{t("common.first")}</a> : null}</span>
      <span>
        {nextCursor ? (
          <a className="btn" href={link(nextCursor)} rel="next">
            {t("common.next")}
          </a>
        ) : null}
      </span>
    </nav>
  );
}
