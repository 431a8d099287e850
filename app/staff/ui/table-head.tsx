import { cn } from "~/lib/cn";

/**
 * A staff table's column headers: small, upper-case and muted, the outer columns inset like the card around
 * them. `sticky` keeps them under the top bar while the list scrolls (the inbox).
 */
export function TableHead({
  columns,
  sticky = false,
  lastAlign = "left",
}: {
  columns: readonly string[];
  sticky?: boolean;
  lastAlign?: "left" | "right";
}) {
  const last = columns.length - 1;
  return (
    <thead className={cn("bg-white", sticky && "sticky top-14 z-10")}>
      <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
        {columns.map((column, index) => (
          <th
            key={column}
            scope="col"
            className={cn(
              "py-3 font-semibold",
              index === 0 ? "pr-3 pl-4" : index === last ? "pr-4 pl-3" : "px-3",
              index === last && lastAlign === "right" && "text-right",
            )}
          >
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
