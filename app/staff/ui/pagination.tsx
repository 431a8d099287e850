import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

const look = buttonVariants({ variant: "secondary", size: "sm" });

/** Newer or older: a link, or the same button shown disabled at either end. */
function PageLink({ to, label }: { to: string | null; label: "Newer" | "Older" }) {
  const content = (
    <>
      {label === "Newer" ? <ChevronLeft aria-hidden /> : null}
      {label}
      {label === "Older" ? <ChevronRight aria-hidden /> : null}
    </>
  );
  if (to === null)
    return (
      <span aria-disabled="true" className={cn(look, "opacity-50")}>
        {content}
      </span>
    );
  return (
    <Link to={to} className={look}>
      {content}
    </Link>
  );
}

/** Where a list's page is in the whole (newest first), and the ways to the pages either side. */
export function Pagination({
  page,
  pageSize,
  total,
  pathOf,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The URL of another page of the same list. */
  pathOf: (page: number) => string;
}) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const pages = Math.ceil(total / pageSize);
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm text-ink-soft">
      <span className="tabular-nums">
        {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of {total.toLocaleString("en-US")}
      </span>
      <span className="flex gap-2">
        <PageLink to={page > 1 ? pathOf(page - 1) : null} label="Newer" />
        <PageLink to={page < pages ? pathOf(page + 1) : null} label="Older" />
      </span>
    </nav>
  );
}
