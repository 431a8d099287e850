import { sql } from "kysely";
import type { LeadFormId } from "../../../leads/catalog.ts";
import { REPORT_SOURCES_MAX } from "../../../staff/reports.ts";
import type { Engine } from "../engine.ts";

/** The reports' range: leads created in [from, to) (ms) of these forms. */
export interface ReportScope {
  forms: readonly LeadFormId[];
  from: number;
  to: number;
}

/** One lead's clock as the promise numbers read it (only the answered ones' times feed the medians). */
export interface ClockRow {
  form_id: string;
  created_at: number | string | bigint;
  due_at: number | string | bigint | null;
  first_response_at: number | string | bigint | null;
}

/** How many of a form's leads reached a status (now or earlier). */
export interface ReachedRow {
  form_id: string;
  status: string;
  count: number | string | bigint;
}

/** A campaign's or referring site's leads and how many of them were won or hired. */
export interface SourceRow {
  value: string | null;
  leads: number | string | bigint;
  conversions: number | string | bigint;
}

/** The statuses that count as a conversion: Won ends a request well, Hired an application. */
const CONVERTED = ["Won", "Hired"];

/**
 * What the reports read (issue 28): the clocks of the range's leads, the statuses they reached and their sources,
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

  return {
    /** Each lead's form and clock: the weeks are the business time zone's, so they are bucketed in JS. */
    clocks: (scope: ReportScope) =>
      inScope(scope)
        .select(["l.form_id", "l.created_at", "l.due_at", "l.first_response_at"])
        .execute() as Promise<ClockRow[]>,

    /**
     * Per form, how many leads had each status: the one they have now or any a status change moved them from or
     * to (UNION keeps each lead's status once).
     */
    reached: (scope: ReportScope) => {
      const history = (side: "h.from_value" | "h.to_value") =>
        inScope(scope)
          .innerJoin("lead_history as h", "h.lead_id", "l.id")
          .where("h.action", "=", "status")
          .where(side, "is not", null)
          .select(["l.id", "l.form_id", `${side} as status`])
          .$narrowType<{ status: string }>();
      return db
        .selectFrom(
          inScope(scope)
            .select(["l.id", "l.form_id", "l.status"])
            .union(history("h.from_value"))
            .union(history("h.to_value"))
            .as("r"),
        )
        .select((eb) => ["r.form_id", "r.status", eb.fn.countAll<number>().as("count")])
        .groupBy(["r.form_id", "r.status"])
        .execute() as Promise<ReachedRow[]>;
    },

    /** The campaigns (utm_campaign) with the most leads, each with its conversions; null: leads without one. */
    campaigns: (scope: ReportScope) => bySource(scope, "l.utm_campaign"),
    /** The referring sites (origins) with the most leads, each with its conversions; null: none sent. */
    referrers: (scope: ReportScope) => bySource(scope, "l.referrer"),
  };
}

export type ReportQueries = ReturnType<typeof reportQueries>;
