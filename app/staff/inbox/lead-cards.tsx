import { cn } from "~/lib/cn";
import { formatListDate } from "~/staff/lib/format";
import { OpeningName } from "~/staff/ui/opening-name";
import { DueText } from "~/staff/ui/promise-text";
import { StatusPill } from "~/staff/ui/status-pill";
import type { LeadRow } from "../../../staff/leads-api.ts";
import type { Role } from "../../../staff/roles.ts";
import { Applicant, DocumentProgress, FormMarker, LeadLink, NewDot, UnreadReplies } from "./lead-marks";

/** The inbox on a phone: the table becomes a list of cards (an application's with its opening and credential). */
export function LeadCards({ leads, back, role }: { leads: LeadRow[]; back: string; role: Role }) {
  return (
    <ul className="flex flex-col gap-2">
      {leads.map((lead) => (
        <li
          key={lead.id}
          data-new={lead.isNew || undefined}
          className={cn(
            "rounded-xl border border-line bg-white p-3 shadow-sm",
            lead.isNew ? "font-semibold" : "font-normal",
          )}
        >
          <div className="flex items-center gap-2">
            <NewDot isNew={lead.isNew} />
            <span className="min-w-0 flex-1 truncate">
              <LeadLink lead={lead} back={back} />
            </span>
            <time dateTime={lead.createdAt} className="text-xs font-normal text-muted tabular-nums">
              {formatListDate(lead.createdAt)}
            </time>
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 pl-4 text-xs font-normal">
            <FormMarker lead={lead} nowrap />
            <Applicant lead={lead} />
            <StatusPill status={lead.status} />
            <DocumentProgress lead={lead} />
            <UnreadReplies lead={lead} />
            <DueText promise={lead.promise} />
            {lead.delivery === "dead" ? <span className="text-danger">Delivery failed</span> : null}
            {lead.organisation ? <span className="truncate text-ink-soft">{lead.organisation}</span> : null}
          </div>
          {lead.opening ? (
            <div className="mt-1.5 pl-4 text-xs font-normal">
              <OpeningName opening={lead.opening} viewerRole={role} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
