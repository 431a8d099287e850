import { Link } from "react-router";
import { staffPaths } from "~/staff/lib/staff-paths";
import { TableHead } from "~/staff/ui/table-head";
import type { Opening, OpeningCounts } from "../../../staff/openings-api.ts";
import { OpeningStatusPill } from "./opening-status";
import { formatDay, payRangeOf } from "./opening-text";

const COLUMNS = [
  "Title",
  "Status",
  "Place",
  "Pay",
  "Valid through",
  "Applications",
  "Answered in time",
  "Hired",
] as const;

const NONE: OpeningCounts = { applications: 0, answeredInTime: 0, hired: 0 };

export interface OpeningRowsProps {
  openings: Opening[];
  counts: Record<string, OpeningCounts>;
}

function OpeningLink({ opening }: { opening: Opening }) {
  return (
    <Link
      to={staffPaths.opening(opening.id)}
      className="rounded-sm font-semibold text-navy-800 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy-700"
    >
      {opening.title}
    </Link>
  );
}

const validThroughOf = (opening: Opening) =>
  opening.validThrough ? formatDay(opening.validThrough) : "60 days after publishing";

/** The openings on a wide screen: one row each, its applications counted at the end. */
export function OpeningTable({ openings, counts }: OpeningRowsProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-white shadow-sm">
      <table className="w-full border-collapse text-left text-sm">
        <TableHead columns={COLUMNS} lastAlign="right" />
        <tbody>
          {openings.map((opening) => {
            const count = counts[opening.id] ?? NONE;
            return (
              <tr key={opening.id} className="h-12 border-b border-line last:border-0 hover:bg-surface">
                <td className="py-2 pr-3 pl-4">
                  <span className="flex flex-col">
                    <OpeningLink opening={opening} />
                    <span className="text-xs text-muted">
                      {opening.credential} · {opening.specialty}
                    </span>
                  </span>
                </td>
                <td className="px-3 py-2">
                  <OpeningStatusPill status={opening.status} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-ink-soft">
                  {opening.city}, {opening.state}
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-ink-soft tabular-nums">
                  {payRangeOf(opening)}
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-ink-soft tabular-nums">
                  {validThroughOf(opening)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{count.applications}</td>
                <td className="px-3 py-2 text-right tabular-nums">{count.answeredInTime}</td>
                <td className="py-2 pr-4 pl-3 text-right tabular-nums">{count.hired}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The openings on a phone: a card each, its counts as a short row of figures. */
export function OpeningCards({ openings, counts }: OpeningRowsProps) {
  return (
    <ul className="flex flex-col gap-2">
      {openings.map((opening) => {
        const count = counts[opening.id] ?? NONE;
        return (
          <li key={opening.id} className="rounded-xl border border-line bg-white p-3 shadow-sm">
            <div className="flex items-start justify-between gap-2">
              <OpeningLink opening={opening} />
              <OpeningStatusPill status={opening.status} />
            </div>
            <p className="mt-1 text-sm text-ink-soft">
              {opening.credential} · {opening.specialty} · {opening.city}, {opening.state}
            </p>
            <p className="text-sm text-ink-soft tabular-nums">
              {payRangeOf(opening)} · valid through {validThroughOf(opening)}
            </p>
            <dl className="mt-2 grid grid-cols-3 gap-2 border-t border-line pt-2 text-center">
              {(
                [
                  ["Applications", count.applications],
                  ["Answered in time", count.answeredInTime],
                  ["Hired", count.hired],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="flex flex-col-reverse justify-end">
                  <dt className="text-xs text-muted">{label}</dt>
                  <dd className="text-lg font-semibold text-ink tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
