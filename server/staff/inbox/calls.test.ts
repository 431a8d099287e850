import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { auditPageAnswer, errorAnswer } from "../../../staff/api.ts";
import { CALL_NOTE_MAX, callAnswer } from "../../../staff/conversation.ts";
import { leadPageAnswer } from "../../../staff/leads-api.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";

const HOUR_MS = 3_600_000;
const NOTE = "Asked for Tuesday morning; call-note-canary-73";

/**
 * "Log a call" through the staff API: the call on the lead's thread, its first response when it is
 * the earliest (so the promise follows), the history, the audit without the note, and the refusals.
 */
describe.each(DIALECTS)("logging a call on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let seller: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  let admin: StaffMemberFixture;

  beforeAll(async () => {
    seller = await h.addStaff("sales");
    recruiter = await h.addStaff("recruiting");
    admin = await h.addStaff("admin");
  });

  const demo = (options: { dueAt?: number } = {}) =>
    h.seedLead("chartassist-demo", { name: "Grace Hopper", email: "grace@example.com" }, options);
  const logCall = (who: StaffMemberFixture, leadId: string, json: unknown) =>
    h.request(`/leads/${leadId}/calls`, { method: "POST", cookie: who.cookie, json });
  const pageOf = async (leadId: string) =>
    leadPageAnswer.parse(await (await h.request(`/leads/${leadId}`, { cookie: seller.cookie })).json());

  it("answers 201 with the call as the thread shows it, and the thread, the promise and the history carry it", async () => {
    const leadId = await demo({ dueAt: Date.now() + HOUR_MS });
    const answer = await logCall(seller, leadId, { outcome: "reached", note: `  ${NOTE}  ` });
    expect(answer.status).toBe(201);
    const body: unknown = await answer.json();
    // Exactly the contract's answer: parsing keeps every field.
    expect(callAnswer.parse(body)).toEqual(body);
    const { message } = callAnswer.parse(body);
    expect(message).toMatchObject({
      kind: "call",
      outcome: "reached",
      note: NOTE,
      author: { id: seller.id, email: seller.email },
    });

    const page = await pageOf(leadId);
    expect(page.conversation).toContainEqual(message);
    expect(page.lead.promise).toMatchObject({ respondedAt: message.at, state: "met" });
    expect(page.history.find((entry) => entry.action === "call")).toMatchObject({
      actor: { id: seller.id },
      to: "reached",
    });
  });

  it("a call after the due time misses the promise; a later call leaves the first response where it was", async () => {
    const leadId = await demo({ dueAt: Date.now() - HOUR_MS });
    const first = callAnswer.parse(
      await (await logCall(seller, leadId, { outcome: "voicemail" })).json(),
    ).message;
    expect(first.note).toBe("");
    h.advance(60_000);
    try {
      const second = await logCall(seller, leadId, { outcome: "reached", note: "Spoke at last." });
      expect(second.status).toBe(201);
    } finally {
      h.advance(-60_000);
    }
    const page = await pageOf(leadId);
    expect(page.lead.promise).toMatchObject({ respondedAt: first.at, state: "missed" });
    expect(page.conversation.filter((entry) => entry.kind === "call").map((entry) => entry.id)).toHaveLength(
      2,
    );
  });

  it("a call after another first response (the status leaving New) keeps that one", async () => {
    const leadId = await demo({ dueAt: Date.now() + HOUR_MS });
    const changed = await h.request(`/leads/${leadId}`, {
      method: "PATCH",
      cookie: seller.cookie,
      json: { status: "Contacted" },
    });
    expect(changed.status).toBe(200);
    const respondedAt = (await pageOf(leadId)).lead.promise.respondedAt;
    expect(respondedAt).not.toBeNull();
    h.advance(60_000);
    try {
      expect((await logCall(seller, leadId, { outcome: "no_answer" })).status).toBe(201);
    } finally {
      h.advance(-60_000);
    }
    expect((await pageOf(leadId)).lead.promise.respondedAt).toBe(respondedAt);
  });

  it("audits the call with the lead and its outcome, never the note", async () => {
    const leadId = await demo();
    expect((await logCall(seller, leadId, { outcome: "wrong_number", note: NOTE })).status).toBe(201);
    const audit = auditPageAnswer.parse(await (await h.request("/audit", { cookie: admin.cookie })).json());
    const logged = audit.entries.filter((entry) => entry.action === "call_logged" && entry.leadId === leadId);
    expect(logged).toEqual([expect.objectContaining({ actor: { id: seller.id, email: seller.email } })]);
    expect(logged[0]?.detail).toBe("wrong_number");
    expect(JSON.stringify(audit)).not.toContain("call-note-canary");
  });

  it("answers 404 for a lead outside the role's scope or none at all, whatever the body, and stores nothing", async () => {
    const leadId = await demo();
    for (const body of [{ outcome: "reached", note: NOTE }, { outcome: "nope" }]) {
      const refused = await logCall(recruiter, leadId, body);
      expect(refused.status).toBe(404);
      expect(errorAnswer.parse(await refused.json()).error).toBe("not_found");
    }
    expect((await logCall(seller, randomUUID(), { outcome: "reached" })).status).toBe(404);
    expect((await logCall(seller, "not-an-id", { outcome: "reached" })).status).toBe(404);
    const page = await pageOf(leadId);
    expect(page.conversation.filter((entry) => entry.kind === "call")).toEqual([]);
    expect(page.lead.promise.respondedAt).toBeNull();
  });

  it("refuses a bad outcome or an over-long note with 422 and a message, and anything not JSON with 400", async () => {
    const leadId = await demo();
    for (const body of [
      { outcome: "nope" },
      {},
      { outcome: "reached", note: "x".repeat(CALL_NOTE_MAX + 1) },
      { outcome: "reached", note: 42 },
    ]) {
      const refused = await logCall(seller, leadId, body);
      expect(refused.status).toBe(422);
      expect(errorAnswer.parse(await refused.json())).toMatchObject({
        error: "bad_call",
        message: expect.stringContaining(String(CALL_NOTE_MAX)),
      });
    }
    const malformed = await h.request(`/leads/${leadId}/calls`, {
      method: "POST",
      cookie: seller.cookie,
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(malformed.status).toBe(400);
    const page = await pageOf(leadId);
    expect(page.conversation.filter((entry) => entry.kind === "call")).toEqual([]);
    expect(page.lead.promise.respondedAt).toBeNull();
    // A note of exactly the limit is taken.
    expect(
      (await logCall(seller, leadId, { outcome: "reached", note: "x".repeat(CALL_NOTE_MAX) })).status,
    ).toBe(201);
  });
});
