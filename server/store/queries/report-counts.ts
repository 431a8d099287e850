import { type RawBuilder, sql } from "kysely";
import type { LeadFormId } from "../../../leads/catalog.ts";
import { REPORT_SOURCES_MAX } from "../../../staff/reports-api.ts";
import type { Engine } from "../engine.ts";
import { answered, answeredInTime, timeToFirstResponse } from "../response-clock.ts";

/** The reports' range: leads created in [from, to) (ms) of these forms, in weeks that end at `weekEnds`. */
export interface ReportScope {
  forms: readonly LeadFormId[];
  from: number;
  to: number;
  /** Each week's end (ms, ascending, the last one `to`): a lead is in the first week that ends after it. */
  weekEnds: readonly number[];
}

type Count = number | string | bigint;

/**
 * One form's leads in one week (its index in weekEnds) with one status now: how many, answered, answered by their
 * due time. The week's numbers and the pipeline's current statuses are both sums of these.
 */
export interface WeekCountRow {
  form_id: string;
  week: Count;
  status: string;
  leads: Count;
  answered: Count;
  within_promise: Count;
}

/** The median time to the first response of one form's answered leads in one week, in ms. */
export interface WeekMedianRow {
  form_id: string;
  week: Count;
  median_ms: Count;
}

/** How many of a form's leads had a status, now or earlier. */
export interface ReachedRow {
  form_id: string;
  status: string;
  count: Count;
}

/** A campaign's or referring site's leads and how many of them were won or hired. */
export interface SourceRow {
  value: string | null;
  leads: Count;
  conversions: Count;
}

/** One opening's applications in the range: how many, answered by their due time, hired now. */
export interface OpeningCountRow {
  id: string;
  title: string;
  applications: Count;
  within_promise: Count;
  hired: Count;
}

/** The median time to the first response of one opening's answered applications, in ms. */
export interface OpeningMedianRow {
  opening_id: string;
  median_ms: Count;
}

/** An application's status once it ends in a hire (staff/workflow.ts). */
const HIRED = "Hired";

/**
 * The median of `a.ms` per partition, by window functions in the database rather than by sending every lead's
 * time to JS: each row's rank and its partition's size (over the rank's own window, the whole partition as its
 * frame, so both come from one sort); the middle one, or the middle two, are those isMiddle keeps.
 */
const medianRanks = (partition: RawBuilder<unknown>) =>
  [
    sql<number>`row_number() over (partition by ${partition} order by a.ms)`.as("rank"),
    sql<number>`count(*) over (partition by ${partition} order by a.ms rows between unbounded preceding and unbounded following)`.as(
      "n",
    ),
  ] as const;
const isMiddle = sql<boolean>`r.rank in ((r.n + 1) / 2, (r.n + 2) / 2)`;

/** The statuses that count as a conversion: Won ends a request well, Hired an application. */
const CONVERTED = ["Won", "Hired"];

/**
 * What the reports read: the clocks of the range's leads, the statuses they reached and their sources,
 * grouped in SQL wherever the grouping needs no time zone. Spam is left out, as the inbox leaves it out.
 */
export function reportQueries(engine: Engine) {
  const { db } = engine;

  const inScope = (scope: ReportScope) =>
    db
      .selectFrom("leads as l")
      .where("l.form_id", "in", scope.forms.length > 0 ? scope.forms : ["-"])
      .where("l.state", "!=", "spam")
      .where("l.created_at", ">=", scope.from)
      .where("l.created_at", "<", scope.to);

  const bySource = (scope: ReportScope, column: "l.utm_campaign" | "l.referrer") =>
    inScope(scope)
      .select((eb) => [
        eb.ref(column).as("value"),
        eb.fn.countAll<number>().as("leads"),
        sql<number>`coalesce(sum(case when l.status in (${sql.join(CONVERTED)}) then 1 else 0 end), 0)`.as(
          "conversions",
        ),
      ])
      .groupBy(column)
      .orderBy("leads", "desc")
      // The leads without one last on both databases (SQLite sorts nulls first, PostgreSQL last).
      .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
      .orderBy(column)
      .limit(REPORT_SOURCES_MAX)
      .execute() as Promise<SourceRow[]>;

  /**
   * The week a lead arrived in, as an index into the scope's weeks: a binary search over their ends as nested
   * CASEs (6 comparisons a lead for two years of weeks, not up to 105). The time zone stays in JS: weekEnds.
   */
  const weekOf = (scope: ReportScope) => {
    const search = (low: number, high: number): RawBuilder<number> => {
      if (low === high) return sql<number>`${sql.lit(low)}`;
      const middle = (low + high) >> 1;
      return sql<number>`case when l.created_at < ${scope.weekEnds[middle] ?? 0} then ${search(low, middle)} else ${search(middle + 1, high)} end`;
    };
    return search(0, Math.max(0, scope.weekEnds.length - 1));
  };

  return {
    /**
     * Per form, week and current status: the leads, those answered, and those answered by their due time. One
     * scan for the weeks' numbers and the pipeline's statuses now.
     */
    weekCounts: (scope: ReportScope) =>
      inScope(scope)
        .select((eb) => [
          "l.form_id",
          weekOf(scope).as("week"),
          "l.status",
          eb.fn.countAll<number>().as("leads"),
          sql<number>`coalesce(sum(case when ${answered} then 1 else 0 end), 0)`.as("answered"),
          sql<number>`coalesce(sum(case when ${answeredInTime} then 1 else 0 end), 0)`.as("within_promise"),
        ])
        .groupBy(["l.form_id", "week", "l.status"])
        .execute() as Promise<WeekCountRow[]>,

    /** Per form and week, the median response time of the answered leads: the middle one, or the mean of the middle two. */
    weekMedians: (scope: ReportScope) =>
      db
        .selectFrom(
          inScope(scope)
            .where(answered)
            .select(["l.form_id", weekOf(scope).as("week"), timeToFirstResponse.as("ms")])
            .as("a"),
        )
        .select(["a.form_id", "a.week", "a.ms", ...medianRanks(sql`a.form_id, a.week`)])
        .$call((ranked) =>
          db
            .selectFrom(ranked.as("r"))
            .where(isMiddle)
            .select(["r.form_id", "r.week", sql<number>`avg(r.ms)`.as("median_ms")])
            .groupBy(["r.form_id", "r.week"]),
        )
        .execute() as Promise<WeekMedianRow[]>,

    /**
     * Per form, how many leads had a status only earlier (a status change moved them to it; each lead counted once
     * per status). The statuses they have now are in weekCounts; every lead arrives New.
     */
    statusesEarlier: (scope: ReportScope) =>
      inScope(scope)
        .innerJoin("lead_history as h", "h.lead_id", "l.id")
        .where("h.action", "=", "status")
        .where("h.to_value", "is not", null)
        .whereRef("h.to_value", "!=", "l.status")
        .select((eb) => [
          "l.form_id",
          "h.to_value as status",
          eb.fn.count<number>("l.id").distinct().as("count"),
        ])
        .groupBy(["l.form_id", "h.to_value"])
        .$narrowType<{ status: string }>()
        .execute() as Promise<ReachedRow[]>,

    /**
     * Per opening with applications in the range (the most first): how many, answered by their due time, and
     * hired now. The opening's title as it is now.
     */
    openingCounts: (scope: ReportScope) =>
      inScope(scope)
        .innerJoin("openings as o", "o.id", "l.opening_id")
        .select((eb) => [
          "o.id",
          "o.title",
          eb.fn.countAll<number>().as("applications"),
          sql<number>`coalesce(sum(case when ${answeredInTime} then 1 else 0 end), 0)`.as("within_promise"),
          sql<number>`coalesce(sum(case when l.status = ${HIRED} then 1 else 0 end), 0)`.as("hired"),
        ])
        .groupBy(["o.id", "o.title"])
        .orderBy("applications", "desc")
        // Then the newest opening first (ids are time-ordered): titles sort apart on the two databases.
        .orderBy("o.id", "desc")
        .execute() as Promise<OpeningCountRow[]>,

    /** Per opening, the median response time of its answered applications in the range. */
    openingMedians: (scope: ReportScope) =>
      db
        .selectFrom(
          inScope(scope)
            .where("l.opening_id", "is not", null)
            .where(answered)
            .select(["l.opening_id", timeToFirstResponse.as("ms")])
            .as("a"),
        )
        .select(["a.opening_id", "a.ms", ...medianRanks(sql`a.opening_id`)])
        .$call((ranked) =>
          db
            .selectFrom(ranked.as("r"))
            .where(isMiddle)
            .select(["r.opening_id", sql<number>`avg(r.ms)`.as("median_ms")])
            .groupBy("r.opening_id"),
        )
        .execute() as Promise<OpeningMedianRow[]>,

    /** The campaigns (utm_campaign) with the most leads, each with its conversions; null: leads without one. */
    campaigns: (scope: ReportScope) => bySource(scope, "l.utm_campaign"),
    /** The referring sites (origins) with the most leads, each with its conversions; null: none sent. */
    referrers: (scope: ReportScope) => bySource(scope, "l.referrer"),

    /**
     * The scope's forms' leads (not spam, whenever they arrived) whose every checklist item was verified, the
     * last of them in [from, to): when each arrived and when its last item was verified (ms).
     */
    fullyVerified: async (scope: ReportScope): Promise<{ createdAt: number; verifiedAt: number }[]> => {
      const verifiedAt = sql<Count>`max(ci.reviewed_at)`;
      const rows = await db
        .selectFrom("credential_items as ci")
        .innerJoin("leads as l", "l.id", "ci.lead_id")
        // Only leads with an item verified in the range can have become fully verified in it (an index's range).
        .where("ci.lead_id", "in", (eb) =>
          eb
            .selectFrom("credential_items as v")
            .select("v.lead_id")
            .where("v.review", "=", "verified")
            .where("v.reviewed_at", ">=", scope.from)
            .where("v.reviewed_at", "<", scope.to),
        )
        .where("l.form_id", "in", scope.forms.length > 0 ? scope.forms : ["-"])
        .where("l.state", "!=", "spam")
        .select(["l.created_at", verifiedAt.as("verified_at")])
        .groupBy(["l.id", "l.created_at"])
        .having(sql<boolean>`sum(case when ci.review = 'verified' then 0 else 1 end) = 0`)
        .having(verifiedAt, ">=", scope.from)
        .having(verifiedAt, "<", scope.to)
        .execute();
      return rows.map((row) => ({ createdAt: Number(row.created_at), verifiedAt: Number(row.verified_at) }));
    },
  };
}

export type ReportQueries = ReturnType<typeof reportQueries>;
