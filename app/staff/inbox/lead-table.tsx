import { cn } from "~/lib/cn";
import { formatListDate } from "~/staff/lib/format";
import { DueText } from "~/staff/ui/promise-text";
import { StatusPill } from "~/staff/ui/status-pill";
import { TableHead } from "~/staff/ui/table-head";
import type { LeadRow } from "../../../staff/leads-api.ts";
import { DELIVERY_LABELS } from "../../../staff/workflow.ts";
import { DocumentProgress, FormMarker, LeadLink, NewDot, UnreadReplies } from "./lead-marks";

const COLUMNS = ["Name", "Form", "Organisation", "Status", "Assignee", "Delivery", "Received"] as const;

/**
 * The inbox on a wide screen: one row per lead, sticky column headers, unread rows bold with a dot, unread
 * replies and the response promise in words.
 */
export function LeadTable({ leads, back }: { leads: LeadRow[]; back: string }) {
  return (
    <div className="overflow-clip rounded-xl border border-line bg-white shadow-sm">
      <table className="w-full border-collapse text-left text-sm">
        <TableHead columns={COLUMNS} sticky lastAlign="right" />
        <tbody>
          {leads.map((lead) => (
            <tr
              key={lead.id}
              data-new={lead.isNew || undefined}
              className={cn(
                "h-12 border-b border-line last:border-0 hover:bg-surface",
                lead.isNew ? "font-semibold" : "font-normal",
              )}
            >
              <td className="py-2 pr-3 pl-4">
                <span className="flex items-center gap-2.5">
                  <NewDot isNew={lead.isNew} />
                  <span className="flex min-w-0 flex-col">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                      <LeadLink lead={lead} back={back} />
                      <UnreadReplies lead={lead} />
                    </span>
                    <span className="truncate text-xs font-normal text-muted">{lead.email}</span>
                  </span>
                </span>
              </td>
              <td className="px-3 py-2 font-normal">
                <FormMarker lead={lead} />
              </td>
              <td className="max-w-48 truncate px-3 py-2 text-ink-soft">{lead.organisation ?? "—"}</td>
              <td className="px-3 py-2">
                <span className="flex flex-col items-start gap-1">
                  <StatusPill status={lead.status} />
                  <DocumentProgress lead={lead} />
                </span>
              </td>
              <td className="px-3 py-2 text-ink-soft">{lead.assignee?.name ?? "—"}</td>
              <td className={cn("px-3 py-2", lead.delivery === "dead" ? "text-danger" : "text-ink-soft")}>
                {DELIVERY_LABELS[lead.delivery]}
              </td>
              <td className="py-2 pr-4 pl-3 text-right whitespace-nowrap text-ink-soft tabular-nums">
                <span className="flex flex-col items-end">
                  <time dateTime={lead.createdAt}>{formatListDate(lead.createdAt)}</time>
                  {/* The response promise under the arrival it counts from. */}
                  <DueText promise={lead.promise} className="text-xs" />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
