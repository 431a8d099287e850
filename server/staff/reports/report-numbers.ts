import { leadScopeOf } from "../../../staff/permissions.ts";
import type { OpeningNumbers, ReportsAnswer, ReportsQuery } from "../../../staff/reports-api.ts";
import type { Role } from "../../../staff/roles.ts";
import { isApplicationForm, NEW_STATUS } from "../../../staff/workflow.ts";
import type { BusinessCalendar } from "../../calendar/business-calendar.ts";
import { type ReportRange, recentWeeks, reportWeeks } from "../../calendar/weeks.ts";
import type { ReachedRow, ReportQueries, ReportScope, SourceRow } from "../../store/queries/report-counts.ts";
import { minutesOf, promiseWeeks } from "./promise-weeks.ts";
import { verifiedWeeks } from "./verified-weeks.ts";

/**
 * The reports' numbers for one role: the range asked for, or the last REPORT_WEEKS weeks, in the
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
    // Reports count the leads the role may see, never what the honeypot caught (the queries leave spam out).
    const { forms } = leadScopeOf(role);
    const scope = {
      forms,
      from: weeks[0]?.from ?? 0,
      to: weeks.at(-1)?.to ?? 0,
      weekEnds: weeks.map((week) => week.to),
    };
    // Only applications are for an opening: a role that sees none gets no "By opening".
    const applications = forms.some(isApplicationForm);
    const [counts, medians, earlier, campaigns, referrers, byOpening] = await Promise.all([
      reports.weekCounts(scope),
      reports.weekMedians(scope),
      reports.statusesEarlier(scope),
      reports.campaigns(scope),
      reports.referrers(scope),
      applications ? openingNumbers(reports, scope) : null,
    ]);
    const current = counts.map((row) => ({ form_id: row.form_id, status: row.status, count: row.leads }));
    return {
      ...range,
      weeks: promiseWeeks(counts, medians, weeks, forms),
      pipeline: {
        requests: forms.some((form) => !isApplicationForm(form)) ? pipelineOf(current, earlier, false) : null,
        applications: applications ? pipelineOf(current, earlier, true) : null,
      },
      campaigns: campaigns.map(sourceOf),
      referrers: referrers.map(sourceOf),
      byOpening,
      verification: forms.some(isApplicationForm)
        ? verifiedWeeks(
            await reports.fullyVerified({ ...scope, forms: forms.filter(isApplicationForm) }),
            weeks,
          )
        : null,
    };
  };
}

export type ReportFor = ReturnType<typeof createReports>;

/** One kind's statuses reached, summed over its forms: every lead arrived New, and each has a status now. */
function pipelineOf(
  current: readonly ReachedRow[],
  earlier: readonly ReachedRow[],
  applications: boolean,
): Record<string, number> {
  const mine = (row: ReachedRow) => isApplicationForm(row.form_id) === applications;
  const counts: Record<string, number> = {
    [NEW_STATUS]: current.filter(mine).reduce((sum, row) => sum + Number(row.count), 0),
  };
  for (const row of [...current, ...earlier].filter(mine))
    if (row.status !== NEW_STATUS) counts[row.status] = (counts[row.status] ?? 0) + Number(row.count);
  return counts;
}

/** Each opening's applications in the range, with the median minutes to a first response of those answered. */
async function openingNumbers(reports: ReportQueries, scope: ReportScope): Promise<OpeningNumbers[]> {
  const [counts, medians] = await Promise.all([reports.openingCounts(scope), reports.openingMedians(scope)]);
  const medianOf = new Map(medians.map((row) => [row.opening_id, Number(row.median_ms)]));
  return counts.map((row) => ({
    id: row.id,
    title: row.title,
    applications: Number(row.applications),
    answeredWithinPromise: Number(row.within_promise),
    medianFirstResponseMinutes: minutesOf(medianOf.get(row.id)),
    hired: Number(row.hired),
  }));
}

const sourceOf = (row: SourceRow) => ({
  value: row.value,
  leads: Number(row.leads),
  conversions: Number(row.conversions),
});
