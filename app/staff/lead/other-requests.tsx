import { Link } from "react-router";
import { formatDateTime } from "~/staff/lib/format";
import { staffPaths } from "~/staff/lib/staff-paths";
import { StatusPill } from "~/staff/ui/status-pill";
import type { LeadPage } from "../../../staff/leads-api.ts";

/** The person's other leads that the viewer's role may see (same e-mail or phone), newest first. */
export function OtherRequests({ requests }: { requests: LeadPage["otherRequests"] }) {
  if (requests.length === 0) return <p className="text-sm text-muted">No other requests from this person.</p>;
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {requests.map((request) => (
        <li
          key={request.id}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line pb-2 last:border-0"
        >
          <Link
            to={staffPaths.lead(request.id)}
            className="min-h-6 rounded-sm font-semibold text-navy-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-navy-700"
          >
            {request.formLabel}
          </Link>
          <time dateTime={request.createdAt} className="text-muted tabular-nums">
            {formatDateTime(request.createdAt)}
          </time>
          <span className="ml-auto">
            <StatusPill status={request.status} />
          </span>
        </li>
      ))}
    </ul>
  );
}
