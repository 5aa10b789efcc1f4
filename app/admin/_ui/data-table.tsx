// The console's tables: one shell (scrolls sideways on a narrow screen), columns declared once.
// `cards` turns each row into a card on a phone, every value under its column's name (data-label).
import type { ReactNode } from "react";

export interface Column {
  label: string;
  /** Numbers and amounts: aligned to the end, tabular digits. */
  num?: boolean;
  /** Left out on a phone. */
  wide?: boolean;
}

export function DataTable({
  columns,
  children,
  id,
  cards = false,
}: {
  columns: (Column | false)[];
  children: ReactNode;
  id?: string;
  cards?: boolean;
}) {
  return (
    // Focusable, so a keyboard can scroll it when a phone is too narrow for the table.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <div className="table-wrap" tabIndex={0}>
      <table className={cards ? "data cards" : "data"} id={id}>
        <thead>
          <tr>
            {columns
              .filter((column): column is Column => column !== false)
              .map((column) => (
                <th
                  key={column.label}
                  className={
                    [column.num ? "num" : "", column.wide ? "hide-narrow" : ""].join(" ").trim() || undefined
                  }
                >
                  {column.label}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
