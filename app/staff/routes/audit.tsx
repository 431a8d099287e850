import { Link, type LoaderFunctionArgs, useLoaderData, useRouteError } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { STAFF_PATH } from "~/route-paths";
import { StaffRouteError } from "~/staff/components/route-error";
import { loadOrSignIn, staffApi } from "~/staff/lib/api";
import type { StaffHandle } from "~/staff/lib/hooks";
import { formatDateTime } from "~/staff/lib/model";
import type { AuditPage } from "~/staff/lib/types";

export const handle: StaffHandle = { title: "Audit log" };

export async function loader({ request }: LoaderFunctionArgs) {
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  return loadOrSignIn(request, () => staffApi<AuditPage>(`/audit?page=${page}`, { signal: request.signal }));
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <StaffRouteError error={error} />;
}

const ACTIONS: Record<string, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in",
  sign_out: "Signed out",
  lead_view: "Viewed a lead",
  resume_download: "Downloaded a resume",
  export: "Exported leads",
  status_change: "Changed a status",
  erase: "Erased a person",
};

/** Who did what and when, with lead ids only (never a lead's personal data): admins only. */
export default function AuditPageView() {
  const loaderData = useLoaderData<typeof loader>();
  const { entries, page, pageSize, total } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-col gap-4 p-4 md:p-6">
      <div>
        <h1 className="text-xl font-semibold text-ink">Audit log</h1>
        <p className="text-sm text-ink-soft">
          Sign-ins, lead views, downloads, exports, changes and erasures, newest first.
        </p>
      </div>
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-white px-6 py-12 text-center text-ink-soft">
          Nothing has been recorded yet.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-line bg-white shadow-sm">
          <table className="w-full border-collapse text-left text-sm">
            <thead className="bg-white">
              <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
                <th scope="col" className="py-3 pr-3 pl-4 font-semibold">
                  When
                </th>
                <th scope="col" className="px-3 py-3 font-semibold">
                  Who
                </th>
                <th scope="col" className="px-3 py-3 font-semibold">
                  What
                </th>
                <th scope="col" className="px-3 py-3 font-semibold">
                  Lead
                </th>
                <th scope="col" className="py-3 pr-4 pl-3 font-semibold">
                  Detail
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="h-11 border-b border-line last:border-0">
                  <td className="py-2 pr-3 pl-4 whitespace-nowrap text-ink-soft tabular-nums">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </td>
                  <td className="px-3 py-2 text-ink">{entry.actor?.email ?? "—"}</td>
                  <td className="px-3 py-2 text-ink">
                    {ACTIONS[entry.action] ?? entry.action.replaceAll("_", " ")}
                  </td>
                  <td className="px-3 py-2 tabular-nums">
                    {entry.leadId === null ? (
                      "—"
                    ) : (
                      <Link
                        to={`${STAFF_PATH}/leads/${entry.leadId}`}
                        className="text-navy-800 underline underline-offset-4"
                      >
                        {entry.leadId}
                      </Link>
                    )}
                  </td>
                  <td className="py-2 pr-4 pl-3 text-ink-soft">{entry.detail ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="flex items-center justify-between text-sm text-ink-soft">
        <span className="tabular-nums">
          Page {page} of {pages}
        </span>
        <span className="flex gap-2">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className={buttonVariants({ variant: "secondary", size: "sm" })}>
              Newer
            </Link>
          ) : null}
          {page < pages ? (
            <Link
              to={`?page=${page + 1}`}
              className={cn(buttonVariants({ variant: "secondary", size: "sm" }))}
            >
              Older
            </Link>
          ) : null}
        </span>
      </nav>
    </div>
  );
}
