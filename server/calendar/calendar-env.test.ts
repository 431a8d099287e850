import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { BUSINESS_CALENDAR_ENV, businessCalendarEnvSchema, businessCalendarFromEnv } from "./calendar-env.ts";
import { usFederalHolidays } from "./holidays.ts";

/** What server/config.ts prints for a bad value: one line per issue, "<path> <message>". */
function problems(env: Record<string, string>): string[] {
  const parsed = z.object({ PORT: z.string().optional(), ...BUSINESS_CALENDAR_ENV }).safeParse(env);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
}

const calendarOf = (env: Record<string, string>) =>
  businessCalendarFromEnv(businessCalendarEnvSchema.parse(env));

describe("the business calendar's variables", () => {
  it("default to New York, Monday to Friday 09:00-17:00, and the U.S. federal holidays", () => {
    const env = businessCalendarEnvSchema.parse({});
    expect(env.BUSINESS_TIMEZONE).toBe("America/New_York");
    expect(env.BUSINESS_HOURS[0]).toEqual([{ open: 9 * 60, close: 17 * 60 }]);
    expect(env.BUSINESS_HOURS[5]).toEqual([]);
    expect(env.BUSINESS_HOLIDAYS).toBe("us-federal");
    const calendar = businessCalendarFromEnv(env);
    expect(calendar.isHoliday("2026-11-26")).toBe(true);
    expect(calendar.isHoliday("2026-11-27")).toBe(false);
  });

  it("reads a time zone in its canonical spelling", () => {
    expect(businessCalendarEnvSchema.parse({ BUSINESS_TIMEZONE: " europe/london " }).BUSINESS_TIMEZONE).toBe(
      "Europe/London",
    );
    expect(businessCalendarEnvSchema.parse({ BUSINESS_TIMEZONE: "UTC" }).BUSINESS_TIMEZONE).toBe("UTC");
  });

  it("replaces the federal holidays with BUSINESS_HOLIDAYS, or with none", () => {
    const own = calendarOf({ BUSINESS_HOLIDAYS: "2026-11-27, 2026-12-24" });
    expect(["2026-11-26", "2026-11-27", "2026-12-24", "2026-12-25"].map(own.isHoliday)).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(calendarOf({ BUSINESS_HOLIDAYS: "none" }).isHoliday("2026-12-25")).toBe(false);
    expect(calendarOf({ BUSINESS_HOLIDAYS: "NONE" }).isHoliday("2026-07-03")).toBe(false);
  });

  it.each([
    [
      { BUSINESS_TIMEZONE: "Mars/Olympus" },
      /^BUSINESS_TIMEZONE must be an IANA time zone name .*"Mars\/Olympus"/,
    ],
    [{ BUSINESS_TIMEZONE: "+05:00" }, /^BUSINESS_TIMEZONE must be an IANA time zone name/],
    [{ BUSINESS_TIMEZONE: "EST5EDT,M3.2.0,M11.1.0" }, /^BUSINESS_TIMEZONE must be an IANA time zone name/],
    [
      { BUSINESS_HOURS: "9 to 5" },
      /^BUSINESS_HOURS must be days and opening hours like "Mon-Fri 09:00-17:00"/,
    ],
    [{ BUSINESS_HOURS: "Mon-Fri 17:00-09:00" }, /^BUSINESS_HOURS must open before it closes/],
    [
      { BUSINESS_HOURS: "Mon-Fri 09:00-17:00, Sat-Mon 10:00-12:00" },
      /^BUSINESS_HOURS must run each day range/,
    ],
    [
      { BUSINESS_HOLIDAYS: "2026-02-30" },
      /^BUSINESS_HOLIDAYS must be comma-separated dates .*"2026-02-30" is not/,
    ],
    [{ BUSINESS_HOLIDAYS: "2026-12-25, 12/31/2026" }, /^BUSINESS_HOLIDAYS .*"12\/31\/2026" is not a date$/],
    [{ BUSINESS_HOLIDAYS: "holidays" }, /^BUSINESS_HOLIDAYS must be comma-separated dates/],
    [{ BUSINESS_HOLIDAYS: " , " }, /^BUSINESS_HOLIDAYS must be comma-separated dates/],
  ])("refuses %o with one line naming the variable", (env, message) => {
    const lines = problems({ PORT: "3000", ...env });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(lines[0]).not.toMatch(/\n/);
  });
});

describe("the default holidays", () => {
  // OPM's published federal holidays, as observed: 2026's Independence Day on Friday July 3.
  it("are the federal holidays on their observed days", () => {
    expect(usFederalHolidays(2026)).toEqual([
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-05-25",
      "2026-06-19",
      "2026-07-03",
      "2026-09-07",
      "2026-10-12",
      "2026-11-11",
      "2026-11-26",
      "2026-12-25",
    ]);
  });

  it("move a Saturday holiday to the Friday before and a Sunday one to the Monday after, across years", () => {
    const federal = calendarOf({}).isHoliday;
    // Veterans Day 2023 fell on a Saturday, 2018 on a Sunday; New Year's Day 2022 on a Saturday.
    expect(["2023-11-10", "2018-11-12", "2021-12-31", "2022-12-26", "2027-06-18"].every(federal)).toBe(true);
    expect(["2023-11-11", "2018-11-11", "2022-01-03"].some(federal)).toBe(false);
  });

  it("are computed for any year, Juneteenth from 2021 on", () => {
    expect(usFederalHolidays(2020)).not.toContain("2020-06-19");
    expect(usFederalHolidays(2021)).toContain("2021-06-18");
    // New Year's Day 2101 is a Saturday, observed on Friday 2100-12-31: twelve holidays in 2100.
    expect(usFederalHolidays(2100)).toHaveLength(12);
    expect(usFederalHolidays(2100)).toEqual(expect.arrayContaining(["2100-11-25", "2100-12-31"]));
  });

  describe("whatever the server's own time zone", () => {
    const original = process.env.TZ;
    afterEach(() => {
      process.env.TZ = original;
    });

    it.each(["Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Santiago"])("%s", (zone) => {
      process.env.TZ = zone;
      expect(usFederalHolidays(2026)).toContain("2026-07-03");
      expect(usFederalHolidays(2027)).toEqual(expect.arrayContaining(["2027-11-11", "2027-12-31"]));
    });
  });
});
