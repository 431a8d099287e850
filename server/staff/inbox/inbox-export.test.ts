import { randomUUID } from "node:crypto";
import type { Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { LEAD_FORM_IDS } from "../../../leads/catalog.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";
import type { LeadsTable } from "../../store/database.ts";
import { BULK_BATCH } from "../../store/engine.ts";

/** More leads than three of the store's batches, with many sharing a creation time (the keyset's tie). */
const LEADS = BULK_BATCH * 3 + 17;
const T0 = Date.UTC(2029, 5, 1);

/** The export's data rows as id and creation time, in the order written. */
function rowsOf(csv: string) {
  const [header = "", ...rows] = csv.slice(1).trimEnd().split("\r\n");
  const columns = header.split(",");
  const at = (row: string, name: string) => row.split(",")[columns.indexOf(`"${name}"`)]?.replaceAll('"', "");
  return rows.map((row) => ({ id: at(row, "id") ?? "", createdAt: at(row, "created_at") ?? "" }));
}

describe.each(DIALECTS)("the inbox's CSV export of many leads on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let admin: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  const expected: { id: string; createdAt: number; formId: string; name: string }[] = [];

  beforeAll(async () => {
    admin = await h.addStaff("admin");
    recruiter = await h.addStaff("recruiting");
    const rows: Insertable<LeadsTable>[] = [];
    for (let index = 0; index < LEADS; index++) {
      const lead = {
        id: randomUUID(),
        createdAt: T0 + Math.floor(index / 7) * 1000,
        formId: LEAD_FORM_IDS[index % LEAD_FORM_IDS.length] ?? "chartassist-demo",
        name: index % 10 === 0 ? `Quinn ${index}` : `Person ${index}`,
      };
      expected.push(lead);
      rows.push({
        id: lead.id,
        form_id: lead.formId,
        state: "delivered",
        fields: JSON.stringify({ name: lead.name, email: `p${index}@example.com` }),
        created_at: lead.createdAt,
      });
    }
    for (let start = 0; start < rows.length; start += 500)
      await h.db
        .insertInto("leads")
        .values(rows.slice(start, start + 500))
        .execute();
    // Newest first, then by id, as the inbox lists them.
    expected.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  }, 60_000);

  const exportOf = async (who: StaffMemberFixture, query = "") => {
    const response = await h.request(`/export.csv${query}`, { cookie: who.cookie });
    expect(response.status).toBe(200);
    return rowsOf(Buffer.from(await response.arrayBuffer()).toString("utf8"));
  };

  it("carries every lead once, newest first, across the store's batches", async () => {
    const rows = await exportOf(admin);
    expect(rows.map((row) => row.id)).toEqual(expected.map((lead) => lead.id));
    expect(rows[0]?.createdAt).toBe(new Date(expected[0]?.createdAt ?? 0).toISOString());
  });

  it("carries a search's and a role's leads the same way", async () => {
    const quinns = expected.filter((lead) => lead.name.startsWith("Quinn"));
    expect((await exportOf(admin, "?q=quinn")).map((row) => row.id)).toEqual(quinns.map((lead) => lead.id));
    const applications = expected.filter((lead) => lead.formId === "nurse-application");
    expect((await exportOf(recruiter)).map((row) => row.id)).toEqual(applications.map((lead) => lead.id));
  });

  it("audits the export with the number of leads it carries", async () => {
    await exportOf(admin, "?form=payroll-info");
    const entries = await h.db
      .selectFrom("staff_audit")
      .select(["detail"])
      .where("action", "=", "export")
      .where("actor_id", "=", admin.id)
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .execute();
    const payroll = expected.filter((lead) => lead.formId === "payroll-info").length;
    expect(entries[0]?.detail).toBe(`${payroll} lead(s)`);
  });
});
