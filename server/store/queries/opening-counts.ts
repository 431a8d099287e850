import type { LeadFormId } from "../../../leads/catalog.ts";
import type { Engine } from "../engine.ts";
import { answeredInTime } from "../response-clock.ts";

/** The status that ends an application well (staff/workflow.ts's APPLICATION_STATUSES). */
const HIRED = "Hired";

type Count = number | string | bigint;

/** One opening's applications, those answered by their due time, and those hired, as the database counts them. */
export interface OpeningCounts {
  applications: number;
  answeredInTime: number;
  hired: number;
}

/**
 * What the staff Openings page counts of each opening's applications: every lead tied to it of the forms the
 * viewer's role may see (its lead scope's forms), spam left out as the inbox and the reports leave it out. The
 * promise is the one response clock's (response-clock.ts). One grouped scan over the leads_by_opening index.
 */
export function openingCountQueries(engine: Engine) {
  const { db } = engine;
  return {
    async byOpening(forms: readonly LeadFormId[]): Promise<Map<string, OpeningCounts>> {
      const rows = await db
        .selectFrom("leads as l")
        .where("l.opening_id", "is not", null)
        .where("l.form_id", "in", forms.length > 0 ? forms : ["-"])
        .where("l.state", "!=", "spam")
        .select((eb) => [
          "l.opening_id",
          eb.fn.countAll<Count>().as("applications"),
          eb.fn
            .sum<Count | null>(eb.case().when(answeredInTime).then(1).else(0).end())
            .as("answered_in_time"),
          eb.fn.sum<Count | null>(eb.case().when("l.status", "=", HIRED).then(1).else(0).end()).as("hired"),
        ])
        .groupBy("l.opening_id")
        .execute();
      return new Map(
        rows.map((row) => [
          row.opening_id ?? "",
          {
            applications: Number(row.applications),
            answeredInTime: Number(row.answered_in_time ?? 0),
            hired: Number(row.hired ?? 0),
          },
        ]),
      );
    },
  };
}

export type OpeningCountQueries = ReturnType<typeof openingCountQueries>;
