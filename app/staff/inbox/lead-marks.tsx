import { MessageSquareReply } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { staffPaths } from "~/staff/lib/staff-paths";
import type { LeadRow } from "../../../staff/leads-api.ts";
import { FORM_ACCENT } from "./form-accent";

/** What a lead's row and its phone card share: the unread dot, the form's marker and the link to the lead. */

export function NewDot({ isNew }: { isNew: boolean }) {
  return isNew ? (
    <span className="inline-flex size-2 shrink-0 rounded-full bg-chart-600">
      <span className="sr-only">New: </span>
    </span>
  ) : (
    <span aria-hidden className="inline-flex size-2 shrink-0" />
  );
}

/** The form's label after its service's colour; `nowrap` keeps it on one line (a card wraps around it). */
export function FormMarker({ lead, nowrap = false }: { lead: LeadRow; nowrap?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-ink-soft", nowrap && "whitespace-nowrap")}>
      <span aria-hidden className={cn("size-2.5 rounded-sm", FORM_ACCENT[lead.formId])} />
      {lead.formLabel}
    </span>
  );
}

/** The lead's name, opening its page; the list it came from (with its filters) is where Escape returns. */
export function LeadLink({ lead, back }: { lead: LeadRow; back: string }) {
  return (
    <Link
      to={staffPaths.lead(lead.id)}
      state={{ back }}
      data-lead-link=""
      className="rounded-sm text-ink underline-offset-4 outline-none hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy-700"
    >
      {lead.name || "(no name)"}
    </Link>
  );
}

/** An application's credential and years of experience ("RN · 5+ years"); nothing for a request. */
export function Applicant({ lead, className }: { lead: LeadRow; className?: string }) {
  const parts = [lead.credential, lead.experience].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <span className={cn("whitespace-nowrap text-ink-soft tabular-nums", className)}>
      {lead.credential ? <span className="font-semibold text-ink">{lead.credential}</span> : null}
      {lead.credential && lead.experience ? " · " : null}
      {lead.experience}
    </span>
  );
}

/** Messages from the person nobody has read yet, in words ("2 new replies"); nothing when there are none. */
export function UnreadReplies({ lead }: { lead: LeadRow }) {
  if (lead.unreadReplies === 0) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-navy-900 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-white">
      <MessageSquareReply aria-hidden className="size-3" />
      {lead.unreadReplies === 1 ? "1 new reply" : `${lead.unreadReplies} new replies`}
    </span>
  );
}

/** An application's credential checklist in words ("4 of 8 done"); nothing before documents were requested. */
export function DocumentProgress({ lead, className }: { lead: LeadRow; className?: string }) {
  if (!lead.documents) return null;
  const { done, total } = lead.documents;
  return (
    <span className={cn("text-xs font-normal whitespace-nowrap text-ink-soft", className)}>
      <span className="sr-only">Documents: </span>
      {done} of {total} done
    </span>
  );
}
