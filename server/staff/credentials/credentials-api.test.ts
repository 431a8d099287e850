import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorAnswer } from "../../../staff/api.ts";
import { type CredentialFile, credentialFileAnswer } from "../../../staff/credentials-api.ts";
import { type EndpointName, pathOf, STAFF_ENDPOINTS } from "../../../staff/endpoints.ts";
import {
  openStaffHarness,
  type StaffHarness,
  type StaffMemberFixture,
} from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { documentKeyring } from "../../documents/document-crypto.ts";
import { linkOf } from "../../documents/document-links.ts";
import { submitItem } from "../../documents/submissions.ts";

const KEY = Buffer.alloc(32, 7).toString("base64");
const keyring = documentKeyring(KEY);
const MAIL = { SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: "Northwind <hello@northwind.example>" };
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(3000, 0x41)]);
const LICENSE = { number: "RN998877", state: "NY", expiresOn: "2099-03-31", multistate: "yes" };
const REASON = "The card's photo is blurred; please retake it";

const NAMES = (Object.keys(STAFF_ENDPOINTS) as EndpointName[]).filter(
  (name) => STAFF_ENDPOINTS[name].permission === "credentials:manage",
);

/**
 * The credential file in the staff API over the real store: recruiters and admins request a nurse's documents,
 * view, verify and reject them, renew and revoke her link; the nurse is e-mailed a link that works; every step is
 * audited with ids alone; the sales role finds no such endpoint, and a request (not an application) has no file.
 */
describe.each(DIALECTS)("the credential file in the staff API on %s", (dialect) => {
  let h: StaffHarness;
  let recruiter: StaffMemberFixture;
  let admin: StaffMemberFixture;
  let seller: StaffMemberFixture;
  let application: string;
  let demo: string;

  beforeAll(async () => {
    h = await openStaffHarness(dialect, { ...MAIL, DOCUMENTS_KEY: KEY });
    [recruiter, admin, seller] = await Promise.all([
      h.addStaff("recruiting"),
      h.addStaff("admin"),
      h.addStaff("sales"),
    ]);
    application = await h.seedLead("nurse-application", {
      firstName: "Mary",
      lastName: "Seacole",
      email: "mary@example.com",
      credential: "RN",
      consent: "on",
    });
    demo = await h.seedLead("chartassist-demo", { name: "Ada Lovelace", email: "ada@example.com" });
  });
  afterAll(async () => {
    await h?.close();
  });

  const call = (
    who: StaffMemberFixture,
    name: EndpointName,
    params: { id: string; itemId?: string; submissionId?: string },
    json?: unknown,
    query = "",
  ) =>
    h.request(`${pathOf(name, { itemId: "", submissionId: "", ...params } as never)}${query}`, {
      method: STAFF_ENDPOINTS[name].method,
      cookie: who.cookie,
      ...(json !== undefined && { json }),
    });

  const fileFrom = async (response: Response): Promise<CredentialFile> => {
    expect([response.status, response.status === 200 ? "" : await response.text()]).toEqual([200, ""]);
    return credentialFileAnswer.parse(await response.json());
  };
  const refusalFrom = async (response: Response) => ({
    status: response.status,
    ...errorAnswer.parse(await response.json()),
  });

  /** The mails queued to the lead, oldest first, and the token of each one's link. */
  const mailsTo = async (leadId: string) => {
    const rows = await h.db
      .selectFrom("mail_outbox")
      .select(["subject", "text", "to_address", "author_id", "kind"])
      .where("lead_id", "=", leadId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map((row) => ({
      ...row,
      token: /https:\/\/inbox\.northwind\.example\/documents\/([\w-]+)\n/.exec(row.text)?.[1] ?? "",
    }));
  };
  const opens = async (token: string) => (await linkOf(h.store, token, Date.now()))?.leadId ?? null;

  const auditRows = (leadId: string) =>
    h.db
      .selectFrom("staff_audit")
      .select(["action", "detail", "actor_id"])
      .where("lead_id", "=", leadId)
      .orderBy("at")
      .orderBy("id")
      .execute();

  it("answers 404 to the sales role on every credential endpoint, and to anyone for a request's lead", async () => {
    expect(NAMES).toHaveLength(7);
    for (const name of NAMES) {
      const ids = { id: application, itemId: "i", submissionId: "s" };
      const body = STAFF_ENDPOINTS[name].method === "POST" ? { credential: "RN" } : undefined;
      const answer = await call(seller, name, ids, body);
      expect([name, answer.status, await answer.json()]).toEqual([
        name,
        404,
        { error: "not_found", message: "No such API endpoint." },
      ]);
    }
    // A demo request is outside the recruiters' scope; an admin sees it, but it has no credential file.
    expect((await call(recruiter, "credentialFile", { id: demo })).status).toBe(404);
    expect(await refusalFrom(await call(admin, "credentialFile", { id: demo }))).toEqual({
      status: 404,
      error: "not_found",
      message: "Only applications have a credential file.",
    });
    const asked = await call(admin, "requestDocuments", { id: demo }, { credential: "RN" });
    expect(asked.status).toBe(404);
    expect(await mailsTo(demo)).toEqual([]);
  });

  it("requests documents, e-mails a link that opens the file, and shows each submission for review", async () => {
    const before = await fileFrom(await call(recruiter, "credentialFile", { id: application }));
    expect(before).toMatchObject({ appliedAs: "RN", link: { state: "none" }, items: [] });

    const requested = await fileFrom(
      await call(recruiter, "requestDocuments", { id: application }, { credential: "RN" }),
    );
    expect(requested.link).toMatchObject({ state: "active", credential: "RN" });
    expect(Date.parse(requested.link.expiresAt ?? "") - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect(requested.items.map((item) => item.name).slice(0, 2)).toEqual(["RN license", "BLS or CPR card"]);
    expect(requested.progress).toEqual({ done: 0, total: requested.items.length });
    const [mail] = await mailsTo(application);
    expect(mail).toMatchObject({
      kind: "reply",
      to_address: "mary@example.com",
      author_id: recruiter.id,
      subject: "Your credential documents",
    });
    expect(await opens(mail?.token ?? "")).toBe(application);
    const again = await call(admin, "requestDocuments", { id: application }, { credential: "RN" });
    expect(await refusalFrom(again)).toMatchObject({ status: 409, error: "bad_documents" });

    // The nurse sends her license (a PDF with its fields) and her BLS card, as her page records them.
    const items = await h.store.credentials.items(application);
    const [license, bls] = items;
    if (!license || !bls) throw new Error("no checklist");
    const pdf = () => ({ source: Readable.from([PDF]), type: "pdf" as const, size: PDF.length });
    const licenseSubmission = await submitItem(h.store, keyring, {
      leadId: application,
      item: license,
      fields: LICENSE,
      document: pdf(),
      now: Date.now(),
    });
    const blsSubmission = await submitItem(h.store, keyring, {
      leadId: application,
      item: bls,
      fields: { expiresOn: "2099-01-31" },
      document: pdf(),
      now: Date.now(),
    });
    const file = await fileFrom(await call(admin, "credentialFile", { id: application }));
    expect(file.items[0]).toMatchObject({
      status: "submitted",
      validThrough: "2099-03-31",
      history: [
        {
          id: licenseSubmission,
          file: { type: "pdf", size: PDF.length },
          decision: null,
          fields: [
            { label: "License number", value: "RN998877" },
            { label: "Issuing state", value: "NY" },
            { label: "Expiry date", value: "2099-03-31" },
            { label: "Multistate (compact) license", value: "Yes" },
          ],
        },
      ],
    });
    expect(file.progress.done).toBe(2);

    // Viewed in place and downloaded, with the resume's protections.
    for (const [query, disposition] of [
      ["", "inline"],
      ["?download=1", "attachment"],
    ] as const) {
      const shown = await call(
        recruiter,
        "credentialDocument",
        { id: application, submissionId: licenseSubmission ?? "" },
        undefined,
        query,
      );
      expect(shown.status).toBe(200);
      expect(Buffer.from(await shown.arrayBuffer()).equals(PDF)).toBe(true);
      expect(Object.fromEntries(shown.headers)).toMatchObject({
        "content-type": "application/pdf",
        "content-length": String(PDF.length),
        "x-content-type-options": "nosniff",
        "content-security-policy": "sandbox; default-src 'none'",
        "cache-control": "no-store",
      });
      expect(shown.headers.get("content-disposition")).toMatch(
        new RegExp(`^${disposition}; filename="license-`),
      );
    }
    // Another lead's submission is not this lead's document.
    const other = await call(recruiter, "credentialDocument", {
      id: application,
      submissionId: "0190a1b2-0000-7000-8000-000000000001",
    });
    expect(other.status).toBe(404);

    // Verify the license; a review of a submission that is not the latest is refused.
    const verified = await fileFrom(
      await call(
        recruiter,
        "verifyItem",
        { id: application, itemId: license.id },
        { submissionId: licenseSubmission },
      ),
    );
    expect(verified.items[0]).toMatchObject({ status: "verified" });
    const stale = await call(
      recruiter,
      "verifyItem",
      { id: application, itemId: bls.id },
      { submissionId: licenseSubmission },
    );
    expect(await refusalFrom(stale)).toMatchObject({ status: 409, error: "bad_documents" });

    // Reject the BLS card: a reason is required and bounded; the nurse gets it with a link that works.
    for (const reason of ["", "   ", "x".repeat(501)]) {
      const refused = await call(
        recruiter,
        "rejectItem",
        { id: application, itemId: bls.id },
        { submissionId: blsSubmission, reason },
      );
      expect(await refusalFrom(refused)).toMatchObject({ status: 422, error: "bad_documents" });
    }
    const rejected = await fileFrom(
      await call(
        recruiter,
        "rejectItem",
        { id: application, itemId: bls.id },
        { submissionId: blsSubmission, reason: REASON },
      ),
    );
    expect(rejected.items[1]).toMatchObject({ status: "rejected", reason: REASON });
    expect(rejected.link.state).toBe("active");
    const [request, rejection] = await mailsTo(application);
    expect(rejection?.subject).toBe("Please send your BLS or CPR card again");
    expect(rejection?.text).toContain(`  ${REASON}\n`);
    expect(await opens(rejection?.token ?? "")).toBe(application);
    expect(await opens(request?.token ?? "")).toBeNull();
  });

  it("renews the link (the old one stops) and revokes it, each e-mailed or not as it should be", async () => {
    const before = (await mailsTo(application)).at(-1);
    const renewed = await fileFrom(await call(recruiter, "renewLink", { id: application }));
    expect(renewed.link.state).toBe("active");
    const renewal = (await mailsTo(application)).at(-1);
    expect(renewal?.subject).toBe("A new link for your credential documents");
    expect(renewal?.token).not.toBe(before?.token);
    expect(await opens(renewal?.token ?? "")).toBe(application);
    expect(await opens(before?.token ?? "")).toBeNull();

    const mails = (await mailsTo(application)).length;
    const revoked = await fileFrom(await call(admin, "revokeLink", { id: application }));
    expect(revoked.link).toMatchObject({ state: "revoked", credential: "RN" });
    expect(await opens(renewal?.token ?? "")).toBeNull();
    expect(await mailsTo(application)).toHaveLength(mails);
    expect(await refusalFrom(await call(admin, "revokeLink", { id: application }))).toMatchObject({
      status: 409,
      error: "bad_documents",
    });
  });

  it("audits every view, download, review, request, renewal and revocation with ids, never a secret", async () => {
    const rows = await auditRows(application);
    expect(new Set(rows.map((row) => row.action))).toEqual(
      new Set([
        "credential_file_viewed",
        "documents_requested",
        "credential_document_viewed",
        "credential_document_downloaded",
        "credential_item_verified",
        "credential_item_rejected",
        "documents_link_renewed",
        "documents_link_revoked",
      ]),
    );
    const tokens = (await mailsTo(application)).map((mail) => mail.token);
    const written = JSON.stringify(rows);
    for (const secret of [...tokens, "RN998877", REASON, "blurred", "%PDF", "mary@example.com", "Seacole"])
      expect(written).not.toContain(secret);
    for (const row of rows) expect(row.detail ?? "").toMatch(/^((item|submission|link) [\w-]+ ?)*$/);
  });
});

describe.each(DIALECTS)("the credential file without DOCUMENTS_KEY on %s", (dialect) => {
  let h: StaffHarness;
  beforeAll(async () => {
    h = await openStaffHarness(dialect, MAIL);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("refuses every step, saying why, and sends nothing", async () => {
    const recruiter = await h.addStaff("recruiting");
    const id = await h.seedLead("nurse-application", {
      firstName: "Ann",
      email: "ann@example.com",
      consent: "on",
    });
    const file = await h.request(pathOf("credentialFile", { id }), { cookie: recruiter.cookie });
    expect(file.status).toBe(409);
    expect(errorAnswer.parse(await file.json())).toEqual({
      error: "documents_off",
      message: expect.stringContaining("DOCUMENTS_KEY"),
    });
    const asked = await h.request(pathOf("requestDocuments", { id }), {
      method: "POST",
      cookie: recruiter.cookie,
      json: { credential: "RN" },
    });
    expect(asked.status).toBe(409);
    const mails = await h.db.selectFrom("mail_outbox").select("id").where("lead_id", "=", id).execute();
    expect(mails).toEqual([]);
  });
});
