import { Clock } from "lucide-react";
import { cn } from "~/lib/cn";
import { formatDateTime, isOverdue, promiseText } from "~/staff/lib/format";
import type { LeadDetail, LeadPromiseAnswer } from "../../../staff/leads-api.ts";

/** How long is left, how late it is, or how it was kept: in words, the colour only supporting them. */
export function DueText({ promise, className }: { promise: LeadPromiseAnswer; className?: string }) {
  const late = isOverdue(promise) || promise.state === "missed";
  return (
    <span
      data-promise={promise.state}
      className={cn(late ? "font-semibold text-danger" : "text-ink-soft", className)}
    >
      {promiseText(promise)}
    </span>
  );
}

/** The lead page's promise: what the person was told, when the lead is due, and when it was first answered. */
export function LeadPromiseSummary({ lead }: { lead: LeadDetail }) {
  const { promise } = lead;
  return (
    <p className="mt-1 text-sm text-ink-soft">
      <Clock aria-hidden className="mr-1.5 inline size-4 align-[-3px] text-navy-700" />
      Response promised {lead.promiseWords}, by{" "}
      <time dateTime={promise.dueAt}>{formatDateTime(promise.dueAt)}</time>
      {promise.respondedAt ? (
        <>
          ; first answered <time dateTime={promise.respondedAt}>{formatDateTime(promise.respondedAt)}</time>
        </>
      ) : null}
      : <DueText promise={promise} />
    </p>
  );
}
