import { Inbox } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { staffPaths } from "~/staff/lib/staff-paths";

/** A friendly empty state: nothing yet, or nothing under these filters (with the way out). */
export function InboxEmpty({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line bg-white px-6 py-16 text-center">
      <Inbox aria-hidden className="size-8 text-muted" />
      <p className="font-semibold text-ink">{filtered ? "No leads match these filters" : "No leads yet"}</p>
      <p className="max-w-sm text-sm text-ink-soft">
        {filtered
          ? "Try a wider date range or another status, or clear the filters."
          : "New leads show up here within 30 seconds of arriving."}
      </p>
      {filtered ? (
        <Link to={staffPaths.inbox} className={buttonVariants({ variant: "secondary", size: "sm" })}>
          Clear filters
        </Link>
      ) : null}
    </div>
  );
}
