import type { LeadFormId } from "../../leads/catalog.ts";
import type { ReportsAnswer, ReportsQuery } from "../../staff/reports.ts";
import { FORMS_OF_ROLE, isApplicationForm, type Role } from "../../staff/roles.ts";
import type { BusinessCalendar } from "../calendar/business-calendar.ts";
import { type ReportRange, recentWeeks, reportWeeks } from "../calendar/weeks.ts";
import type { ClockRow, ReachedRow, ReportQueries, SourceRow } from "../store/queries/reports.ts";
import { type LeadClock, promiseWeeks } from "./promise-weeks.ts";

/**
 * The reports' numbers for one role (issue 28): the range asked for, or the last REPORT_WEEKS weeks, in the
 * business time zone; only the forms the role may see, so a recruiter never gets a number about requests.
 */
export function createReports(deps: {
  reports: ReportQueries;
  calendar: BusinessCalendar;
  now: () => number;
}) {
  const { reports, calendar, now } = deps;

  return async function reportFor(role: Role, query: ReportsQuery): Promise<ReportsAnswer> {
    const range: ReportRange =
      query.from && query.to ? { from: query.from, to: query.to } : recentWeeks(now(), calendar);
    const weeks = reportWeeks(range, calendar);
    const forms = FORMS_OF_ROLE[role];
    const scope = { forms, from: weeks[0]?.from ?? 0, to: weeks.at(-1)?.to ?? 0 };
    const [clocks, reached, campaigns, referrers] = await Promise.all([
      reports.clocks(scope),
      reports.reached(scope),
      reports.campaigns(scope),
      reports.referrers(scope),
    ]);
    return {
      ...range,
      weeks: promiseWeeks(clocks.map(clockOf), weeks, forms),
      pipeline: {
        requests: forms.some((form) => !isApplicationForm(form)) ? pipelineOf(reached, false) : null,
        applications: forms.some(isApplicationForm) ? pipelineOf(reached, true) : null,
      },
      campaigns: campaigns.map(sourceOf),
      referrers: referrers.map(sourceOf),
    };
  };
}

export type ReportFor = ReturnType<typeof createReports>;

/** A lead stored without a due time (before migration 010's backfill) was due as it arrived. */
const clockOf = (row: ClockRow): LeadClock => ({
  form: row.form_id as LeadFormId,
  createdAt: Number(row.created_at),
  dueAt: Number(row.due_at ?? row.created_at),
  firstResponseAt: row.first_response_at === null ? null : Number(row.first_response_at),
});

/** One kind's statuses reached, summed over its forms. */
function pipelineOf(rows: readonly ReachedRow[], applications: boolean): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows)
    if (isApplicationForm(row.form_id) === applications)
      counts[row.status] = (counts[row.status] ?? 0) + Number(row.count);
  return counts;
}

const sourceOf = (row: SourceRow) => ({
  value: row.value,
  leads: Number(row.leads),
  conversions: Number(row.conversions),
});
