import { createHmac } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { LeadRecord, ResumeInfo } from "../../store/store-records.ts";
import { createResumeLinkApi, resumeLinkFor } from "./resume-link.ts";

/** The key bytes behind SECRET: what Standard Webhooks signs with, and what a receiver holds. */
const KEY = Buffer.alloc(32, 7);
const SECRET = `whsec_${KEY.toString("base64")}`;
const SITE_URL = "https://www.example.com";
const NOW = Date.UTC(2025, 2, 14, 9, 30, 0);
const EXPIRES = NOW + 60_000;
const LEAD_ID = "9b2e7c41-5d3a-4f86-b0e1-6a4c8d2f9e13";
const OTHER_LEAD_ID = "3f8a1d6c-7e2b-4c95-a0d4-5b1e9c7f2a68";
const PDF = "%PDF-1.7 resume of Ada";
const FORBIDDEN = { error: "forbidden", message: "This link needs a valid signature." };
const NOT_FOUND = { error: "not_found", message: "No resume for this lead." };

const leadWith = (resume: ResumeInfo | null): LeadRecord => ({
  id: LEAD_ID,
  formId: "nurse-application",
  state: "delivered",
  fields: { firstName: "Ada", email: "ada@example.com", phone: "(212) 555-0142" },
  resume,
  source: {},
  resumeLocation: resume ? "resumes/ada.pdf" : null,
  createdAt: NOW - 3_600_000,
  deliveredAt: NOW - 3_000_000,
  deliveries: [],
  attempts: 1,
  nextAttemptAt: null,
  lastAttemptAt: NOW - 3_000_000,
  lastStatus: 200,
  lastError: null,
  problem: null,
});
const PDF_RESUME: ResumeInfo = { name: "ada-cv.pdf", kind: "pdf", size: PDF.length, sha256: "a".repeat(64) };

/** A store holding one lead, LEAD_ID, with `resume` on record and `file` as the stored bytes. */
function storeWith(resume: ResumeInfo | null, file: Blob | null) {
  return {
    operations: { get: async (id: string) => (id === LEAD_ID ? leadWith(resume) : null) },
    outbox: { readResume: async (id: string) => (id === LEAD_ID ? file : null) },
  } satisfies Parameters<typeof createResumeLinkApi>[0]["store"];
}

/** The site's API as a receiver reaches it: the resume link API mounted at /api/webhook, its clock at `now`. */
function site({
  store = storeWith(PDF_RESUME, new Blob([PDF], { type: "application/pdf" })),
  now = NOW,
  secret = SECRET,
} = {}) {
  return new Hono().route(
    "/api/webhook",
    createResumeLinkApi({ config: { WEBHOOK_SECRET: secret }, store, now: () => now }),
  );
}

const linkFor = (leadId = LEAD_ID, expires = EXPIRES) => resumeLinkFor(SITE_URL, SECRET, leadId, expires);

function withQuery(link: string, changes: Record<string, string | null>) {
  const url = new URL(link);
  for (const [name, value] of Object.entries(changes))
    if (value === null) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  return url.href;
}

describe("resumeLinkFor", () => {
  it("points under /api/webhook/resumes at the lead, with its expiry and an HMAC of lead and expiry", () => {
    const link = new URL(linkFor());
    expect(link.origin + link.pathname).toBe(`${SITE_URL}/api/webhook/resumes/${LEAD_ID}`);
    expect([...link.searchParams.keys()]).toEqual(["expires", "signature"]);
    expect(link.searchParams.get("expires")).toBe(String(EXPIRES));
    // Keyed with the secret's key bytes as Standard Webhooks uses them, so a receiver can check it too.
    const expected = createHmac("sha256", KEY).update(`resume.${LEAD_ID}.${EXPIRES}`).digest("base64url");
    expect(link.searchParams.get("signature")).toBe(expected);
  });

  it("encodes a lead id that is not URL-safe", () => {
    expect(new URL(linkFor("a/b c")).pathname).toBe("/api/webhook/resumes/a%2Fb%20c");
  });
});

describe("GET /api/webhook/resumes/:id", () => {
  it("hands a valid link the resume's bytes as an attachment, never cached", async () => {
    const response = await site().request(linkFor());
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "cache-control": "no-store",
      "content-type": "application/pdf",
      "content-length": String(PDF.length),
      "content-disposition": 'attachment; filename="ada-cv.pdf"',
    });
    expect(await response.text()).toBe(PDF);
  });

  it("serves a file of unknown type as application/octet-stream", async () => {
    const store = storeWith(PDF_RESUME, new Blob([PDF]));
    const response = await site({ store }).request(linkFor());
    expect(response.headers.get("Content-Type")).toBe("application/octet-stream");
  });

  it("keeps quotes, backslashes and line breaks of the file name out of Content-Disposition", async () => {
    const store = storeWith(
      { ...PDF_RESUME, name: 'my "best" cv\\2024\r\n.pdf' },
      new Blob([PDF], { type: "application/pdf" }),
    );
    const response = await site({ store }).request(linkFor());
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="my _best_ cv_2024__.pdf"',
    );
  });

  it("honours a link up to and including its expiry, and refuses it a millisecond later", async () => {
    expect((await site({ now: EXPIRES }).request(linkFor())).status).toBe(200);
    expect((await site({ now: EXPIRES + 1 }).request(linkFor())).status).toBe(403);
  });

  const expires = String(EXPIRES);
  it.each([
    ["without a query", () => withQuery(linkFor(), { expires: null, signature: null })],
    ["without a signature", () => withQuery(linkFor(), { signature: null })],
    ["without an expiry", () => withQuery(linkFor(), { expires: null })],
    ["with a later expiry", () => withQuery(linkFor(), { expires: String(EXPIRES + 1) })],
    ["signed for another lead", () => linkFor(OTHER_LEAD_ID).replace(OTHER_LEAD_ID, LEAD_ID)],
    ["with a truncated signature", () => withQuery(linkFor(), { signature: "abc" })],
    [
      "with one character of the signature changed",
      () => {
        const signature = new URL(linkFor()).searchParams.get("signature") ?? "";
        const changed = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
        return withQuery(linkFor(), { signature: changed });
      },
    ],
    [
      "signed with another secret",
      () => resumeLinkFor(SITE_URL, `whsec_${"B".repeat(43)}=`, LEAD_ID, EXPIRES),
    ],
    // The same number written otherwise is not what was signed.
    ["with a space before the expiry", () => withQuery(linkFor(), { expires: ` ${expires}` })],
    ["with a plus sign before the expiry", () => withQuery(linkFor(), { expires: `+${expires}` })],
    ["with a decimal expiry", () => withQuery(linkFor(), { expires: `${expires}.0` })],
    ["with a space after the expiry", () => withQuery(linkFor(), { expires: `${expires} ` })],
  ])("refuses a link %s with 403, saying nothing about the lead", async (_, link) => {
    const response = await site().request(link());
    expect(response.status).toBe(403);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual(FORBIDDEN);
  });

  it.each([
    ["an unknown lead", linkFor(OTHER_LEAD_ID), storeWith(PDF_RESUME, new Blob([PDF]))],
    ["a lead that sent no resume", linkFor(), storeWith(null, null)],
    ["a lead whose resume file is gone", linkFor(), storeWith(PDF_RESUME, null)],
  ])("answers a valid link to %s with 404", async (_, link, store) => {
    const response = await site({ store }).request(link);
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual(NOT_FOUND);
  });

  it("cannot be mounted without WEBHOOK_SECRET", () => {
    expect(() =>
      createResumeLinkApi({ config: { WEBHOOK_SECRET: undefined }, store: storeWith(null, null) }),
    ).toThrow("WEBHOOK_SECRET is not set");
  });
});
