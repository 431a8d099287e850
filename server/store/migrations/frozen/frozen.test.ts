import { describe, expect, it } from "vitest";
import { dueAtAt010 } from "./due-at-010.ts";
import { mailboxKey013 } from "./mailbox-key-013.ts";
import { personKeysAt009 } from "./person-keys-009.ts";

const HOUR = 3_600_000;
/** An instant as New York's wall clock reads it, at the offset given (-05:00 in winter, -04:00 in summer). */
const newYork = (local: string, offset: string) => Date.parse(`${local}${offset}`);

/** The frozen copies say what the rules said when their migrations were written, whatever the live rules say now. */
describe("migration 010's frozen due time", () => {
  it.each([
    // 1 business hour from Friday 16:25 is 09:25 on Monday.
    ["staffing-request", newYork("2026-03-06T16:25", "-05:00"), newYork("2026-03-09T09:25", "-04:00")],
    // 16 business hours from Monday 10:00 are two open days later.
    ["nurse-application", newYork("2026-11-02T10:00", "-05:00"), newYork("2026-11-04T10:00", "-05:00")],
    // Friday 4 July 2025 (Independence Day) is closed: Thursday 16:30 plus 1 business hour is Monday 09:30.
    ["staffing-request", newYork("2025-07-03T16:30", "-04:00"), newYork("2025-07-07T09:30", "-04:00")],
    // Saturday 26 December 2026 is Christmas observed on Friday 25: closed from Thursday's close to Monday.
    ["chartassist-demo", newYork("2026-12-24T15:00", "-05:00"), newYork("2026-12-28T11:00", "-05:00")],
    // 24 calendar hours across the spring-forward night are 24 real hours, not the same time the next day.
    [
      "payroll-info",
      newYork("2026-03-07T12:00", "-05:00"),
      newYork("2026-03-07T12:00", "-05:00") + 24 * HOUR,
    ],
    // A form the promises of the time did not know is due a day after it arrived.
    [
      "retired-form",
      newYork("2026-03-09T10:00", "-04:00"),
      newYork("2026-03-09T10:00", "-04:00") + 24 * HOUR,
    ],
  ])("%s from %i is due at %i", (formId, createdAt, due) => {
    expect(new Date(dueAtAt010(formId, createdAt)).toISOString()).toBe(new Date(due).toISOString());
  });
});

describe("migration 009's frozen person keys", () => {
  it("lower-cases the address and writes a valid U.S. or international number in E.164", () => {
    expect(personKeysAt009({ email: "  Ada@Example.COM ", phone: "(212) 555-0142" })).toEqual({
      email: "ada@example.com",
      phone: "+12125550142",
    });
    expect(personKeysAt009({ email: "ada@example.com", phone: "+44 20 7946 0958" }).phone).toBe(
      "+442079460958",
    );
  });

  it("keeps no key for a blank address or a number that is no valid one", () => {
    expect(personKeysAt009({ email: "   ", phone: "555-0142" })).toEqual({ email: null, phone: null });
    expect(personKeysAt009({})).toEqual({ email: null, phone: null });
  });
});

describe("migration 013's frozen mailbox key", () => {
  it("folds case, a +tag on any domain, and Gmail's dots and googlemail.com alias", () => {
    expect(mailboxKey013(" Ada.Lovelace+Demo@GoogleMail.com ")).toBe("adalovelace@gmail.com");
    expect(mailboxKey013("grace+1@Navy.example")).toBe("grace@navy.example");
    expect(mailboxKey013("a..b@gmail.com")).toBe("ab@gmail.com");
    expect(mailboxKey013("")).toBeNull();
  });
});
