import { beforeAll, describe, expect, it } from "vitest";
import { reportsAnswer } from "../../../staff/reports-api.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";
import { requestDocuments } from "../../documents/document-links.ts";
import { newId } from "../../store/ids.ts";
import { verifiedWeeks } from "./verified-weeks.ts";

const DAY = 86_400_000;

describe("verifiedWeeks", () => {
  it("counts each lead in the week it became fully verified, with the median days it took", () => {
    const weeks = [
      { weekStart: "2026-06-01", from: 0, to: 7 * DAY },
      { weekStart: "2026-06-08", from: 7 * DAY, to: 14 * DAY },
    ];
    const lead = (createdDay: number, verifiedDay: number) => ({
      createdAt: createdDay * DAY,
      verifiedAt: verifiedDay * DAY,
    });
    expect(verifiedWeeks([lead(-3, 1), lead(-10, 2), lead(0, 6), lead(-1, 8)], weeks)).toEqual([
      { weekStart: "2026-06-01", verified: 3, medianDays: 6 },
      { weekStart: "2026-06-08", verified: 1, medianDays: 9 },
    ]);
    expect(verifiedWeeks([lead(0, 1), lead(0, 4)], weeks)[0]?.medianDays).toBe(2.5);
    expect(verifiedWeeks([], weeks)[1]).toEqual({ weekStart: "2026-06-08", verified: 0, medianDays: null });
  });
});

/** The reports' figure over the real store: an application counts once every item of its checklist is verified. */
describe.each(DIALECTS)("the median days to fully verified on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let recruiter: StaffMemberFixture;
  let seller: StaffMemberFixture;

  beforeAll(async () => {
    [recruiter, seller] = await Promise.all([h.addStaff("recruiting"), h.addStaff("sales")]);
  });

  /** An application that arrived `daysAgo`, its checklist verified now except `leave` items. */
  async function application(daysAgo: number, leave = 0) {
    const now = Date.now();
    const leadId = await h.seedLead(
      "nurse-application",
      { firstName: "Private", email: "p@example.com" },
      { createdAt: now - daysAgo * DAY },
    );
    await requestDocuments(h.store, { leadId, credential: "CNA", by: null, now });
    const items = await h.store.credentials.items(leadId);
    for (const item of items.slice(leave)) {
      const submissionId = newId();
      await h.store.credentials.submit({
        id: submissionId,
        leadId,
        itemId: item.id,
        fields: {},
        file: null,
        validThrough: null,
        now,
      });
      await h.store.credentials.review({
        leadId,
        itemId: item.id,
        submissionId,
        decision: "verified",
        reason: null,
        by: null,
        now,
      });
    }
  }

  it("gives the week's fully verified applications and their median days; none to a role without them", async () => {
    await application(4);
    await application(6);
    await application(9, 1);
    const report = async (cookie: string) =>
      reportsAnswer.parse(await (await h.request("/reports", { cookie })).json());
    const thisWeek = (await report(recruiter.cookie)).verification?.at(-1);
    expect(thisWeek?.verified).toBe(2);
    expect(thisWeek?.medianDays).toBeCloseTo(5, 0);
    expect((await report(seller.cookie)).verification).toBeNull();
  });
});
