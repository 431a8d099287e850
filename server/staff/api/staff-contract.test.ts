import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  auditPageAnswer,
  eraseAnswer,
  erasePreviewAnswer,
  errorAnswer,
  meAnswer,
  peopleAnswer,
  setupInspectAnswer,
  setupPasswordAnswer,
} from "../../../staff/api.ts";
import { callAnswer, settingsAnswer } from "../../../staff/conversation.ts";
import { leadChangeAnswer, leadListAnswer, leadPageAnswer, noteAnswer } from "../../../staff/leads-api.ts";
import { openingAnswer, openingListAnswer } from "../../../staff/openings-api.ts";
import { reportsAnswer } from "../../../staff/reports-api.ts";
import { GOOD_OPENING } from "../../../test-support/openings.ts";
import type { StaffHarness, StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";

const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(500, 0x20)]);

/**
 * The staff API's real answers against the contract the staff app parses them with (staff/api.ts). Parsing
 * strips what a schema does not name, so an answer equal to its parse has no field the contract lacks, and a
 * parse that fails has a field of another shape: either way the server and the contract have drifted.
 */
async function expectContract(schema: z.ZodType, response: Response, status = 200) {
  expect(response.status).toBe(status);
  const body: unknown = await response.json();
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toEqual(body);
}

describe.each(DIALECTS)("the staff API's answers follow the contract on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let admin: StaffMemberFixture;
  let seller: StaffMemberFixture;
  const ids = { demo: "", application: "" };

  beforeAll(async () => {
    admin = await h.addStaff("admin");
    seller = await h.addStaff("sales");
    ids.demo = await h.seedLead(
      "chartassist-demo",
      { name: "Grace Hopper", email: "grace@example.com", company: "Navy Yard Clinic", legacyField: "kept" },
      {
        source: { source_page: "/chart-assist", utm_campaign: "fall", referrer: "https://news.example.org" },
      },
    );
    ids.application = await h.seedLead(
      "nurse-application",
      { firstName: "Mary", lastName: "Seacole", email: "mary@example.com", consent: "on" },
      { resume: PDF },
    );
  });

  const as = (who: StaffMemberFixture, pathname: string, init: Parameters<StaffHarness["request"]>[1] = {}) =>
    h.request(pathname, { ...init, cookie: who.cookie });

  it("set-up and sign-in", async () => {
    const { link } = await h.accounts.add({
      email: `new-${randomUUID().slice(0, 8)}@staff.example`,
      role: "sales",
    });
    const token = new URL(link).searchParams.get("token") ?? "";
    await expectContract(setupInspectAnswer, await h.request(`/setup?token=${token}`));
    await expectContract(
      setupPasswordAnswer,
      await h.request("/setup/password", {
        method: "POST",
        json: { token, password: "correct horse battery staple" },
      }),
    );
    await expectContract(meAnswer, await h.signIn(admin.email, admin.totpUri));
    await expectContract(meAnswer, await as(admin, "/me"));
  });

  it("the list, filtered and counted, and one lead with its notes and history", async () => {
    await expectContract(leadListAnswer, await as(admin, "/leads"));
    await expectContract(
      leadListAnswer,
      await as(admin, "/leads?campaign=(none)&status=New&delivery=pending&q=mary"),
    );
    await expectContract(leadListAnswer, await as(seller, "/leads?from=2000-01-01&to=2100-12-31&page=2"));
    await expectContract(
      noteAnswer,
      await as(admin, `/leads/${ids.demo}/notes`, { method: "POST", json: { text: "Called back." } }),
      201,
    );
    await expectContract(
      leadChangeAnswer,
      await as(admin, `/leads/${ids.demo}`, {
        method: "PATCH",
        json: { status: "Contacted", assigneeId: seller.id },
      }),
    );
    await expectContract(
      callAnswer,
      await as(seller, `/leads/${ids.demo}/calls`, {
        method: "POST",
        json: { outcome: "reached", note: "Wants a demo on Tuesday." },
      }),
      201,
    );
    await expectContract(leadPageAnswer, await as(admin, `/leads/${ids.demo}`));
    await expectContract(leadPageAnswer, await as(admin, `/leads/${ids.application}`));
    await expectContract(peopleAnswer, await as(admin, "/people"));
  });

  it("my settings", async () => {
    await expectContract(settingsAnswer, await as(seller, "/settings"));
    await expectContract(
      settingsAnswer,
      await as(seller, "/settings", { method: "PATCH", json: { assignmentEmails: false } }),
    );
  });

  it("the admin's erasure and audit", async () => {
    const person = { email: "mary@example.com" };
    await expectContract(
      erasePreviewAnswer,
      await as(admin, "/erase/preview", { method: "POST", json: person }),
    );
    await expectContract(eraseAnswer, await as(admin, "/erase", { method: "POST", json: person }));
    await expectContract(auditPageAnswer, await as(admin, "/audit"));
    await expectContract(auditPageAnswer, await as(admin, "/audit?page=2"));
  });

  it("the reports, over the last weeks, a range, and a role's own forms", async () => {
    await expectContract(reportsAnswer, await as(admin, "/reports"));
    await expectContract(reportsAnswer, await as(admin, "/reports?from=2000-01-01&to=2001-12-31"));
    await expectContract(reportsAnswer, await as(seller, "/reports?from=&to="));
  });

  it("openings: the list, a new one, one, an edit and each status change", async () => {
    const created = await as(admin, "/openings", { method: "POST", json: GOOD_OPENING });
    const { opening } = openingAnswer.parse(await created.clone().json());
    await expectContract(openingAnswer, created, 201);
    await expectContract(openingAnswer, await as(admin, `/openings/${opening.id}`));
    await expectContract(
      openingAnswer,
      await as(admin, `/openings/${opening.id}`, {
        method: "PATCH",
        json: { ...GOOD_OPENING, title: "Day RN" },
      }),
    );
    for (const move of ["publish", "pause", "reopen", "close"])
      await expectContract(
        openingAnswer,
        await as(admin, `/openings/${opening.id}/${move}`, { method: "POST" }),
      );
    await expectContract(openingListAnswer, await as(admin, "/openings"));
    await expectContract(errorAnswer, await as(admin, "/openings", { method: "POST", json: {} }), 422);
    await expectContract(
      errorAnswer,
      await as(admin, `/openings/${opening.id}/pause`, { method: "POST" }),
      422,
    );
    await expectContract(errorAnswer, await as(seller, "/openings"), 404);
  });

  it("every refusal", async () => {
    await expectContract(errorAnswer, await h.request("/me"), 401);
    await expectContract(errorAnswer, await as(seller, "/audit"), 404);
    await expectContract(errorAnswer, await as(seller, `/leads/${randomUUID()}`), 404);
    await expectContract(errorAnswer, await as(admin, "/leads?form=nope"), 422);
    await expectContract(errorAnswer, await as(admin, "/reports?from=2026-01-01"), 422);
    await expectContract(
      errorAnswer,
      await as(admin, `/leads/${ids.demo}`, { method: "PATCH", json: { status: "Hired" } }),
      422,
    );
    await expectContract(
      errorAnswer,
      await as(admin, `/leads/${ids.demo}`, { method: "PATCH", json: { x: 1 } }),
      400,
    );
    await expectContract(
      errorAnswer,
      await as(admin, "/me", { method: "POST", headers: { Origin: "https://evil.example" } }),
      403,
    );
    await expectContract(errorAnswer, await h.request("/setup?token=unknown"), 410);
    // No SMTP_URL here: a reply is refused as mail_off; one past the limits as bad_reply.
    const reply = (json: unknown) => as(admin, `/leads/${ids.demo}/replies`, { method: "POST", json });
    await expectContract(errorAnswer, await reply({ subject: "Hi", text: "Hi" }), 409);
    await expectContract(errorAnswer, await reply({ subject: "Hi\r\nBcc: x@evil.example", text: "Hi" }), 422);
    await expectContract(errorAnswer, await as(seller, "/leads?spam=1"), 404);
    await expectContract(
      errorAnswer,
      await as(admin, `/leads/${ids.demo}/calls`, { method: "POST", json: { outcome: "emailed" } }),
      422,
    );
    await expectContract(
      errorAnswer,
      await as(admin, "/settings", { method: "PATCH", json: { assignmentEmails: "yes" } }),
      400,
    );
    await expectContract(
      errorAnswer,
      await h.request("/sign-in", { method: "POST", json: { email: "x" } }),
      400,
    );
    await expectContract(
      errorAnswer,
      await h.request("/sign-in", {
        method: "POST",
        json: { email: admin.email, password: "wrong", code: "000000" },
      }),
      401,
    );
  });
});
