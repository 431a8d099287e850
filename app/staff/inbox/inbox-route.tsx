import { Download } from "lucide-react";
import { type LoaderFunctionArgs, useLoaderData, useLocation, useNavigation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { exportUrl, loadOrSignIn, StaffApiError, staffApi } from "~/staff/lib/api";
import { plural } from "~/staff/lib/format";
import { type StaffHandle, useIsPhone, useStaffUser } from "~/staff/lib/hooks";
import { badInboxQuery, filtersOf, inboxPath, isFiltered, readInboxQuery } from "~/staff/lib/inbox-query";
import { staffPaths } from "~/staff/lib/staff-paths";
import { Pagination } from "~/staff/ui/pagination";
import { CountStrip } from "./count-strip";
import { FilterBar } from "./filter-bar";
import { FilterSheet } from "./filter-sheet";
import { InboxEmpty } from "./inbox-empty";
import { LeadCards } from "./lead-cards";
import { LeadTable } from "./lead-table";
import { useListKeys } from "./use-list-keys";
import { usePolling } from "./use-polling";

export const handle: StaffHandle = { title: "Inbox" };

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = readInboxQuery(params);
  try {
    const list = await loadOrSignIn(request, () => staffApi("leads", { query, signal: request.signal }));
    return { list, filters: filtersOf(query) };
  } catch (error) {
    // The address's filters as the inbox words them, naming the one refused.
    if (error instanceof StaffApiError && error.code === "bad_filter")
      throw (await badInboxQuery(params)) ?? error;
    throw error;
  }
}

/** The inbox: counts, filters and the leads of the person's role, newest first, fresh without a reload. */
export default function InboxPage() {
  const { list, filters } = useLoaderData<typeof loader>();
  const user = useStaffUser();
  const phone = useIsPhone();
  const navigation = useNavigation();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  const arrived = usePolling(list, back);
  useListKeys();

  const busy = navigation.state === "loading" && navigation.location.pathname === staffPaths.inbox;
  const filtered = isFiltered(filters);

  return (
    <div className="flex flex-col gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold text-ink">Inbox</h1>
        <p className="text-sm text-muted tabular-nums" aria-live="polite">
          {plural(list.total, "lead", "leads")}
          {filtered ? " match" : ""}
        </p>
        <div className="flex-1" />
        <a
          href={exportUrl(filters)}
          download
          className={buttonVariants({ variant: "secondary", size: "sm" })}
        >
          <Download aria-hidden />
          Export CSV
        </a>
      </div>

      <p role="status" className={cn("text-sm font-medium text-navy-900", arrived === 0 && "sr-only")}>
        {arrived === 0 ? "" : arrived === 1 ? "1 new lead arrived." : `${arrived} new leads arrived.`}
      </p>

      {phone ? (
        <FilterSheet filters={filters} list={list} role={user.role} />
      ) : (
        <div className="rounded-xl border border-line bg-white p-4 shadow-sm">
          <FilterBar filters={filters} list={list} role={user.role} />
        </div>
      )}

      <CountStrip list={list} filters={filters} />

      <section aria-labelledby="leads-heading" aria-busy={busy} className={cn(busy && "opacity-60")}>
        <h2 id="leads-heading" className="sr-only">
          Leads
        </h2>
        {list.leads.length === 0 ? (
          <InboxEmpty filtered={filtered} />
        ) : phone ? (
          <LeadCards leads={list.leads} back={back} role={user.role} />
        ) : (
          <LeadTable leads={list.leads} back={back} role={user.role} />
        )}
      </section>

      <Pagination
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        pathOf={(page) => inboxPath(filters, page)}
      />
    </div>
  );
}
