import { Link } from "react-router";
import { formatDateTime } from "~/staff/lib/format";
import { staffPaths } from "~/staff/lib/staff-paths";
import type { AuditEntry } from "../../../staff/api.ts";
import { AUDIT_ACTION_LABELS } from "../../../staff/labels.ts";

const COLUMNS = ["When", "Who", "What", "Lead", "Detail"] as const;

/** Who did what and when, with a lead's id at most (never its personal data). */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-white shadow-sm">
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-white">
          <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
            {COLUMNS.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={
                  index === 0
                    ? "py-3 pr-3 pl-4 font-semibold"
                    : index === COLUMNS.length - 1
                      ? "py-3 pr-4 pl-3 font-semibold"
                      : "px-3 py-3 font-semibold"
                }
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="h-11 border-b border-line last:border-0">
              <td className="py-2 pr-3 pl-4 whitespace-nowrap text-ink-soft tabular-nums">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </td>
              <td className="px-3 py-2 text-ink">{entry.actor?.email ?? "—"}</td>
              <td className="px-3 py-2 text-ink">{AUDIT_ACTION_LABELS[entry.action]}</td>
              <td className="px-3 py-2 tabular-nums">
                {entry.leadId === null ? (
                  "—"
                ) : (
                  <Link
                    to={staffPaths.lead(entry.leadId)}
                    className="text-navy-800 underline underline-offset-4"
                  >
                    {entry.leadId}
                  </Link>
                )}
              </td>
              <td className="py-2 pr-4 pl-3 text-ink-soft">{entry.detail ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
