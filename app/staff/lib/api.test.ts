import { describe, expect, it, vi } from "vitest";
import { leadId, listOf, rowOf, SAMPLE, STAFF } from "~/staff/test/fixtures";
import { mockStaffApi, refuse } from "~/staff/test/mock-staff-api";
import { NOTE_MAX } from "../../../staff/limits.ts";
import { exportUrl, StaffApiError, staffApi } from "./api";
import { inboxPath, readInboxQuery } from "./inbox-query";

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("the call succeeded"),
    (error: unknown) => error as StaffApiError,
  );

describe("the staff API client", () => {
  it("refuses an answer outside the contract, and the mock fails the test that gives one", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const api = mockStaffApi({
      me: () => ({ user: { ...STAFF.admin, role: "owner" } }) as never,
      // Lead ids are strings on the wire.
      leads: () => ({ ...listOf([rowOf(SAMPLE.leo)]), latestId: 5 }) as never,
    });
    const me = await failure(staffApi("me"));
    expect(me).toBeInstanceOf(StaffApiError);
    expect([me.code, me.message]).toEqual([
      "unreadable",
      "The server answered in a way this page does not understand. Reload the page.",
    ]);
    expect((await failure(staffApi("leads", { query: {} }))).code).toBe("unreadable");
    expect(api.violations).toEqual([
      expect.stringMatching(/^me: user\.role /),
      expect.stringMatching(/^leads: latestId /),
    ]);
    // Where the answer left the contract, never what it held.
    expect(logged.mock.calls).toEqual([
      ["staff API me: answer outside the contract at", [["user", "role"]]],
      ["staff API leads: answer outside the contract at", [["latestId"]]],
    ]);
    api.violations.length = 0;
  });

  it("fails a test whose pages make a call it gives no answer for", async () => {
    const api = mockStaffApi({});
    expect((await failure(staffApi("people"))).code).toBe("network");
    expect(api.violations).toEqual(["people: called, and this test gives no answer for it"]);
    api.violations.length = 0;
  });

  it("never sends a request the contract refuses", async () => {
    const api = mockStaffApi({ addNote: () => expect.fail("sent") });
    const refused = await failure(
      staffApi("addNote", { id: leadId(1), body: { text: "x".repeat(NOTE_MAX + 1) } }),
    );
    expect([refused.status, refused.code]).toEqual([400, "malformed"]);
    expect(refused.message).toMatch(/^Check the text: /);
    expect(api.calls).toEqual([]);
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
  it("is read with the contract's inboxQuery and written back in its order, page 1 left out", () => {
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

  it("refuses what the contract refuses, naming the filter", () => {
    for (const [search, filter] of [
      ["status=Maybe", "status"],
      ["from=yesterday", "from"],
      ["form=newsletter", "form"],
      ["page=0", "page"],
    ])
      expect(() => readInboxQuery(new URLSearchParams(search))).toThrow(
        `The ${filter} filter in this address is not valid.`,
      );
  });
});
