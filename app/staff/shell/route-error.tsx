import { CircleAlert, RotateCw } from "lucide-react";
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from "react-router";
import { Button } from "~/components/ui/button";
import { StaffApiError, UNREADABLE_MESSAGE } from "~/staff/lib/api";
import { staffPaths } from "~/staff/lib/staff-paths";

/**
 * A staff page's error, inline: what went wrong in the API's words, and a retry (or the way back). Any other
 * error is the page failing on what it was given (an answer from a newer release than the open page, say): its
 * message is a program's, not the person's, so the page asks for a reload instead.
 */
export function StaffRouteError({ error }: { error: unknown }) {
  const revalidator = useRevalidator();
  const notFound =
    (error instanceof StaffApiError && error.status === 404) ||
    (isRouteErrorResponse(error) && error.status === 404);
  const message = notFound
    ? "This page does not exist, or it is not part of your work."
    : error instanceof StaffApiError
      ? error.message
      : error instanceof Error
        ? UNREADABLE_MESSAGE
        : "Something went wrong on our side. Please try again.";
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div role="alert" className="rounded-xl border border-line bg-white p-6 shadow-sm">
        <h1 className="flex items-center gap-2 text-lg font-semibold text-ink">
          <CircleAlert aria-hidden className="size-5 text-danger" />
          {notFound ? "Not found" : "Could not load this page"}
        </h1>
        <p className="mt-2 text-ink-soft">{message}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          {notFound ? null : (
            <Button
              size="sm"
              onClick={() => revalidator.revalidate()}
              disabled={revalidator.state !== "idle"}
            >
              <RotateCw aria-hidden />
              Retry
            </Button>
          )}
          <Button asChild size="sm" variant="secondary">
            <Link to={staffPaths.inbox}>Back to the inbox</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Every signed-in page's error boundary (the route table gives it to each). */
export function StaffErrorBoundary() {
  return <StaffRouteError error={useRouteError()} />;
}
