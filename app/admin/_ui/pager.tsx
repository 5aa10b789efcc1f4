// Keyset pages: "next" carries the cursor of the last row shown; "first" drops it. Every other
// parameter of the list (its filters) is kept.
import type { Translate } from "@/lib/console/i18n/translate";

export function Pager({
  path,
  query,
  nextCursor,
  t,
}: {
  path: string;
  query: URLSearchParams;
  nextCursor: string | null;
  t: Translate;
}) {
  const onLaterPage = query.has("after");
  if (!nextCursor && !onLaterPage) return null;
  const link = (after: string | null) => {
    const next = new URLSearchParams(query);
    next.delete("after");
    if (after) next.set("after", after);
    const text = next.toString();
    return text ? `${path}?${text}` : path;
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
