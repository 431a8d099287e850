import { beforeAll, describe, expect, it } from "vitest";
import { auditPageAnswer, errorAnswer } from "../../../staff/api.ts";
import { settingsAnswer } from "../../../staff/conversation.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";

/** "My settings" through the staff API: the default, a change stored and audited, each person's own only. */
describe.each(DIALECTS)("my settings on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let seller: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  let admin: StaffMemberFixture;

  beforeAll(async () => {
    seller = await h.addStaff("sales");
    recruiter = await h.addStaff("recruiting");
    admin = await h.addStaff("admin");
  });

  const read = async (who: StaffMemberFixture) => {
    const answer = await h.request("/settings", { cookie: who.cookie });
    expect(answer.status).toBe(200);
    const body: unknown = await answer.json();
    expect(settingsAnswer.parse(body)).toEqual(body);
    return settingsAnswer.parse(body).settings;
  };
  const change = (who: StaffMemberFixture, json: unknown) =>
    h.request("/settings", { method: "PATCH", cookie: who.cookie, json });
  const changesAudited = async (who: StaffMemberFixture) => {
    const audit = auditPageAnswer.parse(await (await h.request("/audit", { cookie: admin.cookie })).json());
    return audit.entries
      .filter((entry) => entry.action === "settings_changed" && entry.actor?.id === who.id)
      .map((entry) => entry.detail);
  };

  it("has assignment e-mails on until the person turns them off, and keeps their choice", async () => {
    expect(await read(seller)).toEqual({ assignmentEmails: true });
    const off = await change(seller, { assignmentEmails: false });
    expect(off.status).toBe(200);
    expect(settingsAnswer.parse(await off.json()).settings).toEqual({ assignmentEmails: false });
    expect(await read(seller)).toEqual({ assignmentEmails: false });
    // Only their own.
    expect(await read(recruiter)).toEqual({ assignmentEmails: true });
    expect(await h.store.staffAccounts.settingsOf(recruiter.id)).toBeUndefined();
  });

  it("audits a change, and only a change", async () => {
    expect(await change(recruiter, { assignmentEmails: true })).toHaveProperty("status", 200);
    expect(await change(recruiter, {})).toHaveProperty("status", 200);
    expect(await changesAudited(recruiter)).toEqual([]);
    expect(await change(recruiter, { assignmentEmails: false })).toHaveProperty("status", 200);
    expect(await change(recruiter, { assignmentEmails: false })).toHaveProperty("status", 200);
    expect(await change(recruiter, { assignmentEmails: true })).toHaveProperty("status", 200);
    // Newest first.
    expect(await changesAudited(recruiter)).toEqual(["assignment e-mails on", "assignment e-mails off"]);
    expect(await read(recruiter)).toEqual({ assignmentEmails: true });
  });

  it("refuses what is not a setting, signed-out and cross-origin requests, and changes nothing", async () => {
    const before = await read(admin);
    for (const json of [{ assignmentEmails: "no" }, { assignmentEmails: null }, { role: "admin" }, []]) {
      const refused = await change(admin, json);
      expect(refused.status).toBe(400);
      expect(errorAnswer.parse(await refused.json()).error).toBe("malformed");
    }
    expect((await h.request("/settings")).status).toBe(401);
    expect(
      (await h.request("/settings", { method: "PATCH", json: { assignmentEmails: false } })).status,
    ).toBe(401);
    const crossOrigin = await h.request("/settings", {
      method: "PATCH",
      cookie: admin.cookie,
      headers: { Origin: "https://evil.example" },
      json: { assignmentEmails: false },
    });
    expect(crossOrigin.status).toBe(403);
    expect(await read(admin)).toEqual(before);
    expect(await changesAudited(admin)).toEqual([]);
  });
});
