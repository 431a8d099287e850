import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { inboxPath } from "~/staff/lib/inbox-query";
import { formLabelOf } from "../../../staff/labels.ts";
import type { InboxFilters, LeadList } from "../../../staff/leads-api.ts";

/** A count per form and per status for the current filter, each a link that narrows to it (or widens again). */
export function CountStrip({ list, filters }: { list: LeadList; filters: InboxFilters }) {
  const forms = Object.entries(list.counts.forms);
  const statuses = Object.entries(list.counts.statuses);
  if (forms.length + statuses.length === 0) return null;
  const chip = (key: "form" | "status", value: string, label: string, n: number) => {
    const on = filters[key] === value;
    return (
      <li key={`${key}-${value}`}>
        <Link
          to={inboxPath({ ...filters, [key]: on ? undefined : value })}
          aria-current={on ? "true" : undefined}
          className={cn(
            "inline-flex min-h-8 items-center gap-1.5 rounded-full border px-3 text-xs font-medium focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy-700",
            on
              ? "border-navy-700 bg-navy-900 text-white"
              : "border-line bg-white text-ink-soft hover:border-navy-700",
          )}
        >
          {label} <span className="font-semibold tabular-nums">{n.toLocaleString("en-US")}</span>
        </Link>
      </li>
    );
  };
  return (
    <div className="flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-6">
      <ul aria-label="Leads per form" className="flex flex-wrap gap-2">
        {forms.map(([form, n]) => chip("form", form, formLabelOf(form), n))}
      </ul>
      <ul aria-label="Leads per status" className="flex flex-wrap gap-2">
        {statuses.map(([status, n]) => chip("status", status, status, n))}
      </ul>
    </div>
  );
}
