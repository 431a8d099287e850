import { beforeAll, describe, expect, it } from "vitest";
import { type ReportsAnswer, reportsAnswer } from "../../../staff/reports-api.ts";
import { openingValuesOf } from "../../../test-support/openings.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;
const NURSE = { firstName: "Mary", lastName: "Seacole", email: "mary@example.com", consent: "on" };
const RANGE = "?from=2026-03-02&to=2026-03-15";

/**
 * The reports' "By opening" on both databases: per opening with applications in the range, how many, how many
 * were answered by their due time (the response clock's rule), the median time to a first response, and hires.
 */
describe.each(DIALECTS)("the reports by opening on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let admin: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  let seller: StaffMemberFixture;
  const opening = { nights: "", days: "", empty: "" };

  const reports = async (who: StaffMemberFixture) => {
    const response = await h.request(`/reports${RANGE}`, { cookie: who.cookie });
    expect(response.status).toBe(200);
    return reportsAnswer.parse(await response.json()) as ReportsAnswer;
  };

  /**
   * An application for an opening, arriving at `arrived`, due two hours later; answered after `answeredIn`
   * minutes (or never), with a status set as staff would have left it.
   */
  const apply = async (
    openingId: string | null,
    arrived: string,
    answeredIn: number | null,
    options: { status?: string; state?: "spam" } = {},
  ) => {
    const created = at(arrived);
    const id = await h.seedLead("nurse-application", NURSE, {
      createdAt: created,
      dueAt: created + 120 * MINUTE,
      ...(options.state && { state: options.state }),
    });
    await h.db
      .updateTable("leads")
      .set({
        opening_id: openingId,
        first_response_at: answeredIn === null ? null : created + answeredIn * MINUTE,
        ...(options.status && { status: options.status }),
      })
      .where("id", "=", id)
      .execute();
  };

  beforeAll(async () => {
    admin = await h.addStaff("admin");
    recruiter = await h.addStaff("recruiting");
    seller = await h.addStaff("sales");
    const create = async (title: string, n: number) =>
      (await h.store.openings.create(openingValuesOf(title), at("2026-03-01T12:00:00Z") + n)).id;
    opening.nights = await create("Night Shift RN, Med-Surg", 1);
    opening.days = await create("Day Shift LPN", 2);
    opening.empty = await create("School Nurse", 3);
    // Nights: in time (60 min), late (180 min, due at 120), the due millisecond itself (in time), never.
    await apply(opening.nights, "2026-03-03T14:00:00Z", 60, { status: "Hired" });
    await apply(opening.nights, "2026-03-04T14:00:00Z", 180, { status: "Interview" });
    await apply(opening.nights, "2026-03-05T14:00:00Z", 120, { status: "Hired" });
    await apply(opening.nights, "2026-03-10T14:00:00Z", null);
    // Days: one answered in 30 minutes, hired; another before the range and one the honeypot caught.
    await apply(opening.days, "2026-03-11T14:00:00Z", 30, { status: "Hired" });
    await apply(opening.days, "2026-02-20T14:00:00Z", 10, { status: "Hired" });
    await apply(opening.days, "2026-03-11T15:00:00Z", 10, { state: "spam" });
    // The general application (no opening) and a hire of the empty opening outside the range.
    await apply(null, "2026-03-06T14:00:00Z", 5, { status: "Hired" });
    await apply(opening.empty, "2026-03-20T14:00:00Z", 5, { status: "Hired" });
  });

  it("counts each opening's applications in the range, answered within the promise, the median and hires", async () => {
    const answer = await reports(admin);
    expect(answer.byOpening).toEqual([
      {
        id: opening.nights,
        title: "Night Shift RN, Med-Surg",
        applications: 4,
        answeredWithinPromise: 2,
        medianFirstResponseMinutes: 120,
        hired: 2,
      },
      {
        id: opening.days,
        title: "Day Shift LPN",
        applications: 1,
        answeredWithinPromise: 1,
        medianFirstResponseMinutes: 30,
        hired: 1,
      },
    ]);
  });

  it("takes the opening's title as it is now", async () => {
    await h.store.openings.edit(opening.days, openingValuesOf("Day Shift LPN, Troy"), Date.now());
    const answer = await reports(recruiter);
    expect(answer.byOpening?.map((row) => row.title)).toEqual([
      "Night Shift RN, Med-Surg",
      "Day Shift LPN, Troy",
    ]);
  });

  it("gives By opening only to roles that see applications", async () => {
    expect((await reports(recruiter)).byOpening).toHaveLength(2);
    expect((await reports(seller)).byOpening).toBeNull();
  });
});
