import { describe, expect, it } from "vitest";
import { pathOf } from "../../../staff/endpoints.ts";
import { openingAnswer, openingListAnswer } from "../../../staff/openings-api.ts";
import { GOOD_OPENING } from "../../../test-support/openings.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";

const T0 = Date.parse("2026-11-02T14:00:00Z");
const HOUR = 3_600_000;

/**
 * The Openings page's counts over the real store: each opening's applications the viewer's role may see, those
 * answered within the promise (by the due time, that millisecond included: the one response clock), and those
 * hired; spam and leads of no opening are not counted, and an opening without applications counts zeros.
 */
describe.each(DIALECTS)("the openings' counts on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);

  /** A lead of `opening`, due an hour after it came, first answered `answer` ms after its due time (null: not). */
  const plant = async (
    opening: string | null,
    { form = "nurse-application", answer = null as number | null, status = "New", spam = false } = {},
  ) => {
    const dueAt = T0 + HOUR;
    const id = await h.seedLead(
      form,
      { name: "Nia Nurse", email: "nia@example.com" },
      { createdAt: T0, dueAt, ...(spam && { state: "spam" as const }) },
    );
    await h.db
      .updateTable("leads")
      .set({ opening_id: opening, status, first_response_at: answer === null ? null : dueAt + answer })
      .where("id", "=", id)
      .execute();
  };

  it("counts each opening's applications, those answered within the promise and those hired", async () => {
    const [recruiter, admin] = await Promise.all([h.addStaff("recruiting"), h.addStaff("admin")]);
    const create = async () => {
      const response = await h.request(pathOf("createOpening", {}), {
        method: "POST",
        cookie: recruiter.cookie,
        json: GOOD_OPENING,
      });
      expect(response.status).toBe(201);
      return openingAnswer.parse(await response.json()).opening.id;
    };
    const [filled, quiet] = [await create(), await create()];
    await h.request(pathOf("closeOpening", { openingId: quiet }), {
      method: "POST",
      cookie: recruiter.cookie,
    });

    await plant(filled, { answer: 0, status: "Hired" });
    await plant(filled, { answer: 1, status: "Screening" });
    await plant(filled, { answer: -HOUR, status: "Hired" });
    await plant(filled);
    // Not counted: what the honeypot caught, and an application of no opening.
    await plant(filled, { answer: 0, status: "Hired", spam: true });
    await plant(null, { answer: 0, status: "Hired" });
    // A request tied to it: only a role that sees requests counts it.
    await plant(filled, { form: "staffing-request", answer: 0, status: "Won" });

    const countsFor = async (cookie: string, query = "") => {
      const response = await h.request(`${pathOf("openings", {})}${query}`, { cookie });
      expect(response.status).toBe(200);
      return openingListAnswer.parse(await response.json()).counts;
    };
    expect(await countsFor(recruiter.cookie)).toEqual({
      [filled]: { applications: 4, answeredInTime: 2, hired: 2 },
      [quiet]: { applications: 0, answeredInTime: 0, hired: 0 },
    });
    expect((await countsFor(admin.cookie))[filled]).toEqual({ applications: 5, answeredInTime: 3, hired: 2 });
    // A list of one status counts its own openings only.
    expect(await countsFor(recruiter.cookie, "?status=closed")).toEqual({
      [quiet]: { applications: 0, answeredInTime: 0, hired: 0 },
    });
  });
});
