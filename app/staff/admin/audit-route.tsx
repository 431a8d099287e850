import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { loadOrSignIn, pagePath, staffApi } from "~/staff/lib/api";
import type { StaffHandle } from "~/staff/lib/hooks";
import { staffPaths } from "~/staff/lib/staff-paths";
import { Pagination } from "~/staff/ui/pagination";
import { AuditTable } from "./audit-table";

export const handle: StaffHandle = { title: "Audit log" };

export async function loader({ request }: LoaderFunctionArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  return loadOrSignIn(request, () => staffApi("audit", { query: { page }, signal: request.signal }));
}

/** Sign-ins, lead views, downloads, exports, changes and erasures, newest first: admins only. */
export default function AuditPage() {
  const { entries, page, pageSize, total } = useLoaderData<typeof loader>();
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
        <AuditTable entries={entries} />
      )}
      <Pagination
        page={page}
        pageSize={pageSize}
        total={total}
        pathOf={(to) => pagePath(staffPaths.audit, to)}
      />
    </div>
  );
}
