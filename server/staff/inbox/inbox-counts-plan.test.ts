import { randomUUID } from "node:crypto";
import { CompiledQuery, type Insertable, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_FORM_IDS } from "../../../leads/forms.ts";
import { leadScopeOf } from "../../../staff/permissions.ts";
import { openStaffHarness, type StaffHarness } from "../../../test-support/staff-harness.ts";
import type { LeadsTable } from "../../store/database.ts";

/**
 * PostgreSQL chooses a plan by the table's size and statistics, so its counts are checked at a size where the
 * choice matters (SQLite's are checked in inbox-sources.test.ts, at any size).
 */
const LEADS = 20_000;

describe.runIf(Boolean(process.env.DATABASE_URL))("the inbox counts on PostgreSQL", () => {
  let h: StaffHarness;

  beforeAll(async () => {
    h = await openStaffHarness("postgres");
    const { db } = h;
    for (let offset = 0; offset < LEADS; offset += 2_000) {
      const rows: Insertable<LeadsTable>[] = Array.from({ length: 2_000 }, (_, step) => {
        const index = offset + step;
        return {
          id: randomUUID(),
          form_id: LEAD_FORM_IDS[index % LEAD_FORM_IDS.length] ?? "chartassist-demo",
          state: index % 9 === 0 ? "spam" : "delivered",
          fields: JSON.stringify({ name: `Person ${index}`, email: `person${index}@example.com` }),
          created_at: 1_700_000_000_000 + index * 60_000,
          status: index % 5 === 0 ? "Contacted" : "New",
          utm_campaign: index % 4 === 0 ? `campaign-${index % 12}` : null,
          referrer: index % 3 === 0 ? `https://site${index % 7}.example` : null,
        };
      });
      await db.insertInto("leads").values(rows).execute();
    }
    // As autovacuum leaves a table that has been written: statistics and a visibility map.
    await sql`VACUUM ANALYZE leads`.execute(db);
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it("are an index-only scan of leads_counts in group order, with no lead row read", async () => {
    const inbox = h.store.inbox;
    for (const filters of [{}, { campaign: "campaign-4" }, { status: "New" }]) {
      const query = inbox.countsQuery(leadScopeOf("admin"), filters).compile();
      const plan = await h.db.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
      );
      const steps = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
      expect(steps).toMatch(/Index Only Scan using leads_counts on leads/);
      expect(steps).not.toMatch(/Seq Scan on leads/);
    }
  });
});
