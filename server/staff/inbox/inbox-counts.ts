import type { LeadList } from "../../../staff/leads-api.ts";
import { SOURCE_COUNT_LIMIT } from "../../../staff/limits.ts";
import type { CountGroup, LeadFilters } from "../../store/queries/inbox.ts";

/** What each count is of: the group's value for it. */
const COUNTED = {
  form: (group: CountGroup) => group.form_id,
  status: (group: CountGroup) => group.status,
  campaign: (group: CountGroup) => group.utm_campaign,
  referrer: (group: CountGroup) => group.referrer,
} as const;
type Counted = keyof typeof COUNTED;

/**
 * The inbox's counts from one grouped scan: per form, status, campaign and referrer, each under every filter
 * but its own (so each menu shows what choosing another of its values would give), and the filtered total.
 * Campaigns and referrers come most leads first, "none" after the named ones it ties with.
 */
export function countGroups(
  scope: { forms: readonly string[] },
  filters: LeadFilters,
  groups: readonly CountGroup[],
): { total: number; counts: Omit<LeadList["counts"], "views" | "openings"> } {
  const names = Object.keys(COUNTED) as Counted[];
  const passes = (group: CountGroup, name: Counted) =>
    filters[name] === undefined || COUNTED[name](group) === filters[name];
  const tallies = Object.fromEntries(names.map((name) => [name, new Map<string | null, number>()])) as Record<
    Counted,
    Map<string | null, number>
  >;
  let total = 0;
  for (const group of groups) {
    const count = Number(group.count);
    const failed = names.filter((name) => !passes(group, name));
    if (failed.length === 0) total += count;
    for (const name of names) {
      if (failed.length === 0 || (failed.length === 1 && failed[0] === name)) {
        const value = COUNTED[name](group);
        tallies[name].set(value, (tallies[name].get(value) ?? 0) + count);
      }
    }
  }
  const record = (tally: Map<string | null, number>, zeros: readonly string[] = []) => ({
    ...Object.fromEntries(zeros.map((key) => [key, 0])),
    ...Object.fromEntries(tally),
  });
  const top = (tally: Map<string | null, number>) =>
    [...tally]
      .map(([value, count]) => ({ value, count }))
      .sort(
        (a, b) =>
          b.count - a.count ||
          Number(a.value === null) - Number(b.value === null) ||
          (a.value ?? "").localeCompare(b.value ?? ""),
      )
      .slice(0, SOURCE_COUNT_LIMIT);
  return {
    total,
    counts: {
      forms: record(tallies.form, scope.forms),
      statuses: record(tallies.status),
      campaigns: top(tallies.campaign),
      referrers: top(tallies.referrer),
    },
  };
}
