import { cn } from "~/lib/cn";
import { formatListDate } from "~/staff/lib/format";
import { OpeningName } from "~/staff/ui/opening-name";
import { DueText } from "~/staff/ui/promise-text";
import { StatusPill } from "~/staff/ui/status-pill";
import { TableHead } from "~/staff/ui/table-head";
import type { LeadRow } from "../../../staff/leads-api.ts";
import { leadScopeOf } from "../../../staff/permissions.ts";
import type { Role } from "../../../staff/roles.ts";
import { DELIVERY_LABELS, isApplicationForm } from "../../../staff/workflow.ts";
import { Applicant, DocumentProgress, FormMarker, LeadLink, NewDot, UnreadReplies } from "./lead-marks";

/**
 * The third column names what a lead is about: a request's organisation, an application's opening; headed by
 * what the role's leads can have (an admin's has both, and the row stays within 1280 px).
 */
function columnsFor(applications: boolean, requests: boolean) {
  const about =
    applications && requests ? "Organisation / opening" : applications ? "Opening" : "Organisation";
  return ["Name", "Form", about, "Status", "Assignee", "Delivery", "Received"];
}

/**
 * The inbox on a wide screen: one row per lead, sticky column headers, unread rows bold with a dot, unread
 * replies and the response promise in words; an application's opening, credential and years of experience.
 */
export function LeadTable({ leads, back, role }: { leads: LeadRow[]; back: string; role: Role }) {
  const { forms } = leadScopeOf(role);
  const applications = forms.some(isApplicationForm);
  const requests = forms.some((form) => !isApplicationForm(form));
  return (
    <div className="overflow-clip rounded-xl border border-line bg-white shadow-sm">
      <table className="w-full border-collapse text-left text-sm">
        <TableHead columns={columnsFor(applications, requests)} sticky lastAlign="right" />
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
                  <span className="flex max-w-60 min-w-0 flex-col">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                      <LeadLink lead={lead} back={back} />
                      <UnreadReplies lead={lead} />
                    </span>
                    <span className="truncate text-xs font-normal text-muted">{lead.email}</span>
                  </span>
                </span>
              </td>
              <td className="px-3 py-2 font-normal">
                <span className="flex flex-col gap-0.5">
                  <FormMarker lead={lead} />
                  {/* An application's credential and years of experience, which recruiters scan by. */}
                  <Applicant lead={lead} className="pl-4.5 text-xs" />
                </span>
              </td>
              {lead.opening ? (
                <td className="max-w-56 min-w-36 px-3 py-2 font-normal">
                  <OpeningName opening={lead.opening} viewerRole={role} />
                </td>
              ) : (
                <td className="max-w-48 truncate px-3 py-2 text-ink-soft">{lead.organisation ?? "—"}</td>
              )}
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
