import { describe, expect, it } from "vitest";
import { reportsQuery } from "../../../staff/reports-api.ts";
import { businessCalendarEnvSchema, businessCalendarFromEnv } from "../../calendar/calendar-env.ts";
import { reportWeeks } from "../../calendar/weeks.ts";
import { promiseWeeks } from "./promise-weeks.ts";

const newYork = businessCalendarFromEnv(businessCalendarEnvSchema.parse({}));
const MINUTE_MS = 60_000;

// The grouping by week itself runs in SQL: reports-api.test.ts proves it on both databases across DST.
describe("the promise numbers per form per week, from the store's groups", () => {
  const weeks = reportWeeks({ from: "2026-03-02", to: "2026-03-15" }, newYork);

  it("gives every form every week, empty where the store found no lead", () => {
    const numbers = promiseWeeks(
      // One week's leads as the store counts them, a group per status: the week's numbers are their sums.
      [
        { form_id: "staffing-request", week: 1, status: "New", leads: 1, answered: 0, within_promise: 0 },
        {
          form_id: "staffing-request",
          week: "1",
          status: "Contacted",
          leads: "2",
          answered: 2,
          within_promise: 1,
        },
      ],
      [{ form_id: "staffing-request", week: "1", median_ms: String(45 * MINUTE_MS) }],
      weeks,
      ["staffing-request", "nurse-application"],
    );
    const empty = { leads: 0, answered: 0, answeredWithinPromise: 0, medianFirstResponseMinutes: null };
    expect(numbers).toEqual([
      { weekStart: "2026-03-02", forms: { "staffing-request": empty, "nurse-application": empty } },
      {
        weekStart: "2026-03-09",
        forms: {
          "staffing-request": {
            leads: 3,
            answered: 2,
            answeredWithinPromise: 1,
            medianFirstResponseMinutes: 45,
          },
          "nurse-application": empty,
        },
      },
    ]);
  });

  it("leaves out forms the role does not see, and weeks outside the range", () => {
    const numbers = promiseWeeks(
      [
        { form_id: "nurse-application", week: 0, status: "New", leads: 1, answered: 0, within_promise: 0 },
        { form_id: "staffing-request", week: 7, status: "New", leads: 1, answered: 0, within_promise: 0 },
      ],
      [],
      weeks,
      ["staffing-request"],
    );
    expect(numbers.map((week) => Object.keys(week.forms))).toEqual([
      ["staffing-request"],
      ["staffing-request"],
    ]);
    expect(numbers.map((week) => week.forms["staffing-request"]?.leads)).toEqual([0, 0]);
  });

  it("rounds the median to a tenth of a minute, and has none without an answered lead", () => {
    const numbers = promiseWeeks(
      [
        {
          form_id: "staffing-request",
          week: 0,
          status: "Contacted",
          leads: 2,
          answered: 2,
          within_promise: 2,
        },
        { form_id: "payroll-info", week: 0, status: "New", leads: 2, answered: 0, within_promise: 0 },
      ],
      [{ form_id: "staffing-request", week: 0, median_ms: 30_000 + 1 }],
      weeks,
      ["staffing-request", "payroll-info"],
    );
    expect(numbers[0]?.forms["staffing-request"]?.medianFirstResponseMinutes).toBe(0.5);
    expect(numbers[0]?.forms["payroll-info"]?.medianFirstResponseMinutes).toBeNull();
  });
});

describe("the reports' date range", () => {
  it("takes both ends or neither", () => {
    expect(reportsQuery.parse({})).toEqual({});
    expect(reportsQuery.parse({ from: "2026-01-01", to: "2026-03-31" })).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
    });
  });

  it.each([
    [{ from: "2026-01-01" }, "to give both from and to, or neither"],
    [{ to: "2026-01-01" }, "to give both from and to, or neither"],
    [{ from: "2026-03-02", to: "2026-03-01" }, "to must not be before from"],
    [{ from: "2024-01-01", to: "2026-01-01" }, "to must be less than 731 days after from"],
    [{ from: "2026-02-30", to: "2026-03-01" }, "from must be a date (YYYY-MM-DD)"],
  ])("refuses %o", (query, message) => {
    const issues = reportsQuery.safeParse(query).error?.issues ?? [];
    expect(issues.map((issue) => `${issue.path.join(".")} ${issue.message}`)).toEqual([message]);
  });
});
