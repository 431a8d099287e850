import type { VerifiedWeek } from "../../../staff/reports-api.ts";
import type { ReportWeek } from "../../calendar/weeks.ts";

const DAY_MS = 86_400_000;

/**
 * The median days from application to fully verified, per week: each lead counts in the week its last checklist
 * item was verified (the week it became fully verified), with the days since it arrived, to a tenth of a day.
 */
export function verifiedWeeks(
  leads: readonly { createdAt: number; verifiedAt: number }[],
  weeks: readonly ReportWeek[],
): VerifiedWeek[] {
  const days: number[][] = weeks.map(() => []);
  for (const lead of leads) {
    const index = weeks.findIndex((week) => lead.verifiedAt >= week.from && lead.verifiedAt < week.to);
    days[index]?.push((lead.verifiedAt - lead.createdAt) / DAY_MS);
  }
  return weeks.map((week, index) => {
    const sorted = (days[index] ?? []).toSorted((a, b) => a - b);
    const middle = sorted.length >> 1;
    const median =
      sorted.length === 0
        ? null
        : sorted.length % 2 === 1
          ? (sorted[middle] ?? 0)
          : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
    return {
      weekStart: week.weekStart,
      verified: sorted.length,
      medianDays: median === null ? null : Math.round(median * 10) / 10,
    };
  });
}
