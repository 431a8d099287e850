import { Download, Table2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { csvOf, type ReportTable } from "./report-data";
import type { Draw } from "./report-plots";

/** The chart's width follows its box (a phone's or a desk's), redrawn when the box changes. */
function useWidth(ref: React.RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || 640);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The file a browser saves: the numbers as the table shows them, made here from the answer. */
function download(table: ReportTable, range: string) {
  const url = URL.createObjectURL(new Blob([csvOf(table)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${table.id}-${range}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * One chart of the reports: its title and a sentence that sums it up (the chart's text alternative), the chart,
 * a table view of the same numbers behind a button, and their CSV.
 */
export function ReportFigure({ table, draw, range }: { table: ReportTable; draw: Draw; range: string }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const [showTable, setShowTable] = useState(false);
  const ids = { title: useId(), summary: useId(), table: useId() };

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = draw(Math.max(280, width));
    // Plot names its groups with aria-label, which a <g> without a role may not carry: the box's label is the
    // chart's text alternative, and the drawing itself is hidden from assistive technology.
    for (const named of chart.querySelectorAll("[aria-label]")) named.removeAttribute("aria-label");
    chart.setAttribute("aria-hidden", "true");
    element.replaceChildren(chart);
    return () => chart.remove();
  }, [draw, width]);

  return (
    <figure
      aria-labelledby={ids.title}
      className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 shadow-sm md:p-5"
    >
      <figcaption className="flex flex-col gap-1">
        <h2 id={ids.title} className="text-base font-semibold text-ink">
          {table.title}
        </h2>
        <p id={ids.summary} className="text-sm text-ink-soft">
          {table.summary}
        </p>
      </figcaption>
      <div
        ref={box}
        role="img"
        aria-label={`${table.title}: ${table.summary}`}
        className="w-full overflow-hidden"
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showTable}
          aria-controls={ids.table}
          onClick={() => setShowTable((shown) => !shown)}
        >
          <Table2 aria-hidden className="size-4" />
          {showTable ? "Hide table" : "Show table"}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => download(table, range)}>
          <Download aria-hidden className="size-4" />
          Download CSV<span className="sr-only"> of {table.title.toLowerCase()}</span>
        </Button>
      </div>
      {/* Focusable: a table wider than a phone scrolls sideways, by keyboard too. */}
      <section
        id={ids.table}
        hidden={!showTable}
        aria-label={`${table.title}, table`}
        tabIndex={showTable ? 0 : undefined}
        className="overflow-x-auto focus-visible:outline-3 focus-visible:outline-navy-700"
      >
        {showTable && (
          <table className="w-full border-collapse text-sm tabular-nums">
            <caption className="sr-only">{table.title}</caption>
            <thead>
              <tr className="border-b border-line text-left text-ink-soft">
                {table.columns.map((column) => (
                  <th key={column} scope="col" className="px-2 py-2 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed table, never reordered.
                <tr key={index} className="border-b border-line last:border-0">
                  {row.map((cell, column) => (
                    <td key={table.columns[column]} className="px-2 py-1.5 text-ink">
                      {cell ?? "–"}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </figure>
  );
}
