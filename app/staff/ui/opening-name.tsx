import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { staffPaths } from "~/staff/lib/staff-paths";
import type { LeadOpening } from "../../../staff/leads-api.ts";
import { may } from "../../../staff/permissions.ts";
import type { Role } from "../../../staff/roles.ts";

/**
 * The opening an application was for, by its full title: a link to its staff page for a role that manages
 * openings, plain text for anyone else. The title is staff's text, shown as text.
 */
export function OpeningName({
  opening,
  viewerRole,
  className,
}: {
  opening: LeadOpening;
  /** The signed-in person's role: whether the title links to the opening's page. */
  viewerRole: Role;
  className?: string;
}) {
  const title = (
    <span className="min-w-0 break-words">
      <span className="sr-only">Opening:</span> {opening.title}
    </span>
  );
  return (
    <span className={cn("inline-flex items-baseline gap-1.5 text-ink-soft", className)}>
      {may(viewerRole, "openings:manage") ? (
        <Link
          to={staffPaths.opening(opening.id)}
          className="min-w-0 rounded-sm text-navy-800 underline underline-offset-4 outline-none hover:text-navy-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy-700"
        >
          {title}
        </Link>
      ) : (
        title
      )}
    </span>
  );
}
