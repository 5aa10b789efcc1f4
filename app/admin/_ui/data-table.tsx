// The console's tables: one shell (scrolls sideways on a narrow screen), columns declared once.
// `cards` turns each row into a card on a phone, every value under its column's name (data-label,
// given to each cell of a plain <tr> row here).
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

export interface Column {
  label: string;
  /** Numbers and amounts: aligned to the end, tabular digits. */
  num?: boolean;
  /** Left out on a phone. */
  wide?: boolean;
}

type CellProps = { "data-label"?: string; children?: ReactNode };

/**
 * Each cell of a plain `<tr>` row gets its column's name as data-label (unless it has one): what a
 * card shows above the value. Rows drawn by a component of their own label their cells themselves.
 */
function labelled(children: ReactNode, labels: string[]): ReactNode {
  return Children.map(children, (row) => {
    if (!isValidElement<{ children?: ReactNode }>(row) || row.type !== "tr") return row;
    const cells = Children.toArray(row.props.children).map((cell, index) =>
      isValidElement<CellProps>(cell) && cell.type === "td" && !cell.props["data-label"] && labels[index]
        ? cloneElement(cell as ReactElement<CellProps>, { "data-label": labels[index] })
        : cell,
    );
    return cloneElement(row, {}, ...cells);
  });
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
        <tbody>
          {cards
            ? labelled(
                children,
                columns.filter((column): column is Column => column !== false).map((column) => column.label),
              )
            : children}
        </tbody>
      </table>
    </div>
  );
}
