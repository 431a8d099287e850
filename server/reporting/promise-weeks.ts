import type { LeadFormId } from "../../leads/catalog.ts";
import type { FormWeek, ReportWeekNumbers } from "../../staff/reports.ts";
import type { ReportWeek } from "../calendar/weeks.ts";

/**
 * The reports' promise numbers per form per week (issue 28): each lead counts in the week it arrived, so a week's
 * numbers settle once its leads are answered or overdue. The weeks come from reportWeeks, whose instant bounds
 * keep the time zone out of this loop.
 */

/** What the reports read of a lead: its form and its clock, in epoch milliseconds. */
export interface LeadClock {
  form: LeadFormId;
  createdAt: number;
  dueAt: number;
  firstResponseAt: number | null;
}

const MINUTE_MS = 60_000;

interface Tally {
  leads: number;
  answered: number;
  withinPromise: number;
  minutes: number[];
}

export function promiseWeeks(
  leads: Iterable<LeadClock>,
  weeks: readonly ReportWeek[],
  forms: readonly LeadFormId[],
): ReportWeekNumbers[] {
  const tallies = weeks.map(
    () =>
      new Map(
        forms.map((form): [LeadFormId, Tally] => [
          form,
          { leads: 0, answered: 0, withinPromise: 0, minutes: [] },
        ]),
      ),
  );
  for (const lead of leads) {
    const index = weekIndex(weeks, lead.createdAt);
    const tally = index === undefined ? undefined : tallies[index]?.get(lead.form);
    if (!tally) continue;
    tally.leads++;
    if (lead.firstResponseAt === null) continue;
    tally.answered++;
    if (lead.firstResponseAt <= lead.dueAt) tally.withinPromise++;
    tally.minutes.push(minutesBetween(lead.createdAt, lead.firstResponseAt));
  }
  return weeks.map((week, index) => ({
    weekStart: week.weekStart,
    forms: Object.fromEntries(
      [...(tallies[index] ?? [])].map(([form, tally]): [LeadFormId, FormWeek] => {
        const median = medianOf(tally.minutes);
        return [
          form,
          {
            leads: tally.leads,
            answered: tally.answered,
            answeredWithinPromise: tally.withinPromise,
            medianFirstResponseMinutes: median === null ? null : Math.round(median * 10) / 10,
          },
        ];
      }),
    ),
  }));
}

/** Minutes from a lead's arrival to its first response; null while it has none. */
export function firstResponseMinutes(lead: Pick<LeadClock, "createdAt" | "firstResponseAt">): number | null {
  return lead.firstResponseAt === null ? null : minutesBetween(lead.createdAt, lead.firstResponseAt);
}

/** A response stamped before its lead (clocks of two instances a little apart) counts as immediate. */
const minutesBetween = (from: number, to: number) => Math.max(0, to - from) / MINUTE_MS;

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/** The week whose [from, to) holds an instant, by binary search over weeks in order. */
function weekIndex(weeks: readonly ReportWeek[], at: number): number | undefined {
  let low = 0;
  let high = weeks.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const week = weeks[middle];
    if (!week) return undefined;
    if (at < week.from) high = middle - 1;
    else if (at >= week.to) low = middle + 1;
    else return middle;
  }
  return undefined;
}
