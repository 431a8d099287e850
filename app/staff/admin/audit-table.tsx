import { Link } from "react-router";
import { formatDateTime } from "~/staff/lib/format";
import { staffPaths } from "~/staff/lib/staff-paths";
import { TableHead } from "~/staff/ui/table-head";
import type { AuditEntry } from "../../../staff/api.ts";
import { AUDIT_ACTION_LABELS } from "../../../staff/audit-labels.ts";

const COLUMNS = ["When", "Who", "What", "Lead", "Detail"] as const;

/** Who did what and when, with a lead's id at most (never its personal data). */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-white shadow-sm">
      <table className="w-full border-collapse text-left text-sm">
        <TableHead columns={COLUMNS} />
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="h-11 border-b border-line last:border-0">
              <td className="py-2 pr-3 pl-4 whitespace-nowrap text-ink-soft tabular-nums">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </td>
              <td className="min-w-52 px-3 py-2 wrap-anywhere text-ink">{entry.actor?.email ?? "—"}</td>
              <td className="px-3 py-2 whitespace-nowrap text-ink">{AUDIT_ACTION_LABELS[entry.action]}</td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">
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
              <td className="min-w-40 py-2 pr-4 pl-3 wrap-anywhere text-ink-soft">{entry.detail ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
