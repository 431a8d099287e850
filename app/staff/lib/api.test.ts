import { describe, expect, it, onTestFinished, vi } from "vitest";
import { leadId, listOf, rowOf, SAMPLE, STAFF } from "~/staff/test/fixtures";
import { mockStaffApi, refuse } from "~/staff/test/mock-staff-api";
import { INBOX_FILTERS } from "../../../staff/inbox-filters.ts";
import { inboxQuery } from "../../../staff/leads-api.ts";
import { NOTE_MAX } from "../../../staff/limits.ts";
import { exportUrl, type StaffApiError, staffApi } from "./api";
import { badInboxQuery, inboxPath, readInboxQuery } from "./inbox-query";

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("the call succeeded"),
    (error: unknown) => error as StaffApiError,
  );

describe("the staff API client", () => {
  it("fails the test whose fake answer is outside the contract", async () => {
    const api = mockStaffApi({
      me: () => ({ user: { ...STAFF.admin, role: "owner" } }) as never,
      // Lead ids are strings on the wire.
      leads: () => ({ ...listOf([rowOf(SAMPLE.leo)]), latestId: 5 }) as never,
    });
    await staffApi("me");
    await staffApi("leads", { query: {} });
    expect(api.violations).toEqual([
      expect.stringMatching(/^me: user\.role /),
      expect.stringMatching(/^leads: latestId /),
    ]);
    api.violations.length = 0;
  });

  it("reads a body that is not the API's as no answer", async () => {
    vi.stubGlobal("fetch", async () => new Response("<html>Bad gateway</html>", { status: 200 }));
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const unreadable = await failure(staffApi("me"));
    expect([unreadable.code, unreadable.message]).toEqual([
      "unreadable",
      "The server answered in a way this page does not understand. Reload the page.",
    ]);
    vi.stubGlobal("fetch", async () => Response.json({ error: "teapot", message: "No." }, { status: 418 }));
    const refused = await failure(staffApi("me"));
    expect([refused.status, refused.code, refused.message]).toEqual([
      418,
      "unreadable",
      "Something went wrong on our side. Please try again.",
    ]);
  });

  it("fails a test whose pages make a call it gives no answer for", async () => {
    const api = mockStaffApi({});
    expect((await failure(staffApi("people"))).code).toBe("network");
    expect(api.violations).toEqual(["people: called, and this test gives no answer for it"]);
    api.violations.length = 0;
  });

  it("is refused as the server refuses a request outside the contract, in the endpoint's words", async () => {
    const api = mockStaffApi({ addNote: () => expect.fail("the handler saw it") });
    const refused = await failure(
      staffApi("addNote", { id: leadId(1), body: { text: "x".repeat(NOTE_MAX + 1) } }),
    );
    expect([refused.status, refused.code, refused.message]).toEqual([
      422,
      "malformed",
      `A note has 1 to ${NOTE_MAX} characters.`,
    ]);
    expect(api.callsTo("addNote")).toHaveLength(1);
  });

  it("reads the API's refusal: its status, code, sentence and Retry-After", async () => {
    mockStaffApi({
      signIn: () =>
        refuse(429, "rate_limited", "Too many sign-in attempts from here.", { "Retry-After": "42" }),
    });
    const refused = await failure(
      staffApi("signIn", { body: { email: "a@example.com", password: "p", code: "1" } }),
    );
    expect([refused.status, refused.code, refused.message, refused.retryAfter]).toEqual([
      429,
      "rate_limited",
      "Too many sign-in attempts from here.",
      42,
    ]);
  });
});

describe("the inbox's URL", () => {
  it("is read as given, in the contract's order, and written back in it, page 1 left out", () => {
    const query = readInboxQuery(
      new URLSearchParams("q=%20ada%20&page=1&delivery=dead&form=&x=1&campaign=(none)"),
    );
    expect(query).toEqual({ q: "ada", delivery: "dead", campaign: "(none)", page: 1 });
    expect(inboxPath(query)).toBe("/staff?delivery=dead&q=ada&campaign=%28none%29");
    expect(inboxPath({ ...query, delivery: undefined }, 3)).toBe("/staff?q=ada&campaign=%28none%29&page=3");
    expect(inboxPath({})).toBe("/staff");
    expect(exportUrl({ status: "New" })).toBe("/api/staff/export.csv?status=New");
    expect(exportUrl({})).toBe("/api/staff/export.csv");
  });

  it("names the filter the contract refuses, once the API has refused it", async () => {
    for (const [search, filter] of [
      ["status=Maybe", "status"],
      ["from=yesterday", "from"],
      ["form=newsletter", "form"],
      ["page=0", "page"],
    ]) {
      const params = new URLSearchParams(search);
      expect((await badInboxQuery(params))?.message).toBe(
        `The ${filter} filter in this address is not valid. Clear the filters and choose again.`,
      );
    }
    expect(await badInboxQuery(new URLSearchParams("status=New&page=2"))).toBeNull();
    // Read as given: the API is the one that checks it.
    expect(readInboxQuery(new URLSearchParams("status=Maybe&page=0"))).toEqual({ status: "Maybe", page: 0 });
  });

  it("names the filters in the order the contract's inboxQuery reads them", () => {
    expect(Object.keys(inboxQuery.shape)).toEqual([...INBOX_FILTERS, "page"]);
  });
});
