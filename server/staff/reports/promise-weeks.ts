import type { LeadFormId } from "../../../leads/catalog.ts";
import type { FormWeek, ReportWeekNumbers } from "../../../staff/reports-api.ts";
import type { ReportWeek } from "../../calendar/weeks.ts";
import type { WeekCountRow, WeekMedianRow } from "../../store/queries/report-counts.ts";

/**
 * The reports' promise numbers per form per week, from the store's groups: each lead counts in the
 * week it arrived, so a week's numbers settle once its leads are answered or overdue. The store groups by the
 * index of the week in reportWeeks' list, whose instant bounds keep the time zone out of SQL.
 */

const MINUTE_MS = 60_000;

/** A median time (ms) as the reports give it: minutes to a tenth; null when nothing was answered. */
export const minutesOf = (median: number | undefined) =>
  median === undefined ? null : Math.round((median / MINUTE_MS) * 10) / 10;

const EMPTY: FormWeek = { leads: 0, answered: 0, answeredWithinPromise: 0, medianFirstResponseMinutes: null };

export function promiseWeeks(
  counts: readonly WeekCountRow[],
  medians: readonly WeekMedianRow[],
  weeks: readonly ReportWeek[],
  forms: readonly LeadFormId[],
): ReportWeekNumbers[] {
  const key = (form: string, week: number | string | bigint) => `${form} ${Number(week)}`;
  const medianOf = new Map(medians.map((row) => [key(row.form_id, row.week), Number(row.median_ms)]));
  // The store counts each status apart: a week's numbers are their sums.
  const countOf = new Map<string, { leads: number; answered: number; withinPromise: number }>();
  for (const row of counts) {
    const sum = countOf.get(key(row.form_id, row.week)) ?? { leads: 0, answered: 0, withinPromise: 0 };
    sum.leads += Number(row.leads);
    sum.answered += Number(row.answered);
    sum.withinPromise += Number(row.within_promise);
    countOf.set(key(row.form_id, row.week), sum);
  }
  return weeks.map((week, index) => ({
    weekStart: week.weekStart,
    forms: Object.fromEntries(
      forms.map((form): [LeadFormId, FormWeek] => {
        const row = countOf.get(key(form, index));
        if (!row) return [form, EMPTY];
        const median = medianOf.get(key(form, index));
        return [
          form,
          {
            leads: row.leads,
            answered: row.answered,
            answeredWithinPromise: row.withinPromise,
            medianFirstResponseMinutes: minutesOf(median),
          },
        ];
      }),
    ),
  }));
}
