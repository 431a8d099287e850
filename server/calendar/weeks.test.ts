import { describe, expect, it } from "vitest";
import { REPORT_WEEKS } from "../../staff/reports-api.ts";
import { businessCalendarEnvSchema, businessCalendarFromEnv } from "./calendar-env.ts";
import { recentWeeks, reportWeeks, weekStart } from "./weeks.ts";

const calendarOf = (env: Record<string, string>) =>
  businessCalendarFromEnv(businessCalendarEnvSchema.parse(env));
const newYork = calendarOf({});
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR_MS = 3_600_000;

describe("the week of an instant", () => {
  it("starts on Monday in the business time zone, not in UTC", () => {
    // Sunday 8 March 2026 at 23:30 EDT is already Monday in UTC.
    expect(weekStart(Date.parse("2026-03-08T23:30:00-04:00"), newYork)).toBe("2026-03-02");
    expect(weekStart(Date.parse("2026-03-09T00:00:00-04:00"), newYork)).toBe("2026-03-09");
    expect(weekStart(Date.parse("2026-03-15T23:59:59-04:00"), newYork)).toBe("2026-03-09");
    const tokyo = calendarOf({ BUSINESS_TIMEZONE: "Asia/Tokyo" });
    expect(weekStart(Date.parse("2026-03-08T16:00:00Z"), tokyo)).toBe("2026-03-09");
  });

  it("crosses a year", () => {
    expect(weekStart(Date.parse("2027-01-01T12:00:00-05:00"), newYork)).toBe("2026-12-28");
  });
});

describe("the reports' weeks", () => {
  it("default to the week under way and the 11 before it, up to today", () => {
    expect(REPORT_WEEKS).toBe(12);
    expect(recentWeeks(Date.parse("2026-03-11T10:00:00-04:00"), newYork)).toEqual({
      from: "2025-12-22",
      to: "2026-03-11",
    });
    const weeks = reportWeeks(recentWeeks(Date.parse("2026-03-11T10:00:00-04:00"), newYork), newYork);
    expect(weeks).toHaveLength(12);
    expect(weeks.map((week) => week.weekStart)).toEqual([
      "2025-12-22",
      "2025-12-29",
      "2026-01-05",
      "2026-01-12",
      "2026-01-19",
      "2026-01-26",
      "2026-02-02",
      "2026-02-09",
      "2026-02-16",
      "2026-02-23",
      "2026-03-02",
      "2026-03-09",
    ]);
  });

  it("run Monday midnight to Monday midnight in the zone: the March week is 167 hours, the November one 169", () => {
    const [march] = reportWeeks({ from: "2026-03-02", to: "2026-03-08" }, newYork);
    expect(march).toEqual({
      weekStart: "2026-03-02",
      from: Date.parse("2026-03-02T00:00:00-05:00"),
      to: Date.parse("2026-03-09T00:00:00-04:00"),
    });
    expect(((march?.to ?? 0) - (march?.from ?? 0)) / HOUR_MS).toBe(167);
    const [november] = reportWeeks({ from: "2026-10-26", to: "2026-11-01" }, newYork);
    expect(((november?.to ?? 0) - (november?.from ?? 0)) / HOUR_MS).toBe(169);
  });

  it("cut the first and last weeks to the range, so they meet end to start and cover it exactly", () => {
    const weeks = reportWeeks({ from: "2026-03-04", to: "2026-03-17" }, newYork);
    expect(weeks.map(({ weekStart, from, to }) => [weekStart, iso(from), iso(to)])).toEqual([
      ["2026-03-02", "2026-03-04T05:00:00.000Z", "2026-03-09T04:00:00.000Z"],
      ["2026-03-09", "2026-03-09T04:00:00.000Z", "2026-03-16T04:00:00.000Z"],
      ["2026-03-16", "2026-03-16T04:00:00.000Z", "2026-03-18T04:00:00.000Z"],
    ]);
  });

  it("answer one day as one week", () => {
    expect(reportWeeks({ from: "2026-03-11", to: "2026-03-11" }, newYork)).toEqual([
      {
        weekStart: "2026-03-09",
        from: Date.parse("2026-03-11T00:00:00-04:00"),
        to: Date.parse("2026-03-12T00:00:00-04:00"),
      },
    ]);
  });

  it("refuse a range that ends before it starts", () => {
    expect(() => reportWeeks({ from: "2026-03-11", to: "2026-03-10" }, newYork)).toThrow(RangeError);
  });
});
